"""The endurance payloads of the sessions feed (``Change`` fields 10-14) decoded into analytics' facts.

Used by ``sessions_feed.change_from_pb``; kept apart so that module stays about paging the feed.
An unset optional field becomes None, never 0: a run without a heart-rate strap has no average
heart rate, not one of 0 bpm. Rules: docs/decisions/0055-endurance-analytics.md.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.sessions.v1 import endurance_pb2
from services.analytics.domain.endurance_changes import (
    READINESS_FIELDS,
    ActivityFacts,
    ActivityRemoved,
    PowerPoint,
    ReadinessEntry,
    ThresholdRemoved,
    ThresholdValue,
    ZoneSeconds,
)


def _time(stamp: Timestamp) -> datetime:
    value: datetime = stamp.ToDatetime(tzinfo=UTC)
    return value


def _optional(message: Any, name: str) -> Any:
    return getattr(message, name) if message.HasField(name) else None


def _number(message: Any, name: str) -> float | None:
    value = _optional(message, name)
    return None if value is None else float(value)


def _day(value: str) -> date | None:
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def activity_facts(summary: endurance_pb2.ActivitySummary) -> ActivityFacts:
    """An activity.recorded payload; an external-provider activity's name is dropped here too."""
    figures = summary.figures
    return ActivityFacts(
        activity_id=summary.activity_id,
        sport=summary.sport or "other",
        start_time=_time(summary.start_time),
        duration_s=summary.duration_s,
        moving_time_s=summary.moving_time_s,
        distance_m=_number(summary, "distance_m"),
        elevation_gain_m=_number(summary, "elevation_gain_m"),
        avg_power_w=_number(summary, "avg_power_w"),
        normalized_power_w=_number(summary, "normalized_power_w"),
        max_power_w=_number(summary, "max_power_w"),
        avg_hr=_number(summary, "avg_hr"),
        max_hr=_number(summary, "max_hr"),
        avg_cadence=_number(summary, "avg_cadence"),
        rpe=_number(summary, "rpe"),
        name="" if summary.external_provider else summary.name,
        source=summary.source,
        source_app=summary.source_app,
        external_provider=summary.external_provider,
        power_points=tuple(PowerPoint(p.duration_s, p.watts) for p in figures.power_points),
        heart_rate_zones=tuple(ZoneSeconds(z.zone, z.seconds) for z in figures.heart_rate_zones),
        power_zones=tuple(ZoneSeconds(z.zone, z.seconds) for z in figures.power_zones),
        updated_at=_time(summary.update_time) if summary.HasField("update_time") else None,
    )


def activity_removed(deleted: endurance_pb2.ActivityDeleted) -> ActivityRemoved:
    """An activity.deleted payload."""
    return ActivityRemoved(
        activity_id=deleted.activity_id,
        sport=deleted.sport,
        start_time=_time(deleted.start_time) if deleted.HasField("start_time") else None,
    )


def threshold_value(threshold: endurance_pb2.Threshold) -> ThresholdValue | None:
    """A threshold.set payload; None when its effective day is not a day (nothing to date it by)."""
    effective = _day(threshold.effective_day)
    if effective is None:
        return None
    return ThresholdValue(
        threshold_id=threshold.threshold_id,
        kind=threshold.kind,
        effective_day=effective,
        seconds_per_km=_number(threshold, "seconds_per_km"),
        distance_m=_number(threshold, "distance_m"),
        seconds=_number(threshold, "seconds"),
        vdot=_number(threshold, "vdot"),
        watts=_number(threshold, "watts"),
        seconds_400m=_number(threshold, "seconds_400m"),
        seconds_200m=_number(threshold, "seconds_200m"),
        seconds_per_100m=_number(threshold, "seconds_per_100m"),
        bpm=_number(threshold, "bpm"),
        source=threshold.source,
    )


def threshold_removed(deleted: endurance_pb2.ThresholdDeleted) -> ThresholdRemoved:
    """A threshold.deleted payload."""
    return ThresholdRemoved(deleted.threshold_id, deleted.kind, _day(deleted.effective_day))


def readiness_entry(readiness: endurance_pb2.DailyReadiness) -> ReadinessEntry | None:
    """A readiness.recorded payload (the whole day's entry); None when its day is not a day."""
    day = _day(readiness.day)
    if day is None:
        return None
    values = {name: _optional(readiness, name) for name in READINESS_FIELDS}
    return ReadinessEntry(
        day=day,
        updated_at=_time(readiness.update_time) if readiness.HasField("update_time") else None,
        **values,
    )
