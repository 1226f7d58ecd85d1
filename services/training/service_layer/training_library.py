"""Reading the Training library: its state, workouts, plans, the calendar and history.

Every read reports the library state it saw (epoch and source sequence) so a client can send that
epoch and the record versions back with its next write. See docs/decisions/0011-training-library.md.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError

from kinetic import page_tokens
from kinetic.errors import InvalidArgument, NotFound
from services.training.adapters import exercise_repository
from services.training.adapters import library_repository as repo
from services.training.adapters.library_repository import LibraryState
from services.training.domain import calendar, occurrences, plan_days
from services.training.domain.endurance import EnduranceTarget
from services.training.domain.model import Occurrence, OccurrenceOverride, Plan, Workout

DEFAULT_WORKOUT_PAGE = 50
MAX_WORKOUT_PAGE = 100
MAX_NAME_QUERY = 120

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The wall clock, in UTC."""
    return datetime.now(UTC)


def require_account(account_id: str) -> str:
    """Every library call names its account."""
    if not account_id:
        raise InvalidArgument.for_field("account_id", "is required")
    return account_id


def ensure_library(engine: Engine, account_id: str, now: datetime) -> LibraryState:
    """The account's library state, creating the empty library on first use."""
    with engine.connect() as conn:
        state = repo.read_library(conn, account_id)
    if state is not None:
        return state
    try:
        with engine.begin() as conn:
            repo.create_library(conn, account_id, str(uuid.uuid4()), now)
    except IntegrityError:
        pass  # created by a concurrent first call; read it below
    with engine.connect() as conn:
        created = repo.read_library(conn, account_id)
    assert created is not None
    return created


def exercise_names(conn: Connection, account_id: str, workouts: list[Workout]) -> dict[str, str]:
    """Display names of every exercise the workouts use."""
    ids = {m.exercise_id for w in workouts for m in w.content.exercises}
    return {
        key: value[0] for key, value in exercise_repository.names_and_modes(conn, account_id, ids).items()
    }


@dataclass(frozen=True)
class WorkoutPage:
    """Workouts read at one library state."""

    state: LibraryState
    workouts: list[Workout]
    exercise_names: dict[str, str]
    next_page_token: str
    total_size: int
    today: date


@dataclass(frozen=True)
class CalendarWindow:
    """Occurrences of a window with what it takes to render them."""

    state: LibraryState
    occurrences: list[Occurrence]
    workout_names: dict[str, str]
    placement: dict[str, tuple[str, str]]
    week_starts_on: int
    # The planned endurance parts of the workouts among them, by workout ID: the entrypoint puts
    # each one's calendar line on its occurrences (decision 0056).
    endurance: dict[str, EnduranceTarget] = field(default_factory=dict)


