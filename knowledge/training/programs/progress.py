"""How a run of a program is going: the next day, recent sessions, and lift progress.

A session is ``as_written``, ``changed`` (other exercises, loads or more sets) or ``partly_done``
(fewer sets or reps). There is no "missed", "late" or "failed": a partly done session is still
training, days can be done in any order, and the calendar never makes a day overdue.
Numbers live in fields of their own (``sets_written``, ``sets_done``, ``sessions_linked``, the
``lifts``); the ``detail`` and ``next_day_reason`` sentences carry none, so a calm view keeps the
words and drops the fields. Rules: docs/decisions/0046-programs-library.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final, Literal

from knowledge.training.catalog import catalog_by_id
from knowledge.training.programs.library import day_keys, find_day
from knowledge.training.programs.model import (
    LoggedSession,
    PlannedExercise,
    Program,
    ProgramDay,
    chronological,
)
from knowledge.training.programs.targets import exercise_target

RECENT_SESSIONS: Final = 10
# A logged load this far from the suggestion (half the rounding step) is another load, not rounding.
_OTHER_LOAD_KG: Final = 1.25

SessionStatus = Literal["as_written", "changed", "partly_done"]


@dataclass(frozen=True)
class SessionReview:
    """One linked session compared with the day it was."""

    workout_id: str
    day: date
    program_day: str | None
    compared_with: str  # the day key it was compared with (its own, or the closest when unlinked)
    status: SessionStatus
    detail: str  # words only, no numbers
    sets_written: int
    sets_done: int  # written sets that reached their reps (extra sets not counted)
    other_exercises: tuple[str, ...]  # logged but not on the day, catalog IDs
    left_out: tuple[str, ...]  # on the day but not logged


@dataclass(frozen=True)
class LiftProgress:
    """First and latest heaviest working load of one main lift during the run."""

    exercise_id: str
    exercise_name: str
    first_day: date
    first_load_kg: float
    latest_day: date
    latest_load_kg: float
    change_kg: float


@dataclass(frozen=True)
class ProgramProgress:
    """The state of one run of a program as of ``today``."""

    program_id: str
    version: int
    started_on: date
    next_day: str
    next_day_name: str
    next_day_reason: str  # words only, no numbers
    done_this_round: tuple[str, ...]  # day keys done since the current round began, in rotation order
    left_this_round: tuple[str, ...]  # day keys not yet done this round, in rotation order
    sessions_linked: int
    recent: tuple[SessionReview, ...]  # newest first, at most RECENT_SESSIONS
    lifts: tuple[LiftProgress, ...]  # in the program's main-lift order


def program_progress(
    program: Program, *, started_on: date, linked: Sequence[LoggedSession], today: date
) -> ProgramProgress:
    """Progress of a run that began on ``started_on``, from the sessions linked to it.

    Sessions before ``started_on`` or after ``today`` are not part of the run and are ignored.
    """
    run = [session for session in chronological(list(linked)) if started_on <= session.day <= today]
    next_key, reason, done = _next_day(program, run)
    keys = day_keys(program)
    # Only the sessions shown are reviewed: each review replays the sessions before it.
    shown = range(len(run) - 1, max(len(run) - RECENT_SESSIONS, 0) - 1, -1)
    recent = tuple(review_session(program, run[index], run[:index]) for index in shown)
    return ProgramProgress(
        program_id=program.program_id,
        version=program.version,
        started_on=started_on,
        next_day=next_key,
        next_day_name=_day(program, next_key).name if next_key else "",
        next_day_reason=reason,
        done_this_round=tuple(key for key in keys if key in done),
        left_this_round=tuple(key for key in keys if key not in done),
        sessions_linked=len(run),
        recent=recent,
        lifts=_lift_progress(program, run),
    )


LISTING_ONLY_NEXT = (
    "This entry has no written days: the next session is whichever of the user's own routines "
    "they choose; any order is fine."
)


def _next_day(program: Program, run: Sequence[LoggedSession]) -> tuple[str, str, set[str]]:
    """The next day in rotation after the last linked one, skipping days done this round.

    A round is one pass over all days in any order: it ends when every day has a session, and a
    day done twice before the round ends starts a new round with that day.
    """
    keys = day_keys(program)
    if not keys:
        return "", LISTING_ONLY_NEXT, set()
    done: set[str] = set()
    last: str | None = None
    for session in run:
        key = session.program_day
        if key not in keys:
            continue
        if key in done:
            done = set()
        done.add(key)
        last = key
        if done == set(keys):
            done = set()
    if last is None:
        return keys[0], "The program's first day: nothing is linked to this run yet.", done
    start = keys.index(last) + 1
    for offset in range(len(keys)):
        key = keys[(start + offset) % len(keys)]
        if key not in done:
            reason = f"Next in the program's order after {_day(program, last).name}"
            if done:
                reason += ", among the days of this round not done yet"
            return key, reason + "; days can be done in any order.", done
    raise AssertionError("a round with every day done is reset above")


def review_session(
    program: Program, session: LoggedSession, earlier: Sequence[LoggedSession]
) -> SessionReview:
    """Compare a session with its day (or the closest day when unlinked); ``earlier`` oldest first.

    Other exercises make it ``changed``; else fewer sets or reps than written make it
    ``partly_done``; else more sets, or loads other than the suggestion the earlier sessions give,
    make it ``changed``; else it is ``as_written``.
    """
    if program.listing_only:
        # Nothing is written to compare with: the session followed one of the person's own routines.
        return SessionReview(
            workout_id=session.workout_id,
            day=session.day,
            program_day=session.program_day,
            compared_with="",
            status="as_written",
            detail="Done with one of your own routines; this entry has no written days to compare with.",
            sets_written=0,
            sets_done=0,
            other_exercises=(),
            left_out=(),
        )
    day = find_day(program, session.program_day or "") or _closest_day(program, session)
    written = {planned.exercise_id for planned in day.exercises}
    logged = session.exercise_ids()
    other = tuple(sorted(logged - written))
    left_out = tuple(planned.exercise_id for planned in day.exercises if planned.exercise_id not in logged)
    sets_written = sum(planned.sets for planned in day.exercises)
    sets_done = sum(_sets_done(planned, session) for planned in day.exercises)
    extra = [
        planned.exercise_id for planned in day.exercises if _working_count(planned, session) > planned.sets
    ]
    other_loads = [
        planned.exercise_id
        for planned in day.exercises
        if _other_load(program, day, planned, session, earlier)
    ]
    prefix = "" if day.key == session.program_day else f"Not linked to a day; compared with {day.name}. "
    status: SessionStatus
    if other:
        status, detail = "changed", f"Changed: other exercises ({_names(other)})."
    elif sets_done < sets_written:
        status, detail = "partly_done", "Partly done: fewer sets or reps than written"
        detail += f"; not logged: {_names(left_out)}." if left_out else "."
    elif extra or other_loads:
        parts = [f"more sets than written ({_names(extra)})"] if extra else []
        parts += [f"other loads than suggested ({_names(other_loads)})"] if other_loads else []
        status, detail = "changed", "Changed: " + "; ".join(parts) + "."
    else:
        status, detail = "as_written", "Done as written."
    return SessionReview(
        workout_id=session.workout_id,
        day=session.day,
        program_day=session.program_day,
        compared_with=day.key,
        status=status,
        detail=prefix + detail,
        sets_written=sets_written,
        sets_done=sets_done,
        other_exercises=other,
        left_out=left_out,
    )


def _closest_day(program: Program, session: LoggedSession) -> ProgramDay:
    """The day sharing most exercises with the session; the earliest in rotation on a tie."""
    logged = session.exercise_ids()
    return max(
        program.days,
        key=lambda day: (len(logged & {p.exercise_id for p in day.exercises}), -program.days.index(day)),
    )


def _sets_done(planned: PlannedExercise, session: LoggedSession) -> int:
    """Written sets, in logged order, that reached at least the set's least reps."""
    entry = session.entry_for(planned.exercise_id)
    if entry is None:
        return 0
    working = entry.working_sets()[: planned.sets]
    return sum(
        1
        for index, logged in enumerate(working)
        if logged.reps is not None and logged.reps >= (planned.reps[index] or 1)
    )


