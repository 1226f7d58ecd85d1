"""Reading and checking a new plan from a typed edit input: its phases, their days and workouts.

Seed 000: plans contain 1-20 named phases over local days [startDay, endDayExclusive) that do not
overlap; each phase has new workouts, copies of existing ones (existingWorkoutIDs), or both. Every
problem is collected with its path (docs/decisions/0012-training-edit-input.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from knowledge.training.formats import MAX_RECORDS_PER_WRITE
from knowledge.training.rules import MAX_PHASES
from services.training.domain.edit_input import PhaseInput, PlanInput
from services.training.domain.input_values import (
    NewID,
    Violations,
    check_count,
    read_day,
    read_notes,
    read_required_name,
    read_uuid,
    required,
)
from services.training.domain.workout_rules import KnownExercises, WorkoutDraft, parse_workout

READ_IDS = "; use the ID from a Training read"


@dataclass(frozen=True)
class PhaseDraft:
    """A phase of a new plan: new workouts and copies of existing ones over [start, end)."""

    name: str
    start_day: date
    end_day_exclusive: date
    workouts: tuple[WorkoutDraft, ...] = ()
    existing_workout_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlanDraft:
    """A new plan as sent."""

    name: str
    notes: str
    phases: tuple[PhaseDraft, ...]


@dataclass(frozen=True)
class _Span:
    """A phase's days [start, end)."""

    start: date
    end: date


def parse_plan(
    problems: Violations, plan: PlanInput, known: KnownExercises, new_id: NewID
) -> PlanDraft | None:
    """The plan of a ``createPlan``, or None when ``problems`` gained a problem."""
    before = len(problems)
    name = read_required_name(problems, "input.plan", plan.name is not None, plan.name or "")
    notes = read_notes(problems, "input.plan.notes", plan.notes) if plan.notes is not None else ""
    parsed: list[tuple[PhaseDraft | None, _Span | None]] = []
    if check_count(problems, "input.plan.phases", plan.phases, 1, MAX_PHASES, "phases"):
        parsed = [
            _parse_phase(problems, f"input.plan.phases[{i}]", phase, known, new_id)
            for i, phase in enumerate(plan.phases)
        ]
    _check_overlaps(problems, [span for _, span in parsed])
    phases = [phase for phase, _ in parsed]
    if len(problems) > before or name is None or notes is None:
        return None
    return PlanDraft(name, notes, tuple(p for p in phases if p is not None))


def _parse_phase(
    problems: Violations, path: str, phase: PhaseInput, known: KnownExercises, new_id: NewID
) -> tuple[PhaseDraft | None, _Span | None]:
    """The phase, and its days even when the rest is wrong (so overlaps are reported too)."""
    before = len(problems)
    name = read_required_name(problems, path, phase.name is not None, phase.name or "")
    sent_start = required(problems, path, phase.start_day, "startDay")
    start = None if sent_start is None else read_day(problems, f"{path}.startDay", sent_start)
    hint = " (the day after the phase's last day)"
    sent_end = required(problems, path, phase.end_day_exclusive, "endDayExclusive", hint)
    end = None if sent_end is None else read_day(problems, f"{path}.endDayExclusive", sent_end)
    span = None
    if start is not None and end is not None:
        if end > start:
            span = _Span(start, end)
        else:
            problems.add(
                f"{path}.endDayExclusive",
                f"must be after startDay ({start.isoformat()}); the end day is exclusive (the day after "
                "the last)",
            )
    workouts: list[WorkoutDraft | None] = []
    if check_count(problems, f"{path}.workouts", phase.workouts, 0, MAX_RECORDS_PER_WRITE, "workouts"):
        workouts = [
            parse_workout(problems, f"{path}.workouts[{i}]", workout, known, new_id)
            for i, workout in enumerate(phase.workouts)
        ]
    copies: list[str | None] = []
    where = f"{path}.existingWorkoutIDs"
    if check_count(problems, where, phase.existing_workout_ids, 0, MAX_RECORDS_PER_WRITE, "workout IDs"):
        copies = [
            read_uuid(problems, f"{where}[{i}]", raw, READ_IDS)
            for i, raw in enumerate(phase.existing_workout_ids)
        ]
        for i, workout_id in enumerate(copies):
            if workout_id is not None and workout_id in copies[:i]:
                problems.add(f"{where}[{i}]", "is listed twice in this phase; list each workout once")
    if not phase.workouts and not phase.existing_workout_ids:
        problems.add(path, "needs at least one workout: send workouts, existingWorkoutIDs, or both")
    if len(problems) > before or name is None or span is None:
        return None, span
    draft = PhaseDraft(
        name,
        span.start,
        span.end,
        tuple(w for w in workouts if w is not None),
        tuple(i for i in copies if i is not None),
    )
    return draft, span


def _check_overlaps(problems: Violations, spans: list[_Span | None]) -> None:
    for j, later in enumerate(spans):
        for i, earlier in enumerate(spans[:j]):
            if earlier is None or later is None:
                continue
            if later.start < earlier.end and earlier.start < later.end:
                problems.add(
                    f"input.plan.phases[{j}].startDay",
                    f"phases[{j}] overlaps phases[{i}] ({earlier.start.isoformat()} to "
                    f"{earlier.end.isoformat()}, end exclusive); phases must not overlap",
                )
