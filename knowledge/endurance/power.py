"""Power figures of a ride from its 1 Hz power stream, and of many rides from their best efforts.

The formulas are Coggan's, as Allen & Coggan set them out in "Training and Racing with a Power
Meter": normalized power (NP), intensity factor (IF), variability index (VI), training stress score
(TSS), the mean-maximal power curve, FTP from a 20-minute effort and the seven power zones.

A stream is one value per second, in watts, ``None`` where the recording has no value (a timer
pause, a gap between records, a sensor dropout). Conventions, and why each was chosen over the other
common one, are in docs/decisions/0051-power-stress-and-training-load.md and, for stopped time,
docs/decisions/0086-stopped-time-and-gpx-gaps.md:

- a gap is stopped time: average power and NP leave it out, and a recorded 0 W (coasting) stays in
  both. NP's 30 s windows lie within one unbroken stretch of values, so a window never spans a
  stop (a Wahoo ELEMNT's NP of 157 W reads 157.5 W so; 153.5 W with windows across its stops);
  NP is never below the average power of the same seconds;
- mean-maximal power still counts a gap as 0 W, so a best effort never joins power from before a
  stop to power after it;
- time in zones: a gap is in no zone, it is counted apart (``no_data_seconds``), because a dropout
  during a threshold interval is not recovery;
- every figure keeps full precision; the service that shows it rounds.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Final

PowerStream = Sequence[float | None]

# NP smooths the stream over 30 s: about the time the body's responses (heart rate, lactate,
# breathing) take to follow a change of effort (Allen & Coggan).
NP_WINDOW_SECONDS: Final = 30
SECONDS_PER_HOUR: Final = 3600
# One hour at exactly FTP is 100 TSS: the scale TSS is defined on.
TSS_OF_AN_HOUR_AT_FTP: Final = 100.0

# The durations of the mean-maximal power points: sprint, anaerobic, VO2max and threshold efforts.
MMP_DURATIONS_SECONDS: Final = (5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600)

# Estimated FTP: 95 % of the best 20-minute power (Allen & Coggan's 20-minute test), or the best
# hour's power itself when it is higher, because FTP is defined as about an hour's best.
FTP_TEST_SECONDS: Final = 1200
FTP_SHARE_OF_TEST_POWER: Final = 0.95
FTP_HOUR_SECONDS: Final = 3600

# Coggan's power zones: the upper bound of zones 1 to 6 in percent of FTP, inclusive; zone 7 is
# everything above 150 %. The published bands ("Z2 56-75 %") are whole-percent readings of these
# bounds, so 55.5 % is zone 2: each zone starts just above the previous zone's bound.
ZONE_CEILINGS_PERCENT: Final = (55, 75, 90, 105, 120, 150)
ZONE_NAMES: Final = (
    "Active recovery",
    "Endurance",
    "Tempo",
    "Lactate threshold",
    "VO2max",
    "Anaerobic capacity",
    "Neuromuscular power",
)


@dataclass(frozen=True)
class PowerSummary:
    """The whole-ride figures. NP and what rests on it are None below 30 s (no full window); the
    variability index is None when the average is 0 W (nothing to compare NP with)."""

    duration_seconds: int  # the seconds holding a value: gaps (stopped time) left out
    average_power: float | None  # None for a stream without a value
    normalized_power: float | None
    intensity_factor: float | None
    variability_index: float | None
    training_stress_score: float | None


@dataclass(frozen=True)
class BestEffort:
    """A ride's mean-maximal power for one duration: the best average over any window that long."""

    duration_seconds: int
    watts: float
    start_second: int  # where the window begins in the stream (the earliest, on a tie)


@dataclass(frozen=True)
class PowerCurvePoint:
    """The best power shown for a duration across rides, never lower than any longer duration's.

    ``achieved_over_seconds`` is the duration whose effort gives the value: the point's own, or a
    longer one when that longer effort was higher (then the shorter power was at least as high
    within it; see ``power_curve``).
    """

    duration_seconds: int
    watts: float
    activity_id: str
    achieved_over_seconds: int


@dataclass(frozen=True)
class EstimatedFtp:
    """FTP estimated from the power curve, with the point it rests on."""

    watts: float
    from_duration_seconds: int  # FTP_TEST_SECONDS or FTP_HOUR_SECONDS
    activity_id: str


