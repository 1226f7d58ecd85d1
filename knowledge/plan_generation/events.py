"""The 17 events a plan can be generated for, and everything the generator needs to know of each.

Fourteen races of a set distance and three of a set time; the list, its sources and every figure in
an ``Event`` are argued in docs/decisions/0065-plan-generator.md. IDs are upper-case tokens, the
spelling a stored goal's ``race_type`` uses ("MARATHON", "HALF_MARATHON", "10K").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from knowledge.endurance.pace import METERS_PER_MILE
from knowledge.endurance.running import HALF_MARATHON_M, MARATHON_M
from knowledge.plan_safety.long_run_caps import EXPERIENCES, Experience

__all__ = ["EVENTS", "EVENTS_BY_ID", "EXPERIENCES", "Event", "Experience"]


@dataclass(frozen=True)
class Event:
    """One race. Exactly one of ``distance_m`` (a distance race) and ``duration_s`` (a timed race:
    the distance covered in that time is the result) is set.

    - ``min_weeks`` / ``max_weeks``: the shortest plan the generator makes (less time is an error)
      and the longest (more time and the plan starts later);
    - ``taper_weeks``: the weeks of reduced volume ending with the race week;
    - ``peak_km``: the peak weekly volume aimed at for a beginner, intermediate, advanced runner;
    - ``min_weekly_km``: the weekly volume an athlete needs before a plan for this event is offered.

    The long run's caps (share of the week, distance, time) are by event and level in
    ``knowledge.plan_safety.long_run_caps``, the table the safety engine judges long runs by.
    """

    id: str
    name: str
    distance_m: float | None
    duration_s: int | None
    min_weeks: int
    max_weeks: int
    taper_weeks: int
    peak_km: tuple[float, float, float]
    min_weekly_km: float

    @property
    def timed(self) -> bool:
        return self.duration_s is not None

    @property
    def ultra(self) -> bool:
        """Longer than a marathon (every timed event is)."""
        return self.distance_m is None or self.distance_m > MARATHON_M * 1.02

    def peak_for(self, experience: Experience) -> float:
        return self.peak_km[EXPERIENCES.index(experience)]


def _race(
    id: str,
    name: str,
    meters: float,
    weeks: tuple[int, int, int],
    peak: tuple[float, float, float],
    min_weekly_km: float,
) -> Event:
    return Event(id, name, meters, None, weeks[0], weeks[1], weeks[2], peak, min_weekly_km)


def _timed(
    id: str,
    name: str,
    hours: int,
    weeks: tuple[int, int, int],
    peak: tuple[float, float, float],
    min_weekly_km: float,
) -> Event:
    return Event(id, name, None, hours * 3600, weeks[0], weeks[1], weeks[2], peak, min_weekly_km)


# weeks = (min, max, taper); peak km a week = (beginner, intermediate, advanced).
EVENTS: Final[tuple[Event, ...]] = (
    _race("MILE", "1 mile", METERS_PER_MILE, (4, 16, 1), (35, 55, 80), 0),
    _race("3000M", "3000 m", 3000, (4, 16, 1), (35, 55, 80), 0),
    _race("5K", "5K", 5000, (4, 16, 1), (35, 55, 80), 0),
    _race("8K", "8K", 8000, (5, 16, 2), (40, 60, 90), 0),
    _race("10K", "10K", 10_000, (5, 18, 2), (40, 60, 90), 0),
    _race("15K", "15K", 15_000, (6, 18, 2), (45, 65, 90), 10),
    _race("10_MILE", "10 mile", 10 * METERS_PER_MILE, (6, 18, 2), (50, 70, 100), 10),
    _race("20K", "20K", 20_000, (6, 20, 2), (50, 70, 100), 10),
    _race("HALF_MARATHON", "half marathon", HALF_MARATHON_M, (6, 20, 2), (50, 70, 100), 10),
    _race("MARATHON", "marathon", MARATHON_M, (8, 24, 3), (68, 88, 113), 20),
    _race("50K", "50K", 50_000, (10, 26, 2), (78, 95, 125), 30),
    _race("50_MILE", "50 mile", 50 * METERS_PER_MILE, (12, 28, 3), (88, 110, 140), 40),
    _race("100K", "100K", 100_000, (12, 28, 3), (88, 110, 140), 40),
    _race("100_MILE", "100 mile", 100 * METERS_PER_MILE, (16, 30, 3), (96, 120, 150), 50),
    _timed("6H", "6 hour", 6, (12, 28, 2), (78, 95, 125), 40),
    _timed("12H", "12 hour", 12, (12, 28, 3), (88, 110, 140), 40),
    _timed("24H", "24 hour", 24, (16, 30, 3), (96, 120, 150), 50),
)

EVENTS_BY_ID: Final[dict[str, Event]] = {event.id: event for event in EVENTS}
