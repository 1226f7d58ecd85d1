"""From a checked recording to the ``ActivityFile``: totals, laps and the ``source_key``.

Every figure is computed from the records, the same way for FIT, TCX and GPX, rather than taken
from the summary a device may write (GPX has none, and devices differ in what they average):
docs/decisions/0053-activity-files.md (Figures).
"""

from __future__ import annotations

import bisect
import dataclasses
import hashlib
import itertools
import statistics
import sys
from array import array
from collections.abc import Sequence
from datetime import UTC, datetime

from kinetic.record_ranges import ACTIVITY_START
from services.sessions.endurance.activity_files.limits import MAX_ELAPSED_S, check_recording
from services.sessions.endurance.activity_files.model import (
    ActivityFile,
    Lap,
    Streams,
    UnreadableActivityFile,
)
from services.sessions.endurance.activity_files.recording import Recording, pause_starts_between
from services.sessions.endurance.activity_files.strap_heart_rate import strap_heart_rate_stream
from services.sessions.endurance.activity_files.streams import (
    HOLD_GAP_S,
    build_streams,
    held_heart_rate,
    moving_flags,
    moving_seconds,
    with_moving_ends,
)
from services.sessions.endurance.activity_files.swims import with_swim_figures

# A climb counts once the altitude has risen this far above the last low point; smaller ups and
# downs are the altimeter's noise: GoldenCheetah's default hysteresis (decision 0086).
ELEVATION_HYSTERESIS_M = 3.0
# Before that, each altitude becomes the median of the readings within this many seconds either
# side, so a lone spike (an altimeter settling at the start) is dropped rather than climbed.
ELEVATION_MEDIAN_HALF_WINDOW_S = 5.0
# The altitude read after a pause longer than this is not a climb from the one before it: over a
# long stop a barometer drifts with the weather (and a new GPX segment may start anywhere). Over
# a shorter one (an auto-pause at a junction) the rider is on the same road, and devices count it.
ELEVATION_PAUSE_S = 300.0
# Hex digits of the SHA-256 kept in a key: 128 bits, "fit:" + 32 fits an idempotency key
# (knowledge.training.formats.IDEMPOTENCY_KEY: 8 to 80 of [A-Za-z0-9._:-]).
SOURCE_KEY_HEX_DIGITS = 32


def build_activity(recording: Recording) -> ActivityFile:
    """Check the recording (``limits.check_recording``), resample it and sum it up."""
    record_digest = _record_digest(recording)  # of the records as read, before any check
    check_recording(recording, HOLD_GAP_S)
    first_record = recording.times[0]
    records_s = round(recording.times[-1] - first_record, 3)
    start, end = _span(recording)
    _check_start(start)
    duration_s = round(end - start, 3)
    length = int(duration_s) + 1
    streams, _ = build_streams(recording, length, start)
    strap = strap_heart_rate_stream(recording, start, length)
    if strap is not None:  # beats a strap sent after a swim (decision 0094)
        streams = dataclasses.replace(streams, heart_rate=tuple(strap))
    # Moving time and the average heart rate count the seconds between records however far apart,
    # as the device's timer did, and a session's seconds before and after its records (decisions
    # 0093, 0094); the streams keep their gaps.
    moving = with_moving_ends(recording, moving_flags(recording, length, start), start)
    heart_rate = list(strap) if strap is not None else held_heart_rate(recording, length, start)
    distance_m = _last_value(recording.distance)
    if distance_m is not None:
        distance_m = round(distance_m, 3)
    source_key = _source_key(recording, first_record, records_s, distance_m, record_digest)
    activity = ActivityFile(
        format=recording.format,
        source_key=source_key,
        sport=recording.sport,
        start=datetime.fromtimestamp(start, UTC),
        duration_s=duration_s,
        moving_time_s=float(moving_seconds(moving, 0, length - 1)),
        distance_m=distance_m,
        elevation_gain_m=_elevation_gain(recording),
        avg_power_w=_average(streams.power, 0, length),
        max_power_w=_maximum(streams.power, 0, length),
        avg_hr=_average(heart_rate, 0, length),
        max_hr=_maximum(streams.heart_rate, 0, length),
        avg_cadence=_average(streams.cadence, 0, length, leave_out_zero=True),
        device=recording.device,
        name=recording.name,
        laps=_laps(recording, streams, moving, heart_rate, start, duration_s),
        streams=streams,
        clock_not_set=recording.clock_not_set,
    )
    # A swim's moving time and distance are the device's, from its lengths (decision 0084); the
    # source key stays the records' so a file imported before is still recognised.
    return with_swim_figures(activity, recording)


