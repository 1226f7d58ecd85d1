"""One clause of workout text ("squat 5x5 at 100 @8") read into exercise words and items.

At each position the named patterns below are tried in order; the first that fits consumes its
tokens and yields an item (sets, a load, an RPE, a lone time or distance). Words no pattern takes
are the exercise's words. A number no pattern takes is refused rather than guessed at. The rules
each pattern follows, and why: docs/decisions/0045-log-text-parsing.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from services.sessions.workout_log.text.nothing_to_log import NothingToLog
from services.sessions.workout_log.text.tokens import (
    METRES_PER_UNIT,
    SECONDS_PER_UNIT,
    WEIGHT_UNITS,
    Token,
    Unit,
    tokenize,
)

# In "A x B", a whole A up to this is a number of sets ("5x5", "10x10"), above it a load ("80x8").
MAX_SETS_BEFORE_TIMES: Final = 10
# The most sets one figure may stand for ("50x10" push-ups); more is a typo, not a workout.
MAX_SETS_IN_ONE_FIGURE: Final = 50
# At most this, "@N" without a unit is an RPE ("@8"); above it, or with a unit, a load ("@ 140kg").
MAX_RPE: Final = 10.0

_BODYWEIGHT: Final = frozenset({"bw", "bodyweight"})
# Reps and sets in the six languages the reader knows (decision 0103).
_REPS_WORDS: Final = frozenset(
    {
        "reps",
        "rep",
        "wdh",
        "wiederholungen",
        "wiederholung",
        "repeticiones",
        "repes",
        "répétitions",
        "repetitions",
        "herhalingen",
        "ripetizioni",
        "rip",
    }
)
_SETS_WORDS: Final = frozenset({"sets", "set", "sätze", "satz", "series", "serie", "séries", "série"})
# "3 sets of 8", "3 Sätze à 10", "3 series de 8", "3 sets van 10", "3 serie da 10".
_OF_WORDS: Final = frozenset({"of", "x", "à", "a", "de", "van", "da", "je"})
# "at 100" in the six languages: "mit 100kg", "con 60 kg", "à 60 kg", "met 80 kg".
_LOAD_WORDS: Final = frozenset({"at", "with", "mit", "bei", "con", "à", "met"})
# Words that open a remark about the sets after them ("felt heavy", "was brutal"). Other trailing
# words may change the exercise ("bench 3x5 at 100 paused") and join its name; a missed rep
# ("failed") is not a remark, since the reps would be wrong.
_REMARK_WORDS: Final = frozenset(
    {
        "felt",
        "feel",
        "feels",
        "feeling",
        "easy",
        "hard",
        "heavy",
        "light",
        "brutal",
        "tough",
        "good",
        "great",
        "solid",
        "smooth",
        "grindy",
        "fast",
        "slow",
        "was",
        "were",
        "pr",
        "pb",
        "nice",
        "ok",
        "okay",
        "strong",
        "weak",
        "tired",
        "fresh",
        "shaky",
        "rough",
        "awful",
        "terrible",
        "crushed",
        "sore",
        "pump",
        "leicht",
        "schwer",
        "fácil",
        "facil",
        "pesado",
        "facile",
        "lourd",
        "dur",
        "zwaar",
        "makkelijk",
        "pesante",
        "duro",
        "gut",
        "bien",
        "goed",
        "bene",
    }
)
# A missed or cut rep after the figures ("squat 5x5 at 100 failed last rep"): the sets are not
# what the figures say, so the text is refused rather than read.
_MISSED_WORDS: Final = frozenset({"failed", "fail", "missed", "miss", "except", "but", "only", "last"})
# What opens a clause without naming an exercise: "superset: bench 3x10", "ss curls 3x12".
_GROUP_WORDS: Final = (
    ("giant", "set"),
    ("superset", "of"),
    ("superset",),
    ("ss",),
    ("circuit",),
    ("tri", "set"),
)
_SIDES: Final = frozenset({"side", "sides", "leg", "legs", "arm", "arms", "hand", "hands"})
# Words allowed after sets that add nothing: "3x10 reps each", "8 each side", "30 total".
_AFTER_SETS: Final = frozenset({"each", "reps", "rep", "sets", "total"})
_MINUTE_WORDS: Final = frozenset({"min", "mins", "minute", "minutes"})
# Words a clause may open with that are not the exercise: "did 3x10 push-ups", "also 3x8 curls".
_LEAD_INS: Final = (("i", "did"), ("did",), ("also",), ("i",))


@dataclass(frozen=True)
class Amount:
    """What one set was: its reps, or its time and/or distance."""

    reps: int | None = None
    reps_estimated: bool = False  # a range such as "8-10": ``reps`` is its lower end
    duration_s: int | None = None
    distance_m: float | None = None
    approximate: bool = False  # a figure was marked "about" or "~"


@dataclass(frozen=True)
class LoadItem:
    """A load ("at 100", "140kg", "80" in "80x8"), added weight ("+20kg") or "bw"."""

    kind: Literal["load", "added", "bodyweight"]
    written: str  # as the person wrote it, for messages
    value: float | None = None
    unit: Unit | None = None
    approximate: bool = False


@dataclass(frozen=True)
class SetsItem:
    """A figure that stands for sets: "5x5", "3 sets of 8-10", "5/5/4", "80x8", "3x60s"."""

    amounts: tuple[Amount, ...]  # one per set
    load: LoadItem | None = None  # the load written inside the figure ("80x8", "3x5x100")
    counted: bool = False  # a count opening the clause ("100 push-ups"): it must be the only sets


@dataclass(frozen=True)
class RpeItem:
    value: float
    approximate: bool = False


@dataclass(frozen=True)
class MeasureItem:
    """A lone time or distance: "60s", "7:45", "2000m"; the clause decides which set it belongs to."""

    written: str
    duration_s: int | None = None
    distance_m: float | None = None
    approximate: bool = False


Item = SetsItem | LoadItem | RpeItem | MeasureItem


@dataclass(frozen=True)
class ClauseReading:
    """A clause read: the exercise's words (None when it names none), its items and warm-up mark."""

    text: str
    words: str | None
    items: tuple[Item, ...]
    warmup: bool
    starts_with_words: bool  # "press 3x5", as opposed to "3x5 press": see ``parse`` on "and"


