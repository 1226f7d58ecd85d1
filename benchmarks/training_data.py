"""Builds the Training libraries the benchmark reads and writes, through the training use cases.

A *big* library: 200 workouts and five years of plans. Behind the measured calendar window lie
21 plans of three four-week phases (three workouts each, a history in which most occurrences were
completed and some were moved or replaced first), two standalone workouts whose schedule changed
every half year, and three unscheduled templates. The current plan has one long phase that covers
the window. A *fresh* library: eight recurring workouts and nothing else.

Inside the window both hold the same thing: eight workouts, one session a week each on the same
weekdays, so any difference in cost comes from the history around the window
(docs/decisions/0019-training-benchmark.md). Loading goes straight through the use cases
(``TrainingEditor``, ``OccurrenceStatuses``) on the training database, not through the edge: the
same validation and storage code without the protocol cost, so five years load in seconds.
"""

from __future__ import annotations

import random
import time as clock
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Engine

from kinetic.training.v1 import training_pb2
from kinetic.training_edit_json import edit_input_from_json
from services.training.domain.calendar import CALENDAR_MAX_DAYS, local_today, week_start
from services.training.entrypoints.edit_input_pb import edit_command
from services.training.entrypoints.library_pb import LIBRARY_FORMS, edit_response
from services.training.service_layer.library_edits import TrainingEditor
from services.training.service_layer.occurrence_status import OccurrenceStatuses
from services.training.service_layer.training_library import TrainingLibrary

LOADER_DEVICE = "bench-loader"
MONDAY = 2  # Sunday = 1 in the contract

# Catalog exercises (tracking mode "sets") the generated workouts draw from.
EXERCISES = (
    "barbell-back-squat",
    "front-squat",
    "barbell-deadlift",
    "romanian-deadlift",
    "sumo-deadlift",
    "pause-back-squat",
    "box-squat",
    "deficit-deadlift",
)
KINDS = ("legs", "push", "pull", "fullBody", "upperBody", "glutes")

# Past plan phases: two sessions a week on different days, or every third day.
PAST_PHASE_SCHEDULES: tuple[dict[str, Any], ...] = (
    {"type": "weekdays", "weekdays": [2, 5]},
    {"type": "weekdays", "weekdays": [3, 6]},
    {"type": "everyNDays", "intervalDays": 3},
)
# The weekday of each workout in the window, in both accounts: the current phase's workouts take
# the first ones, the standalone workouts' latest schedules the rest.
WINDOW_WEEKDAYS = (2, 3, 4, 5, 6, 7, 1, 4)


@dataclass(frozen=True)
class LibraryShape:
    """How big a generated library is; the defaults are the issue's 200 workouts and five years."""

    past_plans: int = 21
    phases_per_plan: int = 3
    phase_days: int = 28
    workouts_per_phase: int = 3
    current_workouts: int = 6
    standalone_workouts: int = 2
    templates: int = 3
    schedule_change_days: int = 182
    completed_share: float = 0.85
    moved_share: float = 0.08
    replaced_share: float = 0.02
    pending_moves: int = 4

    @property
    def workouts(self) -> int:
        """Workouts in the library."""
        past = self.past_plans * self.phases_per_plan * self.workouts_per_phase
        return past + self.current_workouts + self.standalone_workouts + self.templates

    @property
    def window_workouts(self) -> int:
        """Workouts with sessions in the measured window."""
        return self.current_workouts + self.standalone_workouts


# The big account; the fresh one has as many workouts as the big one's window.
BIG = LibraryShape()
FRESH_WORKOUTS = BIG.window_workouts


@dataclass
class LoadReport:
    """What a load produced, for the benchmark's table."""

    account_id: str
    workouts: int = 0
    plans: int = 0
    phases: int = 0
    completed: int = 0
    moved: int = 0
    replaced: int = 0
    writes: int = 0
    seconds: float = 0.0
    first_day: date | None = None
    versions: dict[str, str] = field(default_factory=dict)


def calendar_window(today: date) -> tuple[date, date]:
    """The window every calendar call reads: 93 days from the start of this week (Monday)."""
    start = week_start(today, MONDAY)
    return start, start + timedelta(days=CALENDAR_MAX_DAYS)


