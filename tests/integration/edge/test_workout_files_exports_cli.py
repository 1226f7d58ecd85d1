"""The operator's exports against the real services: the workout log's CSV
(``python -m services.sessions.workout_log.files export``, through ExportWorkouts) and the account's
JSON from all four services (``python -m edge.account_export``), decision 0098."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from edge.account_export import main as account_export
from services.sessions.workout_log.files import parse_workout_csv
from tests.integration.edge.conftest import Stack
from tests.integration.edge.workout_files_support import FIXTURES, cli_env, new_account, run_cli

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_the_log_exports_as_strong_csv_in_the_accounts_unit_and_reads_back(
    account_stack: Stack, capsys: pytest.CaptureFixture[str]
) -> None:
    account = await new_account(account_stack, "csv-out@example.com", units="imperial")
    hevy = str(FIXTURES / "hevy_kg.csv")
    assert (await run_cli(account_stack, capsys, "import", hevy, "--account-id", account)).status == 0

    run = await run_cli(account_stack, capsys, "export", "--account-id", account, "--format", "strong-csv")

    assert run.status == 0, run.err
    assert run.out.startswith("Date,Workout Name,Duration,Exercise Name,Set Order,Weight")
    again = parse_workout_csv(run.out.encode("utf-8"), unit="lb")
    assert [w.title for w in again.workouts] == ["Push A", "Cardio"]
    assert {s.unit for w in again.workouts for e in w.entries for s in e.sets if s.unit} == {"lb"}


async def test_the_account_export_reads_all_four_services(
    account_stack: Stack, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    account = await new_account(account_stack, "json-out@example.com")
    hevy = str(FIXTURES / "hevy_kg.csv")
    assert (await run_cli(account_stack, capsys, "import", hevy, "--account-id", account)).status == 0
    out = tmp_path / "export.json"

    status = await asyncio.to_thread(
        account_export, ["--account-id", account, "--out", str(out)], env=cli_env(account_stack)
    )

    assert status == 0
    document = json.loads(out.read_text(encoding="utf-8"))
    assert (document["format"], document["version"], document["accountId"]) == (
        "kinetic-account-export",
        1,
        account,
    )
    assert set(document) >= {"auth", "training", "sessions", "analytics"}
    assert [w["title"] for w in document["sessions"]["workouts"]] == ["Push A", "Cardio"]
    nobody = "00000000-0000-4000-8000-000000000000"
    capsys.readouterr()
    missing = await asyncio.to_thread(account_export, ["--account-id", nobody], env=cli_env(account_stack))
    assert missing == 1
    assert capsys.readouterr().err.startswith("error: NOT_FOUND")
