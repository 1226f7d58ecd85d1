"""A file's records as read, before any check: one column per measure, aligned by record.

Each format's reader fills a ``Recording``; ``activity.build_activity`` checks and summarises it
the same way for all three, so a ride reads the same from FIT, TCX or GPX. Columns are
``array('d')`` with NaN for "not in this record": a 4-hour ride at 1 Hz is 14 400 records, and
nine float arrays hold them in about 1 MiB where a dict per record would take tens.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass, field

from kinetic.activity_files.model import ActivityFormat, Sport

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
    # Timer pauses the file states (FIT's timer stop and start events): (stopped, resumed).
    pauses: list[tuple[float, float]] = field(default_factory=list)
    # FIT sessions in file order: (start time or None, Kinetic sport, the file's sport word).
    # Two or more make a multisport file, read as one activity per leg (decision 0087).
    sessions: list[tuple[float | None, Sport, str]] = field(default_factory=list)

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

    def keep_records(self, keep: list[bool]) -> None:
        """Keep only the records whose flag is true, in every column."""
        for name in COLUMN_NAMES:
            column: array[float] = getattr(self, name)
            setattr(self, name, array("d", (value for value, kept in zip(column, keep, strict=True) if kept)))
