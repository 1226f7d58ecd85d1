"""A multisport FIT file's legs: one recording per session, each with its own sport (decision 0087).

A triathlon or brick recorded on one watch is one FIT file with one ``session`` per leg (swim,
transition, ride, transition, run). Read whole, bike power would count on the swim and run and
the distance would be the last leg's (the device restarts its counter each leg). Split, each leg
is an activity of its own sport with its own duration, distance and figures, as Garmin Connect,
TrainingPeaks and intervals.icu show them, and the legs' distances add up to the day's.
"""

from __future__ import annotations

import bisect
import itertools
import math
from array import array

from services.sessions.endurance.activity_files.recording import COLUMN_NAMES, Recording


def split_legs(recording: Recording) -> list[Recording]:
    """The recording's legs in time order; the recording itself when it has fewer than two.

    Leg ``i`` holds the records from its session's start to the next session's start; the first
    leg starts at the first record (a device may write the first session's start late, as the
    Fenix 2 in the tests does by 45 minutes) and the last runs to the end. A file whose sessions
    cannot be placed (a start missing or out of order) is read whole, as before.
    """
    sessions = recording.sessions
    if len(sessions) < 2:
        return [recording]
    bounds = [session.start for session in sessions[1:]]
    if any(start is None for start in bounds):
        return [recording]
    starts = [float(start) for start in bounds if start is not None]
    if any(later <= earlier for earlier, later in itertools.pairwise(starts)):
        return [recording]
    legs = [
        Recording(
            format=recording.format,
            sport=session.sport,
            device=recording.device,
            name=f"leg {index + 1} of {len(sessions)}: {session.word}",
            sessions=[session],  # a swim leg's totals and lengths make its figures (decision 0084)
            strap_heart_rate=recording.strap_heart_rate,  # each leg takes the beats in its time
            clock_not_set=recording.clock_not_set,
        )
        for index, session in enumerate(sessions)
    ]
    _share_records(recording, legs, starts)
    for lap_start in recording.lap_starts:
        legs[bisect.bisect_right(starts, lap_start)].lap_starts.append(lap_start)
    for length in recording.lengths:
        legs[bisect.bisect_right(starts, length.start)].lengths.append(length)
    kept: list[Recording] = []
    counted = 0.0  # the distance counter where the previous leg ended
    for leg in legs:
        if len(leg.times) < 2 or max(leg.times) <= min(leg.times):
            continue  # a leg of one instant (a transition the watch closed at once) holds nothing
        first, last = min(leg.times), max(leg.times)
        leg.pauses = [(stop, go) for stop, go in recording.pauses if go > first and stop < last]
        counted = _rebase_distance(leg.distance, counted)
        kept.append(leg)
    return kept


def _rebase_distance(distance: array[float], counted: float) -> float:
    """Make the leg's distance count from its own start; returns the counter at its end.

    Most devices restart the counter each leg (the Fenix 2's legs each start near 0). One that
    keeps counting across legs starts a leg at or above where the previous one ended: then that
    is subtracted, so the legs' distances add up to the day's and none repeats another's.
    """
    known = [value for value in distance if not math.isnan(value)]
    if not known:
        return counted
    if counted > 0 and known[0] >= counted:
        for index, value in enumerate(distance):
            distance[index] = value - counted
    return known[-1]


def _share_records(recording: Recording, legs: list[Recording], starts: list[float]) -> None:
    """Each leg takes a slice of every column: from the first record at or after its session's
    start (a forward scan) to the next leg's. A record back in time (a device's clock step) stays
    where the file put it; the checks pass it over there, as for any file (decision 0053)."""
    times = recording.times
    edges = [0]
    index = 0
    for start in starts:
        while index < len(times) and times[index] < start:
            index += 1
        edges.append(index)
    edges.append(len(times))
    for leg, first, end in zip(legs, edges[:-1], edges[1:], strict=True):
        for name, column in zip(COLUMN_NAMES, recording.columns(), strict=True):
            setattr(leg, name, column[first:end])
