"""The REST upload and exports through the real edge, with an API key of the OWS resource."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import httpx2
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import workout_log_pb2
from knowledge.training.exercise_names import normalize_words
from services.sessions.workout_log.files import WeightUnit, parse_workout_csv
from tests.integration.edge.conftest import Stack
from tests.integration.edge.workout_files_support import FIXTURES, logged, new_account, shape

pytestmark = pytest.mark.asyncio(loop_scope="module")

IMPORTS = "/api/workout-log/imports"


async def ows_key(account_stack: Stack, account_id: str, *, consent: bool = True) -> dict[str, str]:
    """Authorization headers of a new key with scope "ows"; the logging consent given or not."""
    key = await account_stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name="imports", scopes=["ows"])
    )
    await account_stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account_id, logging_consent=consent)
    )
    return {"Authorization": f"Bearer {key.secret}"}


def client(account_stack: Stack, headers: dict[str, str]) -> httpx2.AsyncClient:
    return httpx2.AsyncClient(base_url=account_stack.base_url, headers=headers, timeout=60)


async def test_an_upload_is_imported_in_the_accounts_zone_and_answers_the_report(
    account_stack: Stack,
) -> None:
    account = await new_account(account_stack, "upload@example.com", zone="America/New_York")
    headers = await ows_key(account_stack, account)
    body = (FIXTURES / "strong_comma.csv").read_bytes()

    async with client(account_stack, headers) as http:
        answer = await http.post(f"{IMPORTS}?unit=kg", content=body, headers={"Content-Type": "text/csv"})
        again = await http.post(
            f"{IMPORTS}?unit=kg", content=body, headers={"Content-Type": "application/octet-stream"}
        )

    assert answer.status_code == 200, answer.text
    assert answer.headers["Cache-Control"] == "private, no-store"
    report = answer.json()
    assert (report["imported"], report["alreadyImported"], report["sets"]) == (2, 0, 9)
    assert again.json()["imported"] == 0 and again.json()["alreadyImported"] == 2
    evening, _ = await logged(account_stack, account, "America/New_York")
    assert evening.start_time.ToJsonString() == "2021-03-01T23:30:00Z"  # 18:30 in New York


async def test_uploads_are_refused_without_consent_broken_too_large_or_of_another_type(
    account_stack: Stack,
) -> None:
    account = await new_account(account_stack, "refused@example.com")
    async with client(account_stack, await ows_key(account_stack, account, consent=False)) as http:
        no_consent = await http.post(
            IMPORTS, content=(FIXTURES / "hevy_kg.csv").read_bytes(), headers={"Content-Type": "text/csv"}
        )
    async with client(account_stack, await ows_key(account_stack, account)) as http:
        broken = await http.post(
            IMPORTS,
            content=(FIXTURES / "broken_latin1.csv").read_bytes(),
            headers={"Content-Type": "text/csv"},
        )
        no_unit = await http.post(
            IMPORTS,
            content=(FIXTURES / "strong_comma.csv").read_bytes(),
            headers={"Content-Type": "text/csv"},
        )
        bad_unit = await http.post(
            f"{IMPORTS}?unit=stone", content=b"x", headers={"Content-Type": "text/csv"}
        )
        as_json = await http.post(IMPORTS, json={"file": "strong.csv"})
        too_large = await http.post(
            IMPORTS, content=b"x" * (20 * 1024 * 1024 + 1), headers={"Content-Type": "text/csv"}
        )
        too_wide = await http.post(  # 30 000 columns: 300 000 characters on line 1 (decision 0071)
            f"{IMPORTS}?unit=kg",
            content=",".join(f"column {n}" for n in range(30_000)).encode(),
            headers={"Content-Type": "text/csv"},
        )

    assert no_consent.status_code == 403
    assert no_consent.json()["error"] == "consent_required"
    assert "consent to log workouts" in no_consent.json()["error_description"]
    assert broken.status_code == 400 and broken.json()["error"] == "invalid_file"
    assert "UTF-8" in broken.json()["error_description"]
    assert no_unit.status_code == 400 and "kilograms or pounds" in no_unit.json()["error_description"]
    assert bad_unit.status_code == 400 and bad_unit.json()["field"] == "unit"
    assert as_json.status_code == 415
    assert too_large.status_code == 413
    assert too_wide.status_code == 400 and too_wide.json()["error"] == "invalid_file"
    assert "line 1 runs past 65536 characters" in too_wide.json()["error_description"]
    assert await logged(account_stack, account) == []


async def test_a_key_without_the_ows_scope_is_refused(account_stack: Stack) -> None:
    async with client(account_stack, {"Authorization": f"Bearer {account_stack.api_key}"}) as http:
        answer = await http.get("/api/workout-log/export")
    assert answer.status_code in (401, 403)


async def test_the_json_export_holds_every_services_section(account_stack: Stack) -> None:
    account = await new_account(account_stack, "everything@example.com")
    headers = await ows_key(account_stack, account)
    async with client(account_stack, headers) as http:
        imported = await http.post(
            IMPORTS, content=(FIXTURES / "hevy_kg.csv").read_bytes(), headers={"Content-Type": "text/csv"}
        )
        assert imported.status_code == 200, imported.text
        answer = await http.get("/api/workout-log/export")

    assert answer.status_code == 200, answer.text
    assert answer.headers["Content-Disposition"].startswith('attachment; filename="kinetic-export-')
    document = answer.json()
    assert document["accountId"] == account
    assert set(document) >= {"auth", "training", "sessions", "analytics"}
    assert document["auth"]["account"]["email"] == "everything@example.com"
    assert document["auth"]["account"]["loggingConsent"] is True
    (key,) = document["auth"]["apiKeys"]
    assert key["name"] == "imports" and key["scopes"] == ["ows"]
    assert headers["Authorization"].removeprefix("Bearer ")[:12] not in answer.text  # no secret, no prefix
    assert set(document["training"]) == {"workouts", "plans", "occurrences", "history"}
    workouts = document["sessions"]["workouts"]
    assert [w["title"] for w in workouts] == ["Push A", "Cardio"]
    assert workouts[0]["performances"][0]["exerciseId"] == "barbell-bench-press"
    assert "logProfile" in document["sessions"]
    records = document["analytics"]["personalRecords"]["exercises"]
    assert "barbell-bench-press" in {r["exerciseId"] for r in records}


@pytest.mark.parametrize(
    ("units", "unit", "files"),
    [
        ("imperial", "lb", ("hevy_lbs.csv", "strong_comma.csv")),
        ("metric", "kg", ("hevy_kg.csv", "strong_comma.csv")),
    ],
)
async def test_the_csv_export_imported_into_a_fresh_account_gives_the_same_workouts(
    account_stack: Stack, units: str, unit: WeightUnit, files: tuple[str, ...]
) -> None:
    """Loads given in the account's unit come back exactly, pounds as pounds (decision 0047)."""
    leaving = await new_account(account_stack, f"leaving-{unit}@example.com", units=units)
    async with client(account_stack, await ows_key(account_stack, leaving)) as http:
        for name in files:
            imported = await http.post(
                f"{IMPORTS}?unit={unit}",
                content=(FIXTURES / name).read_bytes(),
                headers={"Content-Type": "text/csv"},
            )
            assert imported.status_code == 200, imported.text
        exported = await http.get("/api/workout-log/export.csv")
    assert exported.status_code == 200
    assert exported.headers["Content-Type"].startswith("text/csv")
    assert exported.headers["Content-Disposition"].startswith('attachment; filename="kinetic-workouts-')
    text = exported.text
    assert next(csv.reader(io.StringIO(text)))[:4] == ["Date", "Workout Name", "Duration", "Exercise Name"]

    arriving = await new_account(account_stack, f"arriving-{unit}@example.com", units=units)
    async with client(account_stack, await ows_key(account_stack, arriving)) as http:
        again = await http.post(
            f"{IMPORTS}?unit={unit}", content=text.encode(), headers={"Content-Type": "text/csv"}
        )
    assert again.status_code == 200, again.text
    assert again.json()["imported"] == len(parse_workout_csv(text.encode(), unit=unit).workouts) > 1

    before, after = shape(await logged(account_stack, leaving)), shape(await logged(account_stack, arriving))
    assert after == before
    loads = {
        (load_unit, value)
        for _, _, entries in after
        for _, sets in entries
        for _, _, load_unit, value, *_ in sets
    }
    assert ("lb", 315.0) in loads if unit == "lb" else ("kg", None) in loads


