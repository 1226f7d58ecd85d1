"""The launcher's edge secrets (issue 27, decision 0078): two launches on one data directory get
the same generated secrets; a deployment's own secrets are used as set and nothing is written."""

from __future__ import annotations

import stat
from pathlib import Path

from kinetic.local_secrets import SECRET_VARIABLES, SECRETS_FILE, local_secrets


def test_two_launches_on_one_data_dir_get_the_same_secrets(tmp_path: Path) -> None:
    first = local_secrets(tmp_path, {})
    second = local_secrets(tmp_path, {})
    assert set(first) == set(SECRET_VARIABLES) and all(len(value) >= 40 for value in first.values())
    assert second == first
    assert first["KINETIC_PSEUDONYM_SECRET"] != first["KINETIC_PLAN_LINK_SECRET"]
    assert stat.S_IMODE((tmp_path / SECRETS_FILE).stat().st_mode) == 0o600
    other = tmp_path / "other"
    other.mkdir()
    assert local_secrets(other, {}) != first  # another data directory, other secrets


def test_secrets_set_by_a_deployment_are_kept_and_nothing_is_written(tmp_path: Path) -> None:
    deployment = {name: f"set-{name}" for name in SECRET_VARIABLES}
    assert local_secrets(tmp_path, deployment) == {}
    assert not (tmp_path / SECRETS_FILE).exists()
    only_one = local_secrets(tmp_path, {"KINETIC_PSEUDONYM_SECRET": "mine"})
    assert set(only_one) == {"KINETIC_PLAN_LINK_SECRET"}
    assert local_secrets(tmp_path, {})["KINETIC_PLAN_LINK_SECRET"] == only_one["KINETIC_PLAN_LINK_SECRET"]
