"""EnduranceService's messages to and from the module's records.

Every answer goes through ``summary_pb``, which reads ``Activity.shareable``: an external
provider's name and description never leave the service (decision 0054).
"""

from __future__ import annotations

import hashlib
import math
from datetime import UTC, datetime

from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.sessions.v1 import endurance_pb2 as pb
from services.sessions.endurance.domain.activity_rules import ActivityInput
from services.sessions.endurance.domain.endurance_model import (
    READINESS_FIELDS,
    READINESS_WHOLE,
    Activity,
    ActivityLap,
    Figures,
    Readiness,
    StreamSet,
    Threshold,
    ThresholdValue,
)
from services.sessions.service_layer.idempotency import Idempotency

_OPTIONAL_SUMMARY = (
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
_THRESHOLD_NUMBERS = (
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


def stamp(value: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(value)
    return out


def moment(message: Message, field: str) -> datetime | None:
    """A timestamp field as an aware UTC datetime; None when unset."""
    if not message.HasField(field):
        return None
    value: Timestamp = getattr(message, field)
    result: datetime = value.ToDatetime(tzinfo=UTC)
    return result


def _optional(message: Message, field: str) -> float | None:
    return float(getattr(message, field)) if message.HasField(field) else None


def request_key(rpc: str, request: Message) -> Idempotency:
    """The request's idempotency key and the sha256 of the request serialized without it."""
    key = str(getattr(request, "idempotency_key"))  # noqa: B009 (RecordActivity's)
    copy = type(request)()
    copy.CopyFrom(request)
    copy.ClearField("idempotency_key")
    return Idempotency(key, rpc, hashlib.sha256(copy.SerializeToString(deterministic=True)).hexdigest())


def activity_input(message: pb.ActivityInput) -> ActivityInput:
    return ActivityInput(
        sport=message.sport,
        start=moment(message, "start_time"),
        duration_s=message.duration_s,
        moving_time_s=_optional(message, "moving_time_s"),
        **{name: _optional(message, name) for name in _OPTIONAL_SUMMARY},
        name=message.name,
        description=message.description,
        source=message.source,
        source_app=message.source_app,
        external_provider=message.external_provider,
    )


def figures_pb(figures: Figures) -> pb.ActivityFigures:
    return pb.ActivityFigures(
        power_points=[pb.PowerPoint(duration_s=p.duration_s, watts=p.watts) for p in figures.power_points],
        heart_rate_zones=[
            pb.ZoneSeconds(zone=index + 1, seconds=s) for index, s in enumerate(figures.heart_rate_zones)
        ],
        power_zones=[
            pb.ZoneSeconds(zone=index + 1, seconds=s) for index, s in enumerate(figures.power_zones)
        ],
        ftp_w=figures.ftp_w,
        threshold_hr=figures.threshold_hr,
    )


def summary_pb(activity: Activity) -> pb.ActivitySummary:
    values = activity.shareable
    message = pb.ActivitySummary(
        activity_id=activity.activity_id,
        sport=values.sport,
        start_time=stamp(values.start),
        duration_s=values.duration_s,
        moving_time_s=values.moving_time_s,
        name=values.name,
        description=values.description,
        source=values.source,
        source_app=values.source_app,
        external_provider=values.external_provider,
        has_streams=activity.has_streams,
        figures=figures_pb(activity.figures),
        update_time=stamp(activity.updated_at),
        implausible_figures=[
            pb.ImplausibleFigure(
                figure=found.figure, value=found.value, bound=found.bound, reason=found.reason
            )
            for found in activity.implausible
        ],
    )
    for name in _OPTIONAL_SUMMARY:
        value = getattr(values, name)
        if value is not None:
            setattr(message, name, value)
    return message


def lap_pb(lap: ActivityLap) -> pb.Lap:
    message = pb.Lap(start_time=stamp(lap.start), duration_s=lap.duration_s, moving_time_s=lap.moving_time_s)
    for name in ("distance_m", "avg_power_w", "avg_hr", "avg_cadence"):
        value = getattr(lap, name)
        if value is not None:
            setattr(message, name, value)
    return message


def streams_pb(streams: StreamSet) -> pb.ActivityStreams:
    return pb.ActivityStreams(
        power_w=streams.power_w,
        heart_rate=streams.heart_rate,
        speed_mps=streams.speed_mps,
        cadence=streams.cadence,
        altitude_m=streams.altitude_m,
        distance_m=streams.distance_m,
    )


def threshold_value(message: pb.Threshold) -> ThresholdValue:
    return ThresholdValue(
        kind=message.kind,  # type: ignore[arg-type]  # checked by threshold_rules.check_threshold
        effective_day=message.effective_day,
        source=message.source,
        **{name: _optional(message, name) for name in _THRESHOLD_NUMBERS},
    )


def threshold_pb(threshold: Threshold) -> pb.Threshold:
    value = threshold.value
    message = pb.Threshold(
        threshold_id=threshold.threshold_id,
        kind=value.kind,
        effective_day=value.effective_day,
        source=value.source,
    )
    for name in _THRESHOLD_NUMBERS:
        number = getattr(value, name)
        if number is not None:
            setattr(message, name, number)
    return message


def readiness_fields(message: pb.DailyReadiness) -> dict[str, float]:
    """The fields the request sets (presence, not value: 0 steps is a value)."""
    return {name: float(getattr(message, name)) for name in READINESS_FIELDS if message.HasField(name)}


def readiness_pb(entry: Readiness) -> pb.DailyReadiness:
    message = pb.DailyReadiness(day=entry.day, update_time=stamp(entry.updated_at))
    for name, value in entry.values.items():
        if name in READINESS_WHOLE:
            setattr(message, name, int(value))
        elif math.isfinite(value):
            setattr(message, name, value)
    return message
