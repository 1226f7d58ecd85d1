"""Occurrence expansion against a deliberately simple reference, over random schedules and zones.

The reference walks every day of a fixed span around the scenario's today, decides each day's
schedule from the list of schedule changes as they were made (not from the stored segments), then
applies each override's rules one at a time. Windows are taken around the DST transitions of
zones with odd offsets and half-hour or 45-minute shifts, starting from "today" in that zone.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from typing import Literal
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from services.training.domain.calendar import CALENDAR_MAX_DAYS, local_day_of, local_today
from services.training.domain.model import (
    Occurrence,
    OccurrenceOverride,
    OccurrenceStatus,
    Schedule,
    Workout,
    WorkoutContent,
)
from services.training.domain.occurrences import (
    change_schedule,
    expand,
    find_occurrence,
    initial_segments,
    is_scheduled,
    scheduled_days,
)

ZONES = (
    "America/New_York",
    "Europe/Amsterdam",
    "Australia/Lord_Howe",  # 30-minute DST shift
    "Pacific/Chatham",  # +12:45 / +13:45
    "Asia/Kolkata",  # +05:30, no DST
    "UTC",
)
YEAR_START = datetime(2026, 1, 1, tzinfo=UTC)


def _transitions(name: str) -> tuple[datetime, ...]:
    """The UTC hours of 2026 at which the zone's offset changes (1 January when it never does)."""
    zone = ZoneInfo(name)
    found = []
    previous = YEAR_START.astimezone(zone).utcoffset()
    for hour in range(1, 366 * 24):
        instant = YEAR_START + timedelta(hours=hour)
        offset = instant.astimezone(zone).utcoffset()
        if offset != previous:
            found.append(instant)
        previous = offset
    return tuple(found) or (YEAR_START,)


TRANSITIONS = {name: _transitions(name) for name in ZONES}
IDS = ("a", "b", "c")
CONTENT = WorkoutContent(name="W", kind="custom", notes="", exercises=())
HAPPENED = ("active", "completed")

# The reference walks every day of [center - REACH, center + REACH), "center" being the scenario's
# today: every original day a scenario can produce (override days within 110 days of the center,
# windows within 93) lies inside it, and moves reach at most 40 days further.
REACH = timedelta(days=130)

PROPERTY_SETTINGS = settings(max_examples=200, deadline=None)


# --- the reference -----------------------------------------------------------------------------


@dataclass
class History:
    """How a workout's schedule came about: created with ``initial`` on ``created``, then changed."""

    initial: Schedule | None
    created: date
    changes: list[tuple[date, Schedule | None]] = field(default_factory=list)


def ref_weekday(day: date) -> int:
    # Python: Monday = 0 ... Sunday = 6; the contract: Sunday = 1 ... Saturday = 7.
    return {6: 1, 0: 2, 1: 3, 2: 4, 3: 5, 4: 6, 5: 7}[day.weekday()]


def ref_schedule_on(history: History, day: date) -> Schedule | None:
    """The last change made (in the order made) whose effective day is on or before ``day``."""
    schedule = history.initial
    if schedule is not None and schedule.type == "everyNDays":
        schedule = replace(schedule, anchor_day=history.created)
    for effective, changed in history.changes:
        if effective <= day:
            schedule = changed
            if changed is not None and changed.type == "everyNDays" and changed.anchor_day is None:
                schedule = replace(changed, anchor_day=effective)
    return schedule


def ref_falls_on(schedule: Schedule, day: date) -> bool:
    if schedule.type == "weekdays":
        return ref_weekday(day) in schedule.weekdays
    assert schedule.anchor_day is not None
    return abs((day - schedule.anchor_day).days) % schedule.interval_days == 0


def ref_scheduled(workout: Workout, history: History, day: date) -> bool:
    if workout.active_from is not None and day < workout.active_from:
        return False
    if workout.active_until is not None and day >= workout.active_until:
        return False
    schedule = ref_schedule_on(history, day)
    return schedule is not None and ref_falls_on(schedule, day)


@dataclass
class Scenario:
    zone: str
    now: datetime
    center: date  # today in the zone at ``now``
    workouts: list[Workout]
    histories: dict[str, History]
    overrides: list[OccurrenceOverride]


