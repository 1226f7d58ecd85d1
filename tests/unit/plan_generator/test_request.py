"""Reading the generator's arguments: defaults, every problem at once with its path, plan length
rules (decision 0065, "Input schema" and "Plan length")."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import jsonschema
import pytest

from services.training.plans.generator import (
    REQUEST_SCHEMA,
    PlanRequest,
    PlanRequestError,
    generate_plan,
    parse_request,
)
from tests.unit.plan_generator.requests import TODAY


def arguments(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"event": "MARATHON", "raceDate": "2027-04-18", "weeklyVolumeKm": 40}
    base.update(changes)
    return {name: value for name, value in base.items() if value is not None}


def problems(args: dict[str, Any], today: date = TODAY) -> dict[str, str]:
    with pytest.raises(PlanRequestError) as raised:
        parse_request(args, today)
    found = {problem.field: problem.description for problem in raised.value.problems}
    assert len(found) == len(raised.value.problems), "one problem per argument"
    return found


def test_the_required_arguments_alone_give_a_request_with_the_defaults() -> None:
    request = parse_request(arguments(), TODAY)
    assert request == PlanRequest(
        event_id="MARATHON",
        race_date=date(2027, 4, 18),
        start_date=TODAY,
        weekly_volume_km=40.0,
        days_per_week=4,
        experience="intermediate",
    )
    jsonschema.validate(arguments(), REQUEST_SCHEMA)


def test_every_argument_is_read_and_event_names_are_case_blind() -> None:
    args = arguments(
        event="half_marathon",
        longestRunKm=14,
        recentRace={"event": "10k", "time": "48:30"},
        daysPerWeek=6,
        experience="Advanced",
        startDate="2026-12-03",
    )
    request = parse_request(args, TODAY)
    assert request.event_id == "HALF_MARATHON"
    assert request.longest_run_km == 14.0
    assert request.recent_race is not None and request.recent_race.distance_m == 10_000
    assert request.recent_race.time_s == 48 * 60 + 30
    assert (request.days_per_week, request.experience, request.start_date) == (
        6,
        "advanced",
        date(2026, 12, 3),
    )
    assert parse_request(arguments(recentRace={"distanceKm": 5, "time": "0:22:00"}), TODAY).recent_race


def test_every_problem_is_listed_at_once_with_the_path_to_fix() -> None:
    found = problems(
        {
            "event": "ultra",
            "raceDate": "18/04/2027",
            "weeklyVolumeKm": -3,
            "longestRunKm": "far",
            "recentRace": {"distanceKm": 10, "event": "10K", "time": 2400},
            "daysPerWeek": 2,
            "experience": "elite",
            "startDate": "2026-11-30",
            "pace": "fast",
        }
    )
    assert set(found) == {
        "pace",
        "event",
        "raceDate",
        "weeklyVolumeKm",
        "longestRunKm",
        "recentRace",
        "recentRace.time",
        "daysPerWeek",
        "experience",
        "startDate",
    }
    assert "MARATHON" in found["event"] and "YYYY-MM-DD" in found["raceDate"]
    assert "0 to 250" in found["weeklyVolumeKm"] and "3 to 7" in found["daysPerWeek"]
    assert "exactly one of distanceKm and event" in found["recentRace"]
    assert "today (2026-12-01) or later" in found["startDate"]


def test_missing_required_arguments_are_named() -> None:
    assert set(problems({})) == {"event", "raceDate", "weeklyVolumeKm"}


def test_a_race_too_soon_for_the_event_is_an_error_that_says_how_many_weeks_are_needed() -> None:
    found = problems(arguments(raceDate="2027-01-17"))  # 6 weeks from Monday 7 December
    assert set(found) == {"raceDate"}
    assert "at least 8 weeks" in found["raceDate"] and "leaves 6" in found["raceDate"]
    assert parse_request(arguments(raceDate="2027-01-31"), TODAY).weeks == 8


def test_a_race_far_away_gets_the_events_longest_plan_starting_later() -> None:
    request = parse_request(arguments(event="5K", raceDate="2027-10-03"), TODAY)
    assert request.weeks == 16
    assert request.first_monday == date(2027, 6, 14)
    plan = generate_plan(request)
    assert plan.workouts[0].day >= date(2027, 6, 14)
    assert len(plan.weeks) == 16


@pytest.mark.parametrize(
    ("changes", "path", "words"),
    [
        ({"raceDate": "2026-12-01"}, "raceDate", "after the start date"),
        ({"raceDate": "2029-01-01"}, "raceDate", "within two years"),
        ({"event": "100_MILE", "weeklyVolumeKm": 30}, "weeklyVolumeKm", "at least 50 km a week"),
        ({"longestRunKm": 120}, "longestRunKm", "0 to 100"),
        ({"recentRace": {"distanceKm": 80, "time": "8:00:00"}}, "recentRace.distanceKm", "1.5 to 43"),
        ({"recentRace": {"event": "50K", "time": "4:00:00"}}, "recentRace.event", "must be one of"),
        ({"recentRace": {"distanceKm": 5, "time": "9:00"}}, "recentRace.time", "VDOT outside 20-85"),
        ({"recentRace": {"distanceKm": 5, "time": "4:59:00"}}, "recentRace.time", "VDOT outside 20-85"),
        ({"recentRace": {"distanceKm": 5}}, "recentRace.time", "is required"),
        ({"recentRace": "20:00"}, "recentRace", "must be an object"),
        ({"daysPerWeek": 4.5}, "daysPerWeek", "whole number"),
        ({"weeklyVolumeKm": True}, "weeklyVolumeKm", "number of kilometres"),
    ],
)
def test_each_bad_value_is_named(changes: dict[str, Any], path: str, words: str) -> None:
    found = problems(arguments(**changes))
    assert list(found) == [path]
    assert words in found[path]


def test_building_a_request_directly_checks_it_too() -> None:
    with pytest.raises(PlanRequestError) as raised:
        PlanRequest("MARATHON", TODAY + timedelta(weeks=3), TODAY, 40.0, days_per_week=8)
    assert {p.field for p in raised.value.problems} == {"daysPerWeek", "raceDate"}
    assert isinstance(raised.value, ValueError)


def test_the_schema_accepts_what_the_reader_accepts_and_refuses_what_it_refuses() -> None:
    good = arguments(recentRace={"event": "5K", "time": "25:00"}, daysPerWeek=3, startDate="2026-12-02")
    jsonschema.validate(good, REQUEST_SCHEMA)
    parse_request(good, TODAY)
    for bad in (arguments(daysPerWeek=8), arguments(event="ULTRA"), arguments(extra=1)):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, REQUEST_SCHEMA)
        with pytest.raises(PlanRequestError):
            parse_request(bad, TODAY)
