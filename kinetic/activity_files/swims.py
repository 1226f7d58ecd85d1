"""A swim's moving time and distance as the swimming device measured them (decision 0084).

A pool swim is not a GPS track: the watch counts lengths from the wall turns and writes one
``length`` message per length (active: swum; idle: a rest at the wall), and many write a record
only per length, 25 to 60 s apart. Read as a track, those gaps are "not recorded" and a 50-minute
swim keeps seconds of moving time, so its pace and stress are absurd. So for a swim:

- pool (the file states a pool length and active lengths): moving time is the active lengths'
  timer time and distance is their number times the pool length, as Garmin Connect and the
  device's own pace show them; each lap likewise from the lengths that started in it;
- open water, or a pool file without lengths: moving time is the timer time of the file's swim
  sessions and distance the sessions' distance (else the records' own);
- a swim whose file states neither (TCX, GPX) keeps the figures the records give.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from kinetic.activity_files.model import ActivityFile, Lap
from kinetic.activity_files.recording import Recording, SessionTotals


@dataclass(frozen=True, slots=True)
class SwimFigures:
    """What the device states of a swim: moving seconds and metres (None: not stated)."""

    moving_time_s: float
    distance_m: float | None


def swim_figures(recording: Recording) -> SwimFigures | None:
    """The device's figures of a swim, or None when it is not a swim or states none."""
    if recording.sport != "swim":
        return None
    sessions = [session for session in recording.sessions if session.sport == "swim"]
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
        laps=_pool_laps(activity.laps, recording),
    )


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
