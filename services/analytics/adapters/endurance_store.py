"""Endurance rows: activities with their power points, thresholds, readiness days and training-load
seeds (Core, the caller's transaction). Decision 0055."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict
from datetime import date, datetime
from typing import Any

from sqlalchemy import Connection, Row, Select, and_, bindparam, delete, func, insert, select

from services.analytics.adapters.aggregates import utc
from services.analytics.adapters.tables import (
    endurance_activities,
    endurance_power_points,
    endurance_thresholds,
    readiness_days,
    training_load_seeds,
)
from services.analytics.domain.endurance_changes import (
    READINESS_FIELDS,
    ActivityFacts,
    ReadinessEntry,
    ThresholdValue,
    ZoneSeconds,
)

_THRESHOLD_VALUES = (
    "seconds_per_km",
    "distance_m",
    "seconds",
    "vdot",
    "watts",
    "seconds_400m",
    "seconds_200m",
    "seconds_per_100m",
    "bpm",
)
_ACTIVITY_NUMBERS = (
    "distance_m",
    "elevation_gain_m",
    "avg_power_w",
    "normalized_power_w",
    "max_power_w",
    "avg_hr",
    "max_hr",
    "avg_cadence",
    "rpe",
)


# ---- activities ------------------------------------------------------------------------------------


def activity_start(conn: Connection, account_id: str, activity_id: str) -> datetime | None:
    """When the stored activity started (UTC), or None when there is none."""
    value = conn.execute(
        select(endurance_activities.c.start_time).where(
            endurance_activities.c.account_id == account_id,
            endurance_activities.c.activity_id == activity_id,
        )
    ).scalar_one_or_none()
    return None if value is None else utc(value)


def put_activity(conn: Connection, account_id: str, activity: ActivityFacts) -> None:
    """Insert or replace the activity and its power points."""
    delete_activity(conn, account_id, activity.activity_id)
    start = utc(activity.start_time)
    conn.execute(
        insert(endurance_activities),
        {
            "account_id": account_id,
            "activity_id": activity.activity_id,
            "sport": activity.sport,
            "start_time": start,
            "duration_s": activity.duration_s,
            "moving_time_s": activity.moving_time_s,
            **{name: getattr(activity, name) for name in _ACTIVITY_NUMBERS},
            "name": "" if activity.external_provider else activity.name,
            "source": activity.source,
            "source_app": activity.source_app,
            "external_provider": activity.external_provider,
            "heart_rate_zones": _zones_json(activity.heart_rate_zones),
            "power_zones": _zones_json(activity.power_zones),
            "updated_at": utc(activity.updated_at) if activity.updated_at is not None else None,
        },
    )
    points = {point.duration_s: point.watts for point in activity.power_points}  # one per duration
    if points:
        conn.execute(
            insert(endurance_power_points),
            [
                {
                    "account_id": account_id,
                    "activity_id": activity.activity_id,
                    "duration_s": duration,
                    "sport": activity.sport,
                    "start_time": start,
                    "watts": watts,
                }
                for duration, watts in sorted(points.items())
            ],
        )


def delete_activity(conn: Connection, account_id: str, activity_id: str) -> None:
    """Remove the activity and its power points (nothing when it is not there)."""
    for table in (endurance_power_points, endurance_activities):
        conn.execute(
            delete(table).where(table.c.account_id == account_id, table.c.activity_id == activity_id)
        )


def activities(
    conn: Connection,
    account_id: str,
    start: datetime | None,
    end: datetime,
    sports: Iterable[str] = (),
) -> list[ActivityFacts]:
    """Activities that started in [start, end) (no lower bound when ``start`` is None), oldest first."""
    wanted = sorted(set(sports))
    query = _ACTIVITIES[start is not None, bool(wanted)]
    parameters: dict[str, Any] = {"account_id": account_id, "end": utc(end)}
    if start is not None:
        parameters["start"] = utc(start)
    if wanted:
        parameters["sports"] = wanted
    return [_activity(row) for row in conn.execute(query, parameters).all()]


def _activities_query(bounded: bool, of_sports: bool) -> Select[Any]:
    table = endurance_activities
    query = select(table).where(
        table.c.account_id == bindparam("account_id"), table.c.start_time < bindparam("end")
    )
    if bounded:
        query = query.where(table.c.start_time >= bindparam("start"))
    if of_sports:
        query = query.where(table.c.sport.in_(bindparam("sports", expanding=True)))
    return query.order_by(table.c.start_time, table.c.activity_id)


# The reads every endurance answer makes, built once with bound parameters (decision 0123, fourth
# pass): building a statement and its cache key cost several times what SQLite takes to run it.
_ACTIVITIES = {
    (bounded, of_sports): _activities_query(bounded, of_sports)
    for bounded in (False, True)
    for of_sports in (False, True)
}


# ``activities``' signature: what the readers that take one of several windows call.
ActivityReader = Callable[[Connection, str, datetime | None, datetime, Iterable[str]], list[ActivityFacts]]


class ActivitiesOnce:
    """``activities`` for several windows of one read up to ``end`` (decision 0123): the first
    call reads every sport from the earlier of its start and ``floor`` (None: no lower bound);
    a later call inside that window is taken from it, in the same order, any other is read."""

    def __init__(self, floor: datetime | None, end: datetime) -> None:
        self._floor = floor
        self._end = end
        self._read: tuple[datetime | None, list[ActivityFacts]] | None = None

    def __call__(
        self,
        conn: Connection,
        account_id: str,
        start: datetime | None,
        end: datetime,
        sports: Iterable[str] = (),
    ) -> list[ActivityFacts]:
        if end > self._end:
            return activities(conn, account_id, start, end, sports)
        if self._read is None:
            first = None if start is None or self._floor is None else min(start, self._floor)
            self._read = (first, activities(conn, account_id, first, self._end))
        first, found = self._read
        if first is not None and (start is None or start < first):
            return activities(conn, account_id, start, end, sports)
        wanted = set(sports)
        return [
            a
            for a in found
            if (start is None or a.start_time >= start)
            and a.start_time < end
            and (not wanted or a.sport in wanted)
        ]


def activity(conn: Connection, account_id: str, activity_id: str) -> ActivityFacts | None:
    """The account's activity with this ID, or None (another account's never answers)."""
    table = endurance_activities
    row = conn.execute(
        select(table).where(table.c.account_id == account_id, table.c.activity_id == activity_id)
    ).first()
    return _activity(row) if row is not None else None


def _activity(row: Row[Any]) -> ActivityFacts:
    return ActivityFacts(
        activity_id=row.activity_id,
        sport=row.sport,
        start_time=utc(row.start_time),
        duration_s=row.duration_s,
        moving_time_s=row.moving_time_s,
        **{name: getattr(row, name) for name in _ACTIVITY_NUMBERS},
        name=row.name,
        source=row.source,
        source_app=row.source_app,
        external_provider=bool(row.external_provider),
        heart_rate_zones=_zones(row.heart_rate_zones),
        power_zones=_zones(row.power_zones),
        updated_at=utc(row.updated_at) if row.updated_at is not None else None,
    )


def _zones_json(zones: Iterable[ZoneSeconds]) -> str:
    return json.dumps([[zone.zone, zone.seconds] for zone in zones], separators=(",", ":"))


def _zones(text: str) -> tuple[ZoneSeconds, ...]:
    return tuple(ZoneSeconds(int(zone), int(seconds)) for zone, seconds in json.loads(text or "[]"))


def best_power(
    conn: Connection, account_id: str, sport: str, start: datetime | None, end: datetime | None
) -> list[tuple[int, float, str, datetime]]:
    """For each duration, the activities holding the highest power in [start, end) (either bound
    open when None): (duration, watts, activity ID, start), a grouped query, not every point."""
    points = endurance_power_points
    where = [points.c.account_id == account_id, points.c.sport == sport]
    if start is not None:
        where.append(points.c.start_time >= utc(start))
    if end is not None:
        where.append(points.c.start_time < utc(end))
    best = (
        select(points.c.duration_s, func.max(points.c.watts).label("watts"))
        .where(*where)
        .group_by(points.c.duration_s)
        .subquery()
    )
    rows = conn.execute(
        select(points.c.duration_s, points.c.watts, points.c.activity_id, points.c.start_time)
        .join(best, and_(points.c.duration_s == best.c.duration_s, points.c.watts == best.c.watts))
        .where(*where)
        .order_by(points.c.duration_s, points.c.start_time, points.c.activity_id)
    ).all()
    return [(row.duration_s, row.watts, row.activity_id, utc(row.start_time)) for row in rows]


# ---- thresholds ------------------------------------------------------------------------------------


def put_threshold(conn: Connection, account_id: str, value: ThresholdValue) -> list[date]:
    """Insert or replace the value; one value per kind and day, so another of the same kind and day
    goes. Returns the effective days of the rows replaced (their figures change too)."""
    table = endurance_thresholds
    replaced = conn.execute(
        select(table.c.threshold_id, table.c.effective_day).where(
            table.c.account_id == account_id,
            (table.c.threshold_id == value.threshold_id)
            | ((table.c.kind == value.kind) & (table.c.effective_day == value.effective_day)),
        )
    ).all()
    for row in replaced:
        conn.execute(
            delete(table).where(table.c.account_id == account_id, table.c.threshold_id == row.threshold_id)
        )
    fields = asdict(value)
    conn.execute(insert(table), {"account_id": account_id, **fields})
    return [row.effective_day for row in replaced]


def delete_threshold(conn: Connection, account_id: str, threshold_id: str) -> date | None:
    """Remove the value; returns the day it was in force from, or None when it was not there."""
    table = endurance_thresholds
    day = conn.execute(
        select(table.c.effective_day).where(
            table.c.account_id == account_id, table.c.threshold_id == threshold_id
        )
    ).scalar_one_or_none()
    conn.execute(delete(table).where(table.c.account_id == account_id, table.c.threshold_id == threshold_id))
    return day


_THRESHOLDS = (
    select(endurance_thresholds)
    .where(endurance_thresholds.c.account_id == bindparam("account_id"))
    .order_by(
        endurance_thresholds.c.kind, endurance_thresholds.c.effective_day, endurance_thresholds.c.threshold_id
    )
)


def thresholds(conn: Connection, account_id: str) -> list[ThresholdValue]:
    """Every threshold value of the account, by kind then effective day (a few dozen at most)."""
    rows = conn.execute(_THRESHOLDS, {"account_id": account_id}).all()
    return [
        ThresholdValue(
            threshold_id=row.threshold_id,
            kind=row.kind,
            effective_day=row.effective_day,
            source=row.source,
            **{name: getattr(row, name) for name in _THRESHOLD_VALUES},
        )
        for row in rows
    ]


# ---- readiness -------------------------------------------------------------------------------------


def put_readiness(conn: Connection, account_id: str, entry: ReadinessEntry) -> None:
    """Insert or replace the day's whole entry."""
    conn.execute(
        delete(readiness_days).where(
            readiness_days.c.account_id == account_id, readiness_days.c.day == entry.day
        )
    )
    conn.execute(
        insert(readiness_days),
        {
            "account_id": account_id,
            "day": entry.day,
            **{name: getattr(entry, name) for name in READINESS_FIELDS},
            "updated_at": utc(entry.updated_at) if entry.updated_at is not None else None,
        },
    )


