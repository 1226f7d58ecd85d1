"""Heart-rate figures: six training zones, Banister's TRIMP, hrTSS and time in zones.

Zones rest on the lactate-threshold heart rate (LTHR) after Friel, with his three zones above
threshold folded to two so there are six (Z1-Z6, as an athlete profile lists them). Without a
measured LTHR, one is estimated from the resting and maximum heart rates by the Karvonen formula
(heart-rate reserve), and the same bands apply. Bands, the sex-neutral TRIMP weighting, the hrTSS
normalization and the stream rules: docs/decisions/0052-running-swimming-and-heart-rate-figures.md.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from knowledge.endurance.pace import SECONDS_PER_MINUTE

Sex = Literal["male", "female"]

# Heart rates outside this range are a wrong unit or a sensor error, never a person.
PLAUSIBLE_BPM: Final = (20.0, 250.0)


@dataclass(frozen=True)
class ZoneBand:
    """A zone's number, name and its lower bound as a fraction of LTHR (inclusive)."""

    number: int
    name: str
    lowest_fraction_of_threshold: float


# Friel's LTHR zones (1 <81 %, 2 81-89 %, 3 90-93 %, 4 94-99 %, 5a 100-102 %, 5b 103-106 %,
# 5c >106 %), with 5b and 5c as one Z6: heart rate lags short hard efforts, so it cannot tell
# them apart, and a profile lists six zones.
ZONE_BANDS: Final = (
    ZoneBand(1, "recovery", 0.0),
    ZoneBand(2, "aerobic", 0.81),
    ZoneBand(3, "tempo", 0.90),
    ZoneBand(4, "sub-threshold", 0.94),
    ZoneBand(5, "threshold", 1.00),
    ZoneBand(6, "above threshold", 1.03),
)

# Karvonen: a target heart rate is resting + intensity × (maximum - resting). Threshold is taken
# at 85 % of the reserve (decision 0052): about 89-90 % of maximum for typical resting and maximum
# rates, where trained athletes' measured LTHR usually falls.
THRESHOLD_RESERVE_FRACTION: Final = 0.85

# Banister's TRIMP weighting a·e^(b·x) of the heart-rate reserve fraction x.
TRIMP_WEIGHTING: Final[dict[Sex, tuple[float, float]]] = {
    "male": (0.64, 1.92),
    "female": (0.86, 1.67),
}
# hrTSS: an hour at threshold heart rate scores 100, as an hour at threshold power or pace does.
HR_TSS_REFERENCE_MINUTES: Final = 60.0
HR_TSS_REFERENCE_SCORE: Final = 100.0

# In a stream, a sample's heart rate holds until the next sample; a gap longer than this is a pause
# or a lost signal, and the time in it is left uncounted (recorders sample every 1 to 8 s).
MAX_SAMPLE_GAP_S: Final = 15.0


def _check_bpm(value: float, what: str) -> None:
    low, high = PLAUSIBLE_BPM
    if not math.isfinite(value) or not low <= value <= high:
        raise ValueError(f"{what} must be {low:g} to {high:g} bpm (got {value})")


def _check_rest_and_max(resting_hr: float, max_hr: float) -> None:
    _check_bpm(resting_hr, "the resting heart rate")
    _check_bpm(max_hr, "the maximum heart rate")
    if max_hr <= resting_hr:
        raise ValueError(
            f"the maximum heart rate ({max_hr:g}) must be above the resting heart rate ({resting_hr:g}): "
            "check the two are not swapped"
        )


@dataclass(frozen=True)
class HeartRateZone:
    """One zone in whole bpm: ``lowest_bpm`` to ``highest_bpm`` inclusive (None: no upper end)."""

    number: int
    name: str
    lowest_bpm: int
    highest_bpm: int | None


@dataclass(frozen=True)
class HeartRateZones:
    """Six zones and the threshold heart rate they rest on; ``estimated`` when it was not measured."""

    threshold_hr: float
    estimated: bool
    zones: tuple[HeartRateZone, ...]

    def zone_of(self, bpm: float) -> int:
        """The zone number of a heart rate: the highest zone whose lower bound it reaches."""
        number = ZONE_BANDS[0].number
        for band in ZONE_BANDS:
            if bpm >= _lower_bound(band, self.threshold_hr):
                number = band.number
        return number


def _lower_bound(band: ZoneBand, threshold_hr: float) -> float:
    # Rounded to a millionth so float noise (0.9 × 170 = 153.00000000000003) cannot move a whole bpm.
    return round(band.lowest_fraction_of_threshold * threshold_hr, 6)


def _zones(threshold_hr: float, estimated: bool) -> HeartRateZones:
    # A whole bpm is in a zone when it reaches the zone's lower bound, so the zone starts at the
    # bound rounded up; the zone ends one bpm below where the next one starts.
    lowest = [math.ceil(_lower_bound(band, threshold_hr)) for band in ZONE_BANDS]
    highest: list[int | None] = [start - 1 for start in lowest[1:]]
    highest.append(None)
    zones = tuple(
        HeartRateZone(band.number, band.name, low, high)
        for band, low, high in zip(ZONE_BANDS, lowest, highest, strict=True)
    )
    return HeartRateZones(threshold_hr, estimated, zones)


def zones_from_threshold(threshold_hr: float) -> HeartRateZones:
    """Z1-Z6 from a measured lactate-threshold heart rate (Friel's bands, 5b and 5c as Z6)."""
    _check_bpm(threshold_hr, "the threshold heart rate")
    return _zones(threshold_hr, estimated=False)


