"""RunFlow's plan tools (seed 004 section 3) through the mcp client on the real edge and services:
every tool, all-or-nothing batches with the failing item named, snapshots restored field by field,
the calendar, safety advisories, idempotent retries, completion and recalibration (decision 0064)."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
import pytest_asyncio

from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from kinetic.training.v1 import training_pb2
from tests.integration.edge.client_ai_gym import new_account
from tests.integration.edge.runflow_calls import RunFlow, pro, runflow_key, tool_error_text
from tests.integration.edge.test_runflow_tools import record, set_thresholds, started

pytestmark = pytest.mark.asyncio(loop_scope="module")


def today() -> date:
    """UTC's day (the stack's account lives in UTC), read when a test runs: a module-level date
    would be yesterday's for a suite running past midnight."""
    return datetime.now(UTC).date()


READS = {"get_training_plan", "list_training_plans", "list_plan_snapshots"}
# Writes with their destructive and idempotent hints.
WRITES = {
    "create_custom_training_plan": (False, False),
    "create_training_plan": (False, False),
    "update_training_plan_phases": (False, True),
    "set_active_training_plan": (False, True),
    "delete_training_plan": (True, True),
    "import_plan_workouts_batch": (False, False),
    "modify_workouts_batch": (False, True),
    "reschedule_workouts_batch": (False, True),
    "shift_plan_dates": (False, False),
    "delete_workouts_batch": (True, True),
    "mark_workouts_status_batch": (False, True),
    "restore_plan_snapshot": (False, False),
    "create_structured_workout": (False, False),
    "modify_workout": (False, True),
    "reschedule_workout": (False, True),
    "swap_workouts": (False, False),
    "delete_workout": (True, True),
    "mark_workout_status": (False, True),
    "recalibrate_thresholds": (False, True),
    "save_weekly_coaching_summary": (False, True),
    "log_daily_health": (False, True),
}
FIRST_SLICE = {
    "get_athlete_profile",
    "get_fitness_metrics",
    "get_cycling_analytics",
    "get_running_analytics",
    "get_swimming_analytics",
    "get_recent_activities",
    "get_readiness_and_health",
}


def day(offset: int) -> str:
    return (today() + timedelta(days=offset)).isoformat()


def easy_run(offset: int, **extra: Any) -> dict[str, Any]:
    return {
        "name": f"Easy run {offset}",
        "scheduledDate": day(offset),
        "sport": "RUN",
        "workoutType": "EASY",
        "plannedDurationSeconds": 2400,
        "structuredSteps": [
            {
                "type": "interval",
                "role": "work",
                "durationSeconds": 2400,
                "target": {"kind": "pace", "paceZone": "E"},
            }
        ],
        **extra,
    }


def intervals(offset: int) -> dict[str, Any]:
    return {
        "name": f"Track {offset}",
        "scheduledDate": day(offset),
        "sport": "RUN",
        "workoutType": "INTERVALS",
        "structuredSteps": [
            {"type": "warm_up", "durationSeconds": 900, "target": {"kind": "heart_rate", "heartRateZone": 2}},
            {
                "type": "repeat",
                "repeatCount": 6,
                "steps": [
                    {
                        "type": "interval",
                        "role": "work",
                        "distanceMeters": 800,
                        "target": {"kind": "pace", "paceZone": "I"},
                    },
                    {"type": "interval", "role": "recovery", "durationSeconds": 120},
                ],
            },
            {"type": "cool_down", "durationSeconds": 600},
        ],
    }


def ride(offset: int) -> dict[str, Any]:
    return {
        "name": f"Sweet spot {offset}",
        "scheduledDate": day(offset),
        "sport": "BIKE",
        "workoutType": "RIDE_INTERVALS",
        "structuredSteps": [
            {
                "type": "repeat",
                "repeatCount": 3,
                "steps": [
                    {
                        "type": "interval",
                        "role": "work",
                        "durationSeconds": 600,
                        "target": {"kind": "power", "ftpPercentLow": 88, "ftpPercentHigh": 93},
                    },
                    {"type": "interval", "role": "recovery", "durationSeconds": 300},
                ],
            }
        ],
    }


PHASES = [
    {
        "name": "Base",
        "startDate": day(0),
        "endDate": day(27),
        "focus": "aerobic volume",
        "targets": [{"sport": "RUN", "weeklyDistanceMeters": 40000, "weeklyTss": 250, "sessionsPerWeek": 4}],
    },
    {
        "name": "Build",
        "startDate": day(28),
        "endDate": day(55),
        "targets": [{"sport": "BIKE", "weeklyTss": 200}],
    },
]


@pytest_asyncio.fixture(loop_scope="module")
async def runflow(account_stack) -> RunFlow:
    await pro(account_stack)
    await set_thresholds(account_stack)
    return RunFlow(account_stack, await runflow_key(account_stack))


