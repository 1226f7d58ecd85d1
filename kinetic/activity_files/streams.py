"""Resampling a checked recording to one value per elapsed second, and which seconds were moving.

The rules, and why these figures: docs/decisions/0053-activity-files.md (Streams, Moving time).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from kinetic.activity_files.model import Streams
from kinetic.activity_files.recording import Recording, pause_starts_between

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


def with_moving_gaps(
    recording: Recording, recorded: Sequence[bool], start: float | None = None
) -> list[bool]:
    """``recorded``, plus the seconds inside a gap between records longer than ``HOLD_GAP_S`` over
    which the distance grew by at least ``MOVING_SPEED_MPS`` a second and no pause lies.

    Such a gap is a device recording sparsely while the athlete moved on (smart recording, a GPX
    logger writing every 10 to 30 s): its seconds hold no values, but they are moving time, as the
    device's own timer counts them. A gap over which the distance did not grow, or across a pause
    the file states, stays stopped time (decision 0086).
    """
    timed = list(recorded)
    start = recording.times[0] if start is None else start
    pause_starts = recording.pause_starts()
    previous: tuple[float, float] | None = None  # time, distance of the last record with a distance
    for time, distance in zip(recording.times, recording.distance, strict=True):
        if distance != distance:
            continue
        if previous is not None:
            gap = time - previous[0]
            if (
                gap > HOLD_GAP_S
                and (distance - previous[1]) / gap >= MOVING_SPEED_MPS
                and not pause_starts_between(pause_starts, previous[0], time)
            ):
                first, end = int(previous[0] - start) + 1, min(len(timed), int(time - start))
                timed[first:end] = [True] * max(0, end - first)
        previous = (time, distance)
    return timed


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
        timed[last_record + 1 :] = [True] * (len(timed) - last_record - 1)
    return timed


def moving_seconds(recorded: Sequence[bool], speed: Sequence[float | None], first: int, end: int) -> int:
    """How many of the seconds ``first .. end - 1`` were moving: recorded, and not standing still.

    A second without a known speed (an indoor ride without a speed sensor, a pool swim) counts as
    moving when it was recorded.
    """
    return sum(
        1
        for second in range(first, end)
        if recorded[second] and ((value := speed[second]) is None or value >= MOVING_SPEED_MPS)
    )