class LibraryLoader:
    """Writes generated libraries through the training use cases, as the loader device."""

    def __init__(self, engine: Engine, zone: str, now: datetime | None = None) -> None:
        self.zone = zone
        self.today = local_today(ZoneInfo(zone), now or datetime.now(UTC))
        self.window = calendar_window(self.today)
        self._editor = TrainingEditor(engine, LIBRARY_FORMS)
        self._statuses = OccurrenceStatuses(engine, LIBRARY_FORMS)
        self._library = TrainingLibrary(engine)

    # --- the two accounts ----------------------------------------------------------------------

    def load_fresh(self, account_id: str, workouts: int = FRESH_WORKOUTS) -> LoadReport:
        """A handful of recurring workouts, one session a week each, and no history."""
        report = LoadReport(account_id)
        started = clock.perf_counter()
        for index in range(workouts):
            weekday = WINDOW_WEEKDAYS[index % len(WINDOW_WEEKDAYS)]
            schedule = {"type": "weekdays", "weekdays": [weekday]}
            self._create_workout(report, f"Fresh {index + 1}", index, schedule)
        report.seconds = clock.perf_counter() - started
        return report

    def load_big(self, account_id: str, shape: LibraryShape = BIG, seed: int = 4) -> LoadReport:
        """Five years of plans ending in a current phase around the window, and their history."""
        report = LoadReport(account_id)
        started = clock.perf_counter()
        rng = random.Random(seed)
        # The current phase starts three weeks before the window and ends four weeks after it.
        current_start = self.window[0] - timedelta(days=21)
        current_end = self.window[1] + timedelta(days=28)
        plan_days = shape.phases_per_plan * shape.phase_days
        first_day = current_start - timedelta(days=shape.past_plans * plan_days)
        report.first_day = first_day
        templates = [
            self._create_workout(report, f"Template {i + 1}", i, None) for i in range(shape.templates)
        ]
        for index in range(shape.standalone_workouts):
            weekday = WINDOW_WEEKDAYS[(shape.current_workouts + index) % len(WINDOW_WEEKDAYS)]
            self._standalone(report, shape, index, first_day, current_start, weekday)
        for plan_index in range(shape.past_plans):
            plan_start = first_day + timedelta(days=plan_index * plan_days)
            phases = [
                self._phase(
                    f"Block {p + 1}",
                    plan_start + timedelta(days=p * shape.phase_days),
                    plan_start + timedelta(days=(p + 1) * shape.phase_days),
                    [
                        PAST_PHASE_SCHEDULES[s % len(PAST_PHASE_SCHEDULES)]
                        for s in range(shape.workouts_per_phase)
                    ],
                    plan_index + p,
                )
                for p in range(shape.phases_per_plan)
            ]
            self._create_plan(report, f"Cycle {plan_index + 1}", phases)
        current = [
            {"type": "weekdays", "weekdays": [WINDOW_WEEKDAYS[s % len(WINDOW_WEEKDAYS)]]}
            for s in range(shape.current_workouts)
        ]
        self._create_plan(
            report, "Current cycle", [self._phase("Base", current_start, current_end, current, 0)]
        )
        self._history(report, shape, rng, first_day, templates)
        self._pending_moves(report, shape)
        report.seconds = clock.perf_counter() - started
        return report

    # --- records -------------------------------------------------------------------------------

    def _edit(self, report: LoadReport, action: dict[str, Any], *workout_ids: str) -> Any:
        epoch = self._library.state(report.account_id).epoch
        request = training_pb2.EditTrainingRequest(
            account_id=report.account_id,
            device_id=LOADER_DEVICE,
            epoch=epoch,
            time_zone=self.zone,
            idempotency_key=f"load-{uuid.uuid4().hex}",
            expected_versions={f"workout:{w}": report.versions[w] for w in workout_ids},
            edit_input=edit_input_from_json(action),
        )
        response = edit_response(self._editor.edit(edit_command(request)))
        report.writes += 1
        for workout in response.workouts:
            report.versions[workout.id] = workout.version
        return response

    def _create_workout(
        self, report: LoadReport, name: str, index: int, schedule: dict[str, Any] | None
    ) -> str:
        draft = _workout_draft(name, index, schedule)
        response = self._edit(report, {"action": "createWorkout", "workout": draft})
        report.workouts += 1
        return str(response.workouts[0].id)

    def _standalone(
        self,
        report: LoadReport,
        shape: LibraryShape,
        index: int,
        first_day: date,
        last_change: date,
        weekday: int,
    ) -> str:
        """A workout whose weekday changed every half year, and to ``weekday`` from ``last_change`` on."""
        workout_id = self._create_workout(
            report, f"Standalone {index + 1}", index, {"type": "weekdays", "weekdays": [1 + index % 7]}
        )
        changes: list[tuple[date, int]] = []
        day = first_day + timedelta(days=shape.schedule_change_days)
        while day < last_change:
            changes.append((day, 1 + (index + 3 * (len(changes) + 1)) % 7))
            day += timedelta(days=shape.schedule_change_days)
        for effective, new_weekday in [*changes, (last_change, weekday)]:
            self._edit(
                report,
                {
                    "action": "changeSchedule",
                    "workoutID": workout_id,
                    "effectiveDay": effective.isoformat(),
                    "schedule": {"type": "weekdays", "weekdays": [new_weekday]},
                },
                workout_id,
            )
        return workout_id

    def _phase(
        self, name: str, start: date, end: date, schedules: list[dict[str, Any]], variant: int
    ) -> dict[str, Any]:
        return {
            "name": name,
            "startDay": start.isoformat(),
            "endDayExclusive": end.isoformat(),
            "workouts": [
                _workout_draft(f"{name} {start.isoformat()} {slot + 1}", variant + slot, schedule)
                for slot, schedule in enumerate(schedules)
            ],
        }

    def _create_plan(self, report: LoadReport, name: str, phases: list[dict[str, Any]]) -> None:
        plan = {"name": name, "notes": "generated for the benchmark", "phases": phases}
        response = self._edit(report, {"action": "createPlan", "plan": plan})
        report.plans += 1
        report.phases += len(phases)
        report.workouts += len(response.workouts)

    # --- history -------------------------------------------------------------------------------

    def _windows(self, first_day: date, end: date) -> Iterator[tuple[date, date]]:
        start = first_day
        while start < end:
            stop = min(end, start + timedelta(days=CALENDAR_MAX_DAYS))
            yield start, stop
            start = stop

    def _history(
        self,
        report: LoadReport,
        shape: LibraryShape,
        rng: random.Random,
        first_day: date,
        templates: list[str],
    ) -> None:
        """Every occurrence before today: completed mostly, some moved or replaced first, some missed."""
        seen: set[tuple[str, date]] = set()
        for start, end in self._windows(first_day, self.today):
            window = self._library.calendar(
                report.account_id,
                time_zone=self.zone,
                from_day=start.isoformat(),
                to_day=end.isoformat(),
                week_starts_on=MONDAY,
            )
            for occurrence in window.occurrences:
                identity = (occurrence.workout_id, occurrence.original_day)
                if (
                    identity in seen
                    or occurrence.status != "scheduled"
                    or occurrence.original_day >= self.today
                ):
                    continue
                seen.add(identity)
                self._past_occurrence(report, shape, rng, identity, templates)

    def _past_occurrence(
        self,
        report: LoadReport,
        shape: LibraryShape,
        rng: random.Random,
        identity: tuple[str, date],
        templates: list[str],
    ) -> None:
        workout_id, day = identity
        roll = rng.random()
        done_on = day
        if roll < shape.moved_share and day + timedelta(days=1) < self.today:
            done_on = day + timedelta(days=1)
            self._edit(report, _move(workout_id, day, done_on), workout_id)
            report.moved += 1
        elif roll < shape.moved_share + shape.replaced_share and templates:
            self._edit(
                report,
                {
                    "action": "replaceOccurrence",
                    "workoutID": workout_id,
                    "originalScheduledDay": day.isoformat(),
                    "replacementWorkoutID": templates[int(roll * 1000) % len(templates)],
                },
                workout_id,
            )
            report.replaced += 1
        if rng.random() >= shape.completed_share:
            return  # missed: it stays scheduled in the past
        finished = datetime.combine(done_on, time(18, 30), ZoneInfo(self.zone)).astimezone(UTC)
        self._statuses.set_status(
            report.account_id,
            workout_id=workout_id,
            original_scheduled_day=day.isoformat(),
            status="completed",
            completed_at=finished,
        )
        report.writes += 1
        report.completed += 1

    def _pending_moves(self, report: LoadReport, shape: LibraryShape) -> None:
        """A few sessions later in the window moved a day, as a user rearranging their weeks would.

        Taken from the window's second half, so they never collide with the benchmark's own moves
        (which use each workout's first upcoming session).
        """
        start = self.window[0] + timedelta(days=CALENDAR_MAX_DAYS // 2)
        window = self._library.calendar(
            report.account_id,
            time_zone=self.zone,
            from_day=start.isoformat(),
            to_day=self.window[1].isoformat(),
            week_starts_on=MONDAY,
        )
        for occurrence in window.occurrences[: shape.pending_moves]:
            day = occurrence.original_day
            self._edit(
                report, _move(occurrence.workout_id, day, day + timedelta(days=1)), occurrence.workout_id
            )
            report.moved += 1


@dataclass
class MoveTarget:
    """One occurrence a benchmark caller moves back and forth, with the workout's current version."""

    workout_id: str
    original_day: str
    other_day: str
    version: str
    moved: bool = False


def move_targets(engine: Engine, account_id: str, zone: str, today: date, count: int) -> list[MoveTarget]:
    """``count`` upcoming scheduled occurrences of distinct workouts, so concurrent callers never race.

    Each caller owns one workout: a move changes the workout's version, and two callers moving the
    same workout's occurrences would refuse each other with 409s.
    """
    library = TrainingLibrary(engine)
    start = today + timedelta(days=1)
    window = library.calendar(
        account_id,
        time_zone=zone,
        from_day=start.isoformat(),
        to_day=(start + timedelta(days=CALENDAR_MAX_DAYS)).isoformat(),
        week_starts_on=MONDAY,
    )
    chosen: dict[str, date] = {}
    for occurrence in window.occurrences:
        if occurrence.status == "scheduled" and occurrence.workout_id not in chosen:
            chosen[occurrence.workout_id] = occurrence.original_day
        if len(chosen) == count:
            break
    if len(chosen) < count:
        raise ValueError(
            f"account {account_id} has upcoming occurrences of {len(chosen)} workouts, need {count}"
        )
    page = library.workouts(account_id, workout_ids=list(chosen))
    versions = {w.id: w.version for w in page.workouts}
    return [
        MoveTarget(w, day.isoformat(), (day + timedelta(days=1)).isoformat(), versions[w])
        for w, day in chosen.items()
    ]


def _move(workout_id: str, day: date, destination: date) -> dict[str, Any]:
    return {
        "action": "moveOccurrence",
        "workoutID": workout_id,
        "originalScheduledDay": day.isoformat(),
        "destinationDay": destination.isoformat(),
    }


def _workout_draft(name: str, index: int, schedule: dict[str, Any] | None) -> dict[str, Any]:
    """A four-movement strength workout; ``index`` varies the kind and the movements."""
    exercises = [
        {
            "exerciseID": EXERCISES[(index + offset) % len(EXERCISES)],
            "trackingMode": "sets",
            "targetSets": 3 + offset % 2,
            "targetReps": 5 + 2 * offset,
            "targetWeightKg": 40.0 + 10 * offset,
            "restSeconds": 90,
            "notes": "keep the bar path vertical",
        }
        for offset in range(4)
    ]
    draft: dict[str, Any] = {
        "name": name,
        "kind": KINDS[index % len(KINDS)],
        "notes": "generated for the benchmark",
        "exercises": exercises,
    }
    if schedule is not None:
        draft["schedule"] = schedule
    return draft
