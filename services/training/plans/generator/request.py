"""What a plan is generated from, read from a tool's JSON arguments with every problem listed.

The arguments, their JSON names, types, bounds and defaults are decision 0065's "Input schema"
(``schema.REQUEST_SCHEMA`` publishes them as JSON Schema). ``parse_request`` reads a mapping as an
MCP tool receives it and raises one ``PlanRequestError`` naming every problem with the path of the
argument to fix (``recentRace.time``), so a caller fixes them all in one round trip.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, Final

from kinetic.errors import FieldViolation
from knowledge.endurance.pace import parse_clock
from knowledge.endurance.running import LONGEST_DISTANCE_M, SHORTEST_DISTANCE_M, vdot_from_race
from knowledge.plan_generation.events import EVENTS_BY_ID, EXPERIENCES, Event, Experience
from knowledge.plan_generation.limits import (
    DEFAULT_DAYS_PER_WEEK,
    DEFAULT_EXPERIENCE,
    MAX_DAYS_AHEAD,
    MAX_DAYS_PER_WEEK,
    MAX_LONGEST_RUN_KM,
    MAX_WEEKLY_KM,
    MIN_DAYS_PER_WEEK,
    RACE_EVENT_IDS,
)
from services.training.plans.generator.paces import PLAN_VDOT_MAX, PLAN_VDOT_MIN

ARGUMENTS: Final = (
    "event",
    "raceDate",
    "weeklyVolumeKm",
    "longestRunKm",
    "recentRace",
    "daysPerWeek",
    "experience",
    "startDate",
)


class PlanRequestError(ValueError):
    """Every problem of one request: ``problems`` pairs the argument path with what to fix."""

    def __init__(self, problems: tuple[FieldViolation, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{p.field}: {p.description}" for p in problems))


@dataclass(frozen=True)
class RecentRace:
    """A recent all-out race: its distance and finishing time."""

    distance_m: float
    time_s: float

    @property
    def vdot(self) -> float:
        return vdot_from_race(self.distance_m, self.time_s)


@dataclass(frozen=True)
class PlanRequest:
    """Validated inputs; constructing one with a problem raises ``PlanRequestError``.

    ``start_date`` is the first day the athlete may start (the plan starts on the first Monday
    from it, later when the race leaves more than the event's longest plan).
    """

    event_id: str
    race_date: date
    start_date: date
    weekly_volume_km: float
    longest_run_km: float | None = None
    recent_race: RecentRace | None = None
    days_per_week: int = DEFAULT_DAYS_PER_WEEK
    experience: Experience = DEFAULT_EXPERIENCE

    def __post_init__(self) -> None:
        problems = _Problems()
        _check_values(
            problems,
            self.event_id,
            self.race_date,
            self.start_date,
            self.weekly_volume_km,
            self.longest_run_km,
            self.recent_race,
            self.days_per_week,
            self.experience,
        )
        problems.raise_if_any()

    @property
    def event(self) -> Event:
        return EVENTS_BY_ID[self.event_id]

    @property
    def first_monday(self) -> date:
        """The plan's first day: the first Monday from the start date, later when the race leaves
        more weeks than the event's longest plan."""
        return plan_span(self.event, self.start_date, self.race_date)[0]

    @property
    def weeks(self) -> int:
        """Whole weeks from the first Monday to the race week, both included."""
        return plan_span(self.event, self.start_date, self.race_date)[1]


def race_monday(race_date: date) -> date:
    return race_date - timedelta(days=race_date.weekday())


def plan_span(event: Event, start_date: date, race_date: date) -> tuple[date, int]:
    """The plan's first Monday and its number of weeks (race week included)."""
    earliest = start_date + timedelta(days=(7 - start_date.weekday()) % 7)
    latest_start = race_monday(race_date) - timedelta(weeks=event.max_weeks - 1)
    first = max(earliest, latest_start)
    return first, (race_monday(race_date) - first).days // 7 + 1


class _Problems:
    def __init__(self) -> None:
        self.items: list[FieldViolation] = []

    def add(self, path: str, what: str) -> None:
        self.items.append(FieldViolation(path, what))

    def raise_if_any(self) -> None:
        if self.items:
            raise PlanRequestError(tuple(self.items))


def _check_values(
    problems: _Problems,
    event_id: str | None,
    race_date: date | None,
    start_date: date,
    weekly_km: float | None,
    longest_km: float | None,
    recent_race: RecentRace | None,
    days_per_week: int | None,
    experience: str | None,
) -> None:
    """Ranges and how the values fit together; None is a value that could not be read (its problem
    is already listed), and the checks that need it are skipped."""
    event = None if event_id is None else EVENTS_BY_ID.get(event_id)
    if event_id is not None and event is None:
        problems.add("event", f"must be one of {', '.join(EVENTS_BY_ID)}, not {event_id!r}")
    if weekly_km is not None:
        if not _within(weekly_km, 0, MAX_WEEKLY_KM):
            problems.add("weeklyVolumeKm", f"must be 0 to {MAX_WEEKLY_KM:g} km, not {weekly_km:g}")
        elif event is not None and weekly_km < event.min_weekly_km:
            problems.add(
                "weeklyVolumeKm",
                f"a {event.name} plan starts from at least {event.min_weekly_km:g} km a week, not "
                f"{weekly_km:g}: build up to it first, or choose a shorter event",
            )
    if longest_km is not None and not _within(longest_km, 0, MAX_LONGEST_RUN_KM):
        problems.add("longestRunKm", f"must be 0 to {MAX_LONGEST_RUN_KM:g} km, not {longest_km:g}")
    if days_per_week is not None and not MIN_DAYS_PER_WEEK <= days_per_week <= MAX_DAYS_PER_WEEK:
        problems.add(
            "daysPerWeek", f"must be {MIN_DAYS_PER_WEEK} to {MAX_DAYS_PER_WEEK}, not {days_per_week}"
        )
    if experience is not None and experience not in EXPERIENCES:
        problems.add("experience", f"must be one of {', '.join(EXPERIENCES)}, not {experience!r}")
    if recent_race is not None:
        _check_race(problems, recent_race)
    if race_date is None:
        return
    if race_date <= start_date:
        problems.add("raceDate", f"must be after the start date {start_date}, not {race_date}")
    elif (race_date - start_date).days > MAX_DAYS_AHEAD:
        problems.add("raceDate", f"must be within two years of the start date {start_date}, not {race_date}")
    elif event is not None:
        first, weeks = plan_span(event, start_date, race_date)
        if weeks < event.min_weeks:
            problems.add(
                "raceDate",
                f"a {event.name} plan needs at least {event.min_weeks} weeks (from a Monday to the race "
                f"week); {race_date} leaves {max(0, weeks)} from {first}: choose a later race or an "
                f"earlier startDate",
            )


def _check_race(problems: _Problems, race: RecentRace) -> None:
    if not SHORTEST_DISTANCE_M <= race.distance_m <= LONGEST_DISTANCE_M:
        problems.add(
            "recentRace.distanceKm",
            f"must be {SHORTEST_DISTANCE_M / 1000:g} to {LONGEST_DISTANCE_M / 1000:.1f} km (the range "
            f"a VDOT is read over), not {race.distance_m / 1000:g}",
        )
    elif not _within(race.time_s, 1, 24 * 3600) or not PLAN_VDOT_MIN <= _vdot_or_zero(race) <= PLAN_VDOT_MAX:
        problems.add(
            "recentRace.time",
            f"gives a VDOT outside {PLAN_VDOT_MIN:g}-{PLAN_VDOT_MAX:g} over {race.distance_m / 1000:g} km: "
            f"check the time (h:mm:ss) and the distance",
        )


def _vdot_or_zero(race: RecentRace) -> float:
    try:
        return race.vdot
    except ValueError:  # outside 10-100: a wrong unit, reported as outside the plan's range
        return 0.0


def _within(value: float, low: float, high: float) -> bool:
    return math.isfinite(value) and low <= value <= high


def parse_request(arguments: Mapping[str, Any], today: date) -> PlanRequest:
    """A ``PlanRequest`` from a tool's JSON arguments; ``today`` is the caller's date (the default
    start date, and the earliest one). Raises ``PlanRequestError`` listing every problem."""
    problems = _Problems()
    for name in sorted(set(arguments) - set(ARGUMENTS)):
        problems.add(name, f"is not an argument; the arguments are {', '.join(ARGUMENTS)}")
    event_id = _choice(problems, "event", arguments.get("event"), tuple(EVENTS_BY_ID))
    race_date = _date(problems, "raceDate", arguments.get("raceDate"), required=True)
    start_date = _date(problems, "startDate", arguments.get("startDate"), required=False) or today
    if start_date < today:
        problems.add("startDate", f"must be today ({today}) or later, not {start_date}")
    weekly = _number(problems, "weeklyVolumeKm", arguments.get("weeklyVolumeKm"), required=True)
    longest = _number(problems, "longestRunKm", arguments.get("longestRunKm"), required=False)
    recent = _recent_race(problems, arguments.get("recentRace"))
    days = _integer(problems, "daysPerWeek", arguments.get("daysPerWeek", DEFAULT_DAYS_PER_WEEK))
    experience = _choice(problems, "experience", arguments.get("experience", DEFAULT_EXPERIENCE), EXPERIENCES)
    _check_values(problems, event_id, race_date, start_date, weekly, longest, recent, days, experience)
    problems.raise_if_any()
    assert event_id and race_date and weekly is not None and days is not None and experience
    return PlanRequest(
        event_id=event_id,
        race_date=race_date,
        start_date=start_date,
        weekly_volume_km=weekly,
        longest_run_km=longest,
        recent_race=recent,
        days_per_week=days,
        experience=experience,  # type: ignore[arg-type]  # checked against EXPERIENCES
    )


def _choice(problems: _Problems, path: str, value: object, choices: tuple[str, ...]) -> str | None:
    """One of ``choices``, upper- or lower-case alike (returned as the choice is spelt)."""
    if value is None:
        problems.add(path, f"is required: one of {', '.join(choices)}")
        return None
    if not isinstance(value, str):
        problems.add(path, f"must be a string, one of {', '.join(choices)}")
        return None
    spelt = {choice.casefold(): choice for choice in choices}.get(value.strip().casefold())
    if spelt is None:
        problems.add(path, f"must be one of {', '.join(choices)}, not {value!r}")
    return spelt


def _date(problems: _Problems, path: str, value: object, *, required: bool) -> date | None:
    if value is None:
        if required:
            problems.add(path, "is required: a date, YYYY-MM-DD")
        return None
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    problems.add(path, f"must be a date, YYYY-MM-DD, not {value!r}")
    return None


def _number(problems: _Problems, path: str, value: object, *, required: bool) -> float | None:
    if value is None:
        if required:
            problems.add(path, "is required: a number of kilometres")
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        problems.add(path, f"must be a number of kilometres, not {value!r}")
        return None
    return float(value)


def _integer(problems: _Problems, path: str, value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        problems.add(path, f"must be a whole number, not {value!r}")
        return None
    return int(value)


def _recent_race(problems: _Problems, value: object) -> RecentRace | None:
    """``{distanceKm, time}`` or ``{event, time}``: exactly one of distanceKm and event."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        problems.add("recentRace", 'must be an object: {"distanceKm" or "event", "time": "h:mm:ss"}')
        return None
    before = len(problems.items)
    for name in sorted(set(value) - {"distanceKm", "event", "time"}):
        problems.add(f"recentRace.{name}", "is not a field; the fields are distanceKm or event, and time")
    meters: float | None = None
    if ("distanceKm" in value) == ("event" in value):
        problems.add("recentRace", "needs exactly one of distanceKm and event")
    elif "event" in value:
        event_id = _choice(problems, "recentRace.event", value["event"], RACE_EVENT_IDS)
        meters = None if event_id is None else EVENTS_BY_ID[event_id].distance_m
    else:
        km = _number(problems, "recentRace.distanceKm", value["distanceKm"], required=True)
        meters = None if km is None else km * 1000
    seconds: float | None = None
    time = value.get("time")
    if not isinstance(time, str):
        problems.add(
            "recentRace.time", f'is required: the finishing time as "h:mm:ss" or "m:ss", not {time!r}'
        )
    else:
        try:
            seconds = parse_clock(time)
        except ValueError as error:
            problems.add("recentRace.time", str(error))
    if len(problems.items) > before or meters is None or seconds is None:
        return None
    return RecentRace(meters, seconds)
