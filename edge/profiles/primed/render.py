"""Kinetic's answers in seed 001's words: sports, sessions, timestamps and the stale-data mark."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.analytics.v1 import endurance_pb2

# Training's and analytics' sport words as the seed's disciplines; anything else passes unchanged.
SPORTS = {"run": "running", "ride": "cycling", "swim": "swimming", "strength": "strength", "other": "other"}
# The account's main discipline: the seed's three words where they apply; swimming and strength
# stay what the athlete chose (the seed's list is examples, decision 0059). Unset: strength, auth's
# default.
PRIMARY_SPORTS = {
    "running": "running",
    "cycling": "cycling",
    "triathlon": "triathlon",
    "swimming": "swimming",
    "strength": "strength",
}
STALE_MESSAGE = (
    "the athlete's wearable data is late: this answer rests on the last data synced; advise them to "
    "sync their wearable"
)


def sport(word: str) -> str:
    """A discipline in the seed's words (``run`` is ``running``)."""
    return SPORTS.get(word, word or "other")


def iso(value: Timestamp) -> str | None:
    """A set timestamp as ISO 8601 UTC (``2026-10-14T08:00:00Z``); None when unset."""
    if not value.seconds and not value.nanos:
        return None
    return datetime.fromtimestamp(value.seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def minutes(seconds: float) -> float:
    """Seconds as minutes to 0.1, the precision every figure has."""
    return round(seconds / 60, 1)


def stale_mark(stale: bool) -> dict[str, Any]:
    """``{"data_status": {code: STALE_DATA, ...}}`` beside a 200 answer when analytics says stale."""
    return {"data_status": {"code": "STALE_DATA", "message": STALE_MESSAGE}} if stale else {}


def session(planned: endurance_pb2.PlannedSession) -> dict[str, Any]:
    """A prescribed or planned session: title, sport, duration, intensity, description, intervals."""
    rendered: dict[str, Any] = {
        "title": planned.title,
        "sport": sport(planned.sport),
        "duration_minutes": planned.duration_minutes if planned.HasField("duration_minutes") else None,
        "target_intensity": planned.target_intensity,
        "description": planned.description,
    }
    if planned.intervals:
        rendered["intervals"] = [interval(step) for step in planned.intervals]
    return rendered


def interval(step: endurance_pb2.PlannedInterval) -> dict[str, Any]:
    """One interval step with its target in words."""
    rendered: dict[str, Any] = {"label": step.label, "target": step.target, "repeat": step.repeat or 1}
    if step.HasField("duration_seconds"):
        rendered["duration_seconds"] = step.duration_seconds
    if step.HasField("distance_meters"):
        rendered["distance_meters"] = step.distance_meters
    return rendered