async def new_plan(runflow: RunFlow, workouts: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return await runflow(
        "create_custom_training_plan",
        {
            "name": "Autumn marathon",
            "sport": "RUN",
            "raceType": "MARATHON",
            "raceDate": day(90),
            "planStartDate": day(0),
            "phaseBlocks": PHASES,
            "strengthPerWeek": 1,
            "workouts": workouts,
            **extra,
        },
    )


async def whole_plan(runflow: RunFlow, goal_id: str) -> dict[str, Any]:
    return await runflow(
        "get_training_plan", {"goalId": goal_id, "includeAllWorkouts": True, "includeStructuredSteps": True}
    )


def without_versions(plan: dict[str, Any]) -> dict[str, Any]:
    """A plan's content: versions, update times and snapshot counts move forward with every write."""
    moving = {"version", "updatedAt", "snapshotCount"}
    return {
        "plan": {k: v for k, v in plan["plan"].items() if k not in moving},
        "workouts": [{k: v for k, v in w.items() if k not in moving} for w in plan["workouts"]],
    }


async def test_tools_list_publishes_the_seeds_31_tools_with_their_annotations(account_stack, runflow):
    tools = {tool.name: tool for tool in await runflow.list_tools()}
    assert set(tools) == FIRST_SLICE | READS | set(WRITES) and len(tools) == 31
    for name, tool in tools.items():
        hints = tool.annotations
        assert hints is not None and tool.input_schema["additionalProperties"] is False, name
        if name in FIRST_SLICE | READS:
            assert (hints.read_only_hint, hints.destructive_hint, hints.idempotent_hint) == (
                True,
                False,
                True,
            ), name
        else:
            assert hints.read_only_hint is False, name
            assert (hints.destructive_hint, hints.idempotent_hint) == WRITES[name], name
        if name in WRITES and name != "log_daily_health":
            assert tool.input_schema["properties"]["idempotencyKey"]["maxLength"] == 128, name
        for argument, schema in tool.input_schema["properties"].items():
            assert schema.get("description"), (name, argument)
    batch = tools["import_plan_workouts_batch"].input_schema["properties"]["workouts"]
    assert (batch["minItems"], batch["maxItems"]) == (1, 200)
    assert (
        tools["recalibrate_thresholds"].input_schema["properties"]["preserveCustomWorkoutTss"]["default"]
        is True
    )


async def test_a_plan_is_created_read_and_changed_by_every_tool(account_stack, runflow):
    created = await new_plan(runflow, [easy_run(1), intervals(3), ride(4)])
    goal_id = created["plan"]["goalId"]
    assert created["plan"]["creationMode"] == "AI_ASSISTED" and created["plan"]["isActive"] is True
    assert len(created["createdWorkoutIds"]) == 3 and created["snapshotId"] is None  # nothing to undo yet
    assert isinstance(created["safetyAdvisories"], list)
    run_id, track_id, ride_id = created["createdWorkoutIds"]

    plan = await runflow("get_training_plan")
    assert plan["plan"]["goalId"] == goal_id and plan["window"]["startDate"] == day(0)
    assert [block["name"] for block in plan["plan"]["phaseBlocks"]] == ["Base", "Build"]
    assert plan["plan"]["phaseBlocks"][0]["targets"][0]["weeklyTss"] == 250
    track = next(w for w in plan["workouts"] if w["workoutId"] == track_id)
    assert track["sport"] == "RUN" and track["workoutType"] == "INTERVALS" and track["plannedTss"] > 0
    assert track["structuredSteps"][1]["repeatCount"] == 6
    work = track["structuredSteps"][1]["steps"][0]["target"]
    assert work["paceZone"] == "I" and 120 <= work["paceLowSecondsPerKm"] <= work["paceHighSecondsPerKm"]
    bike = next(w for w in plan["workouts"] if w["workoutId"] == ride_id)
    assert bike["sport"] == "BIKE" and bike["plannedDistanceMeters"] is None
    only_rides = await runflow("get_training_plan", {"sport": "BIKE", "includeAllWorkouts": True})
    assert [w["workoutId"] for w in only_rides["workouts"]] == [ride_id]
    assert "structuredSteps" not in only_rides["workouts"][0]  # false by default with includeAllWorkouts
    assert "workouts" not in await runflow("get_training_plan", {"summaryOnly": True})

    listed = await runflow("list_training_plans")
    assert listed["plans"][0]["goalId"] == goal_id and listed["plans"][0]["workoutCount"] == 3

    modified = await runflow(
        "modify_workouts_batch",
        {
            "workouts": [
                {"workoutId": run_id, "name": "Steady run", "plannedTss": 55},
                {"workoutId": ride_id, "plannedDurationSeconds": 3600},
            ]
        },
    )
    steady = next(w for w in modified["workouts"] if w["workoutId"] == run_id)
    assert steady["name"] == "Steady run" and (steady["plannedTss"], steady["plannedTssLocked"]) == (55, True)
    longer = next(w for w in modified["workouts"] if w["workoutId"] == ride_id)
    assert longer["plannedDurationSeconds"] == 3600 and len(longer["structuredSteps"]) == 1  # the steps stay
    moved = await runflow(
        "reschedule_workouts_batch", {"moves": [{"workoutId": run_id, "scheduledDate": day(2)}]}
    )
    assert moved["workouts"][0]["scheduledDate"] == day(2)
    assert (await runflow("reschedule_workout", {"workoutId": run_id, "scheduledDate": day(5), "order": 1}))[
        "workout"
    ]["scheduledDate"] == day(5)
    swapped = await runflow("swap_workouts", {"workoutIds": [run_id, ride_id]})
    assert {w["workoutId"]: w["scheduledDate"] for w in swapped["workouts"]} == {
        run_id: day(4),
        ride_id: day(5),
    }
    shifted = await runflow("shift_plan_dates", {"deltaDays": 7, "fromDate": day(4)})
    assert shifted["shiftedWorkouts"] == 2
    changed = await runflow(
        "modify_workout", {"workoutId": track_id, "workoutType": "TEMPO", "notes": "hold back"}
    )
    assert changed["workout"]["workoutType"] == "TEMPO" and changed["workout"]["notes"] == "hold back"

    single = await runflow("create_structured_workout", {**easy_run(6), "name": "Shakeout"})
    new_id = single["workout"]["workoutId"]
    assert single["workout"]["name"] == "Shakeout" and single["snapshotId"]
    assert (await runflow("delete_workout", {"workoutId": new_id}))["deletedWorkoutIds"] == [new_id]
    gone = await runflow("delete_workouts_batch", {"goalId": goal_id, "sports": ["BIKE"]})
    assert gone["deletedWorkoutIds"] == [ride_id]

    updated = await runflow(
        "update_training_plan_phases",
        {"name": "Spring marathon", "restDays": [1], "trainingFocus": "threshold"},
    )
    assert updated["plan"]["name"] == "Spring marathon" and updated["plan"]["restDays"] == [1]
    week = day(-today().weekday())
    saved = await runflow(
        "save_weekly_coaching_summary", {"weekStart": week, "text": "Good week: easy days easy."}
    )
    assert saved["saved"] is True
    summaries = (await runflow("get_training_plan", {"summaryOnly": True}))["plan"]["coachingSummaries"]
    assert [(s["weekStart"], s["text"]) for s in summaries] == [(week, "Good week: easy days easy.")]
    assert (await runflow("save_weekly_coaching_summary", {"weekStart": week, "text": None}))[
        "deleted"
    ] is True
    assert (await runflow("get_training_plan", {"summaryOnly": True}))["plan"]["coachingSummaries"] == []

    snapshots = await runflow("list_plan_snapshots")
    assert snapshots["goalId"] == goal_id and snapshots["count"] >= 10
    assert {"operation", "createdAt", "workoutCount"} <= set(snapshots["snapshots"][0])

    second = await new_plan(runflow, [], activate=False)
    second_id = second["plan"]["goalId"]
    assert (await runflow("set_active_training_plan", {"goalId": second_id}))["activeGoalId"] == second_id
    deleted = await runflow("delete_training_plan", {"goalId": second_id})
    assert deleted["deleted"] == "archived" and deleted["activeGoalId"] == goal_id
    statuses = {p["goalId"]: p["status"] for p in (await runflow("list_training_plans"))["plans"]}
    assert statuses == {goal_id: "active", second_id: "archived"}
    assert (await runflow("delete_training_plan", {"goalId": second_id, "permanent": True}))[
        "deleted"
    ] == "permanently"
    assert [p["goalId"] for p in (await runflow("list_training_plans"))["plans"]] == [goal_id]


async def test_a_workout_created_here_is_on_the_training_calendar(account_stack, runflow):
    created = await new_plan(runflow, [])
    single = await runflow("create_structured_workout", {"goalId": created["plan"]["goalId"], **intervals(2)})
    window = await account_stack.backends.training.ListOccurrences(
        training_pb2.ListOccurrencesRequest(
            account_id=account_stack.account_id, time_zone="UTC", from_day=day(0), to_day=day(7)
        )
    )
    on_calendar = [o for o in window.occurrences if o.workout_id == single["workout"]["workoutId"]]
    assert [(o.day, o.workout_name, o.endurance.sport) for o in on_calendar] == [(day(2), "Track 2", "run")]


async def test_a_batch_with_one_bad_workout_is_refused_naming_it_and_stores_nothing(account_stack, runflow):
    goal_id = (await new_plan(runflow, []))["plan"]["goalId"]
    workouts = [easy_run(n % 60) for n in range(200)]
    # A step with both a duration and a distance: the schema allows each, Training refuses the pair.
    workouts[136]["structuredSteps"] = [
        {"type": "interval", "role": "work", "durationSeconds": 600, "distanceMeters": 2000}
    ]
    error = await runflow.refusal("import_plan_workouts_batch", {"goalId": goal_id, "workouts": workouts})
    assert "workouts[136].structuredSteps[0]" in error and "endurance" not in error
    plan = await whole_plan(runflow, goal_id)
    assert plan["workouts"] == [] and plan["plan"]["workoutCount"] == 0

    workouts[136] = {**easy_run(1), "sport": "STRENGTH", "plannedDistanceMeters": 5000, "structuredSteps": []}
    error = await runflow.refusal("import_plan_workouts_batch", {"goalId": goal_id, "workouts": workouts})
    assert "workouts[136].plannedDistanceMeters" in error
    workouts[136] = easy_run(1, order=0)
    refused = await runflow.post("import_plan_workouts_batch", {"goalId": goal_id, "workouts": workouts})
    assert "workouts[136].order" in tool_error_text(refused)
    assert (await whole_plan(runflow, goal_id))["workouts"] == []


async def test_restoring_a_snapshot_gives_back_the_plan_and_the_backup_undoes_the_restore(
    account_stack, runflow
):
    goal_id = (await new_plan(runflow, [easy_run(1), intervals(3), ride(4)]))["plan"]["goalId"]
    before = await whole_plan(runflow, goal_id)
    run_id, track_id, _ = (w["workoutId"] for w in before["workouts"])
    await runflow("modify_workout", {"workoutId": track_id, "structuredSteps": [], "plannedTss": 80})
    deleted = await runflow("delete_workout", {"workoutId": run_id})
    await runflow("import_plan_workouts_batch", {"workouts": [ride(8)]})
    await runflow("update_training_plan_phases", {"phaseBlocks": PHASES[:1], "name": "Changed"})
    after = await whole_plan(runflow, goal_id)
    assert without_versions(after) != without_versions(before)

    snapshots = (await runflow("list_plan_snapshots", {"goalId": goal_id}))["snapshots"]
    first_change = snapshots[3]  # newest first: the snapshot taken before the modify_workout
    restored = await runflow("restore_plan_snapshot", {"snapshotId": first_change["snapshotId"]})
    assert restored["preRestoreSnapshotId"] and restored["restoredSnapshotId"] == first_change["snapshotId"]
    assert without_versions(await whole_plan(runflow, goal_id)) == without_versions(before)
    assert deleted["snapshotId"] in {s["snapshotId"] for s in snapshots}

    await runflow("restore_plan_snapshot", {"snapshotId": restored["preRestoreSnapshotId"]})
    assert without_versions(await whole_plan(runflow, goal_id)) == without_versions(after)


async def test_back_to_back_hard_days_bring_a_critical_advisory(account_stack, runflow):
    calm = await new_plan(runflow, [easy_run(1), intervals(3)])
    assert all(a["rule"] != "consecutive_hard_days" for a in calm["safetyAdvisories"])
    hard = await runflow("create_structured_workout", intervals(4))
    advisories = [a for a in hard["safetyAdvisories"] if a["rule"] == "consecutive_hard_days"]
    assert advisories and advisories[0]["level"] == "critical" and advisories[0]["message"]
    assert set(advisories[0]) == {"level", "rule", "message", "date"}


async def test_volume_weeks_start_on_the_athlete_s_first_weekday(account_stack, runflow):
    """Easy runs of 8 km two days after a Sunday, 8 km the next Sunday and 10 km two days after,
    from no training before: in Monday weeks 16 km then 10 km, within 10 % of the 15 km minimum
    base; in Sunday weeks 8 km then 18 km, a spike. The account's setting decides (decision 0060)."""
    sunday = today() + timedelta(days=(7 - today().isoweekday()) % 7 or 7)
    offset = (sunday - today()).days

    def run(days_after_sunday: int, km: int) -> dict[str, Any]:
        return easy_run(offset + days_after_sunday, plannedDistanceMeters=km * 1000)

    created = await new_plan(runflow, [run(2, 8), run(7, 8), run(9, 10)])
    assert [a for a in created["safetyAdvisories"] if a["rule"] == "weekly_volume_spike"] == []

    await account_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account_stack.account_id, first_weekday=7)
    )
    renamed = await runflow("modify_workout", {"workoutId": created["createdWorkoutIds"][0], "name": "Easy"})
    spikes = [a for a in renamed["safetyAdvisories"] if a["rule"] == "weekly_volume_spike"]
    week = sunday + timedelta(weeks=1)
    assert [(a["level"], a["date"]) for a in spikes] == [("warning", week.isoformat())]
    assert spikes[0]["message"].startswith(
        f"Week of Sun {week.day} {week:%b %Y}: planned running distance of 18.0 km"
    )