@dataclass(frozen=True)
class PowerZone:
    """One of Coggan's seven zones for a given FTP.

    A zone holds the power above ``floor`` up to and including ``ceiling``; zone 1 starts at 0 W
    included, zone 7 has no ceiling. The W/kg bounds are None when no body weight was given.
    """

    number: int
    name: str
    floor_percent: int
    ceiling_percent: int | None
    floor_watts: float
    ceiling_watts: float | None
    floor_watts_per_kg: float | None
    ceiling_watts_per_kg: float | None


@dataclass(frozen=True)
class TimeInZones:
    """Seconds of a stream in each power zone (index 0 is zone 1), and the gaps, in no zone."""

    seconds: tuple[int, int, int, int, int, int, int]
    no_data_seconds: int

    def seconds_in(self, zone_number: int) -> int:
        """Seconds in zone ``zone_number`` (1 to 7)."""
        if not 1 <= zone_number <= len(ZONE_NAMES):
            raise ValueError(f"power zones are numbered 1 to {len(ZONE_NAMES)}, not {zone_number}")
        return self.seconds[zone_number - 1]


def average_power(stream: PowerStream) -> float | None:
    """Mean watts over the seconds holding a value (gaps are stopped time, left out; a recorded
    0 W stays in); None when no second holds one."""
    watts = _recorded_watts(stream)
    return math.fsum(watts) / len(watts) if watts else None


def normalized_power(stream: PowerStream) -> float | None:
    """Coggan's NP: the 30 s rolling average, raised to the 4th power, averaged, 4th root.

    The rolling average has one value per full 30 s window lying within one stretch of seconds
    that all hold a value: a gap (a pause, a stop between records, a dropout) ends a stretch, and
    the first window after it ends 30 s into the next one, so power from before a stop is never
    smoothed into power after it. With no full window anywhere (every stretch under 30 s) there is
    no NP (None). The 4th power weights hard efforts the way their physiological cost rises,
    steeper than linear, so NP is what a steady ride of the same cost would average.

    NP is never below the average power of the same seconds (``average_power``): a steady ride of
    the same cost averages at least as much. The windows weigh a stretch's first and last 29 s less
    than its middle, so a short stretch whose power lies at its ends could otherwise come out lower;
    then NP is the average (decision 0086).
    """
    _checked_stream(stream)
    fourth_powers: list[float] = []
    for stretch in _stretches(stream):
        if len(stretch) < NP_WINDOW_SECONDS:
            continue
        totals = _running_totals(stretch)
        fourth_powers.extend(
            ((totals[end] - totals[end - NP_WINDOW_SECONDS]) / NP_WINDOW_SECONDS) ** 4
            for end in range(NP_WINDOW_SECONDS, len(stretch) + 1)
        )
    if not fourth_powers:
        return None
    normalized = float((math.fsum(fourth_powers) / len(fourth_powers)) ** 0.25)
    return max(normalized, average_power(stream) or 0.0)


def intensity_factor(normalized_watts: float, ftp_watts: float) -> float:
    """IF = NP / FTP: how hard the ride was against the rider's threshold (1.0 = an hour's best)."""
    return normalized_watts / _checked_ftp(ftp_watts)


def variability_index(normalized_watts: float, average_watts: float) -> float | None:
    """VI = NP / average power: 1.0 for a steady ride, higher the more surges; None at 0 W."""
    return normalized_watts / average_watts if average_watts > 0 else None


def training_stress_score(duration_seconds: float, normalized_watts: float, ftp_watts: float) -> float:
    """TSS = (s × NP × IF) / (FTP × 3600) × 100: an hour at FTP is 100.

    Equivalently hours × IF² × 100, so the cost grows with the square of intensity.
    """
    intensity = intensity_factor(normalized_watts, ftp_watts)
    return (
        duration_seconds
        * normalized_watts
        * intensity
        / (ftp_watts * SECONDS_PER_HOUR)
        * TSS_OF_AN_HOUR_AT_FTP
    )