class _Tokens:
    """The clause's tokens with the small questions every pattern asks."""

    def __init__(self, tokens: Sequence[Token]) -> None:
        self.tokens = tokens

    def get(self, index: int) -> Token | None:
        return self.tokens[index] if 0 <= index < len(self.tokens) else None

    def number(self, index: int) -> Token | None:
        token = self.get(index)
        return token if token is not None and token.kind == "number" else None

    def word(self, index: int, options: frozenset[str] | str) -> bool:
        token = self.get(index)
        if token is None or token.kind != "word":
            return False
        return token.text == options if isinstance(options, str) else token.text in options

    def symbol(self, index: int, text: str) -> bool:
        token = self.get(index)
        return token is not None and token.kind == "symbol" and token.text == text

    def weight_unit(self, index: int) -> tuple[Unit | None, int]:
        """The weight unit at ``index`` if there is one, and the index after it."""
        token = self.get(index)
        if token is not None and token.kind == "word" and token.text in WEIGHT_UNITS:
            return WEIGHT_UNITS[token.text], index + 1
        return None, index

    def shown(self, start: int, end: int) -> str:
        return " ".join(token.text for token in self.tokens[start:end])


def _count(token: Token) -> int:
    if not token.value.is_integer() or not 1 <= token.value <= MAX_SETS_IN_ONE_FIGURE:
        raise NothingToLog(
            f"{token.text} sets: a number of sets is a whole number from 1 to {MAX_SETS_IN_ONE_FIGURE}"
        )
    return int(token.value)


def _whole_reps(token: Token) -> int:
    if not token.value.is_integer():
        raise NothingToLog(f"{token.text} reps: reps are whole numbers")
    return int(token.value)


# --- what one set was: reps, a time or a distance ---


