"""The checks on what a write carries: idempotency keys, device IDs and expected versions."""

from __future__ import annotations

import pytest

from kinetic.errors import InvalidArgument
from services.training.domain.versions import (
    check_device_id,
    check_expected_versions,
    check_idempotency_key,
)

WORKOUT_ID = "3f2b8c1e-9d4a-4e6b-8c2d-1a2b3c4d5e6f"


def test_well_formed_values_pass_unchanged() -> None:
    assert check_idempotency_key("edit-2026-09-25:1") == "edit-2026-09-25:1"
    assert check_device_id("iPhone-15") == "iPhone-15"
    assert check_device_id("") == "kinetic"
    versions = {f"workout:{WORKOUT_ID}": "3.iPhone-15", f"plan:{WORKOUT_ID}": "1.kinetic"}
    assert check_expected_versions(versions) == versions


@pytest.mark.parametrize("key", ["short", "has a space", "k" * 81, "edit-2026-09-25\n"])
def test_a_malformed_idempotency_key_is_a_field_error(key: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        check_idempotency_key(key)
    assert caught.value.violations[0].field == "idempotencyKey"


@pytest.mark.parametrize("device", ["dev_1", "a" * 41, "phone\n"])
def test_a_malformed_device_id_is_a_field_error(device: str) -> None:
    with pytest.raises(InvalidArgument):
        check_device_id(device)


@pytest.mark.parametrize(
    ("key", "version"),
    [
        (f"session:{WORKOUT_ID}", "1.kinetic"),
        (f"workout:{WORKOUT_ID}\n", "1.kinetic"),
        (f"workout:{WORKOUT_ID}", "0.kinetic"),
        (f"workout:{WORKOUT_ID}", "1.kinetic\n"),
    ],
)
def test_a_malformed_expected_version_names_its_key(key: str, version: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        check_expected_versions({key: version})
    assert caught.value.violations[0].field.startswith("expectedVersions[")
