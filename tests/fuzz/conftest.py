"""The fuzz suite's stack: every service on SQLite, then on PostgreSQL, with its engines at hand.

``KINETIC_FUZZ_EXAMPLES`` sets the examples per tool (and per REST operation and mode); ``make
fuzz`` runs thousands, ``make test`` the default few dozen.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import Engine

from tests.conftest import EngineFactory
from tests.integration.edge.conftest import Stack, running_stack

EXAMPLES = int(os.environ.get("KINETIC_FUZZ_EXAMPLES", "25"))
# A fixed seed in the everyday suite (the same cases each run); fresh ones when asked for more.
DERANDOMIZE = "KINETIC_FUZZ_EXAMPLES" not in os.environ


@dataclass
class FuzzStack:
    stack: Stack
    engines: list[Engine]
    backend: str


@pytest.fixture
async def fuzz_stack(engines: EngineFactory, tmp_path: Path) -> AsyncIterator[FuzzStack]:
    async with running_stack(engines, tmp_path) as stack:
        yield FuzzStack(stack, engines.made, engines.backend)
