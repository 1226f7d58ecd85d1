"""An activity's figures from its 1 Hz streams and the thresholds in force on its day.

The formulas are ``knowledge.endurance``'s (decisions 0051 and 0052); what is chosen here, and why,
is in docs/decisions/0054-endurance-records.md (Figures):

- normalised power and the mean-maximal points of ``MMP_DURATIONS_SECONDS`` (those the activity is
  long enough for) from any power stream; power zones only for a ride, with the FTP in force,
  since the FTP the athlete records is a cycling threshold;
- heart-rate zones from the threshold heart rate in force, else from the resting and maximum
  heart rates in force (Karvonen's estimate); ``threshold_hr`` is the one the zones rest on;
- seconds are whole seconds (heart-rate spans are rounded, power samples are one second each).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from knowledge.endurance import heart_rate, power
from services.sessions.endurance.domain.endurance_model import (
    Figures,
    PowerPoint,
    Sport,
    Threshold,
    ThresholdKind,
)

Stream = Sequence[float | None]


def _present(stream: Stream) -> bool:
    return any(value is not None for value in stream)


def normalized_power(power_stream: Stream) -> float | None:
    """NP of the stream in whole watts, as devices and TrainingPeaks show it (decision 0086); None
    without power or without 30 s of unbroken power. Stopped time (gaps) is left out."""
    normalized = power.normalized_power(power_stream) if _present(power_stream) else None
    return None if normalized is None else float(round(normalized))


def activity_figures(
    sport: Sport,
    power_stream: Stream,
    heart_rate_stream: Stream,
    thresholds: Mapping[ThresholdKind, Threshold],
) -> Figures:
    """The figures of one activity; empty parts where a stream or a threshold is missing."""
    ftp = _value(thresholds, "ftp", "watts")
    points: tuple[PowerPoint, ...] = ()
    power_zones: tuple[int, ...] = ()
    if _present(power_stream):
        points = tuple(
            PowerPoint(effort.duration_seconds, effort.watts)
            for effort in power.mean_maximal_power(power_stream, power.MMP_DURATIONS_SECONDS)
        )
        if sport == "ride" and ftp:
            power_zones = power.time_in_power_zones(power_stream, ftp).seconds
    zones = _heart_rate_zones(thresholds)
    hr_zones: tuple[int, ...] = ()
    if zones is not None and _present(heart_rate_stream):
        spent = heart_rate.time_in_zones(list(enumerate(heart_rate_stream)), zones)
        hr_zones = tuple(round(seconds) for seconds in spent.seconds)
    return Figures(
        power_points=points,
        heart_rate_zones=hr_zones,
        power_zones=power_zones,
        ftp_w=ftp if power_zones else 0.0,
        threshold_hr=zones.threshold_hr if hr_zones and zones is not None else 0.0,
    )


def _value(thresholds: Mapping[ThresholdKind, Threshold], kind: ThresholdKind, field: str) -> float:
    threshold = thresholds.get(kind)
    value = getattr(threshold.value, field) if threshold is not None else None
    return float(value) if value is not None else 0.0


def _heart_rate_zones(thresholds: Mapping[ThresholdKind, Threshold]) -> heart_rate.HeartRateZones | None:
    lthr = _value(thresholds, "threshold_hr", "bpm")
    if lthr:
        return heart_rate.heart_rate_zones(threshold_hr=lthr)
    resting = _value(thresholds, "resting_hr", "bpm")
    maximum = _value(thresholds, "max_hr", "bpm")
    if resting and maximum and resting < maximum:
        try:
            return heart_rate.heart_rate_zones(resting_hr=resting, max_hr=maximum)
        except ValueError:
            return None  # a resting and maximum pair the estimate refuses: no zones
    return None