def _span(recording: Recording) -> tuple[float, float]:
    """When the activity started and ended: its records' first and last times, or its FIT
    sessions' ``start_time`` and ``start_time + total_elapsed_time`` when these contain the
    records (within a second). A watch may write its first record minutes after the session
    starts and its last when the timer stops, while its elapsed time runs to the session's end
    (a Forerunner 645 pool swim: records over 767 s of a 1 138-s session; decision 0094). A
    session that does not contain its records (a Fenix 2 writes its first start 45 min late)
    says nothing about them: the records' span stands."""
    first, last = recording.times[0], recording.times[-1]
    stated = [
        (session.start, session.start + session.elapsed_s)
        for session in recording.sessions
        if session.start is not None and session.elapsed_s is not None and session.elapsed_s > 0
    ]
    if not stated:
        return first, last
    begin, end = min(b for b, _ in stated), max(e for _, e in stated)
    if begin <= first + 1.0 and end >= last - 1.0 and end - begin <= MAX_ELAPSED_S:
        return min(begin, first), max(end, last)
    return first, last


def _check_start(start: float) -> None:
    """An activity dated outside ``record_ranges.ACTIVITY_START`` is refused (decision 0070): stored,
    a record dated 0001-01-01 broke every figure of its account. The reader has no clock; the
    service that stores the activity also refuses one dated more than a day ahead of its own."""
    try:
        moment = datetime.fromtimestamp(start, UTC)
    except (OverflowError, OSError, ValueError):
        moment = datetime.min.replace(tzinfo=UTC) if start < 0 else datetime.max.replace(tzinfo=UTC)
    problem = ACTIVITY_START.problem(moment, None)
    if problem is not None:
        raise UnreadableActivityFile(f"the activity's start_time {problem}: the file's clock was not set")


def _laps(
    recording: Recording,
    streams: Streams,
    moving: Sequence[bool],
    heart_rate: Sequence[float | None],
    start: float,
    duration_s: float,
) -> tuple[Lap, ...]:
    """The file's laps over the seconds each covers; one lap for the whole when it marks none.

    A lap runs from its start to the next one's (the last to the end). Starts outside the
    recording, or repeated, are passed over; the first lap always begins at the start.
    """
    offsets = sorted({offset for lap in recording.lap_starts if 0 < (offset := lap - start) < duration_s})
    boundaries = [0.0, *offsets, duration_s]
    last_second = len(streams.time_s) - 1
    laps = []
    for lap_start, lap_end in itertools.pairwise(boundaries):
        first, end = int(lap_start), int(lap_end)
        stats_end = end + 1 if end == last_second else end  # the last lap includes the last record
        lap_distance = _distance_between(streams.distance_m, first, end)
        laps.append(
            Lap(
                start=datetime.fromtimestamp(start + lap_start, UTC),
                duration_s=round(lap_end - lap_start, 3),
                moving_time_s=float(moving_seconds(moving, first, end)),
                distance_m=None if lap_distance is None else round(lap_distance, 3),
                avg_power_w=_average(streams.power, first, stats_end),
                avg_hr=_average(heart_rate, first, stats_end),
                avg_cadence=_average(streams.cadence, first, stats_end, leave_out_zero=True),
            )
        )
    return tuple(laps)


def _average(
    stream: Sequence[float | None], first: int, end: int, *, leave_out_zero: bool = False
) -> float | None:
    """The mean over the seconds holding a value: time-weighted whatever the recording rate.

    Power keeps its zeros (coasting is part of the ride's work); cadence leaves them out, as
    devices do, so it is the cadence while pedalling or running.
    """
    total = 0.0
    count = 0
    for value in stream[first:end]:
        if value is None or (leave_out_zero and value == 0):
            continue
        total += value
        count += 1
    return round(total / count, 1) if count else None


