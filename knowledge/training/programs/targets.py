"""Suggested loads for a program's days, worked out from its rules, starting numbers and the log.

A suggestion is a prescription: a load to try, which the person may change, never a weight anyone
lifted. Each one says how it was worked out (``how``) and keeps its numbers in fields of their own
(``load_kg``, ``set_loads_kg``, ``last_logged_kg``, ``change_kg``), so a calm view can drop them.
Every suggested load is rounded to the nearest 2.5 kg (two 1.25 kg plates, the smallest step most
gyms have). Rules and rounding: docs/decisions/0046-programs-library.md.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from knowledge.training.catalog import catalog_by_id
from knowledge.training.programs.library import find_day
from knowledge.training.programs.model import (
    LoggedEntry,
    LoggedSession,
    PlannedExercise,
    Program,
    ProgramDay,
    chronological,
)

ROUNDING_KG: Final = 2.5
ROUNDING_NOTE: Final = (
    "Suggestions, rounded to the nearest 2.5 kg: loads to try, which you can change, not weights lifted."
)
# A catalog exercise whose first primary muscle is one of these gets the lower-body increment.
LOWER_BODY_MUSCLES: Final = frozenset({"quads", "glutes", "hamstrings", "adductors", "abductors", "calves"})
_SAME_LOAD_KG: Final = 0.01  # loads closer than this are the same load (float noise from unit conversion)

# logged: from the last logged session; starting_load: the number the person gave; training_max:
# a percentage of a training max; other_day: a percentage of another day's suggestion; effort: chosen
# by RPE; bodyweight: no load; none: nothing to work from yet.
Basis = Literal["logged", "starting_load", "training_max", "other_day", "effort", "bodyweight", "none"]
Outcome = Literal["done", "building", "short"]


@dataclass(frozen=True)
class ExerciseTarget:
    """The suggestion for one planned exercise of one day."""

    exercise_id: str
    exercise_name: str
    sets: int
    reps: tuple[int | None, ...]  # least reps per set; None: as many as possible
    reps_text: str  # PlannedExercise.reps_text
    load_kg: float | None  # the working load (the heaviest set for a percentage wave); None: no number
    set_loads_kg: tuple[float | None, ...]  # one per set
    basis: Basis
    last_logged_kg: float | None  # the heaviest working set last logged, when the rule used it
    change_kg: float | None  # load_kg minus last_logged_kg, when both exist
    rpe: float | None
    how: str


@dataclass(frozen=True)
class DayTargets:
    """One program day with a suggestion per exercise, in the day's order."""

    key: str
    name: str
    exercises: tuple[ExerciseTarget, ...]


@dataclass(frozen=True)
class ProgramTargets:
    """Suggestions for every day of one program version."""

    program_id: str
    version: int
    rounding_kg: float
    note: str
    days: tuple[DayTargets, ...]


@dataclass(frozen=True)
class Attempt:
    """How one logged session went for one planned exercise, judged against what was written."""

    top_kg: float
    sets_done: int  # sets at the top load that reached the reps the rule asks for
    outcome: Outcome  # done: all sets; building: inside a rep range, not yet at its top; short: below


def round_load(kg: float) -> float:
    """The nearest multiple of 2.5 kg, halves up (Python's ``round`` would round halves to even)."""
    return math.floor(kg / ROUNDING_KG + 0.5) * ROUNDING_KG


def format_kg(kg: float) -> str:
    """100.0 → "100", 102.5 → "102.5": how a person writes a load."""
    return f"{kg:.2f}".rstrip("0").rstrip(".")


def increment_kg(program: Program, exercise_id: str) -> float:
    """The program's step for this exercise: its own override, else the upper or lower-body step."""
    overrides = dict(program.progression.increments_by_exercise_kg)
    if exercise_id in overrides:
        return overrides[exercise_id]
    muscles = catalog_by_id()[exercise_id].primary_muscles
    if muscles and muscles[0] in LOWER_BODY_MUSCLES:
        return program.progression.lower_body_increment_kg
    return program.progression.upper_body_increment_kg


def judge_attempt(planned: PlannedExercise, entry: LoggedEntry) -> Attempt | None:
    """The attempt at the working load (``LoggedEntry.working_load_kg``), or None when the entry has
    no loaded set."""
    top = entry.working_load_kg(planned.sets)
    if top is None:
        return None
    at_top = [
        logged
        for logged in entry.working_sets()
        if logged.load_kg is not None and abs(logged.load_kg - top) < _SAME_LOAD_KG
    ]
    needed, least = planned.reps_needed(0), planned.reps[0] or 1
    done = sum(1 for logged in at_top if logged.reps is not None and logged.reps >= needed)
    if done >= planned.sets:
        return Attempt(top, done, "done")
    within_range = sum(1 for logged in at_top if logged.reps is not None and logged.reps >= least)
    if planned.reps_top is not None and within_range >= planned.sets:
        return Attempt(top, done, "building")
    return Attempt(top, done, "short")


