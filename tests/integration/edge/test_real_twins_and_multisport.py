"""Real device files uploaded over REST as an athlete would (decision 0087): the same ride as FIT
and as TCX stored once, a multisport day stored as its legs, a 24-hour day within the import's
deadline, and a Coros ride the decoder used to refuse.

The expected figures are the devices' own (their FIT session messages, listed with their sources
in tests/fixtures/real_activities/twins_multisport/SOURCES.md). The TCX is GPSBabel 1.8.0's
export of the Edge 810's FIT (no public FIT and TCX pair of one activity under a licence that
allows it was found); the TCX without heart rate is that TCX with its HeartRateBpm elements taken
out here.
"""

from __future__ import annotations

import gzip
import re
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
import pytest_asyncio

from edge.deadlines import deadline_for
from kinetic.auth.v1 import auth_pb2
from tests.fixtures.multisport_day import write_multisport
from tests.integration.edge.conftest import Stack
from tests.integration.edge.workout_files_support import new_account

pytestmark = pytest.mark.asyncio(loop_scope="module")

REAL = Path(__file__).parents[2] / "fixtures" / "real_activities" / "twins_multisport"
EDGE_810_FIT = (REAL / "Edge810-Vector-2013-08-16-15-35-10.fit").read_bytes()
EDGE_810_TCX = gzip.decompress((REAL / "Edge810-Vector-2013-08-16-15-35-10.gpsbabel.tcx.gz").read_bytes())
EDGE_810_TCX_NO_HR = re.sub(rb"\s*<HeartRateBpm\b.*?</HeartRateBpm>", b"", EDGE_810_TCX, flags=re.S)
EDGE_810_DAY = "2013-08-16"
FENIX_2 = gzip.decompress((REAL / "activity-large-fenxi2-multisport.fit.gz").read_bytes())
COROS = (REAL / "coros-pace-2-cycling-misaligned-fields.fit").read_bytes()
BASE = "/api/endurance"


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def http(module_stack: Stack) -> Any:
    account = await new_account(module_stack, "real-twins@example.com", zone="UTC")
    key = await module_stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account, name="endurance", scopes=["ows"])
    )
    await module_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account, logging_consent=True)
    )
    headers = {"Authorization": f"Bearer {key.secret}"}
    async with httpx2.AsyncClient(base_url=module_stack.base_url, headers=headers, timeout=60) as client:
        threshold = await client.post(
            f"{BASE}/thresholds", json={"kind": "ftp", "effectiveDay": "2000-01-01", "watts": 300}
        )
        assert threshold.status_code == 201, threshold.text
        yield client


async def upload(http: Any, body: bytes, filename: str) -> Any:
    return await http.post(
        f"{BASE}/activities/imports",
        params={"filename": filename},
        content=body,
        headers={"Content-Type": "application/octet-stream"},
    )


async def day_rows(http: Any, day: str) -> list[dict[str, Any]]:
    listed = await http.get(f"{BASE}/activities", params={"from": day, "to": day})
    assert listed.status_code == 200, listed.text
    return list(listed.json()["activities"])


