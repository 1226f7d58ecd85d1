"""How advisories write days, volumes and percentages: one style for every message."""

from __future__ import annotations

from datetime import date

from knowledge.plan_safety.advisories import VolumeMetric

_METRIC_NAMES = {
    "run_distance_m": "running distance",
    "bike_distance_m": "cycling distance",
    "swim_distance_m": "swimming distance",
    "tss": "training stress (TSS, all sports)",
}


def day_text(day: date) -> str:
    """``Tue 7 Apr 2026``."""
    return f"{day:%a} {day.day} {day:%b %Y}"


def km_text(metres: float) -> str:
    return f"{metres / 1000:.1f} km"


def volume_text(metric: VolumeMetric, value: float) -> str:
    """A week's volume in the unit an athlete reads it in: km, swim metres, or TSS."""
    if metric == "swim_distance_m":
        return f"{value:,.0f} m"
    if metric == "tss":
        return f"{value:.0f} TSS"
    return km_text(value)


def metric_name(metric: VolumeMetric) -> str:
    return _METRIC_NAMES[metric]


def percent(value: float) -> float:
    """A percentage at the precision the messages show it (0.1 %): the rules judge this figure, so
    an advisory never reads "35.0 % is over 35 %" (decision 0060, Precision)."""
    return round(value, 1)
