"""Primed's coaching answers move with the athlete's data at once (issue 18, decisions 0058, 0059):
a FIT file imported by the CLI gives today's decision a new ``decision_id``; a readiness entry does
too; an answer resting on data older than the freshness window is marked STALE_DATA beside a 200."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

from fit_tool.profile.profile_type import Sport, SubSport

from kinetic.sessions.v1 import endurance_pb2
from services.sessions.endurance.activity_files.cli import main as import_main
from tests.fixtures.activity_files.generate import ride, write_fit
from tests.integration.edge.primed_calls import Primed, primed_token
from tests.integration.edge.test_primed_tools import schedule_daily_ride, today
from tests.integration.edge.workout_files_support import cli_env


def yesterdays_ride(folder: Path) -> Path:
    """The fixture ride, recorded yesterday morning: it counts in today's decision."""
    start = datetime.combine(today() - timedelta(days=1), time(7, 0), tzinfo=UTC)
    path = folder / "yesterday.fit"
    path.write_bytes(write_fit(replace(ride(), start=start), Sport.CYCLING, SubSport.ROAD))
    return path


async def test_a_fit_file_imported_by_the_cli_changes_todays_decision_at_once(stack, tmp_path):
    await schedule_daily_ride(stack)
    coaching = Primed(stack, await primed_token(stack, "primed:coaching:read", "primed:activities:read"))
    before = await coaching("get_today_coaching")
    again = await coaching("get_today_coaching")
    assert (again["decision_id"], again["action_type"]) == (before["decision_id"], before["action_type"])

    argv = ["import", str(yesterdays_ride(tmp_path)), "--account-id", stack.account_id]
    assert await asyncio.to_thread(import_main, argv, env=cli_env(stack)) == 0

    after = await coaching("get_today_coaching")
    assert after["decision_id"] != before["decision_id"]
    assert after["freshness"]["data_synced_at"] is not None
    recent = await coaching("get_recent_activity_summary", {"days": 2})
    assert recent["summary"]["completed_sessions"] == 1 and recent["summary"]["sports"] == ["cycling"]
    [activity] = recent["activities"]
    assert activity["date"] == (today() - timedelta(days=1)).isoformat()
    assert activity["duration_minutes"] > 40


async def test_a_readiness_entry_gives_a_new_decision_and_old_data_is_marked_stale(stack):
    await schedule_daily_ride(stack)
    coaching = Primed(stack, await primed_token(stack, "primed:coaching:read"))
    first = await coaching("get_today_coaching")
    await stack.backends.endurance.RecordReadiness(
        endurance_pb2.RecordReadinessRequest(
            account_id=stack.account_id,
            readiness=endurance_pb2.DailyReadiness(day=today().isoformat(), sleep_hours=4.2, soreness=5),
        )
    )

    second = await coaching("get_today_coaching")
    now = await coaching("get_training_status")
    later = (datetime.now(UTC) + timedelta(days=3)).isoformat()
    three_days_on = await coaching("get_training_status", {"as_of": later})

    assert second["decision_id"] != first["decision_id"]
    assert second["action_type"] == "substitute_recovery" and "sleep_very_short" in second["reason_codes"]
    assert second["changed_from"]["title"] == "Aerobic Base Ride"
    assert "data_status" not in now and now["recovery_status"] == "red"
    assert three_days_on["data_status"]["code"] == "STALE_DATA"
    assert three_days_on["training_state"], "a stale status still answers"