async def test_the_same_ride_as_fit_and_tcx_is_stored_once_the_richest_copy_kept(http: Any) -> None:
    plain = await upload(http, EDGE_810_TCX_NO_HR, "ride-no-hr.tcx")
    assert plain.status_code == 201, plain.text
    [first] = plain.json()["activities"]
    activity_id = first["activity"]["activityId"]
    assert first["outcome"] == "created" and "avgHr" not in first["activity"]

    with_hr = (await upload(http, EDGE_810_TCX, "ride.tcx")).json()
    [replaced] = with_hr["activities"]
    assert replaced["outcome"] == "twin_replaced" and replaced["note"].startswith("replaced: activity")
    assert replaced["activity"]["activityId"] == activity_id
    assert replaced["activity"]["avgHr"] == pytest.approx(154, abs=1)  # the device's avg_heart_rate

    fit = await upload(http, EDGE_810_FIT, "ride.fit")
    assert fit.status_code == 200, "a twin replaced is no new activity"
    [from_fit] = fit.json()["activities"]
    assert from_fit["outcome"] == "twin_replaced"
    summary = from_fit["activity"]
    assert summary["activityId"] == activity_id
    # The Edge 810's session: 4700.05 s, 41 339.38 m, 154 bpm, 276 W, NP 301 W, 8 laps.
    assert summary["durationS"] == pytest.approx(4700.05, abs=1.5)
    assert summary["distanceM"] == pytest.approx(41_339.38, rel=0.001)
    assert summary["avgPowerW"] == pytest.approx(276, abs=3)
    assert summary["normalizedPowerW"] == pytest.approx(301, rel=0.01)

    again_tcx = (await upload(http, EDGE_810_TCX, "ride.tcx")).json()
    assert [(a["outcome"], a["activity"]["activityId"]) for a in again_tcx["activities"]] == [
        ("twin_kept", activity_id)
    ]
    assert again_tcx["activities"][0]["note"].startswith("already there: activity")
    again_fit = (await upload(http, EDGE_810_FIT, "ride.fit")).json()
    assert [a["outcome"] for a in again_fit["activities"]] == ["already_imported"]

    [row] = await day_rows(http, EDGE_810_DAY)
    assert row["activityId"] == activity_id and row["stressMethod"] == "power"
    assert row["avgPowerW"] == pytest.approx(276, abs=3)
    chart = await http.get(f"{BASE}/training-load", params={"from": EDGE_810_DAY, "to": EDGE_810_DAY})
    [day] = chart.json()["combined"]
    assert day["stress"] == pytest.approx(row["tss"], abs=0.1), "the day counts the ride once"
    assert row["tss"] / (row["durationS"] / 3600) <= 150


async def test_a_multisport_file_is_stored_as_its_legs_each_with_its_sport(http: Any) -> None:
    answer = await upload(http, FENIX_2, "triathlon.fit")
    assert answer.status_code == 201, answer.text
    legs = answer.json()["activities"]
    assert [leg["outcome"] for leg in legs] == ["created"] * 7
    summaries = [leg["activity"] for leg in legs]
    assert [s["sport"] for s in summaries] == ["other", "other", "run", "other", "run", "other", "ride"]
    # The Fenix 2's sessions: elapsed seconds and metres of each leg.
    device = [
        (11738.24, 25072.07),
        (334.79, 224.24),
        (2294.84, 2245.23),
        (4.3, 3.63),
        (6764.48, 12740.37),
        (269.81, 617.55),
        (3211.0, 28928.27),
    ]
    for summary, (seconds, metres) in zip(summaries, device, strict=True):
        assert summary["durationS"] == pytest.approx(seconds, abs=1.0)
        assert summary["distanceM"] == pytest.approx(metres, rel=0.001)
    assert sum(s["distanceM"] for s in summaries) == pytest.approx(69_830, rel=0.001)
    assert answer.json()["activity"] == summaries[0]

    again = (await upload(http, FENIX_2, "triathlon.fit")).json()
    assert [leg["outcome"] for leg in again["activities"]] == ["already_imported"] * 7
    rows = await day_rows(http, "2015-08-29")
    assert sorted(row["activityId"] for row in rows) == sorted(s["activityId"] for s in summaries)


async def test_a_24_hour_multisport_day_is_stored_within_the_deadline_and_answered_once(http: Any) -> None:
    data = write_multisport(hours=24)
    began = time.monotonic()
    answer = await upload(http, data, "day.fit")
    took = time.monotonic() - began
    assert answer.status_code == 201, answer.text
    assert took < deadline_for("ImportActivityFile"), took
    summaries = [leg["activity"] for leg in answer.json()["activities"]]
    assert [s["sport"] for s in summaries] == ["swim", "other", "ride", "other", "run"]
    assert sum(s["durationS"] for s in summaries) == pytest.approx(86_400, abs=10)
    assert [("avgPowerW" in s) for s in summaries] == [False, False, True, False, False]
    again = await upload(http, data, "day.fit")
    assert again.status_code == 200 and {a["outcome"] for a in again.json()["activities"]} == {
        "already_imported"
    }


async def test_the_coros_pace_2_ride_is_stored_with_the_devices_figures(http: Any) -> None:
    answer = await upload(http, COROS, "coros.fit")
    assert answer.status_code == 201, answer.text
    summary = answer.json()["activity"]
    # The Pace 2's session: cycling, 12 719 s elapsed, 32 145.76 m, max 168 bpm, no power meter.
    assert summary["sport"] == "ride"
    assert summary["durationS"] == pytest.approx(12_719, abs=1.0)
    assert summary["distanceM"] == pytest.approx(32_145.76, rel=0.001)
    assert summary["maxHr"] == 168
    assert "avgPowerW" not in summary
