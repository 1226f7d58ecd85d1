"""LogWorkoutText: a workout in the person's own words, read, matched and stored as LogWorkout.

The reader (``workout_log/text``) runs on the person's local today and default unit; each entry's
words are matched by ``ExerciseMatching`` against the account's remembered words, which this use
case reads itself, so any gRPC caller can log words (decision 0092). The workout then goes through
``WorkoutLogging.log_workout`` unchanged: the same checks, idempotency and change feed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from knowledge.training.exercise_names import Candidate, normalize_words, tracking_of
from services.sessions.domain.session_rules import Violations, require_account
from services.sessions.service_layer.idempotency import Answer, Idempotency
from services.sessions.service_layer.session_support import Clock, utc_now
from services.sessions.workout_log.domain import log_rules as rules
from services.sessions.workout_log.domain.log_errors import ExerciseAmbiguous, NothingToLog
from services.sessions.workout_log.domain.log_model import EntryInput, ProgramDay, SetInput, WorkoutInput
from services.sessions.workout_log.domain.plausible_loads import e1rm_kg, load_bound_kg
from services.sessions.workout_log.service_layer.exercise_matching import ExerciseMatching, Match
from services.sessions.workout_log.service_layer.workout_logging import LoggedWorkout, WorkoutLogging
from services.sessions.workout_log.text import parse
from services.sessions.workout_log.text.parse import ParsedEntry, ParsedSet, parse_workout_text

LOAD_UNITS: Final = ("kg", "lb")


@dataclass(frozen=True)
class TextInput:
    """LogWorkoutText: the words, and what the caller knows that the words may leave out."""

    text: str
    day: str = ""
    time_zone: str = ""
    default_load_unit: str = ""
    program: ProgramDay | None = None


def set_input(parsed: ParsedSet) -> SetInput:
    """One set the text gave; the reader never invents a figure, so unset stays unset."""
    load_kg = None
    if parsed.load is not None:
        # Six decimals, as every load the log stores: exact enough to read back unchanged.
        load_kg = round(parsed.load * (parse.KG_PER_LB if parsed.unit == "lb" else 1.0), 6)
    return SetInput(
        reps=parsed.reps,
        load_kg=load_kg,
        load_value=parsed.load if load_kg is not None else None,
        load_unit=(parsed.unit or "") if load_kg is not None else "",
        duration_s=parsed.duration_s,
        distance_m=parsed.distance_m,
        rpe=parsed.rpe,
        warmup=parsed.warmup,
        estimated=parsed.estimated,
    )


def entry_input(match: Match, sets: tuple[SetInput, ...]) -> EntryInput:
    """An entry: its exercise, or the words kept in their normalized form when unsure."""
    return EntryInput(
        exercise_id=match.exercise_id,
        exercise_name=match.name if match.exercise_id else match.words,
        words="" if match.exercise_id else normalize_words(match.words),
        sets=sets,
    )


class TextLogging:
    """LogWorkoutText over the log's matching and ``WorkoutLogging``."""

    def __init__(self, logging: WorkoutLogging, matching: ExerciseMatching, clock: Clock = utc_now) -> None:
        self._logging = logging
        self._matching = matching
        self._clock = clock

    async def log_text(
        self,
        account_id: str,
        request: Idempotency,
        given: TextInput,
        encode: Callable[[LoggedWorkout, Mapping[str, tuple[Candidate, ...]]], bytes],
    ) -> Answer:
        """Read ``given.text``, match its exercises and store the workout; NOTHING_TO_LOG or
        EXERCISE_AMBIGUOUS (nothing stored) when the words are not certain. ``encode`` gets the
        stored workout and, for each unconfirmed entry's name, the candidates matched for it."""
        require_account(account_id)
        out = Violations()
        zone = rules.check_zone(out, "time_zone", given.time_zone)
        if given.default_load_unit not in ("", *LOAD_UNITS):
            out.add("default_load_unit", 'must be "kg" or "lb"')
        out.raise_if_any()
        unit: parse.Unit = "lb" if given.default_load_unit == "lb" else "kg"
        today = rules.local_day(self._clock(), zone)
        try:
            parsed = parse_workout_text(given.text, default_unit=unit, today=today)
        except parse.NothingToLog as refusal:
            raise NothingToLog.because(refusal.reason) from None
        remembered = self._matching.remembered(account_id)
        history = self._matching.history(account_id)
        used = [use.exercise_id for use in history]
        best = {use.exercise_id: use.best_e1rm_kg for use in history if use.best_e1rm_kg is not None}
        # One entry whose words fit several exercises is asked about as an error, nothing stored
        # (decision 0092); among several entries it is stored unconfirmed with the clear ones, and
        # needs_confirmation asks about it (decision 0103).
        alone = len(parsed.entries) == 1
        offered: dict[str, tuple[Candidate, ...]] = {}
        entries = [await self._entry(account_id, e, remembered, alone, used, offered) for e in parsed.entries]
        for parsed_entry, entry in zip(parsed.entries, entries, strict=True):
            _ask_about_implausible_loads(parsed_entry, entry, best.get(entry.exercise_id))
        day = given.day or (parsed.day.isoformat() if parsed.day else "")
        workout = WorkoutInput(
            entries=tuple(entries), day=day, time_zone=given.time_zone, program=given.program
        )
        return self._logging.log_workout(account_id, request, workout, lambda logged: encode(logged, offered))

    async def _entry(
        self,
        account_id: str,
        parsed: ParsedEntry,
        remembered: dict[str, str],
        alone: bool,
        used: list[str],
        offered: dict[str, tuple[Candidate, ...]],
    ) -> EntryInput:
        shape = [
            (s.reps is not None, s.distance_m is not None, s.duration_s is not None) for s in parsed.sets
        ]
        match = await self._matching.match(account_id, parsed.words, remembered, tracking_of(shape), used)
        if match.ambiguous and alone:
            raise ExerciseAmbiguous.of(parsed.words, [(c.exercise_id, c.name) for c in match.candidates])
        if not match.exercise_id:
            offered.setdefault(match.words, match.candidates)
        return entry_input(match, tuple(set_input(s) for s in parsed.sets))


def _ask_about_implausible_loads(parsed: ParsedEntry, entry: EntryInput, own_best: float | None) -> None:
    """Refuse, as a question, a set whose load is far above the person's own best on the exercise,
    or, with no loaded set of it yet, above what only the strongest few lift: most often pounds read
    in the profile's kilograms, or a typo (decision 0104)."""
    if not entry.exercise_id:
        return
    bound = load_bound_kg(entry.exercise_id, own_best)
    if bound is None:
        return
    for given, stored in zip(parsed.sets, entry.sets, strict=True):
        if stored.load_kg is None or given.reps is None or e1rm_kg(stored.load_kg, given.reps) <= bound:
            continue
        above = "far above their own best" if own_best is not None else "more than almost anyone lifts"
        other = "kg" if given.unit == "lb" else "lb"
        raise NothingToLog.because(
            f"{given.load:g} {given.unit} for {given.reps} reps of {parsed.words} is {above}: ask the "
            f"user whether that is right (was it {given.load:g} {other}?); if it is, log it as "
            "structured sets rather than text; if not, send the text again with the load and its unit"
        )