def program_targets(
    program: Program,
    *,
    starting_loads_kg: Mapping[str, float],
    logged: Sequence[LoggedSession],
    starting_loads_logged: bool = False,
) -> ProgramTargets:
    """A suggestion for every exercise of every day of ``program``.

    ``starting_loads_kg``: the person's starting numbers by exercise ID (for a training-max rule,
    the training max); ``starting_loads_logged`` when they were read from the log before the program
    started rather than given, so the targets never say the person gave them (decision 0108).
    ``logged``: the sessions to learn from, in any order; sessions linked to a day of this program
    carry its key in ``program_day``, which day-specific rules need.
    """
    sessions = chronological(list(logged))
    days = tuple(
        DayTargets(
            day.key,
            day.name,
            tuple(
                exercise_target(
                    program,
                    day,
                    planned,
                    starting_loads_kg,
                    sessions,
                    starting_loads_logged=starting_loads_logged,
                )
                for planned in day.exercises
            ),
        )
        for day in program.days
    )
    return ProgramTargets(program.program_id, program.version, ROUNDING_KG, ROUNDING_NOTE, days)


def exercise_target(
    program: Program,
    day: ProgramDay,
    planned: PlannedExercise,
    starting_loads_kg: Mapping[str, float],
    sessions: Sequence[LoggedSession],
    *,
    starting_loads_logged: bool = False,
) -> ExerciseTarget:
    """The suggestion for one planned exercise; ``sessions`` must be oldest first."""
    kind = planned.rule.kind
    starts = _Starts(starting_loads_kg, starting_loads_logged)
    if kind == "increment":
        return _increment_target(program, day, planned, starts, sessions)
    if kind == "training_max_percent":
        return _training_max_target(program, planned, starts, sessions)
    if kind == "percent_of_day":
        return _percent_of_day_target(program, planned, starts, sessions)
    if kind == "rpe":
        return _effort_target(planned, sessions)
    return _bodyweight_target(planned)


@dataclass(frozen=True)
class _Starts:
    """The starting numbers by exercise ID, and whether they were logged (not given)."""

    kg: Mapping[str, float]
    logged: bool

    def given_words(self, kg: float) -> str:
        """Where a starting number came from, in the words of a target's ``how``."""
        if self.logged:
            return f"your heaviest working set logged before you started the program, {format_kg(kg)} kg"
        return f"the starting load you gave, {format_kg(kg)} kg"


def _target(
    planned: PlannedExercise,
    load_kg: float | None,
    basis: Basis,
    how: str,
    *,
    last_logged_kg: float | None = None,
    set_loads_kg: tuple[float | None, ...] | None = None,
) -> ExerciseTarget:
    change = None if load_kg is None or last_logged_kg is None else round(load_kg - last_logged_kg, 2)
    return ExerciseTarget(
        exercise_id=planned.exercise_id,
        exercise_name=_name(planned.exercise_id),
        sets=planned.sets,
        reps=planned.reps,
        reps_text=planned.reps_text,
        load_kg=load_kg,
        set_loads_kg=set_loads_kg if set_loads_kg is not None else (load_kg,) * planned.sets,
        basis=basis,
        last_logged_kg=last_logged_kg,
        change_kg=change,
        rpe=planned.rule.rpe,
        how=how,
    )


