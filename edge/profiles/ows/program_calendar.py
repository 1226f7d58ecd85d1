"""A started program's days on the user's Training calendar: one set of records (decision 0050).

Starting a program creates one Training plan named after it, through the same EditTraining write
Metric's assistants use, so the days show in Metric's calendar and any other profile that reads
Training. The plan covers one cycle of the program (4 to 12 weeks) from the start day, one phase
per week; each week places the program's days in rotation on the user's training days (their
profile's, else an even spread for the program's days a week), each day a workout with the day's
exercises and the sets and reps it prescribes. Loads are left out: they are suggestions that
depend on what is logged (get_program_targets). The idempotency key is derived from the account,
program, version and start day, so a retried start never places the days twice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from typing import Any

import grpc

from edge.problems import EdgeProblem
from edge.profiles.ows.context import LogContext
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from knowledge.training.programs.model import PlannedExercise, Program, ProgramDay

# The calendar shows one cycle, but never less than four weeks (a one-week rotation would end at once).
MIN_WEEKS, MAX_WEEKS = 4, 12
DEVICE_ID = "workout-log"
WEEKDAY_KEYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
# An even spread of n training days over a week (Monday = 0).
SPREAD: dict[int, tuple[int, ...]] = {
    1: (0,),
    2: (0, 3),
    3: (0, 2, 4),
    4: (0, 1, 3, 4),
    5: (0, 1, 2, 3, 4),
    6: (0, 1, 2, 3, 4, 5),
    7: (0, 1, 2, 3, 4, 5, 6),
}


def training_weekdays(program: Program, chosen: Sequence[str]) -> tuple[int, ...]:
    """The weekdays (Monday = 0) the program's days fall on: the user's when they chose enough."""
    picked = sorted({WEEKDAY_KEYS.index(d) for d in chosen if d in WEEKDAY_KEYS})
    if len(picked) >= program.days_per_week:
        return tuple(picked[: program.days_per_week])
    return SPREAD[max(1, min(7, program.days_per_week))]


def weekly_rotation(
    program: Program, start: date, weekdays: tuple[int, ...], weeks: int
) -> list[list[tuple[ProgramDay, date]]]:
    """For each week from ``start``, the program days in rotation with the dates they fall on."""
    placed: list[list[tuple[ProgramDay, date]]] = []
    turn = 0
    for week in range(weeks):
        week_start = start + timedelta(days=7 * week)
        this_week: list[tuple[ProgramDay, date]] = []
        for offset in range(7):
            day = week_start + timedelta(days=offset)
            if day.weekday() in weekdays and program.days:
                this_week.append((program.days[turn % len(program.days)], day))
                turn += 1
        placed.append(this_week)
    return placed


def _iso_weekday(day: date) -> int:
    # Training numbers weekdays 1 = Sunday through 7 = Saturday.
    return day.isoweekday() % 7 + 1


def _movement(planned: PlannedExercise) -> training_pb2.MovementInput:
    """A day's exercise as a Training movement: its sets and the reps written for them.

    Training's "sets" tracking needs a rep target: sets "as many as possible" take the fewest reps
    written for the exercise (else its range's top, else 1) and say AMRAP in the notes.
    """
    stated = [reps for reps in planned.reps if reps is not None]
    target = min(stated) if stated else planned.reps_top or 1
    amrap = len(stated) < len(planned.reps) or planned.last_set_amrap
    movement = training_pb2.MovementInput(
        exercise_id=planned.exercise_id, tracking_mode="sets", target_sets=planned.sets, target_reps=target
    )
    if amrap:
        movement.notes = "Last set or sets: as many reps as possible (AMRAP)."
    return movement


def _workout(program: Program, day: ProgramDay, dates: list[date]) -> training_pb2.WorkoutInput:
    movements = [_movement(planned) for planned in day.exercises]
    return training_pb2.WorkoutInput(
        name=f"{program.name}: {day.name}"[:120],
        kind="custom",
        notes=f"Day {day.key} of {program.name} (version {program.version}). {program.credit}"[:4000],
        schedule=training_pb2.ScheduleInput(
            type="weekdays", weekdays=sorted({_iso_weekday(d) for d in dates})
        ),
        exercises=training_pb2.MovementList(items=movements),
    )


def plan_input(program: Program, start: date, chosen_days: Sequence[str]) -> training_pb2.PlanInput:
    """The Training plan that puts one cycle of ``program`` on the calendar from ``start``."""
    weeks = max(MIN_WEEKS, min(MAX_WEEKS, program.weeks))
    phases: list[training_pb2.PhaseInput] = []
    for number, week in enumerate(
        weekly_rotation(program, start, training_weekdays(program, chosen_days), weeks)
    ):
        by_day: dict[str, tuple[ProgramDay, list[date]]] = {}
        for day, when in week:
            by_day.setdefault(day.key, (day, []))[1].append(when)
        week_start = start + timedelta(days=7 * number)
        phases.append(
            training_pb2.PhaseInput(
                name=f"Week {number + 1}",
                start_day=week_start.isoformat(),
                end_day_exclusive=(week_start + timedelta(days=7)).isoformat(),
                workouts=[_workout(program, day, dates) for day, dates in by_day.values()],
            )
        )
    return training_pb2.PlanInput(
        name=program.name[:120],
        notes=f"{program.summary}\n\n{program.credit}\n{program.disclaimer}"[:4000],
        phases=phases,
    )


class ProgramCalendar:
    """Places a started program on the Training calendar."""

    def __init__(self, training: Callable[[], training_pb2_grpc.TrainingServiceStub]) -> None:
        self._training = training

    async def check_routines(self, context: LogContext, routine_ids: Sequence[str]) -> None:
        """Refuse routine IDs that are not workouts in the user's Training library, naming them."""
        try:
            await self._training().ListWorkouts(
                training_pb2.ListWorkoutsRequest(
                    account_id=context.account_id, workout_ids=list(routine_ids), page_size=len(routine_ids)
                )
            )
        except grpc.aio.AioRpcError as error:
            if error.code() not in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT):
                raise
            raise EdgeProblem(
                "invalid_input",
                "routine_ids: each must be one of the user's own workouts in Training (their IDs); "
                + (error.details() or ""),
                400,
                {"field": "routine_ids"},
            ) from None

    async def place(self, program: Program, context: LogContext, start: date) -> dict[str, Any] | None:
        """Create the program's plan; None for a listing-only entry (no days to place)."""
        if not program.days:
            return None
        library = await self._training().GetLibrary(
            training_pb2.GetLibraryRequest(account_id=context.account_id)
        )
        fingerprint = f"{context.account_id}|{program.program_id}|{program.version}|{start.isoformat()}"
        key = "program-" + hashlib.sha256(fingerprint.encode()).hexdigest()[:40]
        reply = await self._training().EditTraining(
            training_pb2.EditTrainingRequest(
                account_id=context.account_id,
                device_id=DEVICE_ID,
                epoch=library.library.epoch,
                time_zone=context.time_zone,
                idempotency_key=key,
                edit_input=training_pb2.EditInput(
                    create_plan=training_pb2.CreatePlanAction(
                        plan=plan_input(program, start, list(context.profile.training_days))
                    )
                ),
            )
        )
        plan = reply.plans[0] if reply.plans else None
        return {
            "plan_id": plan.id if plan else "",
            "plan_name": program.name,
            "workouts": len(reply.workouts),
        }
