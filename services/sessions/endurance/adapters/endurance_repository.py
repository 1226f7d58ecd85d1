"""Reads and writes of the endurance tables (Core, the caller's connection or transaction)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Connection, Row, and_, delete, insert, select, update

from services.sessions.endurance.adapters.record_codec import (
    figures_from_dict,
    figures_to_dict,
    laps_from_list,
    laps_to_list,
)
from services.sessions.endurance.adapters.stream_codec import decode_streams, encode_streams
from services.sessions.endurance.adapters.tables import (
    activities,
    activity_streams,
    athlete_thresholds,
    daily_readiness,
)
from services.sessions.endurance.domain.endurance_model import (
    READINESS_DECIMALS,
    READINESS_FIELDS,
    Activity,
    ActivityValues,
    NewActivity,
    Readiness,
    Sport,
    StreamSet,
    Threshold,
    ThresholdKind,
    ThresholdValue,
)
from services.sessions.endurance.domain.threshold_rules import threshold_fields
from services.sessions.endurance.domain.twin_rules import start_gap_s

_VALUE_COLUMNS = (
    "duration_s",
    "moving_time_s",
    "distance_m",
    "elevation_gain_m",
    "avg_power_w",
    "normalized_power_w",
    "max_power_w",
    "avg_hr",
    "max_hr",
    "avg_cadence",
    "rpe",
    "name",
    "description",
    "source",
    "source_app",
    "external_provider",
)


def _json(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


# --- activities ------------------------------------------------------------------------------------


def _activity(row: Row[Any]) -> Activity:
    values = ActivityValues(
        sport=cast(Sport, row.sport),
        start=row.start_time,
        **{name: getattr(row, name) for name in _VALUE_COLUMNS},
    )
    return Activity(
        activity_id=row.activity_id,
        values=values,
        figures=figures_from_dict(json.loads(row.figures)),
        has_streams=bool(row.has_streams),
        updated_at=row.updated_at,
        laps=laps_from_list(json.loads(row.laps)),
    )


def insert_activity(
    conn: Connection, account_id: str, activity_id: str, new: NewActivity, now: datetime
) -> Activity:
    """Store the activity and its streams; the (account, source_key) constraint refuses a twin."""
    values = new.values
    conn.execute(
        insert(activities).values(
            account_id=account_id,
            activity_id=activity_id,
            sport=values.sport,
            start_time=values.start,
            **{name: getattr(values, name) for name in _VALUE_COLUMNS},
            source_key=new.source_key or None,
            has_streams=new.streams is not None,
            figures=_json(figures_to_dict(new.figures)),
            laps=_json(laps_to_list(new.laps)),
            created_at=now,
            updated_at=now,
        )
    )
    if new.streams is not None:
        streams = new.streams
        samples, blob = encode_streams(
            [
                streams.power_w,
                streams.heart_rate,
                streams.speed_mps,
                streams.cadence,
                streams.altitude_m,
                streams.distance_m,
            ]
        )
        conn.execute(
            insert(activity_streams).values(
                account_id=account_id, activity_id=activity_id, samples=samples, data=blob
            )
        )
    return Activity(activity_id, values, new.figures, new.streams is not None, now, new.laps)


def find_by_source_key(conn: Connection, account_id: str, source_key: str) -> Activity | None:
    """The account's activity imported from a file with this fingerprint."""
    row = conn.execute(
        select(activities).where(activities.c.account_id == account_id, activities.c.source_key == source_key)
    ).first()
    return _activity(row) if row is not None else None


def find_file_twins(
    conn: Connection, account_id: str, sport: str, start: datetime, within_s: float
) -> list[tuple[Activity, str]]:
    """The account's file imports of ``sport`` starting within ``within_s`` of ``start``, with
    their source keys, nearest start first (twin candidates, decision 0087)."""
    rows = conn.execute(
        select(activities).where(
            activities.c.account_id == account_id,
            activities.c.sport == sport,
            activities.c.source_key.is_not(None),
            activities.c.start_time >= start - timedelta(seconds=within_s),
            activities.c.start_time <= start + timedelta(seconds=within_s),
        )
    ).all()
    found = [(_activity(row), str(row.source_key)) for row in rows]
    return sorted(found, key=lambda pair: start_gap_s(pair[0].values.start, start))


def replace_activity(
    conn: Connection, account_id: str, stored: Activity, new: NewActivity, now: datetime
) -> Activity:
    """Put ``new`` (values, figures, laps, streams, source key) in place of ``stored``, keeping
    its ID; the row is written again, so the unique source key moves with it."""
    delete_activity(conn, account_id, stored.activity_id)
    return insert_activity(conn, account_id, stored.activity_id, new, now)


def get_activity(conn: Connection, account_id: str, activity_id: str) -> Activity | None:
    row = conn.execute(
        select(activities).where(
            activities.c.account_id == account_id, activities.c.activity_id == activity_id
        )
    ).first()
    return _activity(row) if row is not None else None


def read_streams(conn: Connection, account_id: str, activity_id: str) -> StreamSet | None:
    row = conn.execute(
        select(activity_streams.c.samples, activity_streams.c.data).where(
            activity_streams.c.account_id == account_id, activity_streams.c.activity_id == activity_id
        )
    ).first()
    return decode_streams(row.samples, row.data) if row is not None else None