def _duration(t: _Tokens, i: int) -> tuple[int, int, bool] | None:
    """Seconds, end and estimate mark of "7:45", "60s", "1 min 30 s", "2 hours"."""
    token = t.get(i)
    if token is not None and token.kind == "clock":
        end = i + 1
        if token.text.count(":") == 1 and t.word(end, _MINUTE_WORDS):
            end += 1  # "7:45 min" is still minutes and seconds
        return int(token.value), end, token.approximate
    seconds = 0.0
    approximate = False
    end = i
    smallest = None
    while (number := t.number(end)) is not None and t.word(end + 1, frozenset(SECONDS_PER_UNIT)):
        unit = SECONDS_PER_UNIT[t.tokens[end + 1].text]
        if smallest is not None and unit >= smallest:
            break  # "1 min 30 s" adds up; "60s 45s" is two sets
        seconds += number.value * unit
        approximate = approximate or number.approximate
        smallest = unit
        end += 2
    if end == i:
        return None
    return round(seconds), end, approximate


def _distance(t: _Tokens, i: int) -> tuple[float, int, bool] | None:
    number = t.number(i)
    unit = t.get(i + 1)
    if number is None or unit is None or unit.kind != "word" or unit.text not in METRES_PER_UNIT:
        return None
    return number.value * METRES_PER_UNIT[unit.text], i + 2, number.approximate


def _amount(t: _Tokens, i: int) -> tuple[Amount, int] | None:
    """One set's amount at ``i``: "8", "8-10 reps", "60s", "7:45", "400m"."""
    duration = _duration(t, i)
    if duration is not None:
        seconds, end, approximate = duration
        return Amount(duration_s=seconds, approximate=approximate), end
    distance = _distance(t, i)
    if distance is not None:
        metres, end, approximate = distance
        return Amount(distance_m=metres, approximate=approximate), end
    low = t.number(i)
    if low is None:
        return None
    reps = _whole_reps(low)
    end = i + 1
    estimated = False
    high = t.number(end + 1) if t.symbol(end, "-") else None
    if high is not None:
        top = _whole_reps(high)
        if top < reps:
            raise NothingToLog(f"{low.text}-{high.text} reps: write a rep range low to high, e.g. 8-10")
        # A range is stored as its lower end, marked estimated: never more reps than were said.
        estimated = top != reps
        end += 2
    if t.word(end, _REPS_WORDS):
        end += 1
    return Amount(reps=reps, reps_estimated=estimated, approximate=low.approximate), end


def _refuse_unit_after_amount(t: _Tokens, start: int, end: int) -> None:
    unit, _ = t.weight_unit(end)
    if unit is not None:
        raise NothingToLog(
            f"'{t.shown(start, end + 1)}': write the load first ('100kg x 5') or with 'at' ('5 at 100kg')"
        )


# --- the patterns, each named for what it reads ---

Pattern = Callable[[_Tokens, int, bool], tuple[Item | None, int] | None]