def readiness(conn: Connection, account_id: str, first: date, last: date) -> list[ReadinessEntry]:
    """The entries of days ``first`` to ``last``, oldest first."""
    table = readiness_days
    rows = conn.execute(
        select(table)
        .where(table.c.account_id == account_id, table.c.day >= first, table.c.day <= last)
        .order_by(table.c.day)
    ).all()
    return [
        ReadinessEntry(
            day=row.day,
            updated_at=utc(row.updated_at) if row.updated_at is not None else None,
            **{name: getattr(row, name) for name in READINESS_FIELDS},
        )
        for row in rows
    ]


def body_weight_on(conn: Connection, account_id: str, day: date) -> float | None:
    """The latest body weight recorded on or before ``day``."""
    value = conn.execute(_BODY_WEIGHT_ON, {"account_id": account_id, "day": day}).scalar_one_or_none()
    return None if value is None else float(value)


_BODY_WEIGHT_ON = (
    select(readiness_days.c.body_weight_kg)
    .where(
        readiness_days.c.account_id == bindparam("account_id"),
        readiness_days.c.day <= bindparam("day"),
        readiness_days.c.body_weight_kg.is_not(None),
    )
    .order_by(readiness_days.c.day.desc())
    .limit(1)
)


# ---- training-load seeds ---------------------------------------------------------------------------


