"""A planned endurance workout in one line: "15 min warm-up, 5 x (3 min work at 250-270 W, 2 min
recovery), 10 min cool-down".

Two readers share it, so a step reads the same everywhere: the training service puts the line on
calendar occurrences (``Occurrence.endurance``) and the Metric profile beside a workout's steps
(docs/decisions/0056-planned-endurance-workouts.md). Units are the API's: seconds and meters, shown
as minutes, kilometers, min:s per km.
"""

from __future__ import annotations

from collections.abc import Iterable

from kinetic.training.v1 import training_pb2

_STEP_NAMES = {"warm_up": "warm-up", "cool_down": "cool-down"}


def summary_of(endurance: training_pb2.EnduranceTarget) -> training_pb2.EnduranceSummary:
    """The calendar's summary of a workout's endurance part."""
    summary = training_pb2.EnduranceSummary(
        sport=endurance.sport, intensity=endurance.intensity.label, step_summary=step_summary(endurance.steps)
    )
    if endurance.HasField("planned_duration_seconds"):
        summary.planned_duration_seconds = endurance.planned_duration_seconds
    if endurance.HasField("planned_distance_meters"):
        summary.planned_distance_meters = endurance.planned_distance_meters
    return summary


def step_summary(steps: Iterable[training_pb2.EnduranceStep]) -> str:
    """The steps in one line, in order; "" without steps."""
    return ", ".join(_step(step) for step in steps)


def _step(step: training_pb2.EnduranceStep) -> str:
    if step.type == "repeat":
        return f"{step.repeat_count} x ({step_summary(step.steps)})"
    name = _STEP_NAMES.get(step.type) or step.role or step.type
    text = f"{_length(step)} {name}"
    if step.HasField("target"):
        text += f" at {target_text(step.target)}"
    return text


def _length(step: training_pb2.EnduranceStep) -> str:
    if step.HasField("distance_meters"):
        return distance_text(step.distance_meters)
    return duration_text(step.duration_seconds)


def duration_text(seconds: int) -> str:
    """``5400`` -> ``"1 h 30 min"``, ``90`` -> ``"1 min 30 s"``."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [f"{value} {unit}" for value, unit in ((hours, "h"), (minutes, "min"), (secs, "s")) if value]
    return " ".join(parts) or "0 s"


def distance_text(meters: float) -> str:
    """``400`` -> ``"400 m"``, ``21097.5`` -> ``"21.1 km"``."""
    if meters < 1000:
        return f"{meters:g} m"
    return f"{round(meters / 1000, 2):g} km"


def _pace(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def _range(low: str, high: str) -> str:
    return low if low == high else f"{low}-{high}"


def target_text(target: training_pb2.StepTarget, kind: str | None = None) -> str:
    """``"4:30-4:45 /km"``, ``"250-270 W"``, ``"88-94% FTP"``, ``"140-150 bpm"``, ``"HR Z2"``, ``"RPE 7"``.

    ``kind``: the target's kind as its reader read it (the enum twin of an answer, decision 0129);
    None reads the string."""
    kind = target.kind if kind is None else kind
    if kind == "pace":
        if not target.HasField("pace_low_seconds_per_km"):
            return f"{target.pace_zone} pace"  # named, not yet computed from a VDOT (decision 0062)
        pace = _range(_pace(target.pace_low_seconds_per_km), _pace(target.pace_high_seconds_per_km))
        return f"{pace} /km"
    if kind == "power":
        if target.HasField("ftp_percent_low"):
            return f"{_range(f'{target.ftp_percent_low:g}', f'{target.ftp_percent_high:g}')}% FTP"
        return f"{_range(str(target.watts_low), str(target.watts_high))} W"
    if kind == "heart_rate":
        if target.HasField("heart_rate_zone"):
            return f"HR Z{target.heart_rate_zone}"
        return f"{_range(str(target.bpm_low), str(target.bpm_high))} bpm"
    return f"RPE {target.rpe}"
