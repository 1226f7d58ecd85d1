"""Requests for the generator's tests: one builder with sensible defaults, and the grid of every
event x experience x days-per-week combination with varied volumes, race dates and inputs."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta

from services.training.plans.generator import EVENTS, EXPERIENCES, Event, Experience, PlanRequest, RecentRace

TODAY = date(2026, 12, 1)  # a Tuesday


def request(
    event_id: str = "MARATHON",
    *,
    weeks: int = 18,
    race_weekday: int = 6,
    weekly_km: float = 40.0,
    longest_km: float | None = None,
    recent_race: RecentRace | None = None,
    days: int = 5,
    experience: Experience = "intermediate",
    start: date = TODAY,
) -> PlanRequest:
    """A request whose race falls ``weeks`` weeks after the first Monday from ``start`` (the race
    week included), on ``race_weekday`` (Monday 0)."""
    first_monday = start + timedelta(days=(7 - start.weekday()) % 7)
    race = first_monday + timedelta(weeks=weeks - 1, days=race_weekday)
    return PlanRequest(event_id, race, start, weekly_km, longest_km, recent_race, days, experience)


def grid() -> Iterator[tuple[Event, Experience, int, PlanRequest]]:
    """Every event x experience x days per week, twice: once with only what is required (VDOT
    estimated) and once with a recent race and a longest run; volumes from the event's minimum to
    150 km, plan lengths from the event's shortest to beyond its longest, races on every weekday."""
    volumes = (0.0, 12.0, 28.0, 45.0, 70.0, 110.0, 150.0)
    races = (RecentRace(5000, 30 * 60), RecentRace(10_000, 38 * 60), RecentRace(21_097.5, 2 * 3600))
    for e_index, event in enumerate(EVENTS):
        for x_index, experience in enumerate(EXPERIENCES):
            for days in range(3, 8):
                for variant in range(2):
                    k = e_index * 31 + x_index * 7 + days * 3 + variant * 5
                    span = event.max_weeks - event.min_weeks + 4
                    yield (
                        event,
                        experience,
                        days,
                        request(
                            event.id,
                            weeks=event.min_weeks + k % span,
                            race_weekday=k % 7,
                            weekly_km=max(event.min_weekly_km, volumes[k % len(volumes)]),
                            longest_km=None if variant == 0 else (5.0, 16.0, 30.0)[k % 3],
                            recent_race=None if variant == 0 else races[k % 3],
                            days=days,
                            experience=experience,
                            start=TODAY + timedelta(days=k % 5),
                        ),
                    )