def reference(scenario: Scenario, start: date, end: date) -> list[Occurrence]:
    records: dict[tuple[str, date], dict[str, object]] = {}
    day, last = scenario.center - REACH, scenario.center + REACH
    while day < last:
        for workout in scenario.workouts:
            if ref_scheduled(workout, scenario.histories[workout.id], day):
                records[(workout.id, day)] = {"day": day, "status": "scheduled", "with": None, "at": None}
        day += timedelta(days=1)
    known = {w.id for w in scenario.workouts}
    for override in scenario.overrides:
        key = (override.workout_id, override.original_day)
        if override.workout_id not in known:
            continue
        if key not in records:
            if override.status not in HAPPENED:
                continue  # a pending change on a day that is not (any longer) an occurrence
            records[key] = {"day": override.original_day, "status": "scheduled", "with": None, "at": None}
        record = records[key]
        if override.destination_day is not None:
            record["day"] = override.destination_day
            if override.destination_day != override.original_day:
                record["status"] = "moved"
        if override.replacement_workout_id is not None:
            record["status"] = "replaced"
            record["with"] = override.replacement_workout_id
        if override.status in HAPPENED:
            record["status"] = override.status
        record["at"] = override.completed_at
    found = []
    for (workout_id, original_day), record in records.items():
        shown = record["day"]
        assert isinstance(shown, date)
        if start <= shown < end:
            status: OccurrenceStatus = record["status"]  # type: ignore[assignment]
            found.append(
                Occurrence(
                    workout_id=workout_id,
                    original_day=original_day,
                    day=shown,
                    status=status,
                    replacement_workout_id=record["with"],  # type: ignore[arg-type]
                    completed_at=record["at"],  # type: ignore[arg-type]
                )
            )
    return sorted(found, key=lambda o: (o.day, o.workout_id, o.original_day))


# --- strategies --------------------------------------------------------------------------------


ANCHOR_BASE = date(2020, 1, 1)


def _schedule(kind: int, weekday_mask: int, interval: int, anchor_offset: int) -> Schedule | None:
    if kind == 0:
        return None
    if kind == 1:
        return Schedule("weekdays", weekdays=tuple(n for n in range(1, 8) if weekday_mask >> (n - 1) & 1))
    anchor = ANCHOR_BASE + timedelta(days=anchor_offset) if anchor_offset >= 0 else None
    return Schedule("everyNDays", interval_days=interval, anchor_day=anchor)


def maybe_schedules() -> st.SearchStrategy[Schedule | None]:
    """None, a non-empty weekday subset, or every 1-14 days with or without an explicit anchor.

    Four flat draws per schedule rather than nested ones keep generation cheap.
    """
    return st.builds(
        _schedule,
        st.sampled_from((0, 1, 1, 2, 2)),
        st.integers(1, 127),
        st.integers(1, 14),
        st.integers(-1, 9 * 365),  # -1: no anchor given (the effective day becomes it)
    )


# Strategies are built once: building them per draw costs more than the tests themselves.
MAYBE_SCHEDULE = maybe_schedules()
ZONE_AND_TRANSITION = st.sampled_from(ZONES).flatmap(
    lambda name: st.tuples(st.just(name), st.sampled_from(TRANSITIONS[name]))
)
MINUTES_3_DAYS = st.integers(-3 * 24 * 60, 3 * 24 * 60)
COUNT_WORKOUTS = st.integers(1, len(IDS))
COUNT_CHANGES = st.integers(0, 3)
COUNT_OVERRIDES = st.integers(0, 12)
WORKOUT_IDS = st.sampled_from(IDS)
MAYBE_WORKOUT_ID = st.none() | WORKOUT_IDS
_STATUS_CHOICES: tuple[Literal["scheduled", "active", "completed"], ...] = (
    "scheduled",
    "scheduled",
    "active",
    "completed",
)
STATUSES = st.sampled_from(_STATUS_CHOICES)
HOURS_2_DAYS = st.integers(-48, 48)
_OFFSETS = {days: st.integers(-days, days) for days in (40, 100, 110, 120, 150)}
_MAYBE_OFFSETS = {days: st.none() | offsets for days, offsets in _OFFSETS.items()}


def near(draw: st.DrawFn, center: date, days: int) -> date:
    return center + timedelta(days=draw(_OFFSETS[days]))


def maybe_near(draw: st.DrawFn, center: date, days: int) -> date | None:
    offset = draw(_MAYBE_OFFSETS[days])
    return None if offset is None else center + timedelta(days=offset)


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    zone, transition = draw(ZONE_AND_TRANSITION)
    now = transition + timedelta(minutes=draw(MINUTES_3_DAYS))
    center = local_today(ZoneInfo(zone), now)
    workouts: list[Workout] = []
    histories: dict[str, History] = {}
    for workout_id in IDS[: draw(COUNT_WORKOUTS)]:
        history = History(draw(MAYBE_SCHEDULE), near(draw, center, 150))
        segments = initial_segments(history.initial, history.created)
        for _ in range(draw(COUNT_CHANGES)):
            effective = near(draw, center, 120)
            changed = draw(MAYBE_SCHEDULE)
            history.changes.append((effective, changed))
            segments = change_schedule(segments, effective, changed)
        workouts.append(
            Workout(
                id=workout_id,
                version="1.test",
                content=CONTENT,
                segments=segments,
                active_from=maybe_near(draw, center, 100),
                active_until=maybe_near(draw, center, 100),
            )
        )
        histories[workout_id] = history
    overrides: dict[tuple[str, date], OccurrenceOverride] = {}
    for _ in range(draw(COUNT_OVERRIDES)):
        workout_id = draw(WORKOUT_IDS)  # sometimes a workout that was not given
        original = near(draw, center, 110)
        status = draw(STATUSES)
        overrides[(workout_id, original)] = OccurrenceOverride(
            workout_id=workout_id,
            original_day=original,
            destination_day=maybe_near(draw, original, 40),
            replacement_workout_id=draw(MAYBE_WORKOUT_ID),
            status=status,
            completed_at=now + timedelta(hours=draw(HOURS_2_DAYS)) if status == "completed" else None,
        )
    return Scenario(zone, now, center, workouts, histories, list(overrides.values()))