def list_activities(
    conn: Connection,
    account_id: str,
    start_from: datetime | None,
    start_before: datetime | None,
    sports: Sequence[str],
    offset: int,
    limit: int,
) -> list[Activity]:
    """Newest first (then by ID, so pages never overlap); ``limit`` rows from ``offset``."""
    conditions = [activities.c.account_id == account_id]
    if start_from is not None:
        conditions.append(activities.c.start_time >= start_from)
    if start_before is not None:
        conditions.append(activities.c.start_time < start_before)
    if sports:
        conditions.append(activities.c.sport.in_(list(sports)))
    rows = conn.execute(
        select(activities)
        .where(and_(*conditions))
        .order_by(activities.c.start_time.desc(), activities.c.activity_id.desc())
        .offset(offset)
        .limit(limit)
    )
    return [_activity(row) for row in rows]


def save_activity_figures(conn: Connection, account_id: str, activity: Activity) -> None:
    """Store the activity's figures as they are now (the zone times filled when thresholds came)."""
    conn.execute(
        update(activities)
        .where(activities.c.account_id == account_id, activities.c.activity_id == activity.activity_id)
        .values(figures=_json(figures_to_dict(activity.figures)), updated_at=activity.updated_at)
    )


def delete_activity(conn: Connection, account_id: str, activity_id: str) -> None:
    for table in (activity_streams, activities):
        conn.execute(
            delete(table).where(table.c.account_id == account_id, table.c.activity_id == activity_id)
        )


# --- thresholds ------------------------------------------------------------------------------------

_THRESHOLD_COLUMNS = threshold_fields()


def _threshold(row: Row[Any]) -> Threshold:
    value = ThresholdValue(
        kind=cast(ThresholdKind, row.kind),
        effective_day=row.effective_day,
        source=row.source,
        **{name: getattr(row, name) for name in _THRESHOLD_COLUMNS},
    )
    return Threshold(row.threshold_id, value)


def list_thresholds(conn: Connection, account_id: str) -> list[Threshold]:
    rows = conn.execute(select(athlete_thresholds).where(athlete_thresholds.c.account_id == account_id))
    return [_threshold(row) for row in rows]


def thresholds_through(conn: Connection, account_id: str, day: str) -> list[Threshold]:
    """The values dated on or before ``day`` (those any value in force that day is among)."""
    rows = conn.execute(
        select(athlete_thresholds).where(
            athlete_thresholds.c.account_id == account_id, athlete_thresholds.c.effective_day <= day
        )
    )
    return [_threshold(row) for row in rows]


def threshold_on_day(conn: Connection, account_id: str, kind: str, day: str) -> Threshold | None:
    row = conn.execute(
        select(athlete_thresholds).where(
            athlete_thresholds.c.account_id == account_id,
            athlete_thresholds.c.kind == kind,
            athlete_thresholds.c.effective_day == day,
        )
    ).first()
    return _threshold(row) if row is not None else None


def get_threshold(conn: Connection, account_id: str, threshold_id: str) -> Threshold | None:
    row = conn.execute(
        select(athlete_thresholds).where(
            athlete_thresholds.c.account_id == account_id, athlete_thresholds.c.threshold_id == threshold_id
        )
    ).first()
    return _threshold(row) if row is not None else None


def save_threshold(
    conn: Connection, account_id: str, threshold: Threshold, now: datetime, *, new: bool
) -> None:
    """Insert a new dated value, or replace the values of the one stored under its ID."""
    value = threshold.value
    columns = {
        "kind": value.kind,
        "effective_day": value.effective_day,
        "source": value.source,
        **{name: getattr(value, name) for name in _THRESHOLD_COLUMNS},
        "updated_at": now,
    }
    if new:
        conn.execute(
            insert(athlete_thresholds).values(
                account_id=account_id, threshold_id=threshold.threshold_id, **columns
            )
        )
    else:
        conn.execute(
            update(athlete_thresholds)
            .where(
                athlete_thresholds.c.account_id == account_id,
                athlete_thresholds.c.threshold_id == threshold.threshold_id,
            )
            .values(**columns)
        )


def delete_threshold(conn: Connection, account_id: str, threshold_id: str) -> None:
    conn.execute(
        delete(athlete_thresholds).where(
            athlete_thresholds.c.account_id == account_id, athlete_thresholds.c.threshold_id == threshold_id
        )
    )


# --- readiness -------------------------------------------------------------------------------------


def _readiness(row: Row[Any]) -> Readiness:
    values = {name: float(getattr(row, name)) for name in READINESS_FIELDS if getattr(row, name) is not None}
    return Readiness(row.day, values, row.updated_at)


def get_readiness(conn: Connection, account_id: str, day: str) -> Readiness | None:
    row = conn.execute(
        select(daily_readiness).where(
            daily_readiness.c.account_id == account_id, daily_readiness.c.day == day
        )
    ).first()
    return _readiness(row) if row is not None else None


def save_readiness(conn: Connection, account_id: str, entry: Readiness, *, new: bool) -> None:
    """Insert the day's entry or replace the stored one's fields (every field: merged before)."""
    columns: dict[str, Any] = {name: None for name in READINESS_FIELDS}
    for name, value in entry.values.items():
        columns[name] = value if name in READINESS_DECIMALS else int(value)
    columns["updated_at"] = entry.updated_at
    if new:
        conn.execute(insert(daily_readiness).values(account_id=account_id, day=entry.day, **columns))
    else:
        conn.execute(
            update(daily_readiness)
            .where(daily_readiness.c.account_id == account_id, daily_readiness.c.day == entry.day)
            .values(**columns)
        )


def list_readiness(conn: Connection, account_id: str, first: str, last: str) -> list[Readiness]:
    rows = conn.execute(
        select(daily_readiness)
        .where(
            daily_readiness.c.account_id == account_id,
            daily_readiness.c.day >= first,
            daily_readiness.c.day <= last,
        )
        .order_by(daily_readiness.c.day)
    )
    return [_readiness(row) for row in rows]