async def test_a_retry_with_the_same_key_returns_the_first_result_and_changes_nothing(account_stack, runflow):
    goal_id = (await new_plan(runflow, []))["plan"]["goalId"]
    call = {"goalId": goal_id, "workouts": [easy_run(1), intervals(3)], "idempotencyKey": "import-week-1"}
    first = await runflow("import_plan_workouts_batch", call)
    assert await runflow("import_plan_workouts_batch", call) == first
    assert [w["workoutId"] for w in (await whole_plan(runflow, goal_id))["workouts"]] == first[
        "importedWorkoutIds"
    ]
    other = await runflow.post("import_plan_workouts_batch", {**call, "workouts": [easy_run(2)]})
    assert "idempotencyKey" in tool_error_text(other)


async def test_marking_a_workout_done_with_its_activity_returns_the_adaptation(account_stack, runflow):
    created = await new_plan(runflow, [easy_run(0), easy_run(1)])
    today_id, tomorrow_id = created["createdWorkoutIds"]
    activity = await record(
        account_stack, sport="run", start_time=started(0, 6), duration_s=2400, distance_m=7000, avg_hr=145
    )
    marked = await runflow(
        "mark_workout_status", {"workoutId": today_id, "completed": True, "linkedActivityId": activity}
    )
    assert marked["workout"]["completed"] is True and marked["workout"]["linkedActivityId"] == activity
    adaptation = marked["adaptationResult"]
    assert adaptation["workoutId"] == today_id and adaptation["activityTss"] > 0 and adaptation["message"]
    assert adaptation["outcome"] in ("on_target", "harder_than_planned", "easier_than_planned")

    batch = await runflow(
        "mark_workouts_status_batch",
        {
            "statuses": [
                {"workoutId": today_id, "completed": False},
                {"workoutId": tomorrow_id, "completed": True},
            ]
        },
    )
    assert {w["workoutId"]: w["completed"] for w in batch["workouts"]} == {today_id: False, tomorrow_id: True}
    assert batch["adaptationResult"]["workoutId"] == tomorrow_id
    assert batch["adaptationResult"]["outcome"] == "no_activity"
    undone = await runflow("mark_workout_status", {"workoutId": tomorrow_id, "completed": False})
    assert undone["adaptationResult"] is None


