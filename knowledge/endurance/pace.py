"""Paces as seconds and as text, per kilometre and per mile.

A pace is kept in seconds per kilometre (a float, never rounded while it is worked with) and turned
into seconds per mile or "m:ss" text only when shown. Text rounds to the nearest whole second, the
precision every published pace table uses.
Conventions: docs/decisions/0052-running-swimming-and-heart-rate-figures.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

# The international mile (1959 agreement), exact by definition.
METERS_PER_MILE: Final = 1609.344
METERS_PER_KILOMETER: Final = 1000.0
SECONDS_PER_MINUTE: Final = 60
SECONDS_PER_HOUR: Final = 3600


def nearest_second(seconds: float) -> int:
    """Half a second rounds up, as a stopwatch reader would, not to the even second."""
    return math.floor(seconds + 0.5)


def clock_text(seconds: float) -> str:
    """``seconds`` as "m:ss", or "h:mm:ss" from one hour on, to the nearest second.

    Rounding happens before splitting, so 59.6 s reads "1:00" and never "0:60".
    """
    if not math.isfinite(seconds) or seconds < 0:
        raise ValueError(f"a time to show must be a finite number of seconds, 0 or more (got {seconds})")
    whole = nearest_second(seconds)
    hours, rest = divmod(whole, SECONDS_PER_HOUR)
    minutes, secs = divmod(rest, SECONDS_PER_MINUTE)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def parse_clock(text: str) -> float:
    """Seconds from "m:ss", "h:mm:ss" or plain seconds ("75"); the seconds part may have decimals."""
    parts = text.strip().split(":")
    if not 1 <= len(parts) <= 3 or any(not part for part in parts):
        raise ValueError(f'a time must read "m:ss" or "h:mm:ss" (got {text!r})')
    try:
        *whole_parts, last = parts
        units = [int(part) for part in whole_parts]
        seconds = float(last)
    except ValueError:
        raise ValueError(f'a time must read "m:ss" or "h:mm:ss" with digits only (got {text!r})') from None
    if any(unit < 0 for unit in units) or seconds < 0 or (units and seconds >= SECONDS_PER_MINUTE):
        raise ValueError(f"a time's minutes and seconds must be 0 to 59 (got {text!r})")
    if len(units) == 2 and units[1] >= SECONDS_PER_MINUTE:
        raise ValueError(f"a time's minutes must be 0 to 59 after the hours (got {text!r})")
    total = seconds
    multiplier = 1
    for unit in reversed(units):  # minutes, then hours
        multiplier *= SECONDS_PER_MINUTE
        total += unit * multiplier
    return total


def per_km_to_per_mile(seconds_per_km: float) -> float:
    """A pace per kilometre as the same pace per mile."""
    return seconds_per_km * METERS_PER_MILE / METERS_PER_KILOMETER


def per_mile_to_per_km(seconds_per_mile: float) -> float:
    """A pace per mile as the same pace per kilometre."""
    return seconds_per_mile * METERS_PER_KILOMETER / METERS_PER_MILE


@dataclass(frozen=True)
class Pace:
    """A running pace: seconds per kilometre, shown per kilometre and per mile."""

    seconds_per_km: float

    def __post_init__(self) -> None:
        if not math.isfinite(self.seconds_per_km) or self.seconds_per_km <= 0:
            raise ValueError(
                f"a pace must be a positive number of seconds per km (got {self.seconds_per_km})"
            )

    @classmethod
    def from_speed(cls, meters_per_second: float) -> Pace:
        """The pace of a speed in metres per second."""
        if not math.isfinite(meters_per_second) or meters_per_second <= 0:
            raise ValueError(f"a speed must be a positive number of m/s (got {meters_per_second})")
        return cls(METERS_PER_KILOMETER / meters_per_second)

    @property
    def seconds_per_mile(self) -> float:
        return per_km_to_per_mile(self.seconds_per_km)

    @property
    def meters_per_second(self) -> float:
        return METERS_PER_KILOMETER / self.seconds_per_km

    @property
    def per_km_text(self) -> str:
        """ "m:ss" per kilometre, to the nearest second."""
        return clock_text(self.seconds_per_km)

    @property
    def per_mile_text(self) -> str:
        """ "m:ss" per mile, to the nearest second."""
        return clock_text(self.seconds_per_mile)

    def seconds_for(self, meters: float) -> float:
        """Time to cover ``meters`` at this pace (e.g. 400 m for an interval split)."""
        return self.seconds_per_km * meters / METERS_PER_KILOMETER