WINDOW_LENGTHS = st.integers(1, CALENDAR_MAX_DAYS)
UNIT = st.floats(0, 1, exclude_max=True)


@st.composite
def windows(draw: st.DrawFn, scenario: Scenario) -> tuple[date, date]:
    """A window of at most 93 days that contains "today" in the scenario's zone."""
    length = draw(WINDOW_LENGTHS)
    start = scenario.center - timedelta(days=int(draw(UNIT) * length))
    return start, start + timedelta(days=length)


# --- properties --------------------------------------------------------------------------------


# One scenario serves several properties: generating it costs more than checking them.
@PROPERTY_SETTINGS
@given(st.data())
def test_expand_matches_the_reference_and_splits_cleanly(data: st.DataObject) -> None:
    scenario = data.draw(scenarios())
    start, end = data.draw(windows(scenario))
    found = expand(scenario.workouts, scenario.overrides, start, end)
    assert found == reference(scenario, start, end)

    # Identities are unique, and find_occurrence (used by move and replace) agrees with expand.
    identities = [(o.workout_id, o.original_day) for o in found]
    assert len(identities) == len(set(identities))
    by_id = {w.id: w for w in scenario.workouts}
    for occurrence in found:
        assert (
            find_occurrence(by_id[occurrence.workout_id], scenario.overrides, occurrence.original_day)
            == occurrence
        )

    # Adjacent windows: every occurrence, moved or not, shows in exactly one of them.
    split = start + timedelta(days=round(data.draw(UNIT) * (end - start).days))
    first = expand(scenario.workouts, scenario.overrides, start, split)
    second = expand(scenario.workouts, scenario.overrides, split, end)
    assert first + second == found

    # The window walk (O(window)) finds exactly the days the reference walk finds.
    walked = [start + timedelta(days=k) for k in range((end - start).days)]
    for workout in scenario.workouts:
        history = scenario.histories[workout.id]
        expected = [day for day in walked if ref_scheduled(workout, history, day)]
        assert scheduled_days(workout, start, end) == expected
        assert [day for day in walked if is_scheduled(workout, day)] == expected


@PROPERTY_SETTINGS
@given(st.data())
def test_changing_a_schedule_from_a_day_never_changes_occurrences_originally_before_it(
    data: st.DataObject,
) -> None:
    scenario = data.draw(scenarios())
    start, end = data.draw(windows(scenario))
    target = data.draw(st.sampled_from(scenario.workouts))
    effective = start + timedelta(days=data.draw(_OFFSETS[100]))
    new_schedule = data.draw(MAYBE_SCHEDULE)
    changed = [
        replace(w, segments=change_schedule(w.segments, effective, new_schedule)) if w is target else w
        for w in scenario.workouts
    ]
    before = expand(scenario.workouts, scenario.overrides, start, end)
    after = expand(changed, scenario.overrides, start, end)
    assert [o for o in after if o.original_day < effective] == [
        o for o in before if o.original_day < effective
    ]
    # And what the change itself says: from the effective day on, the target follows the new schedule.
    history = scenario.histories[target.id]
    history.changes.append((effective, new_schedule))
    changed_scenario = replace(scenario, workouts=changed)
    assert after == reference(changed_scenario, start, end)


@PROPERTY_SETTINGS
@given(
    st.sampled_from(ZONES).flatmap(
        lambda name: st.tuples(
            st.just(name),
            st.sampled_from(TRANSITIONS[name]),
            st.integers(-2 * 24 * 60, 2 * 24 * 60),
            st.integers(1, 120),
        )
    )
)
def test_local_days_are_monotonic_and_match_the_wall_clock(case: tuple[str, datetime, int, int]) -> None:
    name, transition, minutes, step = case
    zone = ZoneInfo(name)
    instant = transition + timedelta(minutes=minutes)
    later = instant + timedelta(minutes=step)
    day, next_day = local_day_of(instant, zone), local_day_of(later, zone)
    assert local_today(zone, instant) == day
    assert (next_day - day).days in (0, 1)  # two hours never skip a local day
    # The day is the date part of the wall clock at that instant, and that wall clock maps back to it.
    wall = instant.astimezone(zone)
    assert (
        datetime.combine(day, wall.timetz(), tzinfo=zone).replace(fold=wall.fold).astimezone(UTC) == instant
    )
