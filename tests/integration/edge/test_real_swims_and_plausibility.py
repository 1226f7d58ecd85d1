"""Real swims imported as an athlete would (REST upload), against their devices' own figures
(decision 0084), and the plausibility guard: an activity past a human bound is kept, flagged in
every answer that shows it, and left out of fitness and fatigue (decision 0085).

The swims are in tests/fixtures/real_activities/swims (SOURCES.md: where each comes from and how
each expected value was read from the file's session and length messages).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
import pytest_asyncio

from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from tests.integration.edge.conftest import Stack
from tests.integration.edge.runflow_calls import RunFlow, pro, runflow_key

pytestmark = pytest.mark.asyncio(loop_scope="module")

FIXTURES = Path(__file__).parents[2] / "fixtures"
SWIMS = FIXTURES / "real_activities" / "swims"
RIDE = FIXTURES / "activity_files" / "ride.fit"
BASE = "/api/endurance"
# The athlete's CSS from a 200 m in 3:20 and a 400 m in 7:00: 200 m / 220 s, 1:50/100 m, from 2015 on.
SECONDS_200M, SECONDS_400M = 200.0, 420.0
CSS_SECONDS_PER_100M = 110.0


@dataclass(frozen=True)
class DeviceSwim:
    """A real file and its device's figures: moving seconds (the active lengths' timer time in a
    pool, the session's timer time in open water), metres (the session's total_distance), day."""

    file: str
    brand: str
    moving_time_s: float
    distance_m: float
    day: str


SWIM_FILES = (
    DeviceSwim("garmin_fenix6_pool_25m.fit", "Garmin Fenix 6", 1397.002, 1100.0, "2021-07-09"),
    DeviceSwim("garmin_fenix3_pool_25m_drills.fit", "Garmin Fenix 3", 1839.588, 1700.0, "2016-08-13"),
    DeviceSwim("coros_pace3_pool_25m.fit", "Coros Pace 3", 3332.51, 2300.0, "2024-09-27"),
    DeviceSwim("garmin_fenix6_open_water.fit", "Garmin Fenix 6", 178.233, 123.81, "2020-05-29"),
)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def http(module_stack: Stack) -> Any:
    """A REST client on the stack's account, with a CSS in force for every swim's day."""
    key = await module_stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=module_stack.account_id, name="swims", scopes=["ows"])
    )
    await module_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(
            account_id=module_stack.account_id, logging_consent=True, time_zone="UTC"
        )
    )
    await module_stack.backends.endurance.SetThreshold(
        records_pb2.SetThresholdRequest(
            account_id=module_stack.account_id,
            threshold=records_pb2.Threshold(
                kind="css",
                effective_day="2015-01-01",
                seconds_200m=SECONDS_200M,
                seconds_400m=SECONDS_400M,
                source="test",
            ),
        )
    )
    async with httpx2.AsyncClient(
        base_url=module_stack.base_url, headers={"Authorization": f"Bearer {key.secret}"}, timeout=60
    ) as client:
        yield client


async def upload(http: httpx2.AsyncClient, path: Path, sport: str = "") -> Any:
    params = {"filename": path.name, **({"sport": sport} if sport else {})}
    data = await asyncio.to_thread(path.read_bytes)
    return await http.post(
        f"{BASE}/activities/imports",
        params=params,
        content=data,
        headers={"Content-Type": "application/octet-stream"},
    )


async def listed(http: httpx2.AsyncClient, day: str, activity_id: str) -> dict[str, Any]:
    answer = await http.get(f"{BASE}/activities", params={"from": day, "to": day})
    assert answer.status_code == 200, answer.text
    [row] = [row for row in answer.json()["activities"] if row["activityId"] == activity_id]
    return dict(row)


@pytest.mark.parametrize("device", SWIM_FILES, ids=lambda device: device.file)
async def test_a_real_swim_is_stored_with_its_devices_figures_and_a_swimmers_stress(
    http: httpx2.AsyncClient, device: DeviceSwim
) -> None:
    imported = await upload(http, SWIMS / device.file)
    assert imported.status_code in (200, 201), imported.text
    activity = imported.json()["activity"]
    row = await listed(http, device.day, activity["activityId"])

    assert activity["sport"] == "swim"
    # Stored figures: the elapsed time caps the moving time (open water: 178 s of 178.233).
    assert activity["movingTimeS"] == pytest.approx(
        min(device.moving_time_s, activity["durationS"]), abs=0.01
    )
    assert activity["distanceM"] == pytest.approx(device.distance_m, abs=0.01)
    assert "implausibleFigures" not in activity and "implausibleFigures" not in row
    # sTSS = IF³ × hours × 100 with IF = (distance / moving time) / CSS speed (decision 0052).
    moving = activity["movingTimeS"]
    intensity = device.distance_m / moving / (100.0 / CSS_SECONDS_PER_100M)
    assert row["stressMethod"] == "swim"
    assert row["tss"] == pytest.approx(intensity**3 * moving / 3600 * 100, abs=0.05)
    assert row["tss"] / (moving / 3600) <= 150, "stress per hour within the bound"
    pace_per_100m = moving / device.distance_m * 100
    assert 60 < pace_per_100m < 180


async def test_the_swims_pace_in_runflow_is_a_swimmers(module_stack: Stack, http: httpx2.AsyncClient) -> None:
    device = SWIM_FILES[0]
    imported = await upload(http, SWIMS / device.file)
    assert imported.status_code in (200, 201), imported.text
    await pro(module_stack)
    runflow = RunFlow(module_stack, await runflow_key(module_stack))

    recent = await runflow("get_recent_activities", {"startDate": device.day, "endDate": device.day})

    [swim] = recent["activities"]
    assert swim["paceSecondsPer100m"] == pytest.approx(
        round(device.moving_time_s / device.distance_m * 100, 1)
    )
    assert swim["tssMethod"] == "swim" and 0 < swim["tss"] < 150
    assert "implausibleFigures" not in swim


async def test_a_ride_imported_as_a_run_is_kept_flagged_and_left_out_of_the_load(
    module_stack: Stack, http: httpx2.AsyncClient
) -> None:
    # A real 45-minute ride at 36.8 km/h, sent with sport=run by mistake: no runner holds that.
    await module_stack.backends.endurance.SetThreshold(
        records_pb2.SetThresholdRequest(
            account_id=module_stack.account_id,
            threshold=records_pb2.Threshold(
                kind="threshold_pace", effective_day="2026-01-01", seconds_per_km=240, source="test"
            ),
        )
    )
    imported = await upload(http, RIDE, sport="run")
    assert imported.status_code == 201, imported.text
    activity = imported.json()["activity"]
    stored = await http.get(f"{BASE}/activities/{activity['activityId']}")
    row = await listed(http, "2026-03-14", activity["activityId"])
    load = await http.get(f"{BASE}/training-load", params={"from": "2026-03-14", "to": "2026-03-14"})
    await pro(module_stack)
    runflow = RunFlow(module_stack, await runflow_key(module_stack))
    recent = await runflow("get_recent_activities", {"startDate": "2026-03-14", "endDate": "2026-03-14"})

    [flag] = activity["implausibleFigures"]
    assert flag["figure"] == "avg_speed" and flag["bound"] == 9.6
    assert flag["value"] == pytest.approx(activity["distanceM"] / activity["movingTimeS"])
    for words in ("36.8 km/h", "34.6 km/h", "no runner", "left out of fitness and fatigue"):
        assert words in flag["reason"]
    assert stored.json()["activity"]["summary"]["implausibleFigures"] == [flag]
    # rTSS at IF 2.45 would be 265: left out. No heart-rate thresholds, so nothing else applies.
    assert (row.get("tss", 0), row["stressMethod"]) == (0, "none"), "0 is left out like every default"
    assert [found["figure"] for found in row["implausibleFigures"]] == ["avg_speed"]
    assert load.json()["combined"][0].get("stress", 0) == 0
    [run] = [a for a in recent["activities"] if a["activityId"] == activity["activityId"]]
    assert run["tss"] == 0 and run["implausibleFigures"][0]["reason"] == flag["reason"]


async def test_a_summary_past_the_bound_is_flagged_too(module_stack: Stack) -> None:
    # A swim typed by hand as 2 000 m in 8 s of moving time: 0.4 s per 100 m.
    answer = await module_stack.backends.endurance.RecordActivity(
        records_pb2.RecordActivityRequest(
            account_id=module_stack.account_id,
            activity=records_pb2.ActivityInput(
                sport="swim",
                start_time={"seconds": 1_767_250_800},  # 2026-01-01T07:00:00Z
                duration_s=3000,
                moving_time_s=8,
                distance_m=2000,
            ),
        )
    )

    [flag] = answer.activity.implausible_figures
    assert (flag.figure, flag.value, flag.bound) == ("avg_speed", 250.0, 5.0)
    assert "0:00.4/100 m" in flag.reason and "0:20.0/100 m" in flag.reason


async def test_a_flagged_swim_stays_listed_but_out_of_the_average_pace(module_stack: Stack) -> None:
    # Two swims this morning: 1 500 m in 30 min of swimming (2:00/100 m), and one typed as 2 000 m
    # in 8 s. The second is listed, flagged, and left out of the pace as it is out of the load.
    morning = int(time.time()) - 3 * 3600
    for distance, moving in ((1500, 1800), (2000, 8)):
        await module_stack.backends.endurance.RecordActivity(
            records_pb2.RecordActivityRequest(
                account_id=module_stack.account_id,
                activity=records_pb2.ActivityInput(
                    sport="swim",
                    start_time={"seconds": morning + moving},
                    duration_s=max(moving, 1800),
                    moving_time_s=moving,
                    distance_m=distance,
                ),
            )
        )
    await pro(module_stack)
    runflow = RunFlow(module_stack, await runflow_key(module_stack))

    swimming = await runflow("get_swimming_analytics", {"days": 2})

    assert swimming["summary"]["swims"] == 2
    assert swimming["summary"]["avgPaceSecondsPer100m"] == 120.0
    flagged = [swim for swim in swimming["swimsSeries"] if "implausibleFigures" in swim]
    assert [swim["implausibleFigures"][0]["figure"] for swim in flagged] == ["avg_speed"]