def estimated_threshold_hr(resting_hr: float, max_hr: float) -> float:
    """LTHR estimated by Karvonen at 85 % of the heart-rate reserve: rest + 0.85 × (max - rest)."""
    _check_rest_and_max(resting_hr, max_hr)
    return resting_hr + THRESHOLD_RESERVE_FRACTION * (max_hr - resting_hr)


def zones_from_reserve(resting_hr: float, max_hr: float) -> HeartRateZones:
    """Z1-Z6 when no LTHR is known: the same bands on a threshold estimated from the reserve."""
    return _zones(estimated_threshold_hr(resting_hr, max_hr), estimated=True)


def heart_rate_zones(
    *,
    threshold_hr: float | None = None,
    resting_hr: float | None = None,
    max_hr: float | None = None,
) -> HeartRateZones:
    """Zones from a measured LTHR when there is one, else from resting and maximum heart rates."""
    if threshold_hr is not None:
        return zones_from_threshold(threshold_hr)
    if resting_hr is None or max_hr is None:
        raise ValueError(
            "heart-rate zones need a threshold heart rate, or both resting and maximum heart rates"
        )
    return zones_from_reserve(resting_hr, max_hr)


def reserve_fraction(heart_rate: float, resting_hr: float, max_hr: float) -> float:
    """Where ``heart_rate`` sits in the reserve: 0 at rest, 1 at maximum (Banister's ΔHR ratio)."""
    _check_rest_and_max(resting_hr, max_hr)
    _check_bpm(heart_rate, "the average heart rate")
    if heart_rate < resting_hr:
        raise ValueError(
            f"the average heart rate ({heart_rate:g}) is below the resting heart rate ({resting_hr:g}): "
            "update the resting heart rate"
        )
    if heart_rate > max_hr:
        raise ValueError(
            f"the average heart rate ({heart_rate:g}) is above the maximum heart rate ({max_hr:g}): "
            "update the maximum heart rate"
        )
    return (heart_rate - resting_hr) / (max_hr - resting_hr)


def trimp_weight(fraction: float, sex: Sex | None) -> float:
    """Banister's weighting a·e^(b·x); with sex unknown, the mean of the male and female weights."""
    if sex is None:
        return sum(a * math.exp(b * fraction) for a, b in TRIMP_WEIGHTING.values()) / len(TRIMP_WEIGHTING)
    a, b = TRIMP_WEIGHTING[sex]
    return a * math.exp(b * fraction)


def trimp(
    duration_s: float,
    average_hr: float,
    resting_hr: float,
    max_hr: float,
    sex: Sex | None = None,
) -> float:
    """Banister's TRIMP: minutes × x × a·e^(b·x), x the average heart rate's reserve fraction."""
    if not math.isfinite(duration_s) or duration_s <= 0:
        raise ValueError(f"the duration must be a positive number of seconds (got {duration_s})")
    fraction = reserve_fraction(average_hr, resting_hr, max_hr)
    return duration_s / SECONDS_PER_MINUTE * fraction * trimp_weight(fraction, sex)


def hr_tss(
    duration_s: float,
    average_hr: float,
    resting_hr: float,
    max_hr: float,
    threshold_hr: float,
    sex: Sex | None = None,
) -> float:
    """hrTSS: the activity's TRIMP as a share of an hour's TRIMP at threshold heart rate, × 100."""
    _check_rest_and_max(resting_hr, max_hr)
    _check_bpm(threshold_hr, "the threshold heart rate")
    if not resting_hr < threshold_hr <= max_hr:
        raise ValueError(
            f"the threshold heart rate ({threshold_hr:g}) must be above the resting ({resting_hr:g}) "
            f"and at most the maximum heart rate ({max_hr:g}): update whichever is stale"
        )
    hour_at_threshold = trimp(
        HR_TSS_REFERENCE_MINUTES * SECONDS_PER_MINUTE, threshold_hr, resting_hr, max_hr, sex
    )
    return trimp(duration_s, average_hr, resting_hr, max_hr, sex) / hour_at_threshold * HR_TSS_REFERENCE_SCORE


@dataclass(frozen=True)
class TimeInZones:
    """Seconds per zone (index 0 is Z1) and the seconds no zone could be given."""

    seconds: tuple[float, ...]
    uncounted_seconds: float


def time_in_zones(samples: Sequence[tuple[float, float | None]], zones: HeartRateZones) -> TimeInZones:
    """Seconds spent in each zone from ``(offset_s, bpm)`` samples in time order.

    Each sample's heart rate holds until the next sample. The span after a missing or zero heart
    rate (a sensor dropout) or across a gap over 15 s is uncounted; the last sample starts no span.
    """
    seconds = [0.0] * len(zones.zones)
    uncounted = 0.0
    for (offset, bpm), (next_offset, _) in itertools.pairwise(samples):
        span = next_offset - offset
        if not span > 0:
            raise ValueError(
                "heart-rate samples must be in time order, each after the last "
                f"(got {next_offset} after {offset})"
            )
        if bpm is None or bpm <= 0 or span > MAX_SAMPLE_GAP_S:
            uncounted += span
        else:
            seconds[zones.zone_of(bpm) - 1] += span
    return TimeInZones(tuple(seconds), uncounted)
