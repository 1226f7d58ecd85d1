"""Open Workout Schema: delete and undo (10 minutes, on the sessions service's clock), the profile,
and the programs library with its calendar, through the real mcp client and services."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import EngineFactory
from tests.integration.edge.conftest import running_stack
from tests.integration.edge.metric_calls import Tools, minimal_create
from tests.integration.edge.ows_calls import OWS_PATH, MovableClock, Ows, give_consents, ows_key


@dataclass
class Setup:
    stack: Any
    clock: MovableClock
    ows: Ows


@pytest.fixture
async def setup(sqlite_engines: EngineFactory, tmp_path: Path) -> AsyncIterator[Setup]:
    clock = MovableClock()
    async with running_stack(sqlite_engines, tmp_path, sessions_clock=clock) as stack:
        await give_consents(stack.backends, stack.account_id)
        yield Setup(
            stack, clock, Ows(stack.base_url + OWS_PATH, await ows_key(stack.backends, stack.account_id))
        )


async def _log_squat(ows: Ows, key: str, loads: tuple[float, ...] = (100, 100, 100)) -> dict[str, Any]:
    return await ows(
        "log_workout",
        {
            "title": "Legs",
            "exercises": [{"exercise": "squat", "sets": [{"reps": 5, "load": load} for load in loads]}],
            "idempotency_key": key,
        },
    )


async def test_delete_then_undo_restores_every_set_and_record(setup):
    logged = await _log_squat(setup.ows, "d1", (100, 110, 120))
    workout = logged["workout"]
    before = await setup.ows("get_personal_records", {"exercise": "squat"})
    deleted = await setup.ows("delete_entry", {"entry_id": workout["id"]})
    assert deleted["deleted"] == "workout" and "undo" in deleted["summary"]
    assert (await setup.ows("get_workouts", {}))["workouts"] == []
    assert (await setup.ows("get_personal_records", {}))["records"] == []
    restored = await setup.ows("undo", {"undo_token": deleted["undo_token"]})
    assert restored["workout"]["id"] == workout["id"]
    assert restored["workout"]["entries"] == workout["entries"]  # same IDs, same sets
    assert await setup.ows("get_personal_records", {"exercise": "squat"}) == before
    await setup.ows.error("undo", {"undo_token": deleted["undo_token"]}, code="undo_unavailable")


async def test_a_set_and_an_entry_can_be_undone_and_not_after_ten_minutes(setup):
    logged = await _log_squat(setup.ows, "d2")
    entry = logged["workout"]["entries"][0]
    gone_set = await setup.ows("delete_entry", {"entry_id": entry["sets"][1]["id"]})
    assert len(gone_set["workout"]["entries"][0]["sets"]) == 2
    back = await setup.ows("undo", {"undo_token": gone_set["undo_token"]})
    assert [s["id"] for s in back["workout"]["entries"][0]["sets"]] == [s["id"] for s in entry["sets"]]
    gone_entry = await setup.ows("delete_entry", {"entry_id": entry["id"]})
    setup.clock.advance(minutes=10, seconds=1)
    text = await setup.ows.error("undo", {"undo_token": gone_entry["undo_token"]}, code="undo_unavailable")
    assert "expired" in text or "10 minutes" in text
    await setup.ows.error("delete_entry", {"entry_id": entry["id"]}, code="not_found")


async def test_profile_reads_and_updates_with_health_data_consent(setup):
    profile = await setup.ows("get_profile")
    assert profile["display_name"] == "Ada"
    assert profile["logging_consent"] is True and profile["program_suggestions"] is True
    changed = await setup.ows(
        "update_profile",
        {
            "units": "lb",
            "timezone": "America/New_York",
            "goals": "deadlift 200 kg",
            "equipment": ["barbell", "pull-up bar"],
            "training_days": ["mon", "wed", "fri"],
        },
    )
    assert (changed["units"], changed["timezone"], changed["training_days"]) == (
        "lb",
        "America/New_York",
        ["mon", "wed", "fri"],
    )
    # One value for every profile: the account's own units now default loads to pounds.
    logged = await setup.ows("log_text", {"text": "bench 3x5 at 135", "idempotency_key": "lb"})
    assert {s["unit"] for s in logged["workout"]["entries"][0]["sets"]} == {"lb"}
    await setup.ows.error("update_profile", {"timezone": "Europe"}, code="invalid_input")
    assert (await setup.ows("get_profile"))["timezone"] == "America/New_York"  # nothing changed
    await give_consents(setup.stack.backends, setup.stack.account_id, health=False)
    text = await setup.ows.error("update_profile", {"limitations": "sore knee"}, code="consent_required")
    assert text.startswith("consent_required: limitations")
    await setup.ows("update_profile", {"display_name": "Ada L."})  # not health data


async def test_programs_search_start_targets_progress_and_calendar(setup):
    found = await setup.ows("search_programs", {})
    assert len(found["programs"]) >= 12
    assert all(p["credit"] and p["disclaimer"] for p in found["programs"])
    beginners = await setup.ows("search_programs", {"level": "beginner", "limit": 100})
    assert beginners["programs"] and all(p["level"] == "beginner" for p in beginners["programs"])
    program_id = "kp:five-by-five"
    entry = await setup.ows("get_program", {"id": program_id})
    assert entry["program"]["id"] == program_id and entry["program"]["days"]
    await setup.ows.error("get_program", {"id": "kp:nothing"}, code="not_found")
    await setup.ows.error("get_program", {"id": "current"}, code="not_found")

    await setup.ows("update_profile", {"training_days": ["tue", "thu", "sat"]})
    started = await setup.ows("start_program", {"id": program_id})
    assert started["calendar"]["workouts"] >= 2
    again = await setup.ows("start_program", {"id": program_id})
    assert again["already_following"] is True
    await setup.ows.error("start_program", {"id": "kp:upper-lower"}, code="invalid_input")
    current = await setup.ows("get_program", {"id": "current"})
    assert current["following"] is True and current["program"]["id"] == program_id

    # One set of records: the program's days are on the Training calendar Metric reads.
    metric = Tools(setup.stack.mcp_url, await setup.stack.access_token())
    occurrences = (await metric.read("calendar"))["data"]["occurrences"]
    placed = [o for o in occurrences if o["workoutName"].startswith(entry["program"]["name"])]
    assert len(placed) >= 6
    assert {o["weekday"] for o in placed} <= {"Tuesday", "Thursday", "Saturday"}
    days = [o["workoutName"].split(": ")[1] for o in sorted(placed, key=lambda o: o["day"])]
    assert days[0] != days[1] and days[0] == days[2]  # the days alternate in rotation

    first_day = entry["program"]["days"][0]["key"]
    logged = await setup.ows(
        "log_workout",
        {
            "exercises": [{"exercise_id": "barbell-back-squat", "sets": [{"reps": 5, "load": 100}] * 5}],
            "program": {"program_id": program_id, "day": first_day},
            "idempotency_key": "p1",
        },
    )
    assert logged["workout"]["program"] == {"program_id": program_id, "day": first_day}
    targets = await setup.ows("get_program_targets")
    assert targets["targets"] and "suggestion" in targets["note"]
    progress = await setup.ows("get_program_progress")
    assert "missed" not in str(progress) and "late" not in str(progress).lower().replace("latest", "")

    unlinked = await setup.ows(
        "link_workout_to_program", {"workout_id": logged["workout"]["id"], "remove": True}
    )
    assert unlinked["workout"]["program"] is None
    await setup.ows.error(
        "link_workout_to_program",
        {"workout_id": logged["workout"]["id"], "program_id": program_id, "day": "no-such-day"},
        code="invalid_input",
    )
    relinked = await setup.ows(
        "link_workout_to_program",
        {"workout_id": logged["workout"]["id"], "program_id": program_id, "day": first_day},
    )
    assert relinked["workout"]["entries"] == logged["workout"]["entries"]  # a label changes nothing else

    ended = await setup.ows("end_program")
    assert ended["ended"]["id"] == program_id
    await setup.ows.error("end_program", code="not_found")
    assert (await setup.ows("get_workouts", {}))["workouts"][0]["program"] is not None  # links stay


async def test_program_suggestions_only_when_allowed(setup):
    for week in range(3):
        for day in ("A", "B"):
            await setup.ows(
                "log_workout",
                {
                    "date": (
                        datetime.now(UTC).date() - timedelta(days=20 - 7 * week - (2 if day == "B" else 0))
                    ).isoformat(),
                    "exercises": [
                        {"exercise_id": "barbell-back-squat", "sets": [{"reps": 5, "load": 100}] * 5},
                        {
                            "exercise_id": "barbell-bench-press" if day == "A" else "overhead-press",
                            "sets": [{"reps": 5, "load": 60}] * 5,
                        },
                        {
                            "exercise_id": "barbell-bent-over-row" if day == "A" else "barbell-deadlift",
                            "sets": [{"reps": 5, "load": 80}] * (5 if day == "A" else 1),
                        },
                    ],
                    "idempotency_key": f"s{week}{day}",
                },
            )
    suggestion = await setup.ows("suggest_program_matches")
    assert suggestion["match"] is not None and "Nothing was linked" in suggestion["note"]
    assert all(w["program"] is None for w in (await setup.ows("get_workouts", {}))["workouts"])
    await setup.ows("update_profile", {"program_suggestions": False})
    off = await setup.ows("suggest_program_matches")
    assert off["match"] is None and "off" in off["note"]


async def test_every_program_in_the_library_can_be_started_and_placed_on_the_calendar(setup):
    programs = (await setup.ows("search_programs", {"limit": 100}))["programs"]
    for program in programs:
        started = await setup.ows("start_program", {"id": program["id"]})
        assert started["calendar"] is None or started["calendar"]["workouts"] >= 1, program["id"]
        await setup.ows("end_program")


async def test_a_listing_only_entry_is_followed_with_the_users_own_routines(setup):
    metric = Tools(setup.stack.mcp_url, setup.stack.api_key)
    created = await metric(
        "edit_training", minimal_create(await metric.epoch(), await metric.exercise_id("squat"))
    )
    routine = created["workouts"][0]["id"]
    listing = "kp:conjugate-style"
    await setup.ows.error(
        "start_program", {"id": "kp:five-by-five", "routine_ids": [routine]}, code="invalid_input"
    )
    await setup.ows.error(
        "start_program", {"id": listing, "routine_ids": ["not-a-workout"]}, code="invalid_input"
    )
    started = await setup.ows("start_program", {"id": listing, "routine_ids": [routine]})
    assert started["calendar"] is None  # nothing to place: the routines are already in Training
    current = await setup.ows("get_program", {"id": "current"})
    assert current["routine_ids"] == [routine] and current["program"]["days"] == []
    logged = await _log_squat(setup.ows, "listing")
    linked = await setup.ows(
        "link_workout_to_program", {"workout_id": logged["workout"]["id"], "program_id": listing}
    )
    assert linked["workout"]["program"] == {"program_id": listing, "day": ""}
    progress = await setup.ows("get_program_progress")
    assert "own routines" in progress["progress"]["next_day_reason"]
    await setup.ows.error(
        "link_workout_to_program",
        {"workout_id": logged["workout"]["id"], "program_id": listing, "day": "A"},
        code="invalid_input",
    )
