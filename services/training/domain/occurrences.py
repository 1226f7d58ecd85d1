"""Occurrences: the sessions a workout's schedule puts on local days, and what overrides do to them.

Occurrences are never stored. A workout carries schedule segments (each from an effective day);
overrides, keyed by (workout ID, original day), record moves, replacements and statuses. Expanding
a window [start, end) walks only that window plus the overrides given, so a calendar read costs the
window, not the library's history. The rules are in docs/decisions/0013-occurrence-expansion.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import date

from services.training.domain.calendar import metric_weekday
from services.training.domain.model import (
    Occurrence,
    OccurrenceOverride,
    OccurrenceStatus,
    Schedule,
    ScheduleSegment,
    Workout,
)

# The weekday numbers a weekdays schedule may name, 1 = Sunday ... 7 = Saturday.
_WEEKDAY_NUMBERS = range(1, 8)
# Statuses that record what happened: they keep an occurrence even when the schedule no longer has it.
_HAPPENED = ("active", "completed")

# (first day or None for "from the beginning", schedule or None for "no schedule")
_Span = tuple[date | None, Schedule | None]


def schedule_falls_on(schedule: Schedule, day: date) -> bool:
    """Whether ``schedule`` puts a session on ``day``.

    An everyNDays series runs both ways from its anchor: a day before the anchor is on the series
    when it is a multiple of the interval away. Segments decide where a schedule applies, so the
    series itself needs no start (see the decision record).
    """
    if schedule.type == "weekdays":
        return metric_weekday(day) in schedule.weekdays
    anchor, interval = _series(schedule)
    return (day - anchor).days % interval == 0


def _series(schedule: Schedule) -> tuple[date, int]:
    # Stored everyNDays schedules always carry an anchor and a positive interval
    # (initial_segments / change_schedule set them); anything else is a bug, not user input.
    if schedule.anchor_day is None:
        raise ValueError(f"everyNDays schedule without anchor_day: {schedule!r}")
    if schedule.interval_days < 1:
        raise ValueError(f"everyNDays schedule with interval_days < 1: {schedule!r}")
    return schedule.anchor_day, schedule.interval_days


def _timeline(segments: Sequence[ScheduleSegment]) -> list[_Span]:
    """Segments in day order, one per effective day (the later of two on the same day wins)."""
    by_day: dict[date | None, Schedule | None] = {}
    for segment in segments:
        by_day.pop(segment.effective_day, None)  # re-insert so the later one's schedule counts
        by_day[segment.effective_day] = segment.schedule
    return sorted(by_day.items(), key=lambda span: (span[0] is not None, span[0] or date.min))


def segment_for(segments: Sequence[ScheduleSegment], day: date) -> Schedule | None:
    """The schedule in force on ``day``: the segment with the latest effective day on or before it."""
    found: Schedule | None = None
    for effective_day, schedule in _timeline(segments):
        if effective_day is not None and effective_day > day:
            break
        found = schedule
    return found


def _active_range(workout: Workout, start: date, end: date) -> tuple[date, date]:
    lo = max(start, workout.active_from) if workout.active_from is not None else start
    hi = min(end, workout.active_until) if workout.active_until is not None else end
    return lo, hi


def is_scheduled(workout: Workout, day: date) -> bool:
    """Whether the workout's own schedule puts a session on ``day`` (phase bounds included)."""
    if workout.active_from is not None and day < workout.active_from:
        return False
    if workout.active_until is not None and day >= workout.active_until:
        return False
    schedule = segment_for(workout.segments, day)
    return schedule is not None and schedule_falls_on(schedule, day)


def _days_of(schedule: Schedule, lo: date, hi: date) -> Iterator[date]:
    """The days of [lo, hi) on ``schedule``, stepping by the interval for everyNDays."""
    if schedule.type == "weekdays":
        # Each weekday's days are 7 apart from its first in the window: a 93-day calendar asked
        # for one weekday per day of each workout before (about 900 calls per read).
        lo_ordinal, lo_weekday = lo.toordinal(), metric_weekday(lo)
        ordinals = [
            ordinal
            for weekday in set(schedule.weekdays)
            if weekday in _WEEKDAY_NUMBERS
            for ordinal in range(lo_ordinal + (weekday - lo_weekday) % 7, hi.toordinal(), 7)
        ]
        for ordinal in sorted(ordinals):
            yield date.fromordinal(ordinal)
        return
    anchor, interval = _series(schedule)
    # Ordinals, so stepping past the last representable day cannot overflow.
    first = lo.toordinal() + (anchor.toordinal() - lo.toordinal()) % interval
    for ordinal in range(first, hi.toordinal(), interval):
        yield date.fromordinal(ordinal)


