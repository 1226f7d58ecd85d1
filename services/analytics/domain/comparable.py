"""Comparable sessions of one Training workout: duration, distance, pace and CrossFit rounds.

The rules (docs/decisions/0024-insights-from-training.md), in short:
- A workout's comparable sessions are its completed sessions in the window, oldest first.
- Duration is the session's end minus its start.
- Distance and pace come from the completed, measured (not estimated) working sets that have both a
  distance and a time: distance = the sum of their meters, pace = the sum of their seconds per
  kilometer of that distance. Sets with only one of the two would skew the pace, so neither counts.
- Completed rounds of a CrossFit block = the fewest completed working sets among the block's
  exercises in the session (a round is done once every movement of it is); an exercise of the block
  not logged at all makes it 0.
- Each figure's change is this session's minus the previous comparable session's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from services.analytics.domain.lifting import SetFact
from services.analytics.domain.training_facts import WorkoutFact

MIN_COMPARABLE_SESSIONS = 2
MAX_COMPARABLE_WORKOUTS = 20


@dataclass(frozen=True)
class LoggedSet:
    """One stored set of a session and the exercise it was logged under."""

    exercise_id: str
    fact: SetFact


@dataclass(frozen=True)
class BlockRounds:
    """The rounds one CrossFit block got in one session."""

    block_id: str
    format: str
    completed_rounds: int
    rounds_change: int | None = None


@dataclass(frozen=True)
class SessionFigures:
    """One comparable session's figures and their change against the previous one."""

    session_id: str
    started_at: datetime
    duration_seconds: float | None
    distance_meters: float | None
    pace_seconds_per_km: float | None
    rounds: tuple[BlockRounds, ...] = ()
    duration_change_seconds: float | None = None
    distance_change_meters: float | None = None
    pace_change_seconds_per_km: float | None = None


@dataclass(frozen=True)
class ComparableWorkout:
    """A workout's comparable sessions, oldest first."""

    workout: WorkoutFact
    sessions: list[SessionFigures] = field(default_factory=list)


def counts_for_pace(entry: SetFact) -> bool:
    """A completed, measured working set with both a distance and a time."""
    return (
        entry.completed
        and entry.set_type != "W"
        and not entry.estimated
        and (entry.distance_meters or 0) > 0
        and (entry.time_seconds or 0) > 0
    )


def distance_and_pace(sets: Sequence[LoggedSet]) -> tuple[float | None, float | None]:
    """Meters and seconds per kilometer over the sets that count for pace; (None, None) when none."""
    counted = [s.fact for s in sets if counts_for_pace(s.fact)]
    if not counted:
        return None, None
    meters = sum(s.distance_meters or 0.0 for s in counted)
    seconds = sum(s.time_seconds or 0.0 for s in counted)
    return meters, seconds / (meters / 1000)


ExerciseMatch = Callable[[str, str], bool]  # (logged exercise ID, movement exercise ID)


def block_rounds(
    workout: WorkoutFact, sets: Sequence[LoggedSet], matches: ExerciseMatch
) -> list[BlockRounds]:
    """Completed rounds per CrossFit block of ``workout``, in workout order."""
    done = [s for s in sets if s.fact.completed and s.fact.set_type != "W"]
    out: list[BlockRounds] = []
    for block in sorted(workout.blocks, key=lambda b: b.position):
        exercises = {m.exercise_id for m in workout.movements if m.block_id == block.block_id}
        if not exercises:
            continue
        per_exercise = [sum(1 for s in done if matches(s.exercise_id, exercise)) for exercise in exercises]
        out.append(BlockRounds(block.block_id, block.format, min(per_exercise)))
    return out


def _change(now: float | None, before: float | None) -> float | None:
    return None if now is None or before is None else now - before


def with_changes(sessions: list[SessionFigures]) -> list[SessionFigures]:
    """``sessions`` (oldest first) with each figure's change against the previous session."""
    out: list[SessionFigures] = []
    for index, current in enumerate(sessions):
        if index == 0:
            out.append(current)
            continue
        previous = sessions[index - 1]
        before = {r.block_id: r.completed_rounds for r in previous.rounds}
        rounds = tuple(
            BlockRounds(
                r.block_id,
                r.format,
                r.completed_rounds,
                r.completed_rounds - before[r.block_id] if r.block_id in before else None,
            )
            for r in current.rounds
        )
        out.append(
            SessionFigures(
                current.session_id,
                current.started_at,
                current.duration_seconds,
                current.distance_meters,
                current.pace_seconds_per_km,
                rounds,
                _change(current.duration_seconds, previous.duration_seconds),
                _change(current.distance_meters, previous.distance_meters),
                _change(current.pace_seconds_per_km, previous.pace_seconds_per_km),
            )
        )
    return out


def session_figures(
    workout: WorkoutFact,
    session_id: str,
    started_at: datetime,
    ended_at: datetime | None,
    sets: Sequence[LoggedSet],
    matches: ExerciseMatch,
) -> SessionFigures:
    """One session's duration, distance, pace and block rounds (no changes yet)."""
    distance, pace = distance_and_pace(sets)
    duration = (ended_at - started_at).total_seconds() if ended_at is not None else None
    return SessionFigures(
        session_id, started_at, duration, distance, pace, tuple(block_rounds(workout, sets, matches))
    )