def _increment_target(
    program: Program,
    day: ProgramDay,
    planned: PlannedExercise,
    starts: _Starts,
    sessions: Sequence[LoggedSession],
) -> ExerciseTarget:
    attempts = [
        attempt
        for session in sessions
        if not planned.rule.per_day or session.program_day == day.key
        if (entry := session.entry_for(planned.exercise_id)) is not None
        if (attempt := judge_attempt(planned, entry)) is not None
    ]
    if not attempts:
        return _from_starting_load(planned, starts)
    last = attempts[-1]
    top, shown = last.top_kg, f"{format_kg(last.top_kg)} kg for {planned.reps_text}"
    if last.outcome == "done":
        step = increment_kg(program, planned.exercise_id)
        if step == 0:
            how = f"From your last logged {shown}, all sets done; this program adds no load here."
            return _target(planned, round_load(top), "logged", _rounded(how, top), last_logged_kg=top)
        how = f"From your last logged {shown}, all sets done: +{format_kg(step)} kg."
        return _target(
            planned, round_load(top + step), "logged", _rounded(how, top + step), last_logged_kg=top
        )
    if last.outcome == "building":
        how = (
            f"From your last logged {shown}: not every set reached {planned.reps_top} yet, so the same load."
        )
        return _target(planned, round_load(top), "logged", _rounded(how, top), last_logged_kg=top)
    streak = _short_streak(attempts)
    progression = program.progression
    if streak >= progression.deload_after_misses and progression.deload_percent > 0:
        lighter = top * (1 - progression.deload_percent / 100)
        how = (
            f"From your last logged {format_kg(top)} kg: {streak} sessions in a row short of "
            f"{planned.reps_text} at that load, so {format_kg(progression.deload_percent)}% lighter "
            "to build back up."
        )
        return _target(planned, round_load(lighter), "logged", _rounded(how, lighter), last_logged_kg=top)
    how = (
        f"From your last logged {shown}, {last.sets_done} of {planned.sets} sets as written: "
        "the same load again."
    )
    return _target(planned, round_load(top), "logged", _rounded(how, top), last_logged_kg=top)


def _short_streak(attempts: Sequence[Attempt]) -> int:
    """Sessions in a row, newest backwards, that fell short at the newest one's load."""
    newest = attempts[-1].top_kg
    streak = 0
    for attempt in reversed(attempts):
        if attempt.outcome != "short" or abs(attempt.top_kg - newest) >= _SAME_LOAD_KG:
            break
        streak += 1
    return streak


def _from_starting_load(planned: PlannedExercise, starts: _Starts) -> ExerciseTarget:
    start = starts.kg.get(planned.exercise_id)
    if start is None:
        how = (
            f"No number yet: log a session of {_name(planned.exercise_id)} or give a starting load, "
            "and a suggestion follows."
        )
        return _target(planned, None, "none", how)
    how = _rounded(f"From {starts.given_words(start)}.", start)
    return _target(planned, round_load(start), "starting_load", how)


def _training_max_target(
    program: Program,
    planned: PlannedExercise,
    starts: _Starts,
    sessions: Sequence[LoggedSession],
) -> ExerciseTarget:
    name = _name(planned.exercise_id)
    given = starts.kg.get(planned.exercise_id)
    if given is None:
        how = (
            f"No number yet: give a training max for {name} (about 90% of a one-rep max you could "
            "lift today); each set is a percentage of it."
        )
        return _target(planned, None, "none", how)
    training_max, history = _training_max_after_waves(program, planned.exercise_id, given, sessions, starts)
    set_loads = tuple(round_load(training_max * percent / 100) for percent in planned.rule.percents)
    percents = ", ".join(f"{format_kg(percent)}%" for percent in planned.rule.percents)
    how = (
        f"Training max {format_kg(training_max)} kg ({history}): {percents} of it for "
        f"{planned.reps_text}, each rounded to the nearest 2.5 kg."
    )
    return _target(planned, set_loads[-1], "training_max", how, set_loads_kg=set_loads)


def _training_max_after_waves(
    program: Program, exercise_id: str, given: float, sessions: Sequence[LoggedSession], starts: _Starts
) -> tuple[float, str]:
    """The training max after the waves logged so far, and the story of how it got there.

    A wave is complete once every day of the program that works this lift at a percentage has a
    linked session (in any order); a complete wave where every set reached its written reps raises
    the training max, and the program's number of short waves in a row lowers it.
    """
    wave_days = {
        day.key: planned
        for day in program.days
        for planned in day.exercises
        if planned.exercise_id == exercise_id and planned.rule.kind == "training_max_percent"
    }
    reached = [
        _reached_written_reps(wave_days[session.program_day], entry)
        for session in sessions
        if session.program_day in wave_days
        if (entry := session.entry_for(exercise_id)) is not None
    ]
    size = len(wave_days)
    training_max, raised, lowered, short_in_a_row = given, 0, 0, 0
    step = increment_kg(program, exercise_id)
    progression = program.progression
    for start in range(0, len(reached) - size + 1, size):
        if all(reached[start : start + size]):
            training_max, raised, short_in_a_row = training_max + step, raised + 1, 0
            continue
        short_in_a_row += 1
        if short_in_a_row >= progression.deload_after_misses:
            training_max *= 1 - progression.deload_percent / 100
            lowered, short_in_a_row = lowered + 1, 0
    story = [
        f"your {format_kg(given)} kg logged before you started the program"
        if starts.logged
        else f"the {format_kg(given)} kg you gave"
    ]
    if raised:
        story.append(f"+{format_kg(step)} kg for each of {raised} complete wave{'s' if raised > 1 else ''}")
    if lowered:
        times = "once" if lowered == 1 else f"{lowered} times"
        story.append(f"{format_kg(progression.deload_percent)}% lower after short waves, {times}")
    return training_max, ", ".join(story)