class TrainingLibrary:
    """Read use cases of the Training library."""

    def __init__(self, engine: Engine, clock: Clock = utc_now) -> None:
        self._engine = engine
        self._clock = clock

    def state(self, account_id: str) -> LibraryState:
        """Epoch and source sequence (an empty library is created on first use)."""
        return ensure_library(self._engine, require_account(account_id), self._clock())

    def workouts(
        self,
        account_id: str,
        *,
        workout_ids: list[str],
        name: str = "",
        plan_id: str = "",
        page_size: int = 0,
        page_token: str = "",
        time_zone: str = "",
    ) -> WorkoutPage:
        """Some workouts by ID, or a page of those matching ``name`` and ``plan_id``, by name; each
        with the schedule in force today in ``time_zone`` (UTC when empty, decision 0105)."""
        zone = calendar.check_time_zone(time_zone) if time_zone else None
        state = self.state(account_id)
        if len(name) > MAX_NAME_QUERY:
            raise InvalidArgument.for_field(
                "name", f"is {len(name)} characters; use at most {MAX_NAME_QUERY}"
            )
        if page_size and not 1 <= page_size <= MAX_WORKOUT_PAGE:
            raise InvalidArgument.for_field("pageSize", f"must be 1 to {MAX_WORKOUT_PAGE}")
        size = page_size or DEFAULT_WORKOUT_PAGE
        now = self._clock()
        today = calendar.local_today(zone, now) if zone is not None else now.date()
        with self._engine.connect() as conn:
            if workout_ids:
                found = repo.get_workouts(conn, account_id, workout_ids)
                missing = [w for w in workout_ids if w not in found]
                if missing:
                    raise NotFound(
                        f"workout {missing[0]} does not exist in this library", reason="WORKOUT_NOT_FOUND"
                    )
                listed = [found[w] for w in dict.fromkeys(workout_ids)]
                return WorkoutPage(
                    state, listed, exercise_names(conn, account_id, listed), "", len(listed), today
                )
            offset = page_tokens.decode(page_token, "workouts", name.lower(), plan_id)
            listed, total = repo.list_workouts(
                conn, account_id, name_contains=name.strip(), plan_id=plan_id, offset=offset, limit=size
            )
            names = exercise_names(conn, account_id, listed)
        nxt = offset + len(listed)
        token = page_tokens.encode(nxt, "workouts", name.lower(), plan_id) if nxt < total else ""
        return WorkoutPage(state, listed, names, token, total, today)

    def plans(self, account_id: str, plan_ids: list[str]) -> tuple[LibraryState, list[Plan]]:
        """Plans by ID, or all of them by name."""
        state = self.state(account_id)
        with self._engine.connect() as conn:
            if not plan_ids:
                return state, repo.list_plans(conn, account_id)
            found = repo.get_plans(conn, account_id, plan_ids)
        missing = [p for p in plan_ids if p not in found]
        if missing:
            raise NotFound(f"plan {missing[0]} does not exist in this library", reason="PLAN_NOT_FOUND")
        return state, [found[p] for p in dict.fromkeys(plan_ids)]

    def calendar(
        self, account_id: str, *, time_zone: str, from_day: str, to_day: str, week_starts_on: int
    ) -> CalendarWindow:
        """The occurrences of [from_day, to_day), at most 93 days."""
        calendar.check_time_zone(time_zone)
        start = calendar.parse_day(from_day, "from")
        end = calendar.parse_day(to_day, "to")
        calendar.check_window(start, end, calendar.CALENDAR_MAX_DAYS, start_field="from", end_field="to")
        first_weekday = calendar.check_week_starts_on(week_starts_on or 2)
        state = self.state(account_id)
        with self._engine.connect() as conn:
            found, workouts = window_occurrences(conn, account_id, start, end)
        names, placement = names_and_placement(workouts)
        return CalendarWindow(state, found, names, placement, first_weekday, endurance_of(workouts))

    def history(self, account_id: str, *, time_zone: str, from_day: str, to_day: str) -> CalendarWindow:
        """Completed occurrences whose completion falls on a local day in [from_day, to_day), newest first."""
        zone = calendar.check_time_zone(time_zone)
        start = calendar.parse_day(from_day, "from")
        end = calendar.parse_day(to_day, "to")
        calendar.check_window(start, end, calendar.HISTORY_MAX_DAYS, start_field="from", end_field="to")
        state = self.state(account_id)
        after = datetime.combine(start, time(), zone).astimezone(UTC)
        before = datetime.combine(end, time(), zone).astimezone(UTC)
        with self._engine.connect() as conn:
            rows = repo.completed_between(conn, account_id, after, before)
            workouts = repo.get_workouts(conn, account_id, {o.workout_id for o, _ in rows})
            # A replaced occurrence shows the replacement's name, as the calendar does.
            replacements = repo.get_workouts(
                conn, account_id, {o.replacement_workout_id for o, _ in rows if o.replacement_workout_id}
            )
        found: list[Occurrence] = []
        names: dict[str, str] = {}
        for override, stored_name in rows:
            assert override.completed_at is not None
            found.append(
                Occurrence(
                    workout_id=override.workout_id,
                    original_day=override.original_day,
                    day=calendar.local_day_of(override.completed_at, zone),
                    status="completed",
                    replacement_workout_id=override.replacement_workout_id,
                    completed_at=override.completed_at,
                    extra={"workoutName": stored_name},
                )
            )
        for workout in (*workouts.values(), *replacements.values()):
            names[workout.id] = workout.content.name
        placement = {w.id: (w.plan_id or "", w.phase_id or "") for w in workouts.values()}
        endurance = endurance_of([*workouts.values(), *replacements.values()])
        return CalendarWindow(state, found, names, placement, 2, endurance)