async def test_recalibration_stores_the_thresholds_and_recomputes_zone_paces(account_stack, runflow):
    created = await new_plan(runflow, [intervals(3)])
    goal_id = created["plan"]["goalId"]
    pace = lambda plan: plan["workouts"][0]["structuredSteps"][1]["steps"][0]["target"]["paceLowSecondsPerKm"]  # noqa: E731
    before = pace(await whole_plan(runflow, goal_id))
    answer = await runflow(
        "recalibrate_thresholds",
        {"raceResult": {"distanceMeters": 10000, "timeSeconds": 2400}, "ftpWatts": 280, "maxHr": 188},
    )
    assert answer["thresholds"]["ftpWatts"] == 280 and answer["thresholds"]["vdot"] > 50
    assert sorted(answer["storedThresholds"]) == ["ftp", "max_hr", "race_result"]
    assert (
        pace(await whole_plan(runflow, goal_id)) < before
    )  # a 40-minute 10K is faster than the old threshold
    listed = await account_stack.backends.endurance.ListThresholds(
        records_pb2.ListThresholdsRequest(account_id=account_stack.account_id, as_of_day=day(0))
    )
    assert {t.kind for t in listed.in_force if t.source == "recalibrated"} == {"ftp", "max_hr", "race_result"}


@pytest.mark.parametrize(
    ("tool", "arguments", "words"),
    [
        ("import_plan_workouts_batch", {"workouts": []}, "workouts"),
        (
            "import_plan_workouts_batch",
            {"workouts": [{**easy_run(1), "sport": "ROWING"}]},
            "workouts[0].sport",
        ),
        (
            "create_structured_workout",
            {**easy_run(1), "structuredSteps": [{"type": "interval", "durationSeconds": 0}]},
            "structuredSteps[0].durationSeconds",
        ),
        ("modify_workouts_batch", {"workouts": [{"workoutId": "abc"}]}, "nothing to change"),
        ("delete_workouts_batch", {}, "workoutIds"),
        ("delete_workouts_batch", {"workoutIds": ["a"], "fromDate": "2026-01-01"}, "not both"),
        ("shift_plan_dates", {"deltaDays": 0}, "deltaDays"),
        ("recalibrate_thresholds", {}, "nothing to recalibrate"),
        (
            "recalibrate_thresholds",
            {"cssTest": {"seconds400m": 300, "seconds200m": 160}},
            "cssTest.seconds400m",
        ),
        ("save_weekly_coaching_summary", {"weekStart": "2026-02-30", "text": "x"}, "weekStart"),
        ("save_weekly_coaching_summary", {"weekStart": "2026-03-02", "text": "x" * 1001}, "text"),
        ("get_training_plan", {"goalId": "no-such-plan"}, "no-such-plan"),
    ],
)
async def test_bad_plan_arguments_are_refused_saying_what_to_fix(
    account_stack, runflow, tool, arguments, words
):
    error = await runflow.refusal(tool, arguments)
    assert words in error, error