def latest_seed(
    conn: Connection, account_id: str, time_zone: str, on_or_before: date
) -> tuple[date, dict[str, tuple[float, float]]] | None:
    """The latest seeded day on or before ``on_or_before`` and each sport's (CTL, ATL) at its end."""
    rows = conn.execute(
        _LATEST_SEED, {"account_id": account_id, "time_zone": time_zone, "day": on_or_before}
    ).all()
    if not rows:
        return None
    return rows[0].day, {row.sport: (row.ctl, row.atl) for row in rows}


# The latest seeded day's rows in one statement (a stored day always has rows: ``put_seed`` stores
# none without loads), not its day and then its rows (decision 0123, fourth pass).
_SEEDS = training_load_seeds
_SEEDS_OF = (_SEEDS.c.account_id == bindparam("account_id"), _SEEDS.c.time_zone == bindparam("time_zone"))
_LATEST_SEED = select(_SEEDS.c.day, _SEEDS.c.sport, _SEEDS.c.ctl, _SEEDS.c.atl).where(
    *_SEEDS_OF,
    _SEEDS.c.day
    == select(func.max(_SEEDS.c.day)).where(*_SEEDS_OF, _SEEDS.c.day <= bindparam("day")).scalar_subquery(),
)


def put_seed(
    conn: Connection, account_id: str, time_zone: str, day: date, loads: Mapping[str, tuple[float, float]]
) -> None:
    """Store the loads at the end of ``day`` (replacing any stored for it); nothing without loads."""
    if not loads:
        return
    seeds = training_load_seeds
    conn.execute(
        delete(seeds).where(
            seeds.c.account_id == account_id, seeds.c.time_zone == time_zone, seeds.c.day == day
        )
    )
    conn.execute(
        insert(seeds),
        [
            {
                "account_id": account_id,
                "time_zone": time_zone,
                "day": day,
                "sport": sport,
                "ctl": ctl,
                "atl": atl,
            }
            for sport, (ctl, atl) in loads.items()
        ],
    )


