"""A write that is stored is answered as stored (issue 26 row 9, decision 0072): on the real edge and
services, two concurrent ``shift_plan_dates`` while analytics is busy, and a workout logged while
analytics restarts. What analytics adds to the answer afterwards (safety advisories, new personal
records) is named as missing, never a failed call; a retry with the same key doubles nothing, and
analytics' catch-up counts the write once it is back."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from kinetic.settings import ServiceSettings
from services.analytics import bootstrap as analytics
from services.analytics.service_layer.catch_up import AccountFeeds
from tests.conftest import EngineFactory
from tests.integration.edge.conftest import Stack
from tests.integration.edge.ows_calls import OWS_PATH, Ows, give_consents, ows_key
from tests.integration.edge.runflow_calls import RunFlow, pro, runflow_key
from tests.integration.edge.test_runflow_plan_tools import day, easy_run, new_plan, whole_plan
from tests.integration.edge.test_runflow_tools import set_thresholds

PLAN_DAYS = 30
# Each answer reads the workouts' days; the shifts move them all.
FIRST_SHIFT, SECOND_SHIFT = 1, 2


def analytics_feeds(stack: Stack) -> AccountFeeds:
    """The running analytics server's catch-up (its ``on_stop`` holds ``AccountFeeds.stop``)."""
    feeds = next(
        getattr(hook, "__self__", None)
        for hook in stack.servers["analytics"].on_stop
        if isinstance(getattr(hook, "__self__", None), AccountFeeds)
    )
    assert isinstance(feeds, AccountFeeds)
    return feeds


@contextlib.asynccontextmanager
async def analytics_busy(stack: Stack) -> AsyncIterator[None]:
    """Analytics up but still catching up with the account (another catch-up holds its lock): every
    read of the account waits for it within the caller's deadline, then answers CATCHING_UP."""
    lock = analytics_feeds(stack).account_lock(stack.account_id)
    await lock.acquire()
    try:
        yield
    finally:
        lock.release()