async def test_any_key_replays_even_after_the_thresholds_changed(account_stack, runflow):
    """A key is 1-128 characters of any kind (Training's own keys are stricter: the edge sends a
    digest), and a retry replays although the thresholds looked up for it have changed since."""
    goal_id = (await new_plan(runflow, []))["plan"]["goalId"]
    call = {"goalId": goal_id, "workouts": [easy_run(1)], "idempotencyKey": "w 1 ☃"}
    first = await runflow("import_plan_workouts_batch", call)
    await runflow("recalibrate_thresholds", {"thresholdPaceSecondsPerKm": 230})
    assert await runflow("import_plan_workouts_batch", call) == first
    assert len((await whole_plan(runflow, goal_id))["workouts"]) == 1


async def test_create_training_plan_stores_a_generated_plan_on_every_calendar(account_stack, runflow):
    """The standard builder's plan (decision 0065) stored whole: a 100-mile plan at 7 days a week is
    more than a batch (204 workouts), its race and zone-named paces kept, no critical advisory."""
    # The athlete's recorded training matches what they state: 12 weeks of 10 km a day (70 km a week),
    # so the safety engine starts from the loads that training built, as the generator assumes.
    await account_stack.backends.endurance.SetThreshold(
        records_pb2.SetThresholdRequest(
            account_id=account_stack.account_id,
            threshold=records_pb2.Threshold(
                kind="threshold_pace",
                seconds_per_km=270,
                effective_day=(date.today() - timedelta(days=120)).isoformat(),
                source="manual",
            ),
        )
    )
    for days_ago in range(1, 85):
        await record(
            account_stack, sport="run", start_time=started(days_ago, 6), duration_s=3600, distance_m=10_000
        )
    race_day = (date.today() + timedelta(weeks=30)).isoformat()
    arguments = {"event": "100_MILE", "raceDate": race_day, "weeklyVolumeKm": 70, "daysPerWeek": 7}
    created = await runflow("create_training_plan", {**arguments, "experience": "advanced"})
    plan = created["plan"]
    assert plan["creationMode"] == "STANDARD_BUILDER" and plan["raceType"] == "100_MILE"
    assert plan["raceDate"] == race_day and plan["isActive"] is True
    assert len(created["createdWorkoutIds"]) > 200
    assert not [a for a in created["safetyAdvisories"] if a["level"] == "critical"]
    stored = await whole_plan(runflow, plan["goalId"])
    race = stored["workouts"][-1]
    assert (race["workoutType"], race["scheduledDate"]) == ("RACE", race_day)
    zones = {
        step["target"].get("paceZone")
        for workout in stored["workouts"]
        for step in workout.get("structuredSteps", [])
        if "target" in step
    }
    assert {"E"} <= zones
    end = (date.fromisoformat(race_day) + timedelta(days=1)).isoformat()
    window = await account_stack.backends.training.ListOccurrences(
        training_pb2.ListOccurrencesRequest(
            account_id=account_stack.account_id, time_zone="UTC", from_day=race_day, to_day=end
        )
    )
    assert [o.workout_id for o in window.occurrences] == [race["workoutId"]]