def endurance_of(workouts: list[Workout]) -> dict[str, EnduranceTarget]:
    """The endurance part of each planned endurance workout among ``workouts``, by workout ID."""
    return {w.id: w.content.endurance for w in workouts if w.content.endurance is not None}


def names_and_placement(workouts: list[Workout]) -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
    """Each workout's name and (plan, phase), by workout ID."""
    names = {w.id: w.content.name for w in workouts}
    placement = {w.id: (w.plan_id or "", w.phase_id or "") for w in workouts}
    return names, placement


def window_occurrences(
    conn: Connection, account_id: str, start: date, end: date
) -> tuple[list[Occurrence], list[Workout]]:
    """Expand [start, end): the occurrences, and the workouts they belong to or are replaced by.

    Moves can bring in an occurrence whose workout's own range lies outside the window, so those
    workouts are fetched too. Cost follows the window: the workouts active in it and its overrides.
    """
    workouts = {w.id: w for w in repo.recurring_workouts_in(conn, account_id, start, end)}
    overrides: list[OccurrenceOverride] = repo.overrides_touching(conn, account_id, start, end)
    related = {o.workout_id for o in overrides} | {
        o.replacement_workout_id for o in overrides if o.replacement_workout_id
    }
    missing = related - set(workouts)
    if missing:
        workouts.update(repo.get_workouts(conn, account_id, missing))
    expanded = without_inactive_goals(
        conn, account_id, occurrences.expand(list(workouts.values()), overrides, start, end), workouts
    )
    names = {w.id: w.content.name for w in workouts.values()}
    return with_stored_names(conn, account_id, expanded, names), list(workouts.values())


def without_inactive_goals(
    conn: Connection, account_id: str, found: list[Occurrence], workouts: dict[str, Workout]
) -> list[Occurrence]:
    """``found`` as it counts: the active plan and the athlete's own workouts (decisions 0112,
    0115; the rule is ``plan_days.counting``).

    An archived goal, or one kept beside the active goal, would otherwise stack its sessions on the
    same days and drive Primed's daily decision; so would the athlete's weekly routine inside the
    active plan's weeks. What was done (an active or completed occurrence) stays: it happened.
    """
    plan_of = {o.workout_id: workouts[o.workout_id].plan_id for o in found if o.workout_id in workouts}
    inactive = repo.inactive_goal_ids(conn, account_id, {plan for plan in plan_of.values() if plan})
    routine = any(plan_days.is_routine(workouts[o.workout_id]) for o in found if o.workout_id in workouts)
    active = repo.active_plan(conn, account_id) if routine else None
    if not inactive and active is None:
        return found
    return plan_days.counting(found, workouts, inactive, active)


def with_stored_names(
    conn: Connection, account_id: str, found: list[Occurrence], names: dict[str, str]
) -> list[Occurrence]:
    """``found`` with the stored name on each occurrence whose replacement no longer exists.

    Only completed ones can name a deleted replacement (deleting it ends the pending ones), and the
    deletion stored the replacement's name with them, so history keeps the name it showed
    (docs/decisions/0023-training-change-feed.md, "Deleted replacements").
    """
    orphaned = {
        (o.workout_id, o.original_day)
        for o in found
        if o.status == "completed" and o.replacement_workout_id and o.replacement_workout_id not in names
    }
    if not orphaned:
        return found
    stored = repo.stored_names(conn, account_id, orphaned)
    return [
        replace(o, extra={**o.extra, "workoutName": stored[key]})
        if (key := (o.workout_id, o.original_day)) in stored
        else o
        for o in found
    ]


def week_start_of(day: date, week_starts_on: int) -> date:
    """Start of the week containing ``day``."""
    return calendar.week_start(day, week_starts_on)
