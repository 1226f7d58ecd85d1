"""What a plausible reading is, and the checks that drop the rest or refuse the file.

A reading outside its range is a sensor's or a file's glitch (a power spike of 65 000 W, a heart
rate of 0 when the strap slips, a GPS jump across town); it is dropped, as if not recorded, and
the rest of the activity is kept. What cannot be one activity refuses the file. The figures and
why: docs/decisions/0053-activity-files.md (Limits).
"""

from __future__ import annotations

import math
from array import array

from services.sessions.endurance.activity_files.model import ActivityFormat, Sport, UnreadableActivityFile
from services.sessions.endurance.activity_files.recording import MISSING, Recording, pause_starts_between

HEART_RATE_BPM = (20.0, 250.0)
POWER_W = (0.0, 3000.0)
CADENCE_PER_MIN = (0.0, 250.0)
ALTITUDE_M = (-500.0, 9000.0)
DISTANCE_M = (0.0, 5_000_000.0)
# Above the fastest a person has moved in each sport, with room for a good downhill.
SPEED_LIMIT_MPS: dict[Sport, float] = {
    "run": 12.5,
    "ride": 40.0,
    "swim": 5.0,
    "strength": 60.0,
    "other": 60.0,
}
MAX_ELAPSED_S = 72 * 3600
_RECORD_NOUNS: dict[ActivityFormat, str] = {"fit": "record", "tcx": "trackpoint", "gpx": "track point"}
_EARTH_RADIUS_M = 6_371_008.8
_MIN_STEP_S = 1.0


def check_recording(recording: Recording, hold_gap_s: float) -> None:
    """Put the recording in time order, drop implausible readings, fill distance and speed.

    Raises ``UnreadableActivityFile`` when fewer than two records have a time, or when they span
    more than ``MAX_ELAPSED_S``.
    """
    _drop_records_back_in_time(recording)
    times = recording.times
    if len(times) < 2 or times[-1] <= times[0]:
        raise _too_few_records(recording)
    elapsed = times[-1] - times[0]
    if elapsed > MAX_ELAPSED_S:
        raise UnreadableActivityFile(
            f"the file's records span {elapsed / 3600:.0f} hours; more than {MAX_ELAPSED_S // 3600} "
            "hours is not one activity (a clock error, or several activities in one file)"
        )
    speed_limit = SPEED_LIMIT_MPS[recording.sport]
    for column, (low, high) in (
        (recording.heart_rate, HEART_RATE_BPM),
        (recording.power, POWER_W),
        (recording.cadence, CADENCE_PER_MIN),
        (recording.altitude, ALTITUDE_M),
        (recording.distance, DISTANCE_M),
        (recording.speed, (0.0, speed_limit)),
    ):
        _drop_outside(column, low, high)
    if _all_missing(recording.distance):
        recording.distance = _distance_from_positions(recording, speed_limit)
    if _all_missing(recording.speed):
        recording.speed = _speed_from_distance(recording, hold_gap_s)
        recording.speed_from_distance = True
        _drop_outside(recording.speed, 0.0, speed_limit)


def _too_few_records(recording: Recording) -> UnreadableActivityFile:
    noun = _RECORD_NOUNS[recording.format]
    count = len(recording.times)
    if count == 0 and recording.clock_not_set:
        return UnreadableActivityFile(
            "the watch's clock was not set when it recorded this FIT file: its times count from when "
            "it was switched on, and the file states no date to place them by. Set the watch's time "
            "(or let it find GPS) before recording, or enter the activity by hand"
        )
    if count == 0:
        found = f"no {noun}s with a time"
    elif count == 1:
        found = f"only one {noun} with a time"
    else:
        found = f"all its {noun}s at the same time"
    return UnreadableActivityFile(
        f"the {recording.format.upper()} file has {found}: an activity needs at least two {noun}s "
        "with different times"
    )


def _drop_records_back_in_time(recording: Recording) -> None:
    """A record earlier than the one before it (a clock reset, a merged file) is passed over."""
    times = recording.times
    keep = [True] * len(times)
    latest = -math.inf
    for index, time in enumerate(times):
        if time < latest:
            keep[index] = False
        else:
            latest = time
    if all(keep):
        return
    recording.keep_records(keep)


def _drop_outside(column: array[float], low: float, high: float) -> None:
    for index, value in enumerate(column):
        if not low <= value <= high and value == value:  # NaN (not recorded) stays as it is
            column[index] = MISSING


def _all_missing(column: array[float]) -> bool:
    return all(value != value for value in column)


def _distance_from_positions(recording: Recording, speed_limit: float) -> array[float]:
    """Cumulative distance along the positions (haversine), starting at 0 at the first one.

    A position that would mean moving faster than the sport's limit from the last one kept is a
    GPS jump: it adds no distance and the next step is measured from the last good position.
    Across a pause (a timer stop, a new GPX segment) no step is counted: the straight line from
    where the recording stopped to where it went on is not a distance covered (decision 0086).
    """
    distance = array("d", [MISSING]) * len(recording.times)
    total = 0.0
    last: tuple[float, float, float] | None = None  # time, latitude, longitude in radians
    pause_starts = recording.pause_starts()
    for index, (time, latitude, longitude) in enumerate(
        zip(recording.times, recording.latitude, recording.longitude, strict=True)
    ):
        if latitude != latitude or longitude != longitude or not (-90 <= latitude <= 90):
            continue
        here = (time, math.radians(latitude), math.radians(longitude))
        if last is not None and pause_starts_between(pause_starts, last[0], time):
            last = None  # the next span starts here, at the distance reached so far
        if last is not None:
            step = _haversine_m(last[1], last[2], here[1], here[2])
            if step > speed_limit * max(time - last[0], _MIN_STEP_S):
                continue
            total += step
        last = here
        distance[index] = total
    return distance


def _haversine_m(latitude_a: float, longitude_a: float, latitude_b: float, longitude_b: float) -> float:
    half_chord = (
        math.sin((latitude_b - latitude_a) / 2) ** 2
        + math.cos(latitude_a) * math.cos(latitude_b) * math.sin((longitude_b - longitude_a) / 2) ** 2
    )
    return 2 * _EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(half_chord)))


def _speed_from_distance(recording: Recording, hold_gap_s: float) -> array[float]:
    """Each record's speed as the distance covered since the previous record with a distance.

    Only across a gap of at most ``hold_gap_s``: across a pause the average says nothing about
    the speed when the record was taken.
    """
    speed = array("d", [MISSING]) * len(recording.times)
    previous: tuple[float, float] | None = None
    for index, (time, distance) in enumerate(zip(recording.times, recording.distance, strict=True)):
        if distance != distance:
            continue
        if previous is not None and 0 < time - previous[0] <= hold_gap_s:
            speed[index] = max(0.0, distance - previous[1]) / (time - previous[0])
        previous = (time, distance)
    return speed
