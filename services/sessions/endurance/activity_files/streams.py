"""Resampling a checked recording to one value per elapsed second, and which seconds were moving.

The rules, and why these figures: docs/decisions/0053-activity-files.md (Streams, Moving time).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from services.sessions.endurance.activity_files.model import Streams
from services.sessions.endurance.activity_files.recording import Recording, pause_starts_between

# Records further apart than this are a pause (or a sensor that dropped out): the seconds between
# them hold no value. Closer ones are a device recording only on change ("smart recording"
# writes every 1 to 8 s): their seconds hold the earlier record's value.
HOLD_GAP_S = 10.0
# A second with a known speed below this is standing still, not moving (GPS drift when standing
# reads a few tenths of a metre per second; the slowest walk is about 0.8 m/s).
MOVING_SPEED_MPS = 0.5


def resample(offsets: Sequence[float], values: Sequence[float], length: int) -> list[float | None]:
    """One value per second ``0 .. length - 1`` from readings at ``offsets`` (seconds, ascending).

    A second takes the last reading at or before it when the next reading comes at most
    ``HOLD_GAP_S`` after that one; readings that are NaN are not readings.
    """
    out: list[float | None] = [None] * length
    previous_offset = previous_value = 0.0
    previous_second = -1
    for offset, value in zip(offsets, values, strict=True):
        if value != value:
            continue
        second = int(offset)
        if previous_second >= 0 and second > previous_second + 1 and offset - previous_offset <= HOLD_GAP_S:
            out[previous_second + 1 : second] = [previous_value] * (second - previous_second - 1)
        out[second] = value
        previous_offset, previous_value, previous_second = offset, value, second
    return out


def build_streams(
    recording: Recording, length: int, start: float | None = None
) -> tuple[Streams, list[bool]]:
    """The 1 Hz streams of a checked recording from ``start`` (its first record's time unless
    given: a session may start before it), and for each second whether it was recorded.

    A second is recorded when a record falls in it or it lies in a gap of at most ``HOLD_GAP_S``
    between records, and the file's timer was not paused; the streams hold ``None`` elsewhere.
    """
    start = recording.times[0] if start is None else start
    offsets = array("d", (time - start for time in recording.times))
    recorded_values = resample(offsets, array("d", [1.0]) * len(offsets), length)
    recorded = [value is not None for value in recorded_values]
    columns = {
        "power": recording.power,
        "heart_rate": recording.heart_rate,
        "speed_mps": recording.speed,
        "cadence": recording.cadence,
        "altitude_m": recording.altitude,
        "distance_m": recording.distance,
    }
    resampled = {name: resample(offsets, column, length) for name, column in columns.items()}
    for stopped, resumed in recording.pauses:
        first, end = max(0, int(stopped - start) + 1), min(length, int(resumed - start))
        if first >= end:
            continue
        recorded[first:end] = [False] * (end - first)
        for stream in resampled.values():
            stream[first:end] = [None] * (end - first)
    streams = Streams(
        time_s=tuple(range(length)),
        **{name: tuple(stream) for name, stream in resampled.items()},
    )
    return streams, recorded


def moving_flags(recording: Recording, length: int, start: float | None = None) -> list[bool]:
    """For each second ``0 .. length - 1``, whether it was moving time (decision 0093).

    The seconds from one record to the next move at the first record's speed as the device wrote
    it, however far apart the records are: the device's timer ran between them (smart recording
    writes a record only on a change, a slow walk every 10 to 60 s). Without a speed from the
    device (a GPX, a TCX without one), at the distance covered from one record to the next over
    its seconds. A file whose distance never grows and whose speed is never above 0 (an indoor
    row, a treadmill or trainer without a sensor) has no speed to judge by: every second its timer
    ran is moving. The seconds of a pause the file states are never moving, but for the record
    the device wrote as its timer stopped.
    """
    flags = [False] * length
    if len(recording.times) < 2:
        return flags
    start = recording.times[0] if start is None else start
    pause_starts = recording.pause_starts()
    device_speed = not recording.speed_from_distance
    judged = _has_speed_or_distance(recording)
    times, speeds, distances = recording.times, recording.speed, recording.distance
    for index in range(len(times) - 1):
        earlier, later = times[index], times[index + 1]
        if later <= earlier:
            continue
        first, end = int(earlier - start), min(length, int(later - start))
        if not judged:
            flags[first:end] = [True] * max(0, end - first)
            continue
        own = speeds[index] if speeds[index] == speeds[index] else None
        paused = pause_starts_between(pause_starts, earlier, later)
        if device_speed and own is not None:
            speed: float | None = own
        elif paused:
            speed = 0.0  # no distance is counted across a pause
        elif distances[index] == distances[index] and distances[index + 1] == distances[index + 1]:
            speed = (distances[index + 1] - distances[index]) / (later - earlier)
        elif recording.format != "fit" and later - earlier > HOLD_GAP_S:
            # Nothing says the athlete moved over a long gap of a recorder without timer events
            # (its readings there dropped as GPS jumps): a GPX or TCX recorder that wrote nothing
            # for so long was paused, as held_heart_rate reads it too.
            speed = 0.0
        else:
            speed = own
        if (paused or later - earlier > HOLD_GAP_S) and own is not None and first < end:
            # The record's own second goes at the speed it came in with (the distance covered into
            # it), as before a stop: a long gap after it judges only the seconds that follow.
            flags[first] = own >= MOVING_SPEED_MPS
            first += 1
        if speed is None or speed >= MOVING_SPEED_MPS:
            flags[first:end] = [True] * max(0, end - first)
    # A pause stops the seconds from the one it starts in, but for a record's own second there
    # (a device writes one as its timer stops): the timer ran until the stop, not a second more.
    record_seconds = {int(time - start) for time in times}
    for stopped, resumed in recording.pauses:
        stop_second = int(stopped - start)
        first = max(0, stop_second + (1 if stop_second in record_seconds else 0))
        end = min(length, int(resumed - start))
        if first < end:
            flags[first:end] = [False] * (end - first)
    return flags


def with_moving_ends(recording: Recording, recorded: Sequence[bool], start: float) -> list[bool]:
    """``recorded``, plus the seconds from ``start`` to the first record and from the last record
    to the end of ``recorded`` when the speed at that record was at least ``MOVING_SPEED_MPS``
    and no pause of the file lies between.

    Those seconds exist when a FIT session contains its records (``activity._span``): the
    device's timer ran from the session's start to its end while its records, written every few
    seconds, began a little after and stopped a little before. An athlete moving at the record
    was moving on (a Forerunner 920XT transition's last record comes 3 s before the session's
    end, at 2.3 m/s); one standing still was not (decision 0094).
    """
    timed = list(recorded)
    times, speed = recording.times, recording.speed
    pause_starts = recording.pause_starts()
    first_record, last_record = int(times[0] - start), int(times[-1] - start)
    end = start + len(timed) - 1
    if (
        first_record > 0
        and speed[0] >= MOVING_SPEED_MPS
        and not pause_starts_between(pause_starts, start, times[0])
    ):
        timed[:first_record] = [True] * first_record
    if (
        last_record + 1 < len(timed)
        and speed[-1] >= MOVING_SPEED_MPS
        and not pause_starts_between(pause_starts, times[-1], end)
    ):
        # From the last record's own second, which no interval between records judged.
        timed[last_record:] = [True] * (len(timed) - last_record)
    return timed


def _has_speed_or_distance(recording: Recording) -> bool:
    """Whether the file measured any motion: a speed above 0, or a distance that grew."""
    if any(speed > 0 for speed in recording.speed if speed == speed):
        return True
    known = [distance for distance in recording.distance if distance == distance]
    return bool(known) and max(known) > known[0]


def held_heart_rate(recording: Recording, length: int, start: float | None = None) -> list[float | None]:
    """Each second's heart rate for the averages: each reading held until the next one (decision
    0093), as a device averages it over its timer time, however far apart the readings are.

    Not held across a pause the file states; nor, in a file without timer events (TCX, GPX),
    across a gap longer than ``HOLD_GAP_S`` over which less than ``MOVING_SPEED_MPS`` a second
    was covered: a recorder that wrote nothing while its wearer stood was paused (auto-pause is
    not marked in either format). A FIT file states its timer's stops, and a swim's distance
    between records says nothing about resting: theirs are held.
    """
    out: list[float | None] = [None] * length
    start = recording.times[0] if start is None else start
    pause_starts = recording.pause_starts()
    previous: tuple[float, float, float] | None = None  # time, reading, distance
    for time, value, distance in zip(recording.times, recording.heart_rate, recording.distance, strict=True):
        if value != value:
            continue
        second = int(time - start)
        if (
            previous is not None
            and second > int(previous[0] - start) + 1
            and _holds_across(recording, pause_starts, previous, time, distance)
        ):
            first = int(previous[0] - start) + 1
            out[first:second] = [previous[1]] * (second - first)
        out[second] = value
        previous = (time, value, distance)
    for stopped, resumed in recording.pauses:
        first, end = max(0, int(stopped - start) + 1), min(length, int(resumed - start))
        if first < end:
            out[first:end] = [None] * (end - first)
    return out


def _holds_across(
    recording: Recording,
    pause_starts: list[float],
    previous: tuple[float, float, float],
    time: float,
    distance: float,
) -> bool:
    if pause_starts_between(pause_starts, previous[0], time):
        return False
    gap = time - previous[0]
    if recording.format == "fit" or recording.sport == "swim" or gap <= HOLD_GAP_S:
        return True
    if distance != distance or previous[2] != previous[2]:
        return False  # a long gap with nothing to say the wearer moved on: as moving_flags reads it
    return (distance - previous[2]) / gap >= MOVING_SPEED_MPS


def moving_seconds(moving: Sequence[bool], first: int, end: int) -> int:
    """How many of the seconds ``first .. end - 1`` were moving (``moving_flags``)."""
    return sum(moving[first:end])
