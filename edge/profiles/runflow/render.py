"""Kinetic's figures in seed 004's camelCase words, and the external-provider rule (decision 0061).

An activity synced from an external provider (``external_provider``) never carries its name,
description, streams, laps or splits out of Kinetic: only Kinetic's computed summary figures, and
``stravaComplianceNotice`` with the contract's notice, word for word (issue 19: an assistant
written against the contract may match on it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kinetic.analytics.v1 import endurance_pb2

COMPLIANCE_NOTICE_FIELD = "stravaComplianceNotice"
# Seed 004 section 5, verbatim: the contract's text, not Kinetic's prose.
COMPLIANCE_NOTICE = (
    "Activity title, description, and raw GPS/sensor streams are omitted for Strava-synced activities "
    "per Strava API terms. To inspect raw Strava activity details or streams, please use the official "
    "Strava MCP server."
)


def optional(message: Any, name: str, digits: int = 1) -> float | None:
    """A proto3 optional number rounded, or None when unset."""
    return round(getattr(message, name), digits) if message.HasField(name) else None


def minutes(seconds: float) -> float:
    return round(seconds / 60, 1)


def pace(figure: endurance_pb2.PaceFigure) -> dict[str, Any] | None:
    """A pace in min/km and min/mi (``"4:30"``) and in seconds; None when analytics has none."""
    if not figure.seconds_per_km:
        return None
    return {
        "perKm": figure.per_km,
        "perMile": figure.per_mile,
        "secondsPerKm": round(figure.seconds_per_km, 1),
        "secondsPerMile": round(figure.seconds_per_mile, 1),
    }


def run_paces(running: endurance_pb2.RunningFigures) -> dict[str, Any]:
    """Daniels' training paces of the VDOT in force."""
    return {
        "easySlowest": pace(running.easy_slowest),
        "easyFastest": pace(running.easy_fastest),
        "marathon": pace(running.marathon),
        "threshold": pace(running.threshold),
        "interval": pace(running.interval),
        "repetition": pace(running.repetition),
    }


def activity(stress: endurance_pb2.ActivityStress) -> dict[str, Any]:
    """One activity's summary; an external provider's is scrubbed and carries the notice."""
    rendered: dict[str, Any] = {
        "activityId": stress.activity_id,
        "sport": stress.sport,
        "date": stress.day,
        "durationMinutes": minutes(stress.duration_s),
        "movingMinutes": minutes(stress.moving_time_s or stress.duration_s),
        "distanceKm": round(stress.distance_m / 1000, 2) if stress.HasField("distance_m") else None,
        "elevationGainM": optional(stress, "elevation_gain_m"),
        "avgHr": optional(stress, "avg_hr"),
        "tss": round(stress.tss, 1),
        "tssMethod": stress.stress_method,
        "source": stress.source,
    }
    if stress.sport == "ride":
        rendered |= {
            "avgPowerWatts": optional(stress, "avg_power_w"),
            "npWatts": optional(stress, "normalized_power_w"),
            "intensityFactor": optional(stress, "intensity_factor", 3),
            "variabilityIndex": optional(stress, "variability_index", 3),
            "bikeTss": round(stress.tss, 1),
        }
    if stress.sport == "run":
        rendered["runningTss"] = round(stress.tss, 1)
        if stress.HasField("distance_m") and stress.distance_m > 0:
            rendered["paceSecondsPerKm"] = round(
                (stress.moving_time_s or stress.duration_s) / stress.distance_m * 1000, 1
            )
    if stress.sport == "swim" and stress.HasField("distance_m") and stress.distance_m > 0:
        rendered["paceSecondsPer100m"] = round(
            (stress.moving_time_s or stress.duration_s) / stress.distance_m * 100, 1
        )
    if stress.implausible_figures:  # left out of fitness and fatigue, and why (decision 0085)
        rendered["implausibleFigures"] = [
            {"figure": found.figure, "value": found.value, "bound": found.bound, "reason": found.reason}
            for found in stress.implausible_figures
        ]
    if stress.external_provider:
        rendered["externalProvider"] = True
        rendered[COMPLIANCE_NOTICE_FIELD] = COMPLIANCE_NOTICE
    else:
        rendered["name"] = stress.name or None
        rendered["sourceApp"] = stress.source_app or None
    return rendered


def zone_distribution(
    zones: Iterable[endurance_pb2.ZoneTime], names: Mapping[int, str] | None = None
) -> list[dict[str, Any]]:
    """Seconds per zone summed over activities, with each zone's share of the total."""
    seconds: dict[int, int] = {}
    for zone in zones:
        seconds[zone.zone] = seconds.get(zone.zone, 0) + zone.seconds
    total = sum(seconds.values())
    return [
        {
            "zone": zone,
            **({"name": names[zone]} if names and zone in names else {}),
            "seconds": spent,
            "percent": round(100 * spent / total, 1) if total else 0.0,
        }
        for zone, spent in sorted(seconds.items())
    ]


def mean(values: Iterable[float | None], digits: int = 1) -> float | None:
    """The mean of the known values; None when there are none."""
    known = [value for value in values if value is not None]
    return round(sum(known) / len(known), digits) if known else None
