"""Endurance records in and figures out, through the real services: the import CLI
(``python -m services.sessions.endurance.activity_files``) and the REST paths
under /api/endurance (decision 0057).

The ride fixture (tests/fixtures/activity_files/ride.fit) is a 45-minute ride with power on
2026-03-14 (UTC; the accounts here live in UTC so its local day is the same).
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import httpx2
import pytest

from kinetic.analytics.v1 import endurance_pb2 as figures_pb2
from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from services.sessions.endurance.activity_files.cli import main
from tests.integration.edge.conftest import Stack
from tests.integration.edge.workout_files_support import CliRun, cli_env, new_account

pytestmark = pytest.mark.asyncio(loop_scope="module")

FIXTURES = Path(__file__).parents[2] / "fixtures" / "activity_files"
RIDE = FIXTURES / "ride.fit"
RIDE_DAY = "2026-03-14"
BASE = "/api/endurance"


async def run_import(account_stack: Stack, capsys: pytest.CaptureFixture[str], *argv: str) -> CliRun:
    """The CLI's ``main`` in a thread of its own: it runs its own event loop, as from a shell."""
    capsys.readouterr()
    status = await asyncio.to_thread(main, ["import", *argv], env=cli_env(account_stack))
    captured = capsys.readouterr()
    return CliRun(status, captured.out, captured.err)


async def set_ftp(account_stack: Stack, account_id: str, watts: float, day: str = "2026-01-01") -> None:
    await account_stack.backends.endurance.SetThreshold(
        records_pb2.SetThresholdRequest(
            account_id=account_id,
            threshold=records_pb2.Threshold(kind="ftp", effective_day=day, watts=watts, source="test"),
        )
    )


async def load(account_stack: Stack, account_id: str, first: str, last: str) -> list[figures_pb2.LoadDay]:
    response = await account_stack.backends.endurance_analytics.GetTrainingLoad(
        figures_pb2.GetTrainingLoadRequest(
            account_id=account_id, from_day=first, to_day=last, time_zone="UTC"
        )
    )
    return list(response.combined)


async def test_a_fit_file_imported_by_the_cli_moves_ctl_atl_and_tsb_for_its_day_and_after_at_once(
    account_stack: Stack, capsys: pytest.CaptureFixture[str]
) -> None:
    account = await new_account(account_stack, "cli-ride@example.com", zone="UTC")
    await set_ftp(account_stack, account, 250)
    before = await load(account_stack, account, "2026-03-13", "2026-03-16")
    assert [(d.ctl, d.atl, d.tsb) for d in before] == [(0, 0, 0)] * 4

    run = await run_import(
        account_stack, capsys, str(RIDE), "--account-id", account, "--source-app", "Bench Computer"
    )

    assert run.status == 0, run.err
    assert "1/1 files" in run.err and "1 activities imported, 0 already there" in run.err
    [entry] = run.report()["imported"]
    assert entry["sport"] == "ride" and entry["start"].startswith(RIDE_DAY)
    # No waiting: the next read catches up with the feed first.
    eve, day, after, later = await load(account_stack, account, "2026-03-13", "2026-03-16")
    assert (eve.stress, eve.ctl, eve.atl) == (0, 0, 0)
    assert day.stress > 0 and day.ctl > 0 and day.atl > day.ctl
    assert day.tsb == 0, "TSB is the form going into the day (previous-day convention)"
    assert after.tsb == pytest.approx(day.ctl - day.atl) and after.tsb < 0
    # With no training after it, the loads decay (CTL slowly: the answers round to 0.1).
    assert 0 < later.atl < after.atl < day.atl and 0 < later.ctl <= after.ctl <= day.ctl
    [stressed] = (
        await account_stack.backends.endurance_analytics.ListActivityStress(
            figures_pb2.ListActivityStressRequest(
                account_id=account, from_day=RIDE_DAY, to_day=RIDE_DAY, time_zone="UTC"
            )
        )
    ).activities
    assert stressed.activity_id == entry["activityId"]
    assert stressed.stress_method == "power" and stressed.tss == pytest.approx(day.stress)

    again = await run_import(account_stack, capsys, str(RIDE), "--account-id", account)

    assert again.status == 0, again.err
    assert (len(again.report()["imported"]), len(again.report()["alreadyImported"])) == (0, 1)
    assert [(d.ctl, d.atl) for d in await load(account_stack, account, "2026-03-13", "2026-03-16")] == [
        (d.ctl, d.atl) for d in (eve, day, after, later)
    ]