def power_summary(stream: PowerStream, ftp_watts: float) -> PowerSummary:
    """Average power, NP, IF, VI and TSS of one ride over the seconds holding a value (gaps are
    stopped time: they count in neither the figures nor the TSS's duration)."""
    _checked_ftp(ftp_watts)
    seconds = len(_recorded_watts(stream))
    average = average_power(stream)
    normalized = normalized_power(stream)
    if normalized is None:
        return PowerSummary(seconds, average, None, None, None, None)
    return PowerSummary(
        duration_seconds=seconds,
        average_power=average,
        normalized_power=normalized,
        intensity_factor=intensity_factor(normalized, ftp_watts),
        variability_index=variability_index(normalized, average or 0.0),
        training_stress_score=training_stress_score(seconds, normalized, ftp_watts),
    )


def mean_maximal_power(
    stream: PowerStream, durations_seconds: Iterable[int] = MMP_DURATIONS_SECONDS
) -> tuple[BestEffort, ...]:
    """The best average power over any window of each duration, in the order given.

    One pass over the stream's running totals per duration (a sliding sum: O(samples) each).
    Durations longer than the stream are left out. Gaps count as 0 W, so a window with a dropout
    can only come out lower: a best effort is never invented.
    """
    watts = _watts(stream)
    totals = _running_totals(watts)
    efforts = []
    for duration in durations_seconds:
        if duration <= 0:
            raise ValueError(f"a mean-maximal duration is a positive number of seconds, not {duration}")
        if duration > len(watts):
            continue
        best_total, best_start = totals[duration], 0
        for start in range(1, len(watts) - duration + 1):
            total = totals[start + duration] - totals[start]
            if total > best_total:
                best_total, best_start = total, start
        efforts.append(BestEffort(duration, best_total / duration, best_start))
    return tuple(efforts)


def power_curve(best_efforts: Mapping[str, Iterable[BestEffort]]) -> tuple[PowerCurvePoint, ...]:
    """The power curve across rides (activity ID → its best efforts), shortest duration first.

    Each duration takes the highest power of any ride (the first ride given, on a tie). Then the
    curve is made non-increasing: a rider who held P watts for a long time showed they can hold at
    least P for any shorter time, so a shorter duration never shows less than a longer one. Raw
    windows can break this when the longer duration is not a multiple of the shorter (1 s at 10 W,
    1 s at 0 W, 1 s at 10 W: best 3 s is 6.7 W, best 2 s only 5 W), so, going from the longest
    duration to the shortest, a point lower than the best seen so far takes that value, and its
    ``achieved_over_seconds`` names the longer duration it comes from.
    """
    best: dict[int, PowerCurvePoint] = {}
    for activity_id, efforts in best_efforts.items():
        for effort in efforts:
            held = best.get(effort.duration_seconds)
            if held is None or effort.watts > held.watts:
                best[effort.duration_seconds] = PowerCurvePoint(
                    effort.duration_seconds, effort.watts, activity_id, effort.duration_seconds
                )
    curve: list[PowerCurvePoint] = []
    ceiling: PowerCurvePoint | None = None
    for duration in sorted(best, reverse=True):
        point = best[duration]
        if ceiling is not None and point.watts < ceiling.watts:
            point = PowerCurvePoint(
                duration, ceiling.watts, ceiling.activity_id, ceiling.achieved_over_seconds
            )
        curve.append(point)
        ceiling = point
    return tuple(reversed(curve))


def estimated_ftp(curve: Iterable[PowerCurvePoint]) -> EstimatedFtp | None:
    """eFTP: the higher of 95 % of the curve's 20-minute power and its 60-minute power.

    Allen & Coggan's field test takes 95 % of a 20-minute best: the 5 % off is the anaerobic share
    a 20-minute effort can draw on and an hour cannot. FTP is defined as the power held for about an
    hour, so a 60-minute best is itself an FTP the rider has shown. None when the curve has
    neither duration (no ride of 20 minutes yet).
    """
    by_duration = {point.duration_seconds: point for point in curve}
    candidates = []
    test = by_duration.get(FTP_TEST_SECONDS)
    if test is not None:
        candidates.append(
            EstimatedFtp(test.watts * FTP_SHARE_OF_TEST_POWER, FTP_TEST_SECONDS, test.activity_id)
        )
    hour = by_duration.get(FTP_HOUR_SECONDS)
    if hour is not None:
        candidates.append(EstimatedFtp(hour.watts, FTP_HOUR_SECONDS, hour.activity_id))
    # On a tie the 20-minute rule stays: it is the one the rider knows as a test.
    return max(candidates, key=lambda estimate: estimate.watts, default=None)