def _working_count(planned: PlannedExercise, session: LoggedSession) -> int:
    entry = session.entry_for(planned.exercise_id)
    return 0 if entry is None else len(entry.working_sets())


def _other_load(
    program: Program,
    day: ProgramDay,
    planned: PlannedExercise,
    session: LoggedSession,
    earlier: Sequence[LoggedSession],
) -> bool:
    """Whether the session's heaviest load differs from what the earlier sessions suggested.

    Only rules that suggest from the log can be checked: a training max or a starting load is the
    person's own number, which the run's sessions do not carry.
    """
    if planned.rule.kind not in ("increment", "percent_of_day"):
        return False
    entry = session.entry_for(planned.exercise_id)
    top = None if entry is None else entry.working_load_kg(planned.sets)
    suggested = exercise_target(program, day, planned, {}, earlier).load_kg
    return top is not None and suggested is not None and abs(top - suggested) >= _OTHER_LOAD_KG


def _lift_progress(program: Program, run: Sequence[LoggedSession]) -> tuple[LiftProgress, ...]:
    lifts: list[LiftProgress] = []
    for exercise_id in program.main_lifts:
        loads = [
            (session.day, top)
            for session in run
            if (entry := session.entry_for(exercise_id)) is not None
            if (top := entry.top_load_kg()) is not None
        ]
        if not loads:
            continue
        (first_day, first), (latest_day, latest) = loads[0], loads[-1]
        lifts.append(
            LiftProgress(
                exercise_id,
                catalog_by_id()[exercise_id].name,
                first_day,
                first,
                latest_day,
                latest,
                round(latest - first, 2),
            )
        )
    return tuple(lifts)


def _day(program: Program, key: str) -> ProgramDay:
    day = find_day(program, key)
    if day is None:
        raise KeyError(key)
    return day


def _names(exercise_ids: Sequence[str]) -> str:
    """Catalog names; a person's own exercise (not in the catalog) shows as its ID."""
    catalog = catalog_by_id()
    return ", ".join(
        catalog[exercise_id].name if exercise_id in catalog else exercise_id for exercise_id in exercise_ids
    )