async def test_a_directory_with_a_broken_file_imports_the_rest_and_exits_2_naming_it(
    account_stack: Stack, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    account = await new_account(account_stack, "cli-dir@example.com", zone="UTC")
    for name in ("run.fit", "broken_truncated.fit", "run_hr.gpx"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    (tmp_path / "notes.txt").write_text("not an activity")

    run = await run_import(account_stack, capsys, str(tmp_path), "--account-id", account)

    assert run.status == 2, run.err
    report = run.report()
    assert sorted(Path(e["file"]).name for e in report["imported"]) == ["run.fit", "run_hr.gpx"]
    [refused] = report["refused"]
    assert Path(refused["file"]).name == "broken_truncated.fit" and refused["reason"]
    assert f"refused {refused['file']}: {refused['reason']}" in run.err
    listed = await account_stack.backends.endurance.ListActivities(
        records_pb2.ListActivitiesRequest(account_id=account)
    )
    assert len(listed.activities) == 2


async def test_the_cli_sport_applies_only_to_a_file_that_names_none(
    account_stack: Stack, capsys: pytest.CaptureFixture[str]
) -> None:
    """--sport ride: the FIT run stays a run, the GPX without a track type becomes a ride."""
    account = await new_account(account_stack, "cli-sport@example.com", zone="UTC")

    run = await run_import(
        account_stack, capsys, str(FIXTURES / "run.fit"), str(FIXTURES / "run_plain.gpx"),
        "--account-id", account, "--sport", "ride",
    )  # fmt: skip

    assert run.status == 0, run.err
    sports = {Path(entry["file"]).name: entry["sport"] for entry in run.report()["imported"]}
    assert sports == {"run.fit": "run", "run_plain.gpx": "ride"}
    listed = await account_stack.backends.endurance.ListActivities(
        records_pb2.ListActivitiesRequest(account_id=account)
    )
    assert sorted(activity.sport for activity in listed.activities) == ["ride", "run"]


async def test_the_cli_refuses_an_unknown_account_and_a_missing_path(
    account_stack: Stack, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    unknown = await run_import(account_stack, capsys, str(RIDE), "--account-id", "no-such-account")
    missing = await run_import(
        account_stack, capsys, str(tmp_path / "nope.fit"), "--account-id", account_stack.account_id
    )
    empty = await run_import(account_stack, capsys, str(tmp_path), "--account-id", account_stack.account_id)

    assert unknown.status == 1 and "NOT_FOUND" in unknown.err
    assert missing.status == 2 and "no such file or directory" in missing.err
    assert empty.status == 2 and "no activity files" in empty.err


async def ows_headers(account_stack: Stack, account_id: str, *, consent: bool = True) -> dict[str, str]:
    key = await account_stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name="endurance", scopes=["ows"])
    )
    await account_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account_id, logging_consent=consent)
    )
    return {"Authorization": f"Bearer {key.secret}"}


def client(account_stack: Stack, headers: dict[str, str]) -> httpx2.AsyncClient:
    return httpx2.AsyncClient(base_url=account_stack.base_url, headers=headers, timeout=60)


async def upload(
    http: httpx2.AsyncClient, body: bytes, content_type: str = "application/octet-stream"
) -> Any:
    return await http.post(
        f"{BASE}/activities/imports?filename=ride.fit", content=body, headers={"Content-Type": content_type}
    )


async def test_an_upload_over_rest_is_stored_once_and_answers_with_its_figures(account_stack: Stack) -> None:
    account = await new_account(account_stack, "rest-ride@example.com", zone="UTC")
    headers = await ows_headers(account_stack, account)
    async with client(account_stack, headers) as http:
        threshold = await http.post(
            f"{BASE}/thresholds", json={"kind": "ftp", "effectiveDay": "2026-01-01", "watts": 250}
        )
        first = await upload(http, RIDE.read_bytes())
        again = await upload(http, RIDE.read_bytes())
        listed = await http.get(f"{BASE}/activities", params={"from": RIDE_DAY, "to": RIDE_DAY})
        activity_id = first.json()["activity"]["activityId"]
        one = await http.get(f"{BASE}/activities/{activity_id}", params={"streams": "true"})
        chart = await http.get(f"{BASE}/training-load", params={"from": RIDE_DAY, "to": "2026-03-15"})
        figures = await http.get(f"{BASE}/figures", params={"day": RIDE_DAY})
        curve = await http.get(f"{BASE}/power-curve")

    assert threshold.status_code == 201, threshold.text
    assert first.status_code == 201, first.text
    assert first.headers["Cache-Control"] == "private, no-store"
    assert again.status_code == 200 and again.json()["activity"]["activityId"] == activity_id
    assert "created" not in again.json(), "created false is left out like every default"
    [row] = listed.json()["activities"]
    assert row["activityId"] == activity_id and row["stressMethod"] == "power" and row["tss"] > 0
    for figure in ("avgPowerW", "normalizedPowerW", "avgHr", "distanceM"):
        assert row[figure] == round(row[figure], 1), f"{figure} is given to 0.1"
    streams = one.json()["activity"]["streams"]
    assert len(streams["powerW"]) == len(streams["heartRate"]) > 2700
    days = chart.json()["combined"]
    assert [d["day"] for d in days] == [RIDE_DAY, "2026-03-15"] and days[0]["ctl"] > 0
    assert chart.json()["tsbConvention"] == "previous_day"
    assert figures.json()["cycling"]["ftpW"] == 250
    assert any(p["durationS"] == 300 for p in curve.json()["points"])


