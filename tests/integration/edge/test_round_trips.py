"""Round trips through the real edge (issue 31): what Kinetic exported imports back without adding a
thing, a JSON export sent to the CSV import is refused by name, the downloads are named for their
format, a load in pounds reads back as given, a replay after a delete says so, and a workout cannot
end in the future (decision 0107)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx2
import pytest

from tests.integration.edge.conftest import Stack
from tests.integration.edge.ows_calls import OWS_PATH, Ows, give_consents, ows_key

pytestmark = pytest.mark.asyncio(loop_scope="module")

IMPORTS = "/api/workout-log/imports"


async def _ows(account_stack: Stack, *, units: str = "kg") -> tuple[Ows, dict[str, str]]:
    await give_consents(account_stack.backends, account_stack.account_id)
    key = await ows_key(account_stack.backends, account_stack.account_id)
    ows = Ows(account_stack.base_url + OWS_PATH, key)
    if units != "kg":
        await ows("update_profile", {"units": units})
    return ows, {"Authorization": f"Bearer {key}"}


def _client(account_stack: Stack, headers: dict[str, str]) -> httpx2.AsyncClient:
    return httpx2.AsyncClient(base_url=account_stack.base_url, headers=headers, timeout=60)


async def _log(ows: Ows, key: str, title: str, loads: tuple[float, ...], unit: str = "kg") -> dict[str, Any]:
    return await ows(
        "log_workout",
        {
            "title": title,
            "exercises": [
                {
                    "exercise": "back squat",
                    "sets": [{"reps": 5, "load": load, "unit": unit} for load in loads],
                }
            ],
            "idempotency_key": key,
        },
    )


async def test_reimporting_the_csv_export_of_real_time_logs_adds_nothing(account_stack: Stack) -> None:
    ows, headers = await _ows(account_stack)
    for n in range(3):  # logged now: stored to the microsecond
        await _log(ows, f"live-{n}", f"Legs {n}", (100, 105, 110))
    async with _client(account_stack, headers) as http:
        exported = await http.get("/api/workout-log/export.csv")
        assert exported.status_code == 200, exported.text
        first = await http.post(
            f"{IMPORTS}?unit=kg", content=exported.content, headers={"Content-Type": "text/csv"}
        )
        second = await http.post(
            f"{IMPORTS}?unit=kg", content=exported.content, headers={"Content-Type": "text/csv"}
        )
    assert first.status_code == 200, first.text
    assert (first.json()["imported"], first.json()["alreadyImported"], first.json()["sets"]) == (0, 3, 0)
    assert (second.json()["imported"], second.json()["alreadyImported"]) == (0, 3)
    assert len((await ows("get_workouts", {}))["workouts"]) == 3


async def test_the_downloads_end_in_their_formats_extension(account_stack: Stack) -> None:
    _, headers = await _ows(account_stack)
    async with _client(account_stack, headers) as http:
        as_csv = await http.get("/api/workout-log/export.csv")
        as_json = await http.get("/api/workout-log/export")
    names = [
        re.fullmatch(r'attachment; filename="(.*)"', answer.headers["Content-Disposition"])
        for answer in (as_csv, as_json)
    ]
    assert names[0] is not None and re.fullmatch(r"kinetic-workouts-\d{4}-\d{2}-\d{2}\.csv", names[0][1])
    assert names[1] is not None and re.fullmatch(r"kinetic-export-\d{4}-\d{2}-\d{2}\.json", names[1][1])


@pytest.mark.parametrize("content_type", ["text/csv", "application/octet-stream"])
async def test_the_json_export_sent_to_the_import_is_refused_naming_its_format(
    account_stack: Stack, content_type: str
) -> None:
    ows, headers = await _ows(account_stack)
    await _log(ows, "json-1", "Legs", (100,))
    async with _client(account_stack, headers) as http:
        document = await http.get("/api/workout-log/export")
        answer = await http.post(
            f"{IMPORTS}?unit=kg", content=document.content, headers={"Content-Type": content_type}
        )
        bare_list = await http.post(IMPORTS, content=b' [{"a": 1}]', headers={"Content-Type": content_type})
    assert answer.status_code == 415, answer.text
    problem = answer.json()
    assert problem["error"] == "unsupported_media_type"
    assert "JSON" in problem["error_description"] and "CSV" in problem["error_description"]
    assert "export.csv" in problem["error_description"]
    assert bare_list.status_code == 415
    assert len((await ows("get_workouts", {}))["workouts"]) == 1


async def test_a_record_logged_in_pounds_reads_back_in_pounds_unchanged(account_stack: Stack) -> None:
    ows, _ = await _ows(account_stack, units="lb")
    logged = await _log(ows, "lb-1", "Heavy", (405,), unit="lb")
    (new_record,) = [r for r in logged["personal_records"] if r["record"] == "heaviest_load"]
    assert (new_record["value"], new_record["unit"], new_record["set"]["load"]) == (405, "lb", 405)
    records = await ows("get_personal_records", {"exercise": "back squat"})
    (squat,) = records["records"]
    assert (squat["heaviest_load"]["value"], squat["heaviest_load"]["set"]["load"]) == (405, 405)
    assert "404.99" not in json.dumps(records)
    progress = await ows("get_progress", {"exercise": "back squat", "metric": "top_set"})
    assert [(p["value"], p["set"]["load"]) for p in progress["points"]] == [(405, 405)]


async def test_a_replay_after_the_workout_was_deleted_does_not_say_it_logged_it(account_stack: Stack) -> None:
    ows, _ = await _ows(account_stack)
    logged = await _log(ows, "gone-1", "Legs", (100, 100))
    await ows("delete_entry", {"entry_id": logged["workout"]["id"]})
    replay = await _log(ows, "gone-1", "Legs", (100, 100))
    assert replay["replayed"] is True
    assert not replay["summary"].startswith("Logged")
    assert "deleted" in replay["summary"] and "undo" in replay["summary"]
    assert "idempotency_key" in replay["summary"]
    assert (await ows("get_workouts", {}))["workouts"] == []
    live = await _log(ows, "kept-1", "Arms", (20,))
    again = await _log(ows, "kept-1", "Arms", (20,))
    assert again["replayed"] is True and again["summary"] == live["summary"]


async def test_a_workout_cannot_end_in_the_future(account_stack: Stack) -> None:
    ows, _ = await _ows(account_stack)
    logged = await _log(ows, "end-1", "Legs", (100,))
    later = (datetime.now(UTC) + timedelta(hours=2)).replace(microsecond=0).isoformat()
    text = await ows.error(
        "update_entry", {"entry_id": logged["workout"]["id"], "ended_at": later}, code="invalid_input"
    )
    assert text.startswith("invalid_input: ended_at: ")
    assert "future" in text and "when the session finished" in text
    finished = (datetime.now(UTC) + timedelta(seconds=5)).replace(microsecond=0).isoformat()
    updated = await ows("update_entry", {"entry_id": logged["workout"]["id"], "ended_at": finished})
    assert updated["workout"]["ended_at"]