async def test_create_training_plan_refuses_bad_arguments_naming_each(account_stack, runflow):
    response = await runflow.post(
        "create_training_plan",
        {
            "event": "MARATHON",
            "raceDate": date.today().isoformat(),
            "weeklyVolumeKm": 40,
            "recentRace": {"distanceKm": 10, "time": "not a time"},
        },
    )
    message = tool_error_text(response)
    assert "raceDate" in message and "recentRace.time" in message


async def test_another_accounts_plan_is_not_found_through_any_plan_tool(account_stack, runflow):
    """Tenant isolation: a second paid athlete naming the first one's plan, workouts or snapshot
    gets a tool error from every tool that takes them, and the first athlete's plan stays as it was."""
    created = await new_plan(runflow, [easy_run(1), intervals(3)])
    goal_id = created["plan"]["goalId"]
    first_id, second_id = created["createdWorkoutIds"]
    await runflow("shift_plan_dates", {"goalId": goal_id, "deltaDays": 1})
    snapshot_id = (await runflow("list_plan_snapshots", {"goalId": goal_id}))["snapshots"][0]["snapshotId"]
    before = without_versions(await whole_plan(runflow, goal_id))

    bob_id = await new_account(account_stack.backends, f"bob-runflow-{uuid.uuid4().hex[:12]}@example.com")
    await account_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=bob_id, plan_tier="pro")
    )
    bob_key = await account_stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=bob_id, name="bob", scopes=["mcp:full"])
    )
    bob = RunFlow(account_stack, bob_key.secret)
    plain = {"name": "Jog", "scheduledDate": day(5), "sport": "RUN", "plannedDurationSeconds": 1800}
    calls: list[tuple[str, dict[str, Any]]] = [
        ("get_training_plan", {"goalId": goal_id}),
        ("list_plan_snapshots", {"goalId": goal_id}),
        ("update_training_plan_phases", {"goalId": goal_id, "name": "Mine now"}),
        ("set_active_training_plan", {"goalId": goal_id}),
        ("delete_training_plan", {"goalId": goal_id, "permanent": True}),
        ("import_plan_workouts_batch", {"goalId": goal_id, "workouts": [plain]}),
        ("create_structured_workout", {"goalId": goal_id, **plain}),
        ("modify_workout", {"workoutId": first_id, "name": "Mine"}),
        ("modify_workouts_batch", {"workouts": [{"workoutId": first_id, "name": "Mine"}]}),
        ("reschedule_workout", {"workoutId": first_id, "scheduledDate": day(9)}),
        ("reschedule_workouts_batch", {"moves": [{"workoutId": first_id, "scheduledDate": day(9)}]}),
        ("shift_plan_dates", {"goalId": goal_id, "deltaDays": 2}),
        ("swap_workouts", {"workoutIds": [first_id, second_id]}),
        ("delete_workout", {"workoutId": first_id}),
        ("delete_workouts_batch", {"workoutIds": [first_id, second_id]}),
        ("mark_workout_status", {"workoutId": first_id, "completed": True}),
        ("mark_workouts_status_batch", {"statuses": [{"workoutId": first_id, "completed": True}]}),
        ("restore_plan_snapshot", {"snapshotId": snapshot_id}),
        ("save_weekly_coaching_summary", {"goalId": goal_id, "weekStart": day(0), "text": "Mine"}),
    ]
    for tool, arguments in calls:
        response = await bob.post(tool, arguments)
        assert tool_error_text(response), tool  # a tool error (decision 0075), and nothing changed:
    assert (await bob("list_training_plans"))["plans"] == []
    assert without_versions(await whole_plan(runflow, goal_id)) == before


