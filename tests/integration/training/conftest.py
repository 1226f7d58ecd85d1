"""Fixtures the Training gRPC tests share: a settable clock and a stub of a real server on port 0
(storage on SQLite and PostgreSQL through ``engines``)."""

from __future__ import annotations

import pytest

from tests.integration.training.library_support import SettableClock, training_stub


@pytest.fixture
def clock() -> SettableClock:
    return SettableClock()


@pytest.fixture
async def stub(engines, tmp_path, clock):
    async with training_stub(engines("training"), tmp_path, clock) as connected:
        yield connected
