"""What the coaching engine needs, read from the derived endurance data: only the windows its rules
use, never the whole history (decision 0058).

- loads going into the day: the combined chart of the day before, through the seeded training-load
  path (decision 0055), so ten years of activities cost what a month does;
- readiness entries of the day and the 66 days before it (the HRV week and the 60 days before
  it, decision 0115), whenever they were recorded: ``as_of`` means the data *for* the days up to
  it (decision 0112), so a status and a decision about the same day rest on the same facts;
- activities that started in the 35 days before the day (and before the instant), with stress;
- the latest activity and readiness entry (one indexed row each) for freshness and "no data".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import Connection

from services.analytics.adapters import endurance_store as store
from services.analytics.domain.coaching.inputs import (
    CoachingInputs,
    LoadGoingIn,
    PlannedWorkout,
    ReadinessDay,
    RecentActivity,
)
from services.analytics.domain.coaching.recovery import READINESS_WINDOW_DAYS
from services.analytics.domain.coaching.status import VOLUME_BASELINE_DAYS, VOLUME_WEEK_DAYS
from services.analytics.domain.endurance_changes import ActivityFacts, ReadinessEntry
from services.analytics.domain.training_stress import ThresholdHistory, activity_stress
from services.analytics.service_layer import training_load
from services.analytics.service_layer.queries import Zone
from services.analytics.service_layer.training_load import SeedToStore

ACTIVITY_WINDOW_DAYS = VOLUME_WEEK_DAYS + VOLUME_BASELINE_DAYS  # 35


@dataclass(frozen=True)
class ReadInputs:
    inputs: CoachingInputs
    seed_to_store: SeedToStore | None


def _synced_by(activity: ActivityFacts, at: datetime) -> datetime:
    """When an activity counts as synced for an evaluation at ``at``: its stored time, or, for one
    stored after ``at`` (imported later, about the past), its start, which is before ``at``: the
    status rests on it, so its freshness must say so (decision 0078)."""
    if activity.updated_at is not None and activity.updated_at <= at:
        return activity.updated_at
    return activity.start_time


def _entry_synced_by(entry: ReadinessEntry, zone: Zone, at: datetime) -> datetime | None:
    """When a readiness entry counts as synced for an evaluation at ``at``: its stored time, or,
    for one recorded after ``at`` about a day up to it, the start of its day (at most ``at``): the
    status rests on it (decision 0112)."""
    if entry.updated_at is None or entry.updated_at <= at:
        return entry.updated_at
    return min(zone.start_of(entry.day), at)


def _readiness_day(entry: ReadinessEntry) -> ReadinessDay:
    return ReadinessDay(
        day=entry.day,
        sleep_hours=entry.sleep_hours,
        resting_hr=entry.resting_hr,
        hrv_ms=entry.hrv_ms,
        soreness=entry.soreness,
        fatigue=entry.fatigue,
        sleep_quality=entry.sleep_quality,
        stress=entry.stress,
        mood=entry.mood,
        updated_at=entry.updated_at,
    )


def read_inputs(
    conn: Connection,
    account_id: str,
    zone: Zone,
    day: date,
    at: datetime,
    planned: Sequence[PlannedWorkout] = (),
) -> ReadInputs:
    """The engine's inputs for ``day`` in ``zone`` as they stood at the instant ``at``."""
    chart = training_load.chart(conn, account_id, zone, day - timedelta(days=1), day - timedelta(days=1))
    going_in = chart.combined[0]
    load = LoadGoingIn(going_in.ctl, going_in.atl, going_in.ramp_rate, going_in.workload_ratio)

    entries = store.readiness(conn, account_id, day - timedelta(days=READINESS_WINDOW_DAYS), day)
    end = min(zone.start_of(day), at)
    start = zone.start_of(day - timedelta(days=ACTIVITY_WINDOW_DAYS))
    found = store.activities(conn, account_id, start, end) if start < end else []
    history = ThresholdHistory(store.thresholds(conn, account_id))
    activities = []
    for activity in found:
        on = zone.day(activity.start_time)
        stress = activity_stress(activity, history.in_force(on))
        activities.append(
            RecentActivity(
                activity.activity_id,
                activity.sport,
                on,
                activity.stress_seconds,
                stress.tss,
                activity.updated_at,
            )
        )

    latest = store.latest_activity(conn, account_id, at)
    latest_entry = store.latest_readiness(conn, account_id, zone.day(at))
    recorded = [
        moment
        for moment in (
            *(_synced_by(a, at) for a in found),
            *(_entry_synced_by(e, zone, at) for e in entries),
            _synced_by(latest, at) if latest else None,
            _entry_synced_by(latest_entry, zone, at) if latest_entry else None,
        )
        if moment is not None and moment <= at
    ]
    has_history = bool(entries or found or latest or latest_entry)
    inputs = CoachingInputs(
        day=day,
        time_zone=zone.name,
        load=load,
        readiness=tuple(_readiness_day(entry) for entry in entries),
        activities=tuple(activities),
        planned=tuple(planned),
        latest_update=max(recorded, default=None),
        has_history=has_history,
    )
    return ReadInputs(inputs, chart.seed_to_store)