async def test_formulas_stay_text_in_the_csv_export_and_import_back_as_written(account_stack: Stack) -> None:
    """A title, entry name or note a spreadsheet would run is exported behind an apostrophe and
    imported without it (decision 0071)."""
    title, words, notes = '=HYPERLINK("http://evil.example","open")', "+1 squat", "-5 kg from last week"
    leaving = await new_account(account_stack, "formulas@example.com")
    start = Timestamp()
    start.FromDatetime(datetime(2021, 3, 1, 17, 30, tzinfo=UTC))
    await account_stack.backends.workout_log.LogWorkout(
        workout_log_pb2.LogWorkoutRequest(
            account_id=leaving,
            idempotency_key="formulas-1",
            title=title,
            notes="@home",
            start_time=start,
            time_zone="Europe/Amsterdam",
            entries=[
                workout_log_pb2.EntryInput(
                    exercise_id="barbell-bench-press",
                    notes=notes,
                    sets=[workout_log_pb2.LoggedSetInput(reps=5, load_value=60, load_unit="kg")],
                ),
                workout_log_pb2.EntryInput(
                    exercise_name=words,
                    words=normalize_words(words),  # as the importer sends them
                    sets=[workout_log_pb2.LoggedSetInput(reps=3, load_value=80, load_unit="kg")],
                ),
            ],
        )
    )
    async with client(account_stack, await ows_key(account_stack, leaving)) as http:
        exported = (await http.get("/api/workout-log/export.csv")).text
    rows = list(csv.DictReader(io.StringIO(exported)))
    assert {row["Workout Name"] for row in rows} == {"'" + title}
    assert {row["Workout Notes"] for row in rows} == {"'@home"}
    assert "'" + notes in {row["Notes"] for row in rows}
    for row in rows:
        assert not any(cell.startswith(("=", "+", "-", "@")) for cell in row.values()), row

    arriving = await new_account(account_stack, "formulas-back@example.com")
    async with client(account_stack, await ows_key(account_stack, arriving)) as http:
        again = await http.post(
            f"{IMPORTS}?unit=kg", content=exported.encode(), headers={"Content-Type": "text/csv"}
        )
    assert again.status_code == 200, again.text
    (back,) = await logged(account_stack, arriving)
    assert (back.title, back.notes) == (title, "@home")
    assert notes in [p.notes for p in back.performances]
    assert shape(await logged(account_stack, arriving)) == shape(await logged(account_stack, leaving))
