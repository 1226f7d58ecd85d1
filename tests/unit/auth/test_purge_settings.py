"""The purge's settings: read from the environment, defaults when unset, a clear error otherwise."""

from __future__ import annotations

import pytest

from services.auth.service_layer.purge import GRACE_ENV, INTERVAL_ENV, PurgeSettings


def test_defaults_when_unset() -> None:
    assert PurgeSettings.from_env({}) == PurgeSettings(interval_seconds=3600, grace_seconds=86400)


def test_values_and_zero_to_turn_the_task_off() -> None:
    settings = PurgeSettings.from_env({INTERVAL_ENV: "0", GRACE_ENV: " 600 "})
    assert (settings.interval_seconds, settings.grace_seconds) == (0, 600)


@pytest.mark.parametrize("raw", ["-1", "1.5", "hourly"])
def test_a_bad_value_names_the_variable(raw: str) -> None:
    with pytest.raises(ValueError, match=INTERVAL_ENV):
        PurgeSettings.from_env({INTERVAL_ENV: raw})