def _maximum(stream: Sequence[float | None], first: int, end: int) -> float | None:
    return max((value for value in stream[first:end] if value is not None), default=None)


def _distance_between(distance: Sequence[float | None], first: int, end: int) -> float | None:
    at_end = _last_known(distance, end)
    if at_end is None:
        return None
    return at_end - (_last_known(distance, first) or 0.0)


def _last_known(stream: Sequence[float | None], second: int) -> float | None:
    for index in range(second, -1, -1):
        if (value := stream[index]) is not None:
            return value
    return None


def _last_value(column: array[float]) -> float | None:
    for value in reversed(column):
        if value == value:
            return value
    return None


def _elevation_gain(recording: Recording) -> float | None:
    """The climb of the altitude readings, span by span between long pauses (decision 0086).

    Each span's readings are first smoothed by a running median over ``ELEVATION_MEDIAN_HALF_WINDOW_S``
    either side, then summed with a hysteresis of ``ELEVATION_HYSTERESIS_M``. A pause (a timer stop,
    a new GPX segment) longer than ``ELEVATION_PAUSE_S`` starts a new span.
    """
    if recording.sport == "swim":
        # A swimmer climbs nothing: a watch's altitude under water or on a wrist at the surface is
        # noise (a vivoactive open-water swim's readings add up to 2.4 km), and devices state none.
        return None
    pause_starts = recording.pause_starts(longer_than_s=ELEVATION_PAUSE_S)
    spans: list[tuple[list[float], list[float]]] = []
    last_time: float | None = None
    for time, altitude in zip(recording.times, recording.altitude, strict=True):
        if altitude != altitude:
            continue
        if not spans or (last_time is not None and pause_starts_between(pause_starts, last_time, time)):
            spans.append(([], []))
        spans[-1][0].append(time)
        spans[-1][1].append(altitude)
        last_time = time
    if not spans:
        return None
    return round(sum(_climb(_running_median(times, altitudes)) for times, altitudes in spans), 1)


def _running_median(times: Sequence[float], values: Sequence[float]) -> list[float]:
    """Each value replaced by the median of the values within ``ELEVATION_MEDIAN_HALF_WINDOW_S``
    either side (cut at the span's ends: a spike in its first seconds, an altimeter settling, is
    outvoted too; a steady climb loses at most the last few seconds' rise at each end)."""
    smoothed = []
    for time in times:
        low = bisect.bisect_left(times, time - ELEVATION_MEDIAN_HALF_WINDOW_S)
        high = bisect.bisect_right(times, time + ELEVATION_MEDIAN_HALF_WINDOW_S)
        smoothed.append(statistics.median(values[low:high]))
    return smoothed


def _climb(readings: Sequence[float]) -> float:
    """The sum of the rises, counting a rise once it is ``ELEVATION_HYSTERESIS_M`` above a low.

    Climbing, every further metre up counts until the altitude has fallen the same margin below
    the high; so a steady climb counts in full and noise narrower than the margin never does.
    """
    gain = 0.0
    reference = readings[0]
    climbing = False
    for value in readings:
        if climbing:
            if value > reference:
                gain += value - reference
                reference = value
            elif value <= reference - ELEVATION_HYSTERESIS_M:
                climbing = False
                reference = value
        elif value < reference:
            reference = value
        elif value >= reference + ELEVATION_HYSTERESIS_M:
            gain += value - reference
            reference = value
            climbing = True
    return gain


def _record_digest(recording: Recording) -> bytes:
    """SHA-256 over every per-record column as read, as little-endian doubles, in a fixed order."""
    digest = hashlib.sha256()
    for column in recording.columns():
        if sys.byteorder == "big":
            column = array("d", column)
            column.byteswap()
        digest.update(len(column).to_bytes(8, "little"))
        digest.update(column.tobytes())
    return digest.digest()


def _source_key(
    recording: Recording, start: float, duration_s: float, distance_m: float | None, record_digest: bytes
) -> str:
    summary = repr((recording.format, datetime.fromtimestamp(start, UTC).isoformat(), duration_s, distance_m))
    digest = hashlib.sha256(summary.encode())
    digest.update(record_digest)
    return f"{recording.format}:{digest.hexdigest()[:SOURCE_KEY_HEX_DIGITS]}"