def scheduled_days(workout: Workout, start: date, end: date) -> list[date]:
    """The days of [start, end) the workout's schedule falls on, in order.

    Walks the window only (each segment over its part of it), never the days before it.
    """
    lo, hi = _active_range(workout, start, end)
    if lo >= hi:
        return []
    spans = _timeline(workout.segments)
    days: list[date] = []
    for index, (effective_day, schedule) in enumerate(spans):
        following = spans[index + 1][0] if index + 1 < len(spans) else None
        span_lo = max(lo, effective_day) if effective_day is not None else lo
        span_hi = min(hi, following) if following is not None else hi
        if schedule is not None and span_lo < span_hi:
            days.extend(_days_of(schedule, span_lo, span_hi))
    return days


def _anchored(schedule: Schedule | None, anchor_day: date, *, keep_anchor: bool) -> Schedule | None:
    if schedule is None or schedule.type != "everyNDays":
        return schedule
    if keep_anchor and schedule.anchor_day is not None:
        return schedule
    return replace(schedule, anchor_day=anchor_day)


def initial_segments(schedule: Schedule | None, anchor_day: date) -> tuple[ScheduleSegment, ...]:
    """The segments of a new workout: ``schedule`` from the beginning.

    An everyNDays series is anchored on ``anchor_day`` (the day the workout is created, or its
    phase's first day), replacing any anchor a copied schedule carried: a new workout's series
    starts on its own first day.
    """
    return (ScheduleSegment(effective_day=None, schedule=_anchored(schedule, anchor_day, keep_anchor=False)),)


def change_schedule(
    segments: Sequence[ScheduleSegment], effective_day: date, schedule: Schedule | None
) -> tuple[ScheduleSegment, ...]:
    """The segments after changing the schedule from ``effective_day`` on (None: no more sessions).

    Segments effective on or after that day are dropped, so days before it keep the schedule they
    had. An everyNDays schedule without an anchor is anchored on ``effective_day``.
    """
    kept = tuple(s for s in segments if s.effective_day is None or s.effective_day < effective_day)
    new = ScheduleSegment(effective_day, _anchored(schedule, effective_day, keep_anchor=True))
    return (*kept, new)


def _status(override: OccurrenceOverride | None, original_day: date) -> OccurrenceStatus:
    if override is None:
        return "scheduled"
    if override.status in _HAPPENED:
        return override.status
    if override.replacement_workout_id:
        return "replaced"
    if override.destination_day is not None and override.destination_day != original_day:
        return "moved"
    return "scheduled"


def _occurrence(
    workout: Workout, original_day: date, override: OccurrenceOverride | None
) -> Occurrence | None:
    """The occurrence (workout, original_day) with its override applied, or None when there is none."""
    happened = override is not None and override.status in _HAPPENED
    if not happened and not is_scheduled(workout, original_day):
        return None  # the schedule no longer has this day; a pending move or replacement lapses
    day = original_day
    if override is not None and override.destination_day is not None:
        day = override.destination_day
    return Occurrence(
        workout_id=workout.id,
        original_day=original_day,
        day=day,
        status=_status(override, original_day),
        replacement_workout_id=override.replacement_workout_id if override else None,
        completed_at=override.completed_at if override else None,
    )


def find_occurrence(
    workout: Workout, overrides_for_it: Sequence[OccurrenceOverride], original_day: date
) -> Occurrence | None:
    """The occurrence of ``workout`` originally scheduled on ``original_day``, or None if it has none.

    Only the override with that identity counts (others in the sequence are ignored).
    """
    override = None
    for candidate in overrides_for_it:
        if candidate.workout_id == workout.id and candidate.original_day == original_day:
            override = candidate
    return _occurrence(workout, original_day, override)


def expand(
    workouts: Sequence[Workout], overrides: Sequence[OccurrenceOverride], start: date, end: date
) -> list[Occurrence]:
    """The occurrences on the local days [start, end), sorted by (day, workout_id, original_day).

    Scheduled days in the window, with their overrides applied; an occurrence moved out of the
    window is left out, one moved into it from outside comes from its override. Overrides of
    workouts not in ``workouts`` are ignored. Each (workout_id, original_day) appears at most once.
    """
    by_id = {w.id: w for w in workouts}
    by_identity = {(o.workout_id, o.original_day): o for o in overrides if o.workout_id in by_id}
    found: dict[tuple[str, date], Occurrence] = {}
    for workout in by_id.values():
        for day in scheduled_days(workout, start, end):
            occurrence = _occurrence(workout, day, by_identity.get((workout.id, day)))
            if occurrence is not None and start <= occurrence.day < end:
                found[(workout.id, day)] = occurrence
    # Overrides bring in what the window walk cannot see: moves into the window from days outside
    # it, and active or completed sessions on days the schedule no longer has.
    for identity, override in by_identity.items():
        if identity in found:
            continue
        occurrence = _occurrence(by_id[override.workout_id], override.original_day, override)
        if occurrence is not None and start <= occurrence.day < end:
            found[identity] = occurrence
    return sorted(found.values(), key=lambda o: (o.day, o.workout_id, o.original_day))
