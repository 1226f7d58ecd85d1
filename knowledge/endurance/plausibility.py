"""The bounds no human activity crosses: a figure past one is wrong, never used for load.

One wrong figure (a pool swim read as 8 s of moving time, a GPS jump) gave one activity a stress
of a million and wrecked an athlete's chart for months. An activity whose figures cross a bound
here is kept and flagged, and the figure is left out of fitness and fatigue, with a reason the
athlete can read. The bounds, and the records they rest on: docs/decisions/0085-plausibility-guard.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from knowledge.endurance.pace import SECONDS_PER_HOUR, clock_text

# An hour flat out (at threshold, by FTP's definition) scores 100; no whole activity averages
# 150 an hour (IF 1.22 held for an hour by the TSS formula, 1.14 by the swim's cube).
MAX_STRESS_PER_HOUR: Final = 150.0
METRES_PER_KM: Final = 1000.0


@dataclass(frozen=True)
class SpeedLimit:
    """The fastest average speed of a sport over at least ``min_seconds``, or over at least the
    distance that speed covers in that time (a 2 km swim "in 8 s" is as wrong as one in 8 min)."""

    max_mps: float
    min_seconds: float


# Twice or more the world records' averages, so only a wrong figure crosses them (decision 0085):
# swimming's 50 m record is 41.8 s/100 m, the bound 20 s/100 m; running's 400 m record averages
# 9.30 m/s, the bound 9.6 m/s over a minute; cycling's hour record is 56.8 km/h, the bound
# 80 km/h over ten minutes (a descent may be faster for a few minutes).
SPEED_LIMITS: Final[dict[str, SpeedLimit]] = {
    "swim": SpeedLimit(100.0 / 20.0, 60.0),
    "run": SpeedLimit(9.6, 60.0),
    "ride": SpeedLimit(80.0 / 3.6, 600.0),
}


@dataclass(frozen=True)
class Implausible:
    """A figure past its bound: which (``avg_speed`` or ``stress_per_hour``), its value, the
    bound, and a sentence for the athlete saying so and that it was left out of their load."""

    figure: str
    value: float
    bound: float
    reason: str


def implausible_speed(sport: str, distance_m: float | None, moving_time_s: float) -> Implausible | None:
    """The activity's average speed when it is faster than anyone can go in its sport."""
    limit = SPEED_LIMITS.get(sport)
    if limit is None or distance_m is None or not math.isfinite(distance_m) or distance_m <= 0:
        return None
    if not math.isfinite(moving_time_s) or moving_time_s <= 0:
        return None
    speed = distance_m / moving_time_s
    long_enough = moving_time_s >= limit.min_seconds or distance_m >= limit.max_mps * limit.min_seconds
    if speed <= limit.max_mps or not long_enough:
        return None
    return Implausible("avg_speed", speed, limit.max_mps, _speed_reason(sport, speed, limit, moving_time_s))


def implausible_stress(tss: float, seconds: float) -> Implausible | None:
    """The stress when it is more than ``MAX_STRESS_PER_HOUR`` per hour of the activity."""
    if seconds <= 0 or not math.isfinite(tss) or tss <= 0:
        return None
    per_hour = tss / (seconds / SECONDS_PER_HOUR)
    if per_hour <= MAX_STRESS_PER_HOUR:
        return None
    return Implausible(
        "stress_per_hour",
        per_hour,
        MAX_STRESS_PER_HOUR,
        f"its training stress of {tss:.0f} is {per_hour:.0f} per hour, above the {MAX_STRESS_PER_HOUR:.0f} "
        "per hour no whole activity reaches (an hour flat out scores 100), so it was left out of "
        "fitness and fatigue: check its distance and moving time, and the thresholds in force on its day",
    )


def _speed_reason(sport: str, speed: float, limit: SpeedLimit, moving_time_s: float) -> str:
    minutes = f"{limit.min_seconds / 60:.0f} minute" + ("s" if limit.min_seconds > 60 else "")
    minutes = "a minute" if limit.min_seconds == 60 else minutes
    left_out = "so its distance was left out of fitness and fatigue: check the distance and moving time"
    if sport == "swim":
        pace = 100.0 / speed
        return (
            f"its average pace of {_pace_text(pace)}/100 m over {clock_text(moving_time_s)} of moving time "
            f"is faster than {_pace_text(100.0 / limit.max_mps)}/100 m, which no swimmer holds for "
            f"{minutes}, {left_out}"
        )
    km_h = speed * SECONDS_PER_HOUR / METRES_PER_KM
    bound_km_h = limit.max_mps * SECONDS_PER_HOUR / METRES_PER_KM
    who = "runner" if sport == "run" else "rider"
    return (
        f"its average speed of {km_h:.1f} km/h over {clock_text(moving_time_s)} of moving time is above "
        f"{bound_km_h:.1f} km/h, which no {who} holds for {minutes}, {left_out}"
    )


def _pace_text(seconds: float) -> str:
    """A pace under a minute to the tenth of a second ("0:00.5"), else "m:ss"."""
    if seconds < 60:
        return f"0:{seconds:04.1f}"
    return clock_text(seconds)