def invalidate_seeds(conn: Connection, account_id: str, from_day: date) -> None:
    """Delete every seed of the account, in every time zone, for ``from_day`` and later."""
    seeds = training_load_seeds
    conn.execute(delete(seeds).where(seeds.c.account_id == account_id, seeds.c.day >= from_day))


def latest_activity(conn: Connection, account_id: str, end: datetime) -> ActivityFacts | None:
    """The activity that started last before ``end`` (one row through the start-time index)."""
    table = endurance_activities
    row = conn.execute(
        select(table)
        .where(table.c.account_id == account_id, table.c.start_time < utc(end))
        .order_by(table.c.start_time.desc(), table.c.activity_id.desc())
        .limit(1)
    ).first()
    return _activity(row) if row is not None else None


def latest_readiness(conn: Connection, account_id: str, last: date) -> ReadinessEntry | None:
    """The entry of the latest day on or before ``last``."""
    found = readiness_before(conn, account_id, last, limit=1)
    return found[0] if found else None


def readiness_before(conn: Connection, account_id: str, last: date, limit: int) -> list[ReadinessEntry]:
    """The entries of the ``limit`` latest days on or before ``last``, latest first."""
    table = readiness_days
    rows = conn.execute(
        select(table)
        .where(table.c.account_id == account_id, table.c.day <= last)
        .order_by(table.c.day.desc())
        .limit(limit)
    ).all()
    return [
        ReadinessEntry(
            day=row.day,
            updated_at=utc(row.updated_at) if row.updated_at is not None else None,
            **{name: getattr(row, name) for name in READINESS_FIELDS},
        )
        for row in rows
    ]