def _at_load_or_rpe(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "at 100", "with 100kg", "@ 140kg", "@ bw", "@8", "@ rpe 8".

    "at" and "with" always give a load. "@" gives an RPE when its number is at most 10 and has no
    unit ("@8", "@8.5"), else a load ("@ 140kg", "@ 225"): an RPE is never above 10, and a person
    lifting 8 kg for reps writes "8kg" or "at 8".
    """
    at_sign = t.symbol(i, "@")
    if not at_sign and not t.word(i, _LOAD_WORDS):
        return None
    j = i + 1
    if t.word(j, "rpe") and (rpe := t.number(j + 1)) is not None:
        return RpeItem(rpe.value, rpe.approximate), j + 2
    if t.word(j, _BODYWEIGHT):
        return LoadItem("bodyweight", t.shown(i, j + 1)), j + 1
    number = t.number(j)
    if number is None:
        if at_sign:
            raise NothingToLog(f"'@' in '{t.shown(i, j + 1)}' needs a load ('@ 100kg') or an RPE ('@8')")
        return None  # "with" and "at" may belong to an exercise's name
    if t.symbol(j + 1, "%"):
        raise NothingToLog(f"'{t.shown(i, j + 2)}': a percentage is not a load; write the weight lifted")
    unit, end = t.weight_unit(j + 1)
    if at_sign and unit is None and number.value <= MAX_RPE:
        return RpeItem(number.value, number.approximate), end
    return LoadItem("load", t.shown(i, end), number.value, unit, number.approximate), end


def _rpe(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "rpe 8", "rpe8", "rpe 7.5"."""
    number = t.number(i + 1)
    if not t.word(i, "rpe") or number is None:
        return None
    return RpeItem(number.value, number.approximate), i + 2


def _added_load(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "+20kg", "+ 45": weight added to the body, logged as the set's load."""
    number = t.number(i + 1)
    if not t.symbol(i, "+") or number is None:
        return None
    unit, end = t.weight_unit(i + 2)
    return LoadItem("added", t.shown(i, end), number.value, unit, number.approximate), end


def _three_figures(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "3x5x100" (sets, reps, load) or "100kg x 5 x 3" / "225x5x3" (load, reps, sets).

    A unit names the load; without one, a first figure up to 10 is the number of sets.
    """
    first = t.number(i)
    if first is None:
        return None
    first_unit, j = t.weight_unit(i + 1)
    reps = t.number(j + 1)
    last = t.number(j + 3)
    if not t.word(j, "x") or reps is None or not t.word(j + 2, "x") or last is None:
        return None
    last_unit, end = t.weight_unit(j + 4)
    if first_unit is not None and last_unit is not None:
        raise NothingToLog(
            f"'{t.shown(i, end)}' gives two loads: write sets x reps at load, e.g. 3x5 at 100kg"
        )
    sets_first = last_unit is not None or (
        first_unit is None and first.value.is_integer() and first.value <= MAX_SETS_BEFORE_TIMES
    )
    sets, load, unit = (first, last, last_unit) if sets_first else (last, first, first_unit)
    amount = Amount(reps=_whole_reps(reps), approximate=reps.approximate)
    load_item = LoadItem("load", load.text, load.value, unit, load.approximate)
    return SetsItem((amount,) * _count(sets), load_item), end


def _times(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "5x5", "3x8-10", "3x60s", "4x400m" (sets x amount) or "80x8", "80kg x 8" (load x reps).

    A first figure with a unit is a load. Before a time or distance it is a number of sets. Before
    reps, a whole number up to 10 is a number of sets and anything else a load (decision 0045).
    """
    first = t.number(i)
    if first is None:
        return None
    unit, j = t.weight_unit(i + 1)
    if not t.word(j, "x"):
        return None
    read = _amount(t, j + 1)
    if read is None:
        return None
    amount, end = read
    _refuse_unit_after_amount(t, i, end)
    if amount.reps is None:
        if unit is not None:
            raise NothingToLog(f"'{t.shown(i, end)}': a load times a time or distance is not a set")
        return SetsItem((amount,) * _count(first)), end
    if unit is None and first.value.is_integer() and first.value <= MAX_SETS_BEFORE_TIMES:
        return SetsItem((amount,) * _count(first)), end
    load = LoadItem("load", t.shown(i, j), first.value, unit, first.approximate)
    return SetsItem((amount,), load), end


def _sets_of(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "3 sets of 8-10", "3 sets x 8", "2 sets of 60s"."""
    count = t.number(i)
    if count is None or not t.word(i + 1, _SETS_WORDS):
        return None
    j = i + 2
    if t.word(j, _OF_WORDS):
        j += 1
    read = _amount(t, j)
    if read is None:
        raise NothingToLog(f"'{t.shown(i, j)}' of what? Give the reps or time, e.g. '3 sets of 8'")
    amount, end = read
    _refuse_unit_after_amount(t, i, end)
    return SetsItem((amount,) * _count(count)), end


def _rep_list(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "5/5/5", "8/8/6 reps": one set per figure."""
    figures: list[Token] = []
    end = i
    while (number := t.number(end)) is not None:
        figures.append(number)
        end += 1
        if not t.symbol(end, "/") or t.number(end + 1) is None:
            break
        end += 1
    if len(figures) < 2:
        return None
    if t.word(end, _REPS_WORDS):
        end += 1
    _refuse_unit_after_amount(t, i, end)
    if len(figures) > MAX_SETS_IN_ONE_FIGURE:
        raise NothingToLog(f"{len(figures)} sets in one list: at most {MAX_SETS_IN_ONE_FIGURE}")
    return SetsItem(tuple(Amount(reps=_whole_reps(f), approximate=f.approximate) for f in figures)), end


def _load_for(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "185 for 8" (one set of 8 at 185), or "100kg for 3x5" (the load of the sets that follow)."""
    number = t.number(i)
    if number is None:
        return None
    unit, j = t.weight_unit(i + 1)
    if not t.word(j, "for"):
        return None
    load = LoadItem("load", t.shown(i, j), number.value, unit, number.approximate)
    read = _amount(t, j + 1)
    if read is None or t.word(read[1], "x") or t.word(read[1], _SETS_WORDS):
        return load, j + 1
    amount, end = read
    if amount.reps is None:
        raise NothingToLog(f"'{t.shown(i, end)}': a load for a time or distance is not a set")
    return SetsItem((amount,), load), end


def _for_amount(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "for 8" (one set of 8, as in "100kg for 8"), "for 60s"; "for" before sets is just a word."""
    if not t.word(i, "for"):
        return None
    read = _amount(t, i + 1)
    if read is None or t.word(read[1], "x") or t.word(read[1], _SETS_WORDS):
        number_follows = t.number(i + 1) is not None
        return (None, i + 1) if number_follows else None
    amount, end = read
    return SetsItem((amount,)), end


def _reps_alone(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "8 reps", "8-10 reps": one set."""
    read = _amount(t, i) if t.number(i) is not None else None
    if read is None or read[0].reps is None or not t.word(read[1] - 1, _REPS_WORDS):
        return None
    return SetsItem((read[0],)), read[1]


def _measure(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "60s", "in 25 min", "7:45", "2000m", "5k": a lone time or distance."""
    start = i + 1 if t.word(i, frozenset({"in", "en"})) else i
    duration = _duration(t, start)
    if duration is not None:
        seconds, end, approximate = duration
        return MeasureItem(t.shown(i, end), duration_s=seconds, approximate=approximate), end
    distance = _distance(t, start)
    if distance is not None:
        metres, end, approximate = distance
        return MeasureItem(t.shown(i, end), distance_m=metres, approximate=approximate), end
    return None


def _weight(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "100kg", "225 lbs": a load on its own."""
    number = t.number(i)
    unit, end = t.weight_unit(i + 1)
    if number is None or unit is None:
        return None
    return LoadItem("load", t.shown(i, end), number.value, unit, number.approximate), end


def _bodyweight(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """ "bw", "bodyweight", "body weight" beside sets; before a word it is part of a name ("bw squat")."""
    if t.word(i, _BODYWEIGHT):
        end = i + 1
    elif t.word(i, "body") and t.word(i + 1, "weight"):
        end = i + 2
    else:
        return None
    following = t.get(end)
    if after_sets or (following is not None and following.kind != "word") or t.word(end, "x"):
        return LoadItem("bodyweight", t.shown(i, end)), end
    return None


def _filler(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    """Words after sets that change nothing: "reps", "each", "each side", "per leg", "total"."""
    if not after_sets:
        return None
    if t.word(i, frozenset({"each", "per", "a"})) and t.word(i + 1, _SIDES):
        return None, i + 2
    if t.word(i, _AFTER_SETS):
        return None, i + 1
    return None


_PATTERNS: Final[tuple[Pattern, ...]] = (
    _at_load_or_rpe,
    _rpe,
    _added_load,
    _three_figures,
    _times,
    _sets_of,
    _rep_list,
    _load_for,
    _for_amount,
    _reps_alone,
    _measure,
    _weight,
    _bodyweight,
    _filler,
)


def read_clause(text: str) -> ClauseReading:
    """Read one clause; raises ``NothingToLog`` for a number it cannot place or two sets of words."""
    t = _Tokens(tokenize(text))
    runs: list[list[str]] = [[]]
    items: list[Item] = []
    warmup = False
    after_sets = False
    i = _after_lead_in(t)
    while i < len(t.tokens):
        token = t.tokens[i]
        if token.kind == "word" and token.text == "warmup":
            warmup = True
            i += 1
            continue
        read = _first_pattern(t, i, after_sets) or _loose_figure(t, i, items, runs)
        if read is not None:
            item, i = read
            if item is not None:
                items.append(item)
            after_sets = True
            if runs[-1]:
                runs.append([])
            continue
        if token.kind == "word":
            runs[-1].append(token.text)
            after_sets = False
        elif token.kind == "symbol" and token.text in ("-", "/"):
            pass  # a dash or slash between words, or a list bullet: punctuation
        else:
            raise NothingToLog(
                f"could not tell what '{token.text}' is in '{text.strip()}': write loads as "
                "'at 100' or '100kg', sets and reps as '5x5' or '3 sets of 8', RPE as '@8' or 'rpe 8'"
            )
        i += 1
    sets_items = [item for item in items if isinstance(item, SetsItem)]
    if len(sets_items) > 1 and sets_items[0].counted:
        count = t.tokens[_after_lead_in(t)]
        raise NothingToLog(
            f"could not tell what '{count.text}' is in '{text.strip()}': write loads as 'at 100' or "
            "'100kg', sets and reps as '5x5' or '3 sets of 8'"
        )
    named = [" ".join(run) for run in runs if run]
    if len(named) == 2 and runs[0] and runs[-1] and items and not _MISSED_WORDS & set(runs[-1]):
        # Words after every figure, the exercise named before them (decision 0103): a remark about
        # the sets when they open with one ("squat 5x5 at 100 felt easy"), else part of the name,
        # which comes first ("lunges 3x12 with 20kg dumbbells": "dumbbells lunges"; "bench 3x5 at
        # 100 paused": "paused bench"); the matcher asks when that names no exercise.
        trailing = [word for word in runs[-1] if word not in _LOAD_WORDS] or runs[-1]
        named = named[:1] if trailing[0] in _REMARK_WORDS else [" ".join([*trailing, *runs[0]])]
    if len(named) > 1:
        listed = " and ".join(f"'{words}'" for words in named)
        raise NothingToLog(
            f"could not tell which words name the exercise in '{text.strip()}': {listed}; "
            "write one exercise and its sets per line or between commas"
        )
    first = t.get(0)
    return ClauseReading(
        text=text,
        words=named[0] if named else None,
        items=tuple(items),
        warmup=warmup,
        starts_with_words=first is not None and first.kind == "word" and first.text != "warmup",
    )


def _after_lead_in(t: _Tokens) -> int:
    start = 0
    for opening in _GROUP_WORDS:
        if all(t.word(index, word) for index, word in enumerate(opening)):
            start = len(opening)
            break
    for lead_in in _LEAD_INS:
        if all(t.word(start + index, word) for index, word in enumerate(lead_in)):
            return start + len(lead_in)
    return start


def _loose_figure(
    t: _Tokens, i: int, items: list[Item], runs: list[list[str]]
) -> tuple[Item | None, int] | None:
    """A figure no pattern took, read where only one reading is left (decision 0103):

    - "squat 5x5 100": a bare number right after sets with no load is their load;
    - "rower 500m x 4": "x N" after a lone distance or time is that many sets of it;
    - "did 100 push-ups", "20 burpees": a count opening the clause, before the exercise, is one set
      of that many reps ("3 rounds" is not: rounds are refused, their sets are not written out).
    """
    number = t.number(i)
    previous = items[-1] if items else None
    before = t.get(i - 1)
    right_after_sets = before is not None and (before.kind == "number" or before.text in _REPS_WORDS)
    if (
        number is not None
        and isinstance(previous, SetsItem)
        and previous.load is None
        and right_after_sets
        and not t.word(i + 1, "x")
    ):
        return LoadItem("load", number.text, number.value, None, number.approximate), i + 1
    if t.word(i, "x") and isinstance(previous, MeasureItem) and (count := t.number(i + 1)) is not None:
        amount = Amount(
            duration_s=previous.duration_s, distance_m=previous.distance_m, approximate=previous.approximate
        )
        items.pop()
        return SetsItem((amount,) * _count(count)), i + 2
    following = t.get(i + 1)
    # The clause is only the count and the exercise ("2 plates squat 5x5" is not one set of 2).
    # Only the count is sets: "2 plates squat 5x5" is not one set of 2 (checked again once read).
    alone = not any(token.kind == "word" and token.text == "x" for token in t.tokens[i + 1 :])
    opening = not items and not any(runs) and i == _after_lead_in(t) and alone
    if number is not None and opening and following is not None and following.kind == "word":
        if following.text in ("rounds", "round", "x") or following.text in WEIGHT_UNITS:
            return None
        return SetsItem(
            (Amount(reps=_whole_reps(number), approximate=number.approximate),), counted=True
        ), i + 1
    return None


def _first_pattern(t: _Tokens, i: int, after_sets: bool) -> tuple[Item | None, int] | None:
    for pattern in _PATTERNS:
        read = pattern(t, i, after_sets)
        if read is not None:
            return read
    return None
