"""Swimming figures: critical swim speed (CSS), pace zones from it, and the swim stress score.

CSS is the speed a swimmer can hold without tiring quickly, taken from a 400 m and a 200 m time
trial as the slope of distance over time between them (Wakayoshi et al. 1992's critical speed,
reduced to two trials as coaches use it). Paces are seconds per 100 m. Bands, the intensity factor
and why it is cubed: docs/decisions/0052-running-swimming-and-heart-rate-figures.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from knowledge.endurance.pace import SECONDS_PER_HOUR, clock_text

LONG_TRIAL_M: Final = 400.0
SHORT_TRIAL_M: Final = 200.0
PACE_DISTANCE_M: Final = 100.0


@dataclass(frozen=True)
class SwimZoneBand:
    """A zone's pace bounds as seconds per 100 m added to CSS pace (+ slower, - faster)."""

    number: int
    name: str
    slowest_offset_s: float | None  # None: no slower end
    fastest_offset_s: float | None  # None: no faster end


# Five zones around CSS pace (decision 0052): the threshold zone is centred on CSS, where CSS sets
# are swum; each easier zone is a few seconds per 100 m slower.
SWIM_ZONE_BANDS: Final = (
    SwimZoneBand(1, "recovery", None, 15.0),
    SwimZoneBand(2, "endurance", 15.0, 8.0),
    SwimZoneBand(3, "tempo", 8.0, 3.0),
    SwimZoneBand(4, "threshold", 3.0, -3.0),
    SwimZoneBand(5, "speed", -3.0, None),
)

# sTSS cubes the intensity factor: water drag grows with the square of speed, so the power a
# swimmer spends grows with its cube (decision 0052). An hour at CSS scores 100.
SWIM_STRESS_EXPONENT: Final = 3
SWIM_STRESS_HOUR_AT_CSS: Final = 100.0


def _check_seconds(value: float, what: str) -> None:
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{what} must be a positive number of seconds (got {value})")


@dataclass(frozen=True)
class CriticalSwimSpeed:
    """CSS as a speed and as a pace per 100 m."""

    meters_per_second: float

    @property
    def seconds_per_100m(self) -> float:
        return PACE_DISTANCE_M / self.meters_per_second

    @property
    def per_100m_text(self) -> str:
        """ "m:ss" per 100 m, to the nearest second."""
        return clock_text(self.seconds_per_100m)


def critical_swim_speed(seconds_400m: float, seconds_200m: float) -> CriticalSwimSpeed:
    """CSS = (400 - 200) / (t400 - t200) m/s from two all-out time trials.

    Refused when the 400 m is not slower than the 200 m, or is swum at a faster average pace: the
    200 m was then not flat out, and the CSS would be faster than the swimmer can hold.
    """
    _check_seconds(seconds_400m, "the 400 m time")
    _check_seconds(seconds_200m, "the 200 m time")
    if seconds_400m <= seconds_200m:
        raise ValueError(
            f"the 400 m time ({clock_text(seconds_400m)}) must be slower than the 200 m time "
            f"({clock_text(seconds_200m)}): check the two are not swapped"
        )
    if seconds_400m < 2 * seconds_200m:
        raise ValueError(
            f"the 400 m ({clock_text(seconds_400m)}) was swum at a faster pace than the 200 m "
            f"({clock_text(seconds_200m)}): the 200 m was not flat out; swim it again"
        )
    return CriticalSwimSpeed((LONG_TRIAL_M - SHORT_TRIAL_M) / (seconds_400m - seconds_200m))


@dataclass(frozen=True)
class SwimZone:
    """A pace zone in seconds per 100 m: ``slowest`` has the most seconds (None: open end)."""

    number: int
    name: str
    slowest_s_per_100m: float | None
    fastest_s_per_100m: float | None

    @property
    def slowest_text(self) -> str | None:
        return None if self.slowest_s_per_100m is None else clock_text(self.slowest_s_per_100m)

    @property
    def fastest_text(self) -> str | None:
        return None if self.fastest_s_per_100m is None else clock_text(self.fastest_s_per_100m)


def swim_zones(css: CriticalSwimSpeed) -> tuple[SwimZone, ...]:
    """Z1-Z5 paces around CSS pace (bands in ``SWIM_ZONE_BANDS``)."""
    css_pace = css.seconds_per_100m

    def at(offset: float | None) -> float | None:
        return None if offset is None else css_pace + offset

    return tuple(
        SwimZone(band.number, band.name, at(band.slowest_offset_s), at(band.fastest_offset_s))
        for band in SWIM_ZONE_BANDS
    )


def swim_zone_of(seconds_per_100m: float, css: CriticalSwimSpeed) -> int:
    """The zone of a pace; a pace exactly on a bound belongs to the faster zone."""
    _check_seconds(seconds_per_100m, "a pace per 100 m")
    offset = seconds_per_100m - css.seconds_per_100m
    for band in reversed(SWIM_ZONE_BANDS):
        if band.slowest_offset_s is None or offset <= band.slowest_offset_s:
            return band.number
    raise AssertionError("the recovery zone has no slower end, so every pace has a zone")


@dataclass(frozen=True)
class SwimStress:
    """sTSS of one swim and the intensity factor behind it."""

    stss: float
    intensity_factor: float


def swim_stress(distance_m: float, moving_time_s: float, css: CriticalSwimSpeed) -> SwimStress:
    """sTSS = IF³ × hours × 100, IF = the swim's speed / CSS speed.

    The swim's speed is distance over moving time (rests at the wall left out): a normalized swim
    speed needs lap-by-lap data, and for a steady swim the two agree.
    """
    if not math.isfinite(distance_m) or distance_m <= 0:
        raise ValueError(f"the swim's distance must be a positive number of metres (got {distance_m})")
    _check_seconds(moving_time_s, "the swim's moving time")
    intensity = distance_m / moving_time_s / css.meters_per_second
    hours = moving_time_s / SECONDS_PER_HOUR
    return SwimStress(intensity**SWIM_STRESS_EXPONENT * hours * SWIM_STRESS_HOUR_AT_CSS, intensity)
