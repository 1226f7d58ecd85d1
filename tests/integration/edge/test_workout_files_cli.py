"""``python -m services.sessions.workout_log.files`` against the real services: imports, a second
import, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.integration.edge.conftest import Stack
from tests.integration.edge.workout_files_support import FIXTURES, logged, new_account, run_cli

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_a_strong_export_is_imported_with_catalog_exercises_and_its_wall_times(
    account_stack: Stack, capsys: pytest.CaptureFixture[str]
) -> None:
    account = await new_account(account_stack, "strong@example.com")

    run = await run_cli(
        account_stack,
        capsys,
        "import",
        str(FIXTURES / "strong_comma.csv"),
        "--account-id",
        account,
        "--unit",
        "kg",
    )

    assert run.status == 0, run.err
    report = run.report()
    assert (report["imported"], report["alreadyImported"], report["sets"]) == (2, 0, 9)
    assert [row["line"] for row in report["skippedRows"]] == [4, 10, 13, 14]
    assert report["refused"] == [] and report["unconfirmedExercises"] == []
    assert "2/2 workouts" in run.err and "2 workouts imported (9 sets)" in run.err
    evening, legs = await logged(account_stack, account)
    assert evening.title == "Evening Workout" and legs.title == "Legs"
    # 18:30 in Amsterdam (the account's zone, UTC+1 in March) is 17:30 UTC.
    assert evening.start_time.ToJsonString() == "2021-03-01T17:30:00Z"
    assert evening.end_time.ToJsonString() == "2021-03-01T18:35:00Z"
    assert [p.exercise_id for p in evening.performances] == ["barbell-bench-press", "plank", "pull-up"]
    bench = evening.performances[0]
    assert [(s.set_type, s.weight_kg, s.reps_number) for s in bench.sets] == [
        ("W", 40.0, 10),
        ("N", 80.0, 5),
        ("N", 82.5, 5),
        ("N", 60.0, 8),  # the drop set: a normal set in the log
    ]
    assert [s.rpe for s in bench.sets[1:3]] == [8.0, 8.5]
    assert [p.exercise_id for p in legs.performances] == ["barbell-back-squat", "run"]


async def test_the_same_file_imported_twice_adds_nothing(
    account_stack: Stack, capsys: pytest.CaptureFixture[str]
) -> None:
    account = await new_account(account_stack, "twice@example.com")
    hevy = str(FIXTURES / "hevy_kg.csv")
    first = await run_cli(account_stack, capsys, "import", hevy, "--account-id", account)
    assert first.status == 0, first.err
    assert first.report()["imported"] == 2

    again = await run_cli(account_stack, capsys, "import", hevy, "--account-id", account)

    assert again.status == 0, again.err
    assert (again.report()["imported"], again.report()["alreadyImported"], again.report()["sets"]) == (
        0,
        2,
        0,
    )
    workouts = await logged(account_stack, account)
    assert [w.title for w in workouts] == ["Push A", "Cardio"]
    push = workouts[0]
    assert [p.exercise_id for p in push.performances] == [
        "barbell-bench-press",
        "triceps-pushdown",
        "dumbbell-lateral-raise",
        "plank",
    ]


async def test_a_broken_file_exits_2_with_its_reason_and_stores_nothing(
    account_stack: Stack, capsys: pytest.CaptureFixture[str]
) -> None:
    account = await new_account(account_stack, "broken@example.com")

    for name in ("broken_latin1.csv", "broken_unknown_header.csv", "broken_binary.csv"):
        run = await run_cli(account_stack, capsys, "import", str(FIXTURES / name), "--account-id", account)
        assert run.status == 2, name
        assert run.err.startswith("error: ") and run.out == ""
    without_unit = await run_cli(
        account_stack, capsys, "import", str(FIXTURES / "strong_comma.csv"), "--account-id", account
    )
    assert without_unit.status == 2
    assert "kilograms or pounds" in without_unit.err
    assert await logged(account_stack, account) == []


async def test_unknown_names_are_stored_unconfirmed_and_an_unknown_account_exits_1(
    account_stack: Stack, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    account = await new_account(account_stack, "words@example.com")
    csv = tmp_path / "odd.csv"
    csv.write_text(
        "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n"
        "2022-05-02 07:00:00,Odd,Zercher Carry (Sandbag),1,60,1\n"
        "2022-05-02 07:00:00,Odd,Bench Press (Dumbbell),1,30,10\n",
        encoding="utf-8",
    )

    run = await run_cli(account_stack, capsys, "import", str(csv), "--account-id", account, "--unit", "kg")

    assert run.status == 0, run.err
    assert run.report()["unconfirmedExercises"] == ["Zercher Carry (Sandbag)"]
    (odd,) = await logged(account_stack, account)
    assert [(p.exercise_id, p.exercise_name) for p in odd.performances] == [
        ("words:zerchercarrysandbag", "Zercher Carry (Sandbag)"),  # shown as the file names it
        ("dumbbell-bench-press", "Dumbbell Bench Press"),
    ]
    nobody = "00000000-0000-4000-8000-000000000000"
    missing = await run_cli(account_stack, capsys, "import", str(csv), "--account-id", nobody, "--unit", "kg")
    assert missing.status == 1
    assert missing.err.startswith("error: NOT_FOUND")
