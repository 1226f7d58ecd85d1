"""What the plan safety engine and the completion assessment read from the derived endurance data:
only the windows they use, never the whole history (decision 0062, Safety evaluation).

- the completed days from the Monday four whole weeks before the plan's first week to yesterday:
  each local day's TSS over all sports and its running, cycling and swimming distance;
- the seed: the combined CTL and ATL at the end of yesterday, from the seeded training-load chart
  (decision 0055), the very figures GetTrainingLoad answers for yesterday;
- one activity by ID, with its stress, for the completion assessment.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final

from sqlalchemy import Connection

from knowledge.plan_safety import CompletedDay, PmcSeed, TrainingHistory
from services.analytics.adapters import endurance_store as store
from services.analytics.domain.endurance_changes import ThresholdValue
from services.analytics.domain.training_stress import ThresholdHistory, activity_stress
from services.analytics.service_layer import training_load
from services.analytics.service_layer.queries import Zone
from services.analytics.service_layer.training_load import SeedToStore

# Kinetic's sports whose distance the engine judges, and the CompletedDay field each fills.
_DISTANCE_FIELDS: Final = {"run": "run_m", "ride": "bike_m", "swim": "swim_m"}


@dataclass(frozen=True)
class PlanContext:
    """The completed training before the plan and the loads going into today."""

    history: TrainingHistory
    seed: PmcSeed
    seed_to_store: SeedToStore | None


def read_context(
    conn: Connection,
    account_id: str,
    zone: Zone,
    since: date,
    today: date,
    thresholds: Sequence[ThresholdValue] | None = None,
    activities: store.ActivityReader = store.activities,
) -> PlanContext:
    """The completed days from ``since`` to yesterday (none when ``since`` is today or later: a
    plan weeks ahead has only rest days, unplanned, between now and its start) and the loads at the
    end of yesterday. ``thresholds``: the account's threshold values, when the caller has read them
    on ``conn`` already (decision 0123); ``activities``: how the chart and the days read them."""
    yesterday = today - timedelta(days=1)
    if thresholds is None:
        thresholds = store.thresholds(conn, account_id)
    chart = training_load.chart(
        conn, account_id, zone, yesterday, yesterday, thresholds=thresholds, activities=activities
    )
    loads = chart.combined[0]
    seed = PmcSeed(yesterday, loads.ctl, loads.atl)
    days: list[CompletedDay] = []
    if since < today:
        days = _completed_days(conn, account_id, zone, since, today, thresholds, activities)
    return PlanContext(TrainingHistory.of(since, days), seed, chart.seed_to_store)


def _completed_days(
    conn: Connection,
    account_id: str,
    zone: Zone,
    since: date,
    today: date,
    values: Sequence[ThresholdValue],
    activities: store.ActivityReader,
) -> list[CompletedDay]:
    found = activities(conn, account_id, zone.start_of(since), zone.start_of(today), ())
    thresholds = ThresholdHistory(values)
    amounts: dict[date, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for activity in found:
        day = zone.day(activity.start_time)
        amounts[day]["tss"].append(activity_stress(activity, thresholds.in_force(day)).tss)
        field = _DISTANCE_FIELDS.get(activity.sport)
        if field is not None and activity.distance_m is not None and activity.distance_m > 0:
            amounts[day][field].append(activity.distance_m)
    return [
        CompletedDay(day, **{name: math.fsum(values) for name, values in sums.items()})
        for day, sums in sorted(amounts.items())
    ]


def activity_tss(
    conn: Connection, account_id: str, zone: Zone, activity_id: str
) -> tuple[bool, float | None]:
    """Whether the account has the activity, and its TSS (None when no method gave one), computed
    with the thresholds in force on its local day, as every other read does."""
    activity = store.activity(conn, account_id, activity_id)
    if activity is None:
        return False, None
    day = zone.day(activity.start_time)
    stress = activity_stress(activity, ThresholdHistory(store.thresholds(conn, account_id)).in_force(day))
    return True, None if stress.method == "none" else stress.tss