def _reached_written_reps(planned: PlannedExercise, entry: LoggedEntry) -> bool:
    """Whether the heaviest working sets, lightest first, each reached the reps written for them."""
    working = [logged for logged in entry.working_sets() if logged.load_kg is not None]
    if len(working) < planned.sets:
        return False
    heaviest = sorted(working, key=lambda logged: logged.load_kg or 0.0)[-planned.sets :]
    return all(
        logged.reps is not None and logged.reps >= planned.reps_needed(index)
        for index, logged in enumerate(heaviest)
    )


def _percent_of_day_target(
    program: Program,
    planned: PlannedExercise,
    starts: _Starts,
    sessions: Sequence[LoggedSession],
) -> ExerciseTarget:
    """A share of the other day's load: the one last logged on that day, else its suggestion.

    The logged load comes first because the lighter day follows the heavier one it is based on
    (a recovery day is a share of the volume day just done, not of the next one).
    """
    percent = planned.rule.percent or 0.0
    other_day, other = _day_and_exercise(program, planned.rule.of_day or "", planned.exercise_id)
    logged = [
        top
        for session in sessions
        if session.program_day == other_day.key
        if (entry := session.entry_for(planned.exercise_id)) is not None
        if (top := entry.top_load_kg()) is not None
    ]
    if logged:
        base, source = logged[-1], f"your last logged {format_kg(logged[-1])} kg on the {other_day.key} day"
    else:
        suggested = exercise_target(
            program, other_day, other, starts.kg, sessions, starting_loads_logged=starts.logged
        ).load_kg
        if suggested is None:
            how = (
                f"No number yet: this is {format_kg(percent)}% of the {other_day.key} day's load, "
                "which needs a logged session or a starting load."
            )
            return _target(planned, None, "none", how)
        base, source = suggested, f"the {format_kg(suggested)} kg suggested for the {other_day.key} day"
    load = base * percent / 100
    how = _rounded(f"{format_kg(percent)}% of {source}.", load)
    return _target(planned, round_load(load), "other_day", how)


def _day_and_exercise(program: Program, key: str, exercise_id: str) -> tuple[ProgramDay, PlannedExercise]:
    """The other day and its planned exercise; the loader has checked that both exist."""
    day = find_day(program, key)
    planned = None if day is None else next((p for p in day.exercises if p.exercise_id == exercise_id), None)
    if day is None or planned is None:
        raise ValueError(f"{program.program_id}: day {key!r} has no {exercise_id}")
    return day, planned


def _effort_target(planned: PlannedExercise, sessions: Sequence[LoggedSession]) -> ExerciseTarget:
    rpe = planned.rule.rpe or 10.0
    last = next(
        (
            top
            for session in reversed(sessions)
            if (entry := session.entry_for(planned.exercise_id)) is not None
            if (top := entry.top_load_kg()) is not None
        ),
        None,
    )
    how = (
        f"Choose a load that feels like RPE {format_kg(rpe)} (about {format_kg(10 - rpe)} reps left in "
        f"reserve) for {planned.reps_text}."
    )
    if last is not None:
        how += f" Your last logged heaviest set was {format_kg(last)} kg."
    return _target(planned, None, "effort", how, last_logged_kg=last)


def _bodyweight_target(planned: PlannedExercise) -> ExerciseTarget:
    if planned.reps_top is not None:
        how = (
            f"Bodyweight, {planned.reps_text}: once every set reaches {planned.reps_top}, "
            "move to a harder version."
        )
    else:
        how = f"Bodyweight, {planned.reps_text}: once every set is as written, add reps or a harder version."
    return _target(planned, None, "bodyweight", how)


def _rounded(how: str, unrounded_kg: float) -> str:
    """Say so when rounding moved the number, so the sentence and the field agree."""
    if abs(round_load(unrounded_kg) - unrounded_kg) < _SAME_LOAD_KG:
        return how
    return f"{how} Rounded to {format_kg(round_load(unrounded_kg))} kg (nearest 2.5 kg)."


def _name(exercise_id: str) -> str:
    return catalog_by_id()[exercise_id].name
