"""A workout described in a person's own words, read into exercises and sets, or refused.

``parse_workout_text("yesterday: squat 5x5 at 100, then 3x10 dips", default_unit="kg", today=...)``
gives the day named and one entry per exercise, each with its sets. It never makes up a figure:
when it is not sure what the text means it raises ``NothingToLog`` saying what to write instead.

The steps: take out the day (``days``), cut the text into clauses at commas, semicolons, line
breaks, "then" and "and", read each clause (``grammar``), join a clause that only names an exercise
to the sets after it, give clauses without an exercise to the exercise before them (a warm-up
clause to the one after it), and check every set against the limits below. The rules and why:
docs/decisions/0045-log-text-parsing.md.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from typing import Final

from services.sessions.workout_log.text.days import take_day
from services.sessions.workout_log.text.grammar import (
    MAX_RPE,
    Amount,
    ClauseReading,
    Item,
    LoadItem,
    MeasureItem,
    RpeItem,
    SetsItem,
    read_clause,
)
from services.sessions.workout_log.text.nothing_to_log import NothingToLog
from services.sessions.workout_log.text.tokens import Unit

__all__ = ["NothingToLog", "ParsedEntry", "ParsedSet", "ParsedWorkout", "Unit", "parse_workout_text"]

MAX_TEXT_CHARS: Final = 4000
MAX_SETS: Final = 300  # in the whole text
MAX_REPS: Final = 1000
MAX_LOAD_KG: Final = 1000.0
KG_PER_LB: Final = 0.45359237
MIN_RPE: Final = 1.0
MAX_DURATION_S: Final = 24 * 3600
MAX_DISTANCE_M: Final = 500_000.0

# "w/u", "wu", "warm up", "warm-ups", "warming up" are all the warm-up mark.
_WARMUP: Final = re.compile(r"\bw/u\b|\bwu\b|\bwarm(?:ing)?[\s-]?ups?\b")
# "2,000m": a thousands separator in a distance, not a clause break.
_THOUSANDS: Final = re.compile(r"\b(\d{1,3}),(\d{3})(?=\s*(?:m|meters?|metres?)\b)")
# "7,5 kg": a decimal comma, read only right before a weight unit, where a clause break cannot be.
_DECIMAL_COMMA: Final = re.compile(r"\b(\d+),(\d{1,2})(?=\s*(?:kgs?|kilos?|lbs?|#))")
# "225#": the pound sign is pounds (decision 0103; 0045 refused it).
_POUND_SIGN: Final = re.compile(r"(\d)\s*#")
# "2 rir", "rir 1", "3rir": reps in reserve, stored as the RPE it means (10 minus RIR, decision 0103).
_RIR: Final = re.compile(r"\b(?:(\d(?:\.5)?)\s*rir|rir\s*(\d(?:\.5)?))\b")
# "@8 rpe", "@ 8 rpe": the RPE's word after its figure.
_RPE_AFTER: Final = re.compile(r"@\s*(\d+(?:\.\d+)?)\s*rpe\b(?!\s*\d)")
# "bench 3x8 at 80, rpe 8": an RPE after a comma still belongs to the sets before it.
_RPE_OWN_CLAUSE: Final = re.compile(r",\s*(?=rpe\s*\d)")
# A circuit's rounds: "3 rounds: ...", "3 rounds of ...", "circuit x3: ...", or "circuit: ... x3".
_ROUNDS_FIRST: Final = re.compile(
    r"\s*(?:circuit\s*)?(?:(?P<rounds>\d{1,2})\s*(?:rounds?|rds?)(?:\s+of)?|x\s*(?P<times>\d{1,2}))\s*:?\s*"
)
_CIRCUIT: Final = re.compile(r"\s*circuit\b")
_ROUNDS_LAST: Final = re.compile(r"(?<=[^\W\d_])\s*x\s*(?P<times>\d{1,2})\s*$")
MAX_ROUNDS: Final = 20
# "1. squat 5x5": a numbered list's numbers are not figures.
_LIST_NUMBER: Final = re.compile(r"(?m)^\s*\d{1,2}[.)]\s+(?=[^\W\d_])")
# Between exercises: " + ", " & ", " / " and "with" after a figure ("bench 4x8 80kg with rows 4x8").
_JOINERS: Final = re.compile(
    r"\s[+&/]\s+(?=[^\W\d_])|(?<=[\dg])\s+with\s+"
    r"(?!(?:an?\s+|the\s+)?(?:ez|db|bb|kb|dumbbells?|barbell|kettlebells?|cables?|bands?|machine|smith)\b)"
    r"(?=[^\W\d_])"
)
# "and" and "then" in the six languages the reader knows (decision 0103); "en" is "and" only before a
# word ("squats 5x5 en bankdrukken"), before a figure it is "in" ("5 km en 25 min").
_AND_WORDS: Final = frozenset({"and", "und", "y", "et", "e", "en", "&"})
_SEPARATOR: Final = re.compile(
    r"(\n|;|,|[.!?](?!\d)|\b(?:then|dann|danach|luego|después|despues|puis|ensuite|daarna|dan|poi)\b"
    r"|\b(?:and|und|y|et|e)\b|\ben\b(?=\s+[^\W\d_]))"
)
_FIGURE: Final = re.compile(r"\d")
# "(felt heavy)": a remark in brackets with no figure in it says nothing about the sets.
_REMARK: Final = re.compile(r"\([^()\d]*\)")


@dataclass(frozen=True)
class ParsedSet:
    """One set as the text gave it.

    ``unit`` is the unit written, or the caller's default when a load was written without one;
    None when there is no load (a bodyweight set). ``estimated`` marks a figure that was not stated
    exactly: a rep range (``reps`` is its lower end) or a figure marked "about" or "~".
    """

    reps: int | None
    load: float | None
    unit: Unit | None
    duration_s: int | None
    distance_m: float | None
    rpe: float | None
    warmup: bool
    estimated: bool


@dataclass(frozen=True)
class ParsedEntry:
    """An exercise as the person wrote it (lower case, trimmed) and its sets in order."""

    words: str
    sets: tuple[ParsedSet, ...]


@dataclass(frozen=True)
class ParsedWorkout:
    """The day the text names (None when it names none) and its exercises in the order written."""

    day: date | None
    entries: tuple[ParsedEntry, ...]


def parse_workout_text(text: str, *, default_unit: Unit, today: date) -> ParsedWorkout:
    """Read ``text``; ``today`` is the person's local day, ``default_unit`` their unit for bare loads.

    Raises ``NothingToLog`` with what to change when the text is empty, has no sets, has sets with
    no exercise, contradicts itself, has a number it cannot place, or a value beyond the limits.
    """
    if not text.strip():
        raise NothingToLog("the text is empty: describe the workout, e.g. 'squat 5x5 at 100'")
    if len(text) > MAX_TEXT_CHARS:
        raise NothingToLog(f"the text is longer than {MAX_TEXT_CHARS} characters: log it in parts")
    day, rest = take_day(_prepared(text), today=today)
    rounds, rest = _rounds(rest)
    if not _FIGURE.search(rest):
        raise NothingToLog(
            "no sets found: write each exercise with its sets, e.g. 'squat 5x5 at 100, 3x10 dips'"
        )
    readings = _join_names_to_their_sets(_clauses(rest))
    entries = _repeated(_entries(readings, default_unit), rounds)
    if sum(len(entry.sets) for entry in entries) > MAX_SETS:
        raise NothingToLog(f"more than {MAX_SETS} sets: log the workout in parts")
    return ParsedWorkout(day=day, entries=entries)


def _rounds(text: str) -> tuple[int, str]:
    """How many rounds a circuit text says ("3 rounds: ...", "circuit x3: ...", "circuit: ... x3"),
    1 when it says none, and the text without them."""
    opening = _ROUNDS_FIRST.match(text)
    if opening is not None and (opening["rounds"] or opening["times"]):
        return int(opening["rounds"] or opening["times"]), text[opening.end() :]
    closing = _ROUNDS_LAST.search(text)
    if _CIRCUIT.match(text) and closing is not None:
        return int(closing["times"]), text[: closing.start()]
    return 1, text


def _repeated(entries: tuple[ParsedEntry, ...], rounds: int) -> tuple[ParsedEntry, ...]:
    """Each exercise of a circuit once per round; a round is one set of each (decision 0103)."""
    if rounds == 1:
        return entries
    if rounds > MAX_ROUNDS or any(len(entry.sets) != 1 for entry in entries):
        raise NothingToLog(
            f"{rounds} rounds, and an exercise has more than one set a round: write each exercise's "
            "sets, e.g. 'pull-ups 3x10, push-ups 3x20'"
        )
    return tuple(ParsedEntry(entry.words, entry.sets * rounds) for entry in entries)


def _prepared(text: str) -> str:
    """The text in one form for the grammar: NFC, lower case, and the written variants of a unit,
    a decimal, an RPE or a break between exercises in the spelling the grammar reads."""
    lowered = unicodedata.normalize("NFC", text).casefold()
    lowered = _THOUSANDS.sub(r"\1\2", _WARMUP.sub(" warmup ", _REMARK.sub(" ", lowered)))
    lowered = _POUND_SIGN.sub(r"\1 lb ", _DECIMAL_COMMA.sub(r"\1.\2", lowered))
    lowered = _RIR.sub(lambda m: f" rpe {10 - float(m[1] or m[2]):g} ", lowered)
    lowered = _RPE_OWN_CLAUSE.sub(" ", _RPE_AFTER.sub(r" rpe \1 ", lowered))
    return _JOINERS.sub(" , ", _LIST_NUMBER.sub("", lowered))


def _clauses(text: str) -> list[tuple[str, ClauseReading]]:
    """Each non-empty clause read, with the separator before it ("" for the first)."""
    pieces = _SEPARATOR.split(text)
    clauses: list[tuple[str, ClauseReading]] = []
    separator = ""
    for index, piece in enumerate(pieces):
        if index % 2:
            separator = "and" if piece.strip() in _AND_WORDS else piece
            continue
        reading = read_clause(piece)
        if reading.words or reading.items or reading.warmup:
            clauses.append((separator.strip(), reading))
    return clauses


def _join_names_to_their_sets(clauses: list[tuple[str, ClauseReading]]) -> list[ClauseReading]:
    """Join a clause without sets to the next one: "squat" + line "5x5 at 100", or "clean and press".

    "and" both separates exercises and belongs to names ("clean and press"), so a name cut at "and"
    is read again whole. Any other name without sets is refused rather than dropped.
    """
    joined: list[ClauseReading] = []
    index = 0
    while index < len(clauses):
        separator, reading = clauses[index]
        if reading.items:
            joined.append(reading)
            index += 1
            continue
        following = clauses[index + 1] if index + 1 < len(clauses) else None
        if following is not None and following[0] == "and" and following[1].starts_with_words:
            merged = f"{reading.text} and {following[1].text}"
        elif following is not None and following[1].items and following[1].words is None:
            merged = f"{reading.text} {following[1].text}"
        else:
            shown = reading.words or "warm-up"
            raise NothingToLog(
                f"'{shown}' has no sets: write its sets after it (e.g. '{shown} 3x5 at 100') or leave it out"
            )
        clauses[index + 1] = (separator, read_clause(merged))
        index += 1
    return joined


def _entries(readings: list[ClauseReading], default_unit: Unit) -> tuple[ParsedEntry, ...]:
    """Entries in order: a clause without words continues the exercise before it, except a warm-up
    clause, which warms up the exercise after it ("warmup 2x5 at 60 then squat 3x5 at 100")."""
    entries: list[tuple[str, list[ParsedSet]]] = []
    warmups_ahead: list[ParsedSet] = []
    for index, reading in enumerate(readings):
        sets = _sets(reading, default_unit)
        following = readings[index + 1] if index + 1 < len(readings) else None
        if reading.words is not None:
            if entries and entries[-1][0] == reading.words:
                entries[-1][1].extend([*warmups_ahead, *sets])
            else:
                entries.append((reading.words, [*warmups_ahead, *sets]))
            warmups_ahead = []
        elif reading.warmup and any(parsed.reps is None for parsed in sets):
            # "warm up 10 min then squat": ten minutes on something, not a ten-minute squat.
            raise NothingToLog(
                f"'{reading.text.strip()}' names no exercise: "
                "say what the warm-up was, e.g. 'bike 10 min warm-up'"
            )
        elif reading.warmup and following is not None and following.words is not None:
            warmups_ahead.extend(sets)
        elif entries:
            entries[-1][1].extend(sets)
        else:
            shown = reading.text.strip()
            raise NothingToLog(f"'{shown}' names no exercise: write it first, e.g. 'squat {shown}'")
    return tuple(ParsedEntry(words, tuple(sets)) for words, sets in entries)


@dataclass
class _Group:
    """Sets written as one figure and what applies to all of them: a load, added weight, an RPE."""

    amounts: list[Amount]
    load: LoadItem | None = None
    added: LoadItem | None = None
    bodyweight: bool = False
    rpe: RpeItem | None = None

    def apply(self, item: LoadItem | RpeItem, clause: str) -> None:
        if isinstance(item, RpeItem):
            if self.rpe is not None:
                raise _contradiction(clause, "two RPEs for the same sets")
            self.rpe = item
            return
        clash = {
            "load": self.load is not None or self.added is not None or self.bodyweight,
            "added": self.load is not None or self.added is not None,
            "bodyweight": self.load is not None or self.bodyweight,
        }[item.kind]
        if clash:
            raise _contradiction(clause, "two loads for the same sets")
        if item.kind == "load":
            self.load = item
        elif item.kind == "added":
            self.added = item
        else:
            self.bodyweight = True

    def has_room_after(self, measure: MeasureItem) -> bool:
        """Whether a lone time or distance is one more set after these, as in "plank 60s 45s" or
        "row 2000m 7:45 500m 1:40": every set here already has that figure, and none has reps."""
        return all(
            amount.reps is None
            and (amount.duration_s if measure.duration_s is not None else amount.distance_m) is not None
            for amount in self.amounts
        )

    def takes(self, measure: MeasureItem) -> bool:
        """Whether a lone time or distance completes this group's one set ("2000m" then "7:45")."""
        if len(self.amounts) != 1 or self.amounts[0].reps is not None:
            return False
        amount = self.amounts[0]
        if measure.duration_s is not None:
            return amount.duration_s is None and amount.distance_m is not None
        return amount.distance_m is None and amount.duration_s is not None