async def test_rest_refusals_say_what_to_fix_and_store_nothing(account_stack: Stack) -> None:
    account = await new_account(account_stack, "rest-refused@example.com", zone="UTC")
    async with client(account_stack, await ows_headers(account_stack, account, consent=False)) as http:
        no_consent = await upload(http, RIDE.read_bytes())
    async with client(account_stack, await ows_headers(account_stack, account)) as http:
        broken = await upload(http, (FIXTURES / "broken_truncated.fit").read_bytes())
        wrong_type = await upload(http, RIDE.read_bytes(), "text/csv")
        bad_day = await http.get(f"{BASE}/training-load", params={"from": "14.03.2026"})
        bad_zone = await http.get(
            f"{BASE}/training-load", params={"from": RIDE_DAY, "timeZone": "Mars/Olympus"}
        )
        bad_threshold = await http.post(
            f"{BASE}/thresholds", json={"kind": "ftp", "effectiveDay": RIDE_DAY, "watts": -5}
        )
        not_json = await http.put(
            f"{BASE}/readiness/{RIDE_DAY}", content=b"{", headers={"Content-Type": "application/json"}
        )
        unknown_field = await http.put(f"{BASE}/readiness/{RIDE_DAY}", json={"sleepHours": 7, "vibe": "ok"})
        # Nested 10 000 levels deep (20 KB, under the 64 KiB cap): refused before it is parsed.
        deep = b'{"sleepHours":' + b"[" * 10_000 + b"]" * 10_000 + b"}"
        json_type = {"Content-Type": "application/json"}
        deep_readiness = await http.put(f"{BASE}/readiness/{RIDE_DAY}", content=deep, headers=json_type)
        deep_threshold = await http.post(f"{BASE}/thresholds", content=deep, headers=json_type)
        missing = await http.get(f"{BASE}/activities/act_none")
        listed = await http.get(f"{BASE}/activities", params={"from": "2000-01-01", "to": "2030-01-01"})

    assert no_consent.status_code == 403 and no_consent.json()["error"] == "consent_required"
    assert broken.status_code == 400 and broken.json()["error_description"]
    assert wrong_type.status_code == 415
    assert bad_day.status_code == 400 and bad_day.json()["field"] == "from"
    assert bad_zone.status_code == 400 and bad_zone.json()["field"] == "timeZone"
    assert bad_threshold.status_code == 400, bad_threshold.text
    assert not_json.status_code == 400 and unknown_field.status_code == 400
    assert "vibe" in unknown_field.json()["error_description"]
    for refused in (deep_readiness, deep_threshold):
        assert refused.status_code == 400, refused.text[:300]
        assert "10001 levels deep; at most 64" in refused.json()["error_description"]
    assert missing.status_code == 404
    assert listed.json().get("activities", []) == []


async def test_readiness_is_merged_day_by_day_and_another_account_sees_none_of_it(
    account_stack: Stack,
) -> None:
    owner = await new_account(account_stack, "rest-owner@example.com", zone="UTC")
    other = await new_account(account_stack, "rest-other@example.com", zone="UTC")
    async with client(account_stack, await ows_headers(account_stack, owner)) as http:
        await http.put(f"{BASE}/readiness/{RIDE_DAY}", json={"sleepHours": 7.5, "hrvMs": 62})
        merged = await http.put(f"{BASE}/readiness/{RIDE_DAY}", json={"soreness": 2})
        activity_id = (await upload(http, RIDE.read_bytes())).json()["activity"]["activityId"]
    async with client(account_stack, await ows_headers(account_stack, other)) as http:
        foreign_activity = await http.get(f"{BASE}/activities/{activity_id}")
        foreign_delete = await http.delete(f"{BASE}/activities/{activity_id}")
        foreign_readiness = await http.get(f"{BASE}/readiness", params={"from": RIDE_DAY, "to": RIDE_DAY})
    async with client(account_stack, await ows_headers(account_stack, owner)) as http:
        deleted = await http.delete(f"{BASE}/activities/{activity_id}")
        gone = await http.get(f"{BASE}/activities/{activity_id}")

    entry = merged.json()["readiness"]
    assert (entry["sleepHours"], entry["hrvMs"], entry["soreness"]) == (7.5, 62, 2)
    assert foreign_activity.status_code == 404 and foreign_delete.status_code == 404
    assert foreign_readiness.json().get("entries", []) == []
    assert deleted.status_code == 204 and gone.status_code == 404
