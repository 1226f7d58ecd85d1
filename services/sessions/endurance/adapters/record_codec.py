"""Endurance records as JSON: figures and laps in their columns, and the change feed's payloads.

The feed's payloads are written in the protobuf JSON mapping of the messages ``Change.payload``
carries (``ActivitySummary``, ``ActivityDeleted``, ``Threshold``, ``ThresholdDeleted``,
``DailyReadiness``: lowerCamelCase keys, RFC 3339 times), so ListChanges reads each back into its
typed field with ``json_format.ParseDict``. An
external provider's name and description are never written here (decision 0054).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from services.sessions.endurance.domain.endurance_model import (
    READINESS_DECIMALS,
    Activity,
    ActivityLap,
    Figures,
    PowerPoint,
    Readiness,
    Threshold,
    ThresholdValue,
)


def time_text(moment: datetime) -> str:
    """RFC 3339 in UTC, as the protobuf JSON mapping writes a Timestamp."""
    # A naive time is UTC as stored (SQLite hands them back so); astimezone would take it for local
    # time and fail for one near year 1 (decision 0070).
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat().replace("+00:00", "Z")


def time_from_text(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _zones(seconds: tuple[int, ...]) -> list[dict[str, int]]:
    return [{"zone": index + 1, "seconds": value} for index, value in enumerate(seconds)]


def figures_to_dict(figures: Figures) -> dict[str, Any]:
    """The ActivityFigures message as JSON."""
    return {
        "powerPoints": [{"durationS": p.duration_s, "watts": p.watts} for p in figures.power_points],
        "heartRateZones": _zones(figures.heart_rate_zones),
        "powerZones": _zones(figures.power_zones),
        "ftpW": figures.ftp_w,
        "thresholdHr": figures.threshold_hr,
    }


def figures_from_dict(data: dict[str, Any]) -> Figures:
    return Figures(
        power_points=tuple(
            PowerPoint(int(p["durationS"]), float(p["watts"])) for p in data.get("powerPoints", [])
        ),
        heart_rate_zones=tuple(int(z["seconds"]) for z in data.get("heartRateZones", [])),
        power_zones=tuple(int(z["seconds"]) for z in data.get("powerZones", [])),
        ftp_w=float(data.get("ftpW", 0.0)),
        threshold_hr=float(data.get("thresholdHr", 0.0)),
    )


_LAP_NUMBERS = ("distance_m", "avg_power_w", "avg_hr", "avg_cadence")


def laps_to_list(laps: tuple[ActivityLap, ...]) -> list[dict[str, Any]]:
    return [
        {
            "start": time_text(lap.start),
            "duration_s": lap.duration_s,
            "moving_time_s": lap.moving_time_s,
            **{name: getattr(lap, name) for name in _LAP_NUMBERS},
        }
        for lap in laps
    ]


def laps_from_list(data: list[dict[str, Any]]) -> tuple[ActivityLap, ...]:
    return tuple(
        ActivityLap(
            start=time_from_text(lap["start"]),
            duration_s=float(lap["duration_s"]),
            moving_time_s=float(lap["moving_time_s"]),
            **{name: lap.get(name) for name in _LAP_NUMBERS},
        )
        for lap in data
    )


_SUMMARY_NUMBERS = {
    "distance_m": "distanceM",
    "elevation_gain_m": "elevationGainM",
    "avg_power_w": "avgPowerW",
    "normalized_power_w": "normalizedPowerW",
    "max_power_w": "maxPowerW",
    "avg_hr": "avgHr",
    "max_hr": "maxHr",
    "avg_cadence": "avgCadence",
    "rpe": "rpe",
}


def activity_payload(activity: Activity) -> dict[str, Any]:
    """activity.recorded: the ActivitySummary, as any answer gives it (no streams, no laps)."""
    values = activity.shareable
    data: dict[str, Any] = {
        "activityId": activity.activity_id,
        "sport": values.sport,
        "startTime": time_text(values.start),
        "durationS": values.duration_s,
        "movingTimeS": values.moving_time_s,
        "name": values.name,
        "description": values.description,
        "source": values.source,
        "sourceApp": values.source_app,
        "externalProvider": values.external_provider,
        "hasStreams": activity.has_streams,
        "figures": figures_to_dict(activity.figures),
        "updateTime": time_text(activity.updated_at),
    }
    if activity.implausible:  # decision 0085; left out when empty, like every default
        data["implausibleFigures"] = [
            {"figure": found.figure, "value": found.value, "bound": found.bound, "reason": found.reason}
            for found in activity.implausible
        ]
    for name, key in _SUMMARY_NUMBERS.items():
        value = getattr(values, name)
        if value is not None:
            data[key] = value
    return data


def activity_deleted_payload(activity: Activity) -> dict[str, Any]:
    """activity.deleted: which activity went."""
    return {
        "activityId": activity.activity_id,
        "sport": activity.values.sport,
        "startTime": time_text(activity.values.start),
    }


_THRESHOLD_NUMBERS = {
    "seconds_per_km": "secondsPerKm",
    "distance_m": "distanceM",
    "seconds": "seconds",
    "vdot": "vdot",
    "watts": "watts",
    "seconds_400m": "seconds400m",
    "seconds_200m": "seconds200m",
    "seconds_per_100m": "secondsPer100m",
    "bpm": "bpm",
}


def threshold_payload(threshold: Threshold) -> dict[str, Any]:
    """threshold.set: the Threshold message as JSON."""
    value: ThresholdValue = threshold.value
    data: dict[str, Any] = {
        "thresholdId": threshold.threshold_id,
        "kind": value.kind,
        "effectiveDay": value.effective_day,
        "source": value.source,
    }
    for name, key in _THRESHOLD_NUMBERS.items():
        number = getattr(value, name)
        if number is not None:
            data[key] = number
    return data


def threshold_deleted_payload(threshold: Threshold) -> dict[str, Any]:
    """threshold.deleted: which dated value went."""
    return {
        "thresholdId": threshold.threshold_id,
        "kind": threshold.value.kind,
        "effectiveDay": threshold.value.effective_day,
    }


_READINESS_KEYS = {
    "sleep_hours": "sleepHours",
    "resting_hr": "restingHr",
    "hrv_ms": "hrvMs",
    "soreness": "soreness",
    "fatigue": "fatigue",
    "sleep_quality": "sleepQuality",
    "stress": "stress",
    "mood": "mood",
    "body_weight_kg": "bodyWeightKg",
    "steps": "steps",
    "water_intake_ml": "waterIntakeMl",
    "active_calories": "activeCalories",
}


def readiness_payload(entry: Readiness) -> dict[str, Any]:
    """readiness.recorded: the whole DailyReadiness after the change."""
    data: dict[str, Any] = {"day": entry.day, "updateTime": time_text(entry.updated_at)}
    for name, value in entry.values.items():
        key = _READINESS_KEYS[name]
        data[key] = value if name in READINESS_DECIMALS else int(value)
    return data