def _contradiction(clause: str, what: str) -> NothingToLog:
    return NothingToLog(f"'{clause.strip()}' gives {what}: write each set's figures once")


def _groups(reading: ClauseReading) -> list[_Group]:
    """The clause's items as groups: loads and RPEs apply to the sets before them, or, written before
    any sets, to the first sets after them ("+20kg 3x8", "100kg for 3x5")."""
    groups: list[_Group] = []
    waiting: list[LoadItem | RpeItem] = []
    for item in reading.items:
        if isinstance(item, SetsItem):
            group = _Group(list(item.amounts))
            if item.load is not None:
                group.apply(item.load, reading.text)
            groups.append(group)
        elif isinstance(item, MeasureItem):
            if groups and not groups[-1].takes(item) and not groups[-1].has_room_after(item):
                raise NothingToLog(
                    f"could not tell which sets '{item.written}' belongs to in '{reading.text.strip()}': "
                    "write each set's time and distance together, e.g. 'row 2000m 7:45'"
                )
            if groups and groups[-1].takes(item):
                only = groups[-1].amounts[0]
                groups[-1].amounts[0] = Amount(
                    duration_s=only.duration_s if item.duration_s is None else item.duration_s,
                    distance_m=only.distance_m if item.distance_m is None else item.distance_m,
                    approximate=only.approximate or item.approximate,
                )
                continue
            amount = Amount(
                duration_s=item.duration_s, distance_m=item.distance_m, approximate=item.approximate
            )
            groups.append(_Group([amount]))
        elif groups:
            groups[-1].apply(item, reading.text)
            continue
        else:
            waiting.append(item)
            continue
        for early in waiting:
            groups[-1].apply(early, reading.text)
        waiting = []
    if waiting:
        shown = ", ".join(_shown(item) for item in waiting)
        raise NothingToLog(
            f"'{shown}' in '{reading.text.strip()}' belongs to no sets: say how many, e.g. '3x5 {shown}'"
        )
    return groups