async def test_create_training_plan_paces_the_plan_from_the_athletes_threshold(account_stack, runflow):
    """Issue 30: the plan was built from an estimated VDOT while the profile held the athlete's own;
    its race target fell inside their easy range. Now one source: the athlete's threshold (4:00 /km,
    about VDOT 54), for the steps, their notes and the race."""
    await account_stack.backends.endurance.SetThreshold(
        records_pb2.SetThresholdRequest(
            account_id=account_stack.account_id,
            threshold=records_pb2.Threshold(
                kind="threshold_pace",
                seconds_per_km=240,
                effective_day=(date.today() - timedelta(days=30)).isoformat(),
                source="manual",
            ),
        )
    )
    race_day = (date.today() + timedelta(weeks=14)).isoformat()
    arguments = {"event": "HALF_MARATHON", "raceDate": race_day, "weeklyVolumeKm": 40, "daysPerWeek": 5}
    created = await runflow("create_training_plan", arguments)
    generated = created["generated"]
    assert generated["vdotSource"] == "athlete_thresholds" and 52 <= generated["vdot"] <= 56
    stored = await whole_plan(runflow, created["plan"]["goalId"])
    easy_low = min(
        step["target"]["paceLowSecondsPerKm"]
        for workout in stored["workouts"]
        for step in workout.get("structuredSteps", [])
        if step.get("target", {}).get("paceZone") == "E"
    )
    race = stored["workouts"][-1]
    race_target = race["structuredSteps"][0]["target"]
    # The race is run well faster than the fastest easy pace: a half at about threshold + 3 %.
    assert race_target["paceHighSecondsPerKm"] < easy_low - 20
    # Every quality session's notes say the pace its work step targets.
    for workout in stored["workouts"]:
        for step in workout.get("structuredSteps", []):
            target = step.get("target", {})
            if target.get("paceZone") == "T" and step.get("role") == "work":
                low = target["paceLowSecondsPerKm"]
                assert f"{low // 60}:{low % 60:02d}-" in workout["notes"], workout["notes"]


PACE_TEXT = re.compile(r"(\d+:\d\d)-(\d+:\d\d) /km")


def clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def step_paces(steps: list[dict[str, Any]]) -> set[str]:
    """Every pace band the steps (and their repeats' steps) target, as the notes write one."""
    paces: set[str] = set()
    for step in steps:
        target = step.get("target", {})
        if target.get("kind") == "pace":
            paces.add(f"{clock(target['paceLowSecondsPerKm'])}-{clock(target['paceHighSecondsPerKm'])}")
        paces |= step_paces(step.get("steps", []))
    return paces


