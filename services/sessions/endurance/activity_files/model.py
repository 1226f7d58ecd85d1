"""What an activity file holds once read, and the error that refuses a whole file.

Units are SI throughout: seconds, metres, metres per second, watts, beats and revolutions (or
strides) per minute. Times are aware UTC datetimes. ``None`` means the file recorded nothing
usable for that measure. See docs/decisions/0053-activity-files.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

ActivityFormat = Literal["fit", "tcx", "gpx"]
Sport = Literal["run", "ride", "swim", "strength", "other"]


@dataclass(frozen=True, slots=True)
class Streams:
    """The recording resampled to one value per elapsed second from the start.

    ``time_s[i]`` is ``i``: seconds since ``ActivityFile.start``, pauses included, so every tuple
    has ``duration_s + 1`` entries (rounded down). A value is the last one recorded at or before
    that second, held across a gap between records of at most ``HOLD_GAP_S`` seconds; within a
    longer gap (a pause, a sensor that dropped out) and within a paused timer it is ``None``.
    """

    time_s: tuple[int, ...]
    power: tuple[float | None, ...]  # watts
    heart_rate: tuple[float | None, ...]  # beats per minute
    speed_mps: tuple[float | None, ...]
    cadence: tuple[float | None, ...]  # per minute, as the file states it (decision 0053, Units)
    altitude_m: tuple[float | None, ...]
    distance_m: tuple[float | None, ...]


@dataclass(frozen=True, slots=True)
class Lap:
    """One lap as the file marks it, its figures computed from the streams over its seconds."""

    start: datetime
    duration_s: float
    moving_time_s: float
    distance_m: float | None
    avg_power_w: float | None
    avg_hr: float | None
    avg_cadence: float | None


@dataclass(frozen=True, slots=True)
class ActivityFile:
    """One recorded activity. ``source_key`` fingerprints its content to recognise a re-import."""

    format: ActivityFormat
    source_key: str
    sport: Sport
    # aware, UTC: the first record's time, or the FIT session's start when it contains the records
    start: datetime
    # elapsed: to the last record's time, or the session's end (activity._span); pauses included
    duration_s: float
    moving_time_s: float
    distance_m: float | None
    elevation_gain_m: float | None
    avg_power_w: float | None
    max_power_w: float | None
    avg_hr: float | None
    max_hr: float | None
    avg_cadence: float | None
    device: str  # the recording device or the program that wrote the file; "" when unnamed
    name: str  # the activity's name as the file gives it; "" when it gives none
    laps: tuple[Lap, ...]
    streams: Streams
    # The watch's clock was not set: the times were placed by the file's local time, stored as if
    # it were UTC, so the start may be off by the athlete's time zone (decision 0093).
    clock_not_set: bool = False


class UnreadableActivityFile(ValueError):
    """A file refused as a whole; ``reason`` says why in words fit to show the person."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