def _shown(item: Item) -> str:
    if isinstance(item, RpeItem):
        return f"rpe {item.value:g}"
    if isinstance(item, LoadItem | MeasureItem):
        return item.written
    return "sets"


def _sets(reading: ClauseReading, default_unit: Unit) -> list[ParsedSet]:
    sets: list[ParsedSet] = []
    for group in _groups(reading):
        load_item = group.load or group.added
        for amount in group.amounts:
            load = None if load_item is None else load_item.value
            parsed = ParsedSet(
                reps=amount.reps,
                load=load,
                unit=None if load_item is None else (load_item.unit or default_unit),
                duration_s=amount.duration_s,
                distance_m=amount.distance_m,
                rpe=None if group.rpe is None else group.rpe.value,
                warmup=reading.warmup,
                estimated=amount.reps_estimated
                or amount.approximate
                or (load_item is not None and load_item.approximate)
                or (group.rpe is not None and group.rpe.approximate),
            )
            _check_limits(parsed, reading.text)
            sets.append(parsed)
    return sets


def _check_limits(parsed: ParsedSet, clause: str) -> None:
    """Values no set can have: a typo or a misreading, refused rather than stored (decision 0045)."""
    where = f"in '{clause.strip()}'"
    if parsed.reps is not None and not 1 <= parsed.reps <= MAX_REPS:
        raise NothingToLog(f"{parsed.reps} reps {where}: reps go from 1 to {MAX_REPS}")
    if parsed.load is not None:
        kilograms = parsed.load * (KG_PER_LB if parsed.unit == "lb" else 1.0)
        if not 0 < kilograms <= MAX_LOAD_KG:
            raise NothingToLog(
                f"a load of {parsed.load:g} {parsed.unit} {where}: loads go above 0 up to {MAX_LOAD_KG:g} kg"
                " (leave a bodyweight set's load out, or write 'bw')"
            )
    if parsed.rpe is not None and not MIN_RPE <= parsed.rpe <= MAX_RPE:
        raise NothingToLog(f"RPE {parsed.rpe:g} {where}: RPE goes from {MIN_RPE:g} to {MAX_RPE:g}")
    if parsed.duration_s is not None and not 1 <= parsed.duration_s <= MAX_DURATION_S:
        raise NothingToLog(f"a time of {parsed.duration_s} s {where}: times go from 1 s to 24 hours")
    if parsed.distance_m is not None and not 0 < parsed.distance_m <= MAX_DISTANCE_M:
        raise NothingToLog(f"a distance of {parsed.distance_m:g} m {where}: distances go up to 500 km")