def notes_paces(notes: str) -> set[str]:
    return {f"{low}-{high}" for low, high in PACE_TEXT.findall(notes)}


async def test_recalibration_moves_a_generated_plans_notes_and_race_with_its_steps(account_stack, runflow):
    """Issue 30: after recalibrate_thresholds the zone-named steps moved while the notes and the race
    target kept the old paces. One source: the notes' paces are the steps' targets before and after,
    the race target follows the new VDOT, and a note the athlete wrote stays theirs."""
    race_day = (today() + timedelta(weeks=12)).isoformat()
    arguments = {"event": "HALF_MARATHON", "raceDate": race_day, "weeklyVolumeKm": 40, "daysPerWeek": 5}
    created = await runflow("create_training_plan", arguments)
    goal_id = created["plan"]["goalId"]
    before = await whole_plan(runflow, goal_id)
    for workout in before["workouts"]:
        assert notes_paces(workout["notes"]) == step_paces(workout["structuredSteps"]), workout["notes"]
    easy = next(w for w in before["workouts"] if w["workoutType"] == "EASY")
    await runflow(
        "modify_workout", {"workoutId": easy["workoutId"], "notes": "My own words: 8 km at 5:30-5:40 /km"}
    )

    answer = await runflow(
        "recalibrate_thresholds", {"raceResult": {"distanceMeters": 10000, "timeSeconds": 2400}}
    )
    assert answer["thresholds"]["vdot"] > 50  # faster than the 4:30 /km threshold the plan was paced from

    after = await whole_plan(runflow, goal_id)
    # The plan's own note names the VDOT that now paces it.
    assert before["plan"]["notes"].startswith("Generated plan ")
    assert f"VDOT {answer['thresholds']['vdot']:.1f} (athlete thresholds)." in after["plan"]["notes"]
    assert [w["workoutId"] for w in after["workouts"]] == [w["workoutId"] for w in before["workouts"]]
    for old, new in zip(before["workouts"], after["workouts"], strict=True):
        if new["workoutId"] == easy["workoutId"]:
            assert new["notes"] == "My own words: 8 km at 5:30-5:40 /km"
            continue
        assert notes_paces(new["notes"]) == step_paces(new["structuredSteps"]), new["notes"]
        assert new["notes"] != old["notes"], new["notes"]  # every pace moved, and the notes with them
    race_before, race_after = before["workouts"][-1], after["workouts"][-1]
    assert race_after["workoutType"] == "RACE"
    old_target = race_before["structuredSteps"][0]["target"]
    new_target = race_after["structuredSteps"][0]["target"]
    assert new_target["paceHighSecondsPerKm"] < old_target["paceLowSecondsPerKm"]
    # A 40-minute 10K (VDOT ~52) races a half in about 1:28:40, 4:12 /km, +/- 3 %.
    assert 240 <= new_target["paceLowSecondsPerKm"] <= 252 <= new_target["paceHighSecondsPerKm"] <= 265
    assert race_after["plannedDurationSeconds"] < race_before["plannedDurationSeconds"]


async def test_a_generated_higdon_route_plan_raises_no_long_run_warning_against_itself(
    account_stack, runflow
):
    """Issue 30: a beginner's marathon on 4 days takes up to 45 % of its peak weeks in the long run
    (Higdon's trade), and Kinetic's own engine warned against it on create_training_plan and after
    every later write. The engine now judges a generated plan by the generator's table (decision
    0114), so neither write warns; the long runs are as large as before."""
    race_day = (today() + timedelta(weeks=18)).isoformat()
    arguments = {
        "event": "MARATHON",
        "raceDate": race_day,
        "weeklyVolumeKm": 25,
        "daysPerWeek": 4,
        "experience": "beginner",
    }
    created = await runflow("create_training_plan", arguments)
    assert "long_run_cap" not in {a["rule"] for a in created["safetyAdvisories"]}
    stored = await whole_plan(runflow, created["plan"]["goalId"])
    longest = max(w["plannedDistanceMeters"] for w in stored["workouts"] if w["workoutType"] == "LONG")
    assert longest > 20_000
    easy = next(w for w in stored["workouts"] if w["workoutType"] == "EASY")
    changed = await runflow("modify_workout", {"workoutId": easy["workoutId"], "notes": "Hilly route"})
    assert "long_run_cap" not in {a["rule"] for a in changed["safetyAdvisories"]}
    # Marking a status is judged by analytics: the same table, from the goal's event.
    marked = await runflow("mark_workout_status", {"workoutId": easy["workoutId"], "completed": False})
    assert marked["safetyAdvisories"] and "long_run_cap" not in {
        a["rule"] for a in marked["safetyAdvisories"]
    }
