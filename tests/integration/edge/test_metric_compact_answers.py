"""Metric's answers as an assistant reads them (issue 14, decision 0038): no empty defaults, weekday
names beside dates, a block's unused settings left out, write results that give the change and
a one-line summary, and a confirmed deletion that does not repeat its preview."""

from __future__ import annotations

import uuid
from datetime import date

import pytest

from tests.integration.edge.metric_calls import (
    ZONE,
    Tools,
    client_token,
    minimal_create,
    move_one_occurrence,
    plan_with_a_phase,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")


def amrap_workout(epoch: str, exercise_id: str) -> dict:
    movement = str(uuid.uuid4())
    return {
        "epoch": epoch,
        "timeZone": ZONE,
        "idempotencyKey": "muse-amrap-0001",
        "expectedVersions": {},
        "input": {
            "action": "createWorkout",
            "workout": {
                "name": "20-minute AMRAP",
                "kind": "crossFit",
                "exercises": [
                    {
                        "workoutExerciseID": movement,
                        "exerciseID": exercise_id,
                        "trackingMode": "sets",
                        "targetSets": 1,
                        "targetReps": 10,
                        "restSeconds": 0,
                    }
                ],
                # Seed 000: every configuration field is sent, unused ones as 1200 / 5 / 60.
                "crossFitBlocks": [
                    {
                        "configuration": {
                            "format": "amrap",
                            "durationSeconds": 1200,
                            "rounds": 5,
                            "intervalSeconds": 60,
                        },
                        "exerciseIDs": [movement],
                    }
                ],
            },
        },
    }


async def test_an_amrap_reads_back_with_its_duration_only(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    created = await tools(
        "edit_training", amrap_workout(await tools.epoch(), await tools.exercise_id("air squat"))
    )
    (workout,) = created["workouts"]
    assert workout["crossFitBlocks"][0]["configuration"] == {"format": "amrap", "durationSeconds": 1200}

    (read,) = (await tools.read("workouts", id=workout["id"]))["data"]["workouts"]
    assert read["crossFitBlocks"][0]["configuration"] == {"format": "amrap", "durationSeconds": 1200}
    # No schedule, no plan, no notes: none of them is shown as an empty value.
    assert not {"notes", "planID", "phaseID", "activeFromDay", "activeUntilDay", "scheduleSegments"} & set(
        read
    )


async def test_calendar_and_schedules_carry_weekday_names_and_no_empty_defaults(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    created = await tools(
        "edit_training", minimal_create(await tools.epoch(), await tools.exercise_id("back squat"))
    )
    (workout,) = created["workouts"]
    assert workout["schedule"] == {
        "type": "weekdays",
        "weekdays": [2, 4, 6],
        "weekdayNames": ["Monday", "Wednesday", "Friday"],
    }
    assert "scheduleSegments" not in workout, "a single segment repeating the schedule is left out"

    calendar = await tools.read(
        "calendar", timeZone=ZONE, weekStartsOn=1, **{"from": "2026-09-20"}, to="2026-09-27"
    )
    data = calendar["data"]
    assert data["weekStartsOnName"] == "Sunday"
    assert [(o["day"], o["weekday"]) for o in data["occurrences"]] == [
        ("2026-09-21", "Monday"),
        ("2026-09-23", "Wednesday"),
        ("2026-09-25", "Friday"),
    ]
    for occurrence in data["occurrences"]:
        assert not {"replacementWorkoutID", "planID", "phaseID", "originalWeekday"} & set(occurrence)
        assert "" not in occurrence.values() and None not in occurrence.values()


async def test_a_move_returns_the_occurrence_its_version_and_a_summary(account_stack):
    tools = Tools(account_stack.mcp_url, account_stack.api_key)
    created = await tools(
        "edit_training", minimal_create(await tools.epoch(), await tools.exercise_id("back squat"))
    )
    (workout,) = created["workouts"]
    assert created["summary"] == 'Created "Strength A".'

    moved = await tools(
        "edit_training", move_one_occurrence(created["epoch"], workout["id"], workout["version"])
    )

    assert moved["workouts"] == [], "the workout's definition did not change"
    assert moved["summary"] == 'Moved "Strength A" from Friday 2026-09-25 to Sunday 2026-09-27.'
    assert moved["occurrence"]["weekday"] == "Sunday" and moved["occurrence"]["originalWeekday"] == "Friday"
    assert set(moved["versions"]) == {f"workout:{workout['id']}"}
    assert moved["versions"][f"workout:{workout['id']}"] != workout["version"]


async def test_a_plan_write_names_its_days_and_a_confirmed_deletion_does_not_repeat_the_preview(
    account_stack,
):
    tools = Tools(account_stack.mcp_url, await client_token(account_stack, "metric-muse"))
    squat = await tools.exercise_id("squat")
    created = await tools("edit_training", plan_with_a_phase(await tools.epoch(), squat, "muse-plan-compact"))
    (plan,) = created["plans"]
    start = plan["phases"][0]["startDay"]
    assert created["summary"].startswith(
        f'Created plan "Autumn base" with 1 phase(s) from {date.fromisoformat(start):%A} {start}'
    )

    preview = await tools("preview_training_deletion", {"kind": "plan", "id": plan["id"], "timeZone": ZONE})
    confirm = {
        "previewToken": preview["previewToken"],
        "confirmed": True,
        "idempotencyKey": "muse-delete-compact",
    }
    deleted = await tools("confirm_training_deletion", confirm)

    assert deleted["deleted"] == {
        "kind": "plan",
        "plan": {"id": plan["id"], "version": plan["version"], "name": "Autumn base"},
        "deletedWorkoutIDs": [],
        "keptWorkoutIDs": [created["workouts"][0]["id"]],
        "removedOccurrenceCount": 0,
        "restoredOccurrenceCount": 0,
    }
    assert (
        deleted["summary"]
        == 'Deleted plan "Autumn base": 0 workout(s) deleted, 1 kept; 0 upcoming occurrence(s) removed.'
    )
    assert len(str(deleted)) < len(str(preview)) / 2
