"""``python -m services.sessions.gyms`` on SQLite and PostgreSQL: setting a gym up, and the demo gym
of ``make run`` made idempotently."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, func, select

from kinetic.settings import ServiceSettings
from kinetic.storage import drop_schema, engine_for
from services.sessions.gyms.adapters.tables import exercises, plans
from services.sessions.gyms.bootstrap import build_gym_module
from services.sessions.gyms.entrypoints import cli as gym_cli
from tests.conftest import POSTGRES_URL, STORAGE_BACKENDS

ACCOUNT = "dddddddd-dddd-4ddd-8ddd-dddddddddddd"
MODULE = "client_ai_workout_v2"
_ENGINES: list[Engine] = []  # engines a test opened, disposed by the fixture


@pytest.fixture(params=STORAGE_BACKENDS)
def cli_env(request, tmp_path, monkeypatch) -> Iterator[dict[str, str]]:
    """The KINETIC_* settings the CLI reads, on one backend; the PostgreSQL schema is dropped after."""
    env = {"KINETIC_DATA_DIR": str(tmp_path / "var")}
    if request.param == "postgresql":
        env["KINETIC_DATABASE_URL"] = POSTGRES_URL
        env["KINETIC_SESSIONS_DB_SCHEMA"] = f"sessions_t{uuid.uuid4().hex[:10]}"
    else:
        monkeypatch.delenv("KINETIC_DATABASE_URL", raising=False)
    for key, val in env.items():
        monkeypatch.setenv(key, val)
    yield env
    while _ENGINES:
        _ENGINES.pop().dispose()
    if request.param == "postgresql":
        engine = engine_for(ServiceSettings.from_env("sessions", env))
        drop_schema(engine, env["KINETIC_SESSIONS_DB_SCHEMA"])
        engine.dispose()


def run(capsys, *argv: str) -> tuple[int, dict, str]:
    code = gym_cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else {}), err


def module_for(env: dict[str, str]):
    engine = engine_for(ServiceSettings.from_env("sessions", env))
    _ENGINES.append(engine)
    return build_gym_module(engine)


def test_a_gym_is_set_up_from_the_command_line(cli_env, capsys, tmp_path):
    code, company, _ = run(
        capsys,
        "create-company",
        "--name",
        "Gym Noord",
        "--mcp",
        "on",
        "--module",
        MODULE,
        "--write-tools",
        "off",
    )
    assert code == 0 and company["client_mcp_policy"] == {"allowed_modules": [MODULE]}
    _, coach, _ = run(capsys, "create-coach", "--company-id", company["id"], "--name", "Sam")
    code, client, _ = run(
        capsys,
        "create-client",
        *("--account-id", ACCOUNT, "--name", "Ada", "--consent", "on"),
        *("--company-id", company["id"], "--ai-access", "on"),
    )
    assert code == 0 and client["relationship"]["client_ai_access_enabled"] is True
    _, bench, _ = run(
        capsys,
        "create-exercise",
        *("--company-id", company["id"], "--catalog-id", "barbell-bench-press"),
        *("--name-en", "Bench Press", "--name-nl", "Bankdrukken"),
    )
    plan_json = {
        "coach_id": coach["id"],
        "client_id": client["id"],
        "name": {"en": "Upper", "nl": "Bovenlichaam"},
        "days": [
            {
                "name": {"en": "Day A", "nl": "Dag A"},
                "visible": True,
                "exercises": [{"exercise_id": bench["id"], "target_sets": 3, "target_reps": "8-10"}],
            }
        ],
    }
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(json.dumps(plan_json), encoding="utf-8")
    code, plan, _ = run(capsys, "create-plan", "--json", f"@{plan_file}")
    assert (
        code == 0 and plan["status"] == "Active" and plan["days"][0]["exercises"][0]["target_reps"] == "8-10"
    )
    preset = {"exercise_id": bench["id"], "scope": "company", "fields": [
        {"key": "seat_height", "label": {"en": "Seat height", "nl": "Zithoogte"}, "value": 4}
    ]}  # fmt: skip
    assert run(capsys, "set-preset", "--json", json.dumps(preset))[0] == 0
    code, profile, _ = run(
        capsys, "set-equipment", "--client-id", client["id"], "--item", "dumbbells=2", "--item", "pull_up_bar"
    )
    assert profile["items"] == [
        {"equipment_key": "dumbbells", "quantity": 2},
        {"equipment_key": "pull_up_bar", "quantity": 1},
    ]

    gyms = module_for(cli_env)
    access = gyms.client.check_access(ACCOUNT, MODULE, False)
    assert access.client.id == client["id"]
    assert [item.plan.name.nl for item in gyms.client.list_my_plans(ACCOUNT, "", "nl", 10).plans] == [
        "Bovenlichaam"
    ]

    # Policy flags not given keep their values; the write gate follows --write-tools.
    code, updated, _ = run(capsys, "update-company", "--company-id", company["id"], "--write-tools", "on")
    assert updated["client_mcp_policy"] == {"allowed_modules": [MODULE], "write_tools_allowed": True}
    assert gyms.client.check_access(ACCOUNT, MODULE, True).company.id == company["id"]
    code, consent, _ = run(capsys, "set-consent", "--client-id", client["id"], "--granted", "off")
    assert code == 0 and "health_data_consent" not in consent  # false is the default, left out of JSON


def test_bad_input_exits_2_and_a_missing_record_1(cli_env, capsys):
    code, _, err = run(capsys, "create-company", "--name", "Gym", "--module", "Not A Module")
    assert code == 2 and "client_mcp_policy.allowed_modules[0]" in err
    code, _, err = run(capsys, "create-coach", "--company-id", "0" * 24, "--name", "Sam")
    assert code == 1 and "coach.company_id" in err
    code, _, err = run(capsys, "set-equipment", "--client-id", "0" * 24, "--item", "dumbbells=two")
    assert code == 2 and "--item" in err
    code, _, err = run(capsys, "create-plan", "--json", "{not json")
    assert code == 2 and "WorkoutPlan" in err


def test_ensure_demo_gym_builds_the_demo_and_is_idempotent(cli_env, capsys):
    code, first, _ = run(capsys, "ensure-demo-gym", "--account-id", ACCOUNT)
    assert code == 0
    gyms = module_for(cli_env)
    access = gyms.client.check_access(ACCOUNT, MODULE, True)  # every gate open, writes included
    assert access.company.name == "Kinetic Demo Gym"
    page = gyms.client.list_my_plans(ACCOUNT, "Active", "en", 50)
    assert [listing.plan.name.en for listing in page.plans] == ["Push / Pull / Legs"]
    plan = gyms.client.get_my_plan(ACCOUNT, first["plan_id"], "nl")
    assert [s.day.name.en for s in plan.days] == ["Push day", "Pull day", "Legs day"]
    assert plan.plan.name.nl == "Push / Pull / Benen"
    push = gyms.client.get_my_plan_day(ACCOUNT, plan.plan.id, plan.days[0].day.id, "en")
    pull = gyms.client.get_my_plan_day(ACCOUNT, plan.plan.id, plan.days[1].day.id, "en")
    assert "barbell-bench-press" in [e.catalog_exercise_id for _, e in push.exercises]
    assert "barbell-deadlift" in [e.catalog_exercise_id for _, e in pull.exercises]
    assert len(first["exercise_ids"]) >= 15
    for exercise_id in first["exercise_ids"].values():
        exercise = gyms.client.get_exercise(ACCOUNT, exercise_id, "nl")
        assert exercise.name.en and exercise.name.nl
    preset = gyms.client.get_machine_preset(ACCOUNT, first["exercise_ids"]["leg-press"], "en")
    assert preset.company_fields and preset.system_fields
    assert gyms.client.get_equipment_profile(ACCOUNT, "en").items

    # Someone turns a gate off; the next run turns it back on and creates nothing new.
    gyms.admin.update_client(first["client_id"], ["health_data_consent"], health_data_consent=False)
    gyms.admin.update_company(first["company_id"], ["mcp_integration_enabled"], mcp_integration_enabled=False)
    with gyms.admin._engine.connect() as conn:
        before = [conn.execute(select(func.count()).select_from(t)).scalar_one() for t in (exercises, plans)]
    code, second, _ = run(capsys, "ensure-demo-gym", "--account-id", ACCOUNT)
    assert code == 0 and second == first
    with gyms.admin._engine.connect() as conn:
        after = [conn.execute(select(func.count()).select_from(t)).scalar_one() for t in (exercises, plans)]
    assert after == before
    assert gyms.client.check_access(ACCOUNT, MODULE, True).client.id == first["client_id"]


def test_the_module_runs_as_a_program(tmp_path):
    env = {**os.environ, "KINETIC_DATA_DIR": str(tmp_path / "var")}
    env.pop("KINETIC_DATABASE_URL", None)
    command = [sys.executable, "-m", "services.sessions.gyms", "ensure-demo-gym", "--account-id", ACCOUNT]
    outputs = []
    for _ in range(2):
        result = subprocess.run(command, env=env, capture_output=True, text=True, check=False, timeout=60)
        assert result.returncode == 0, result.stderr
        outputs.append(json.loads(result.stdout))
    assert outputs[0] == outputs[1]
    assert Path(tmp_path / "var" / "sessions.sqlite3").exists()
