"""A swim's moving time and distance as the swimming device measured them (decision 0084).

A pool swim is not a GPS track: the watch counts lengths from the wall turns and writes one
``length`` message per length (active: swum; idle: a rest at the wall), and many write a record
only per length, 25 to 60 s apart. Read as a track, those gaps are "not recorded" and a 50-minute
swim keeps seconds of moving time, so its pace and stress are absurd. So for a swim:

- pool (the file states a pool length and active lengths): moving time is the active lengths'
  timer time and distance is their number times the pool length, as Garmin Connect and the
  device's own pace show them; each lap likewise from the lengths that started in it; a heart
  rate a chest strap stored and sent after the swim is averaged over the active lengths, as the
  device's session average is;
- open water, or a pool file without lengths: moving time is the timer time of the file's swim
  sessions and distance the sessions' distance (else the records' own);
- a TCX swim (Garmin writes no lengths in TCX): moving time and distance are its laps'
  ``TotalTimeSeconds`` and ``DistanceMeters``, what the device stated;
- a swim whose file states none (GPX) keeps the figures the records give.
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from services.sessions.endurance.activity_files.model import ActivityFile, Lap
from services.sessions.endurance.activity_files.recording import Recording, SessionTotals
from services.sessions.endurance.activity_files.strap_heart_rate import strap_beats


@dataclass(frozen=True, slots=True)
class SwimFigures:
    """What the device states of a swim: moving seconds and metres (None: not stated)."""

    moving_time_s: float
    distance_m: float | None


def swim_figures(recording: Recording) -> SwimFigures | None:
    """The device's figures of a swim, or None when it is not a swim or states none."""
    if recording.sport != "swim":
        return None
    # The swim sessions; a file of one session is the swim whatever sport it names (a TCX
    # Sport="Other" the athlete says is a swim).
    sessions = [session for session in recording.sessions if session.sport == "swim"] or (
        recording.sessions if len(recording.sessions) == 1 else []
    )
    pool_length = _pool_length(sessions)
    active = [length for length in recording.lengths if length.active]
    if pool_length is not None and active:
        return SwimFigures(
            moving_time_s=round(sum(length.timer_s for length in active), 3),
            distance_m=round(len(active) * pool_length, 3),
        )
    timers = [session.timer_s for session in sessions]
    if not sessions or any(timer is None or timer <= 0 for timer in timers):
        return None
    distances = [session.distance_m for session in sessions]
    distance = None if any(d is None for d in distances) else sum(d for d in distances if d is not None)
    return SwimFigures(
        moving_time_s=round(sum(timer for timer in timers if timer is not None), 3),
        distance_m=None if distance is None else round(distance, 3),
    )


def with_swim_figures(activity: ActivityFile, recording: Recording) -> ActivityFile:
    """``activity`` with the device's swim figures in place of the records' (unchanged otherwise).

    Moving time never exceeds the elapsed time: a timer summed past the records' span is the
    device's rounding, not time the records missed.
    """
    figures = swim_figures(recording)
    if figures is None:
        return activity
    distance = figures.distance_m if figures.distance_m is not None else activity.distance_m
    return dataclasses.replace(
        activity,
        moving_time_s=min(figures.moving_time_s, activity.duration_s),
        distance_m=distance,
        avg_hr=_swimming_heart_rate(activity, recording) or activity.avg_hr,
        laps=_pool_laps(activity.laps, recording),
    )


def _swimming_heart_rate(activity: ActivityFile, recording: Recording) -> float | None:
    """A pool swim's average heart rate from a chest strap's stored beats: each beat within an
    active length once; None for open water, or when the records' own heart rate stands.

    That is how the device's session average reads them: a Forerunner 735XT pool swim states
    142 bpm, its beats average 141.7 within the active lengths, 140.5 by the second, 139.5 over
    the whole swim; a Fenix 3 states 103, its beats 103.3 within the lengths, 98.7 over the
    swim. A heart rate the records carry live is averaged by the second over the whole swim,
    rests included, as before (Fenix 6: 139.0, device 139; Coros Pace 3: 119.4, device 119; over
    the active lengths alone 139.5 and 120.3). Decisions 0084 and 0094.
    """
    if _pool_length([s for s in recording.sessions if s.sport == "swim"]) is None:
        return None
    start = activity.start.timestamp()
    beats = strap_beats(recording, start, start + activity.duration_s + 1)
    active = sorted((one.start, one.start + one.timer_s) for one in recording.lengths if one.active)
    starts = [begin for begin, _ in active]
    swum = [
        bpm
        for time, bpm in beats
        if (index := bisect.bisect_right(starts, time) - 1) >= 0 and time < active[index][1]
    ]
    return round(sum(swum) / len(swum), 1) if swum else None


def _pool_length(sessions: Sequence[SessionTotals]) -> float | None:
    lengths = {session.pool_length_m for session in sessions if session.pool_length_m}
    return lengths.pop() if len(lengths) == 1 else None


def _pool_laps(laps: tuple[Lap, ...], recording: Recording) -> tuple[Lap, ...]:
    """Each lap's moving time and distance from the active lengths that started within it."""
    pool_length = _pool_length([session for session in recording.sessions if session.sport == "swim"])
    active = [length for length in recording.lengths if length.active]
    if pool_length is None or not active or not laps:
        return laps
    # The first lap takes any length that started before it; each lap ends where the next starts.
    starts = [float("-inf"), *(lap.start.timestamp() for lap in laps[1:]), float("inf")]
    out = []
    for lap, (first, end) in zip(laps, itertools.pairwise(starts), strict=False):
        within = [length for length in active if first <= length.start < end]
        out.append(
            dataclasses.replace(
                lap,
                moving_time_s=min(round(sum(length.timer_s for length in within), 3), lap.duration_s),
                distance_m=round(len(within) * pool_length, 3),
            )
        )
    return tuple(out)