async def restart_analytics(stack: Stack, engines: EngineFactory, tmp_path: Path) -> None:
    """Analytics again on its old port and database, as a restarted process would be."""
    port = stack.servers["analytics"].port
    env = {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_PUBLIC_URL": stack.base_url}
    stack.servers["analytics"] = await analytics.start(
        ServiceSettings.from_env("analytics", env),
        port=port,
        engine=engines("analytics"),
        sessions_target=stack.settings.targets["sessions"],
        training_target=stack.settings.targets["training"],
    )


def shift(goal_id: str, delta: int) -> dict[str, Any]:
    return {"goalId": goal_id, "deltaDays": delta, "idempotencyKey": f"shift-by-{delta}"}


def missing_advisories(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer's one ``incomplete`` entry, which must be the safety advisories."""
    (entry,) = answer["incomplete"]
    assert entry["field"] == "safetyAdvisories" and answer["safetyAdvisories"] == []
    return dict(entry)


async def test_two_concurrent_shifts_while_analytics_is_busy_are_both_answered_as_stored(stack):
    await pro(stack)
    await set_thresholds(stack)
    runflow = RunFlow(stack, await runflow_key(stack))
    created = await new_plan(runflow, [easy_run(offset) for offset in range(1, PLAN_DAYS + 1)])
    goal_id = created["goalId"]

    async with analytics_busy(stack):
        first, second = await asyncio.gather(
            runflow("shift_plan_dates", shift(goal_id, FIRST_SHIFT)),
            runflow("shift_plan_dates", shift(goal_id, SECOND_SHIFT)),
        )

    # Both stored, one after the other under Training's lock: each took its own snapshot first.
    for answer, delta in ((first, FIRST_SHIFT), (second, SECOND_SHIFT)):
        assert answer["goalId"] == goal_id and answer["deltaDays"] == delta
        assert answer["shiftedWorkouts"] == PLAN_DAYS
        entry = missing_advisories(answer)
        assert entry["reason"] == "unavailable" and entry["retryAfter"] >= 1
        assert "stored" in entry["message"] and "same arguments and idempotencyKey" in entry["message"]
    assert first["snapshotId"] != second["snapshotId"]
    stored = await whole_plan(runflow, goal_id)
    moved = FIRST_SHIFT + SECOND_SHIFT
    assert [w["scheduledDate"] for w in stored["workouts"]] == [
        day(offset + moved) for offset in range(1, PLAN_DAYS + 1)
    ]
    snapshots = await runflow("list_plan_snapshots", {"goalId": goal_id})
    shifts = [s for s in snapshots["snapshots"] if s["operation"] == "shift_plan_dates"]
    assert {s["snapshotId"] for s in shifts} == {first["snapshotId"], second["snapshotId"]}

    # Analytics free again: the same calls replay what was stored, now with their advisories.
    again = [await runflow("shift_plan_dates", shift(goal_id, d)) for d in (FIRST_SHIFT, SECOND_SHIFT)]
    assert [a["snapshotId"] for a in again] == [first["snapshotId"], second["snapshotId"]]
    assert all("incomplete" not in a and a["safetyAdvisories"] for a in again)
    assert await whole_plan(runflow, goal_id) == stored


async def test_a_shift_without_a_key_while_analytics_is_down_says_not_to_call_again(stack):
    await pro(stack)
    await set_thresholds(stack)
    runflow = RunFlow(stack, await runflow_key(stack))
    goal_id = (await new_plan(runflow, [easy_run(1)]))["goalId"]
    await stack.servers["analytics"].stop(0)

    answer = await runflow("shift_plan_dates", {"goalId": goal_id, "deltaDays": 3})

    entry = missing_advisories(answer)
    assert "Do not call again" in entry["message"] and "applied twice" in entry["message"]
    assert [w["scheduledDate"] for w in (await whole_plan(runflow, goal_id))["workouts"]] == [day(4)]


async def test_a_workout_logged_while_analytics_restarts_is_answered_as_stored_and_counted_once(
    stack, sqlite_engines, tmp_path
):
    await give_consents(stack.backends, stack.account_id)
    ows = Ows(stack.base_url + OWS_PATH, await ows_key(stack.backends, stack.account_id))
    workout = {
        "exercises": [{"exercise": "squat", "sets": [{"reps": 5, "load": 100}] * 3}],
        "idempotency_key": "squat-day",
    }
    await stack.servers["analytics"].stop(0)

    logged = await ows("log_workout", workout)

    assert logged["summary"].startswith("Logged ") and logged["replayed"] is False
    assert "personal_records" not in logged
    (entry,) = logged["incomplete"]
    assert entry["field"] == "personal_records" and entry["reason"] == "unavailable"
    assert "stored" in entry["message"] and "get_personal_records" in entry["message"]
    retried = await ows("log_workout", workout)
    assert retried["replayed"] is True and retried["workout"]["id"] == logged["workout"]["id"]
    assert len((await ows("get_workouts", {}))["workouts"]) == 1

    await restart_analytics(stack, sqlite_engines, tmp_path)
    records = await records_once_analytics_answers(ows)
    (squat,) = records["records"]
    assert squat["heaviest_load"]["value"] == 100
    assert squat["heaviest_load"]["workout_id"] == logged["workout"]["id"]
    # Once more with the same key: still one workout, and now its records.
    third = await ows("log_workout", workout)
    assert third["replayed"] is True and "incomplete" not in third
    assert {r["exercise_id"] for r in third["personal_records"]} == {"barbell-back-squat"}
    assert len((await ows("get_workouts", {}))["workouts"]) == 1


async def records_once_analytics_answers(ows: Ows, within_calls: int = 200) -> dict[str, Any]:
    """get_personal_records, asked until analytics is back (the edge's circuit may hold calls for
    a few seconds after the outage); a capped number of calls, each answered or refused at once."""
    for _ in range(within_calls):
        is_error, text = await ows.raw("get_personal_records", {"exercise": "squat"})
        if not is_error:
            return await ows("get_personal_records", {"exercise": "squat"})
        assert text.startswith("internal_error: "), text
        await asyncio.sleep(0.05)
    raise AssertionError(f"analytics did not answer within {within_calls} calls")
