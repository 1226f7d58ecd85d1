"""``python -m services.auth.cli`` in a subprocess, on a SQLite store in a temporary directory."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from kinetic.settings import ServiceSettings
from services.auth.adapters.revocation_repository import in_effect_after
from services.auth.bootstrap import prepare

REPO = Path(__file__).resolve().parents[3]


def cli(data_dir: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    # Only this test's KINETIC_* settings: SQLite under data_dir, no demo values from the shell.
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("KINETIC_")}
    full_env.update({"KINETIC_DATA_DIR": str(data_dir), **(env or {})})
    return subprocess.run(
        [sys.executable, "-m", "services.auth.cli", *args],
        cwd=REPO,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_create_account_then_an_api_key_then_revoke_it(tmp_path):
    created = cli(
        tmp_path,
        "create-account",
        "--email",
        "Ada@Example.com",
        "--password",
        "correct horse battery",
        "--display-name",
        "Ada",
        "--time-zone",
        "Europe/Amsterdam",
    )
    assert created.returncode == 0, created.stderr
    assert re.fullmatch(r"[0-9a-f-]{36}\n", created.stdout)
    assert (tmp_path / "auth.sqlite3").exists()

    key = cli(
        tmp_path, "create-api-key", "--email", "ada@example.com", "--name", "laptop", "--scope", "training"
    )
    assert key.returncode == 0, key.stderr
    assert re.fullmatch(r"rf_[0-9a-f]{64}\n", key.stdout)
    key_id = re.search(r"created API key ([0-9a-f-]{36})", key.stderr)
    assert key_id is not None

    revoked = cli(tmp_path, "revoke-api-key", "--email", "ada@example.com", "--key-id", key_id.group(1))
    assert revoked.returncode == 0, revoked.stderr
    assert "revoked" in revoked.stderr


def test_bad_email_exits_2_with_one_line_and_no_traceback(tmp_path):
    result = cli(
        tmp_path,
        "create-account",
        "--email",
        "not-an-email",
        "--password",
        "correct horse battery",
        "--display-name",
        "Ada",
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") == 0
    assert "email" in result.stderr


def test_unknown_scope_exits_2(tmp_path):
    result = cli(tmp_path, "create-api-key", "--email", "ada@example.com", "--name", "x", "--scope", "root")
    assert result.returncode == 2
    assert "scopes" in result.stderr
    assert "Traceback" not in result.stderr


def test_ensure_demo_is_stable_across_runs(tmp_path):
    first = cli(tmp_path, "ensure-demo", "--json")
    assert first.returncode == 0, first.stderr
    demo = json.loads(first.stdout)
    assert demo["email"] == "demo@kinetic.local"
    assert len(demo["password"]) >= 10
    assert re.fullmatch(r"rf_[0-9a-f]{64}", demo["api_key"])
    assert stat.S_IMODE((tmp_path / "demo-credentials.json").stat().st_mode) == 0o600

    again = cli(tmp_path, "ensure-demo", "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == demo
    assert again.stderr == ""


def test_ensure_demo_takes_the_key_from_the_environment(tmp_path):
    key = "rf_" + "ab" * 32
    result = cli(tmp_path, "ensure-demo", "--json", env={"KINETIC_DEMO_API_KEY": key})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["api_key"] == key

    bad = cli(tmp_path, "ensure-demo", env={"KINETIC_DEMO_API_KEY": "rf_short"})
    assert bad.returncode == 2
    assert "KINETIC_DEMO_API_KEY" in bad.stderr


def test_set_plan_tier_changes_the_plan_and_logs_it_for_the_edges(tmp_path):
    created = cli(
        tmp_path,
        "create-account",
        "--email",
        "ada@example.com",
        "--password",
        "correct horse battery",
        "--display-name",
        "Ada",
    )
    assert created.returncode == 0, created.stderr
    chosen = cli(tmp_path, "set-plan-tier", "--email", "ada@example.com", "--tier", "coach")
    assert chosen.returncode == 0, chosen.stderr
    assert "ada@example.com is on the coach plan, status active" in chosen.stderr
    suspended = cli(
        tmp_path, "set-plan-tier", "--email", "ada@example.com", "--tier", "free", "--status", "suspended"
    )
    assert suspended.returncode == 0 and "on the free plan, status suspended" in suspended.stderr
    bad = cli(tmp_path, "set-plan-tier", "--email", "ada@example.com", "--tier", "gold")
    assert bad.returncode == 2 and "invalid choice" in bad.stderr
    unknown = cli(tmp_path, "set-plan-tier", "--email", "bob@example.com", "--tier", "pro")
    assert unknown.returncode == 1

    app = prepare(ServiceSettings.from_env("auth", {"KINETIC_DATA_DIR": str(tmp_path)}))
    account = app.accounts.find_account_by_email("ada@example.com")
    assert (account.plan_tier, account.account_status) == ("free", "suspended")
    with app.engine.connect() as conn:
        logged = in_effect_after(conn, 0, datetime.now(UTC), 10)
    assert [entry.standing() for entry in logged] == [("coach", "active"), ("free", "suspended")]