def power_zones(ftp_watts: float, body_weight_kg: float | None = None) -> tuple[PowerZone, ...]:
    """Coggan's seven zones for ``ftp_watts``, in watts and, given a body weight, in W/kg."""
    _checked_ftp(ftp_watts)
    if body_weight_kg is not None and not (math.isfinite(body_weight_kg) and body_weight_kg > 0):
        raise ValueError(f"body weight is a positive number of kilograms, not {body_weight_kg}")

    def per_kg(watts: float | None) -> float | None:
        return None if watts is None or body_weight_kg is None else watts / body_weight_kg

    zones = []
    floors = (0, *ZONE_CEILINGS_PERCENT)
    ceilings: tuple[int | None, ...] = (*ZONE_CEILINGS_PERCENT, None)
    for index, (name, floor, ceiling) in enumerate(zip(ZONE_NAMES, floors, ceilings, strict=True)):
        floor_watts = ftp_watts * floor / 100
        ceiling_watts = None if ceiling is None else ftp_watts * ceiling / 100
        zones.append(
            PowerZone(
                number=index + 1,
                name=name,
                floor_percent=floor,
                ceiling_percent=ceiling,
                floor_watts=floor_watts,
                ceiling_watts=ceiling_watts,
                floor_watts_per_kg=per_kg(floor_watts),
                ceiling_watts_per_kg=per_kg(ceiling_watts),
            )
        )
    return tuple(zones)


def power_zone_number(watts: float, ftp_watts: float) -> int:
    """The zone (1 to 7) of a power: the first whose ceiling the power does not exceed.

    Compared as watts × 100 against percent × FTP, so a power exactly on a bound (110 W at 55 % of
    200 W) is not pushed into the next zone by a rounding of 0.55 × 200.
    """
    bounds = [percent * _checked_ftp(ftp_watts) for percent in ZONE_CEILINGS_PERCENT]
    return bisect_left(bounds, _checked_watts(watts) * 100) + 1


def time_in_power_zones(stream: PowerStream, ftp_watts: float) -> TimeInZones:
    """Seconds of the stream in each zone; gaps go to ``no_data_seconds``, not to zone 1."""
    bounds = [percent * _checked_ftp(ftp_watts) for percent in ZONE_CEILINGS_PERCENT]
    seconds = [0] * len(ZONE_NAMES)
    gaps = 0
    for sample in stream:
        if sample is None:
            gaps += 1
        else:
            seconds[bisect_left(bounds, _checked_watts(sample) * 100)] += 1
    zone1, zone2, zone3, zone4, zone5, zone6, zone7 = seconds
    return TimeInZones((zone1, zone2, zone3, zone4, zone5, zone6, zone7), gaps)


def _watts(stream: PowerStream) -> list[float]:
    """The stream as watts, a gap as 0 W (mean-maximal power's convention, top of this module)."""
    return [0.0 if sample is None else _checked_watts(sample) for sample in stream]


def _recorded_watts(stream: PowerStream) -> list[float]:
    """The values of the seconds holding one, in order: the stream without its stopped time."""
    return [_checked_watts(sample) for sample in stream if sample is not None]


def _checked_stream(stream: PowerStream) -> None:
    for sample in stream:
        if sample is not None:
            _checked_watts(sample)


def _stretches(stream: PowerStream) -> list[list[float]]:
    """The runs of consecutive seconds holding a value, split at every gap."""
    stretches: list[list[float]] = []
    current: list[float] = []
    for sample in stream:
        if sample is None:
            if current:
                stretches.append(current)
                current = []
        else:
            current.append(sample)
    if current:
        stretches.append(current)
    return stretches


def _running_totals(watts: Sequence[float]) -> list[float]:
    """totals[i] = the sum of the first i samples, so any window's sum is one subtraction."""
    return [0.0, *accumulate(watts)]


def _checked_watts(sample: float) -> float:
    if not math.isfinite(sample) or sample < 0:
        raise ValueError(f"a power sample is a finite number of watts, 0 or more, not {sample}")
    return float(sample)


def _checked_ftp(ftp_watts: float) -> float:
    if not math.isfinite(ftp_watts) or ftp_watts <= 0:
        raise ValueError(f"FTP is a positive number of watts, not {ftp_watts}")
    return ftp_watts
