"""A file's records as read, before any check: one column per measure, aligned by record.

Each format's reader fills a ``Recording``; ``activity.build_activity`` checks and summarises it
the same way for all three, so a ride reads the same from FIT, TCX or GPX. Columns are
``array('d')`` with NaN for "not in this record": a 4-hour ride at 1 Hz is 14 400 records, and
nine float arrays hold them in about 1 MiB where a dict per record would take tens.
"""

from __future__ import annotations

import bisect
import math
from array import array
from dataclasses import dataclass, field

from services.sessions.endurance.activity_files.model import ActivityFormat, Sport

MISSING = math.nan
# Every per-record column, times first, in a fixed order (the source key relies on it).
COLUMN_NAMES = (
    "times",
    "power",
    "heart_rate",
    "speed",
    "cadence",
    "altitude",
    "distance",
    "latitude",
    "longitude",
)


@dataclass(frozen=True, slots=True)
class SwimLength:
    """One pool length as the device wrote it (FIT's length message): when it started, the timer
    seconds it took, and whether it was swum (active) or a rest at the wall (idle)."""

    start: float
    timer_s: float
    active: bool
    strokes: int | None


@dataclass(frozen=True, slots=True)
class SessionTotals:
    """What a FIT session message states for one sport: its start, timer time, distance, pool
    length, the file's own word for its sport (a leg's name) and its elapsed time. A TCX file's
    laps together make one (timer time and distance: its ``TotalTimeSeconds`` and
    ``DistanceMeters``)."""

    sport: Sport
    timer_s: float | None
    distance_m: float | None
    pool_length_m: float | None
    start: float | None = None
    word: str = ""
    elapsed_s: float | None = None


def value_or_missing(value: float | int | None) -> float:
    """The column value for a reading that may be absent."""
    return MISSING if value is None else float(value)


@dataclass(slots=True)
class Recording:
    """Records in file order. Times are POSIX seconds (UTC); laps and pauses use the same clock."""

    format: ActivityFormat
    sport: Sport = "other"
    device: str = ""
    name: str = ""
    times: array[float] = field(default_factory=lambda: array("d"))
    power: array[float] = field(default_factory=lambda: array("d"))
    heart_rate: array[float] = field(default_factory=lambda: array("d"))
    speed: array[float] = field(default_factory=lambda: array("d"))
    cadence: array[float] = field(default_factory=lambda: array("d"))
    altitude: array[float] = field(default_factory=lambda: array("d"))
    distance: array[float] = field(default_factory=lambda: array("d"))
    latitude: array[float] = field(default_factory=lambda: array("d"))
    longitude: array[float] = field(default_factory=lambda: array("d"))
    lap_starts: list[float] = field(default_factory=list)
    # Pauses the file states: FIT's timer stop and start events, the time between two GPX track
    # segments: (stopped, resumed). Nothing is counted across one (decision 0086).
    pauses: list[tuple[float, float]] = field(default_factory=list)
    # What a FIT device writes besides its records: the swim lengths (decision 0084) and each
    # session in file order, its totals and start. Two or more sessions make a multisport file,
    # read as one activity per leg (decision 0087). Empty for TCX and GPX, which state neither.
    lengths: list[SwimLength] = field(default_factory=list)
    sessions: list[SessionTotals] = field(default_factory=list)
    # (time, bpm) of each beat a chest strap stored under water and sent after the swim (FIT
    # ``hr`` messages, ``strap_heart_rate``); merged into the records' heart rate when summed up.
    strap_heart_rate: list[tuple[float, float]] = field(default_factory=list)
    # Whether ``speed`` was worked out from the distance (``limits.check_recording``) rather than
    # written by the device: moving time then goes by the distance between records (decision 0093).
    speed_from_distance: bool = False
    # Whether the watch's clock was not set (a FIT "system time"): the times were placed by the
    # file's local time, or, with no record left, the file had none to place them by (0093).
    clock_not_set: bool = False

    def add(
        self,
        time: float,
        *,
        power: float = MISSING,
        heart_rate: float = MISSING,
        speed: float = MISSING,
        cadence: float = MISSING,
        altitude: float = MISSING,
        distance: float = MISSING,
        latitude: float = MISSING,
        longitude: float = MISSING,
    ) -> None:
        """Append one record; a measure left out is not in it."""
        self.times.append(time)
        self.power.append(power)
        self.heart_rate.append(heart_rate)
        self.speed.append(speed)
        self.cadence.append(cadence)
        self.altitude.append(altitude)
        self.distance.append(distance)
        self.latitude.append(latitude)
        self.longitude.append(longitude)

    def columns(self) -> tuple[array[float], ...]:
        """Every per-record column, in ``COLUMN_NAMES`` order."""
        return tuple(getattr(self, name) for name in COLUMN_NAMES)

    def pause_starts(self, longer_than_s: float = 0.0) -> list[float]:
        """When each pause longer than ``longer_than_s`` began, ascending."""
        return sorted(stopped for stopped, resumed in self.pauses if resumed - stopped > longer_than_s)

    def keep_records(self, keep: list[bool]) -> None:
        """Keep only the records whose flag is true, in every column."""
        for name in COLUMN_NAMES:
            column: array[float] = getattr(self, name)
            setattr(self, name, array("d", (value for value, kept in zip(column, keep, strict=True) if kept)))


def pause_starts_between(pause_starts: list[float], earlier: float, later: float) -> bool:
    """Whether one of ``pause_starts`` (ascending) is at or after ``earlier`` and before ``later``:
    a pause lies between two records at those times (decision 0086)."""
    index = bisect.bisect_left(pause_starts, earlier)
    return index < len(pause_starts) and pause_starts[index] < later
