"""Seed 003 (Open Workout Schema): the error sentences that need a stack of their own.

"A tool error's text starts with one of: ... undo_unavailable, ... internal_error." An undo token
past its 10 minutes needs the sessions service's clock moved (no sleeping), and internal_error a
backend that is down or hung; the other sentences are in ``test_seed_003_ows_examples.py``.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from kinetic.auth.v1 import auth_pb2
from kinetic.settings import ServiceSettings
from services.auth import bootstrap as auth
from tests.conftest import EngineFactory
from tests.integration.edge.backend_outages import edge_on, free_socket, hung_server
from tests.integration.edge.conftest import running_stack
from tests.integration.edge.ows_calls import OWS_PATH, MovableClock, Ows, give_consents, ows_key

SQUAT = {"exercises": [{"exercise_id": "barbell-back-squat", "sets": [{"reps": 5, "load": 100}] * 2}]}


async def test_seed_003_undo_unavailable_after_ten_minutes(sqlite_engines: EngineFactory, tmp_path: Path):
    """delete_entry: "Returns an undo_token that restores it for 10 minutes"; undo: "Restore what
    delete_entry removed, using its undo_token, within 10 minutes". At 9 min 50 s a token restores;
    past 10 minutes the other is undo_unavailable, saying it can no longer be undone."""
    clock = MovableClock()
    async with running_stack(sqlite_engines, tmp_path, sessions_clock=clock) as stack:
        await give_consents(stack.backends, stack.account_id)
        ows = Ows(stack.base_url + OWS_PATH, await ows_key(stack.backends, stack.account_id))
        first = await ows("log_workout", {**SQUAT, "idempotency_key": "undo-window-1"})
        second = await ows("log_workout", {**SQUAT, "idempotency_key": "undo-window-2"})
        kept = await ows("delete_entry", {"entry_id": first["workout"]["id"]})
        lost = await ows("delete_entry", {"entry_id": second["workout"]["id"]})
        clock.advance(minutes=9, seconds=50)
        restored = await ows("undo", {"undo_token": kept["undo_token"]})
        assert restored["workout"]["id"] == first["workout"]["id"]
        clock.advance(seconds=11)
        text = await ows.error("undo", {"undo_token": lost["undo_token"]}, code="undo_unavailable")
        assert text.startswith("undo_unavailable: undo_token: this undo token expired at "), text
        assert "10 minutes" in text and "can no longer be undone" in text
        listed = await ows("get_workouts", {})
        assert [w["id"] for w in listed["workouts"]] == [first["workout"]["id"]]


async def test_seed_003_internal_error_when_a_backend_is_down(stack: Any):
    """internal_error: a service that cannot answer is a tool error whose text starts with
    internal_error and says to retry; nothing in it names the services' own methods."""
    await give_consents(stack.backends, stack.account_id)
    ows = Ows(stack.base_url + OWS_PATH, await ows_key(stack.backends, stack.account_id))
    await ows("log_workout", {**SQUAT, "idempotency_key": "before-the-outage"})
    await stack.servers["analytics"].stop(0)
    for tool, arguments in (
        ("get_personal_records", {}),
        ("get_progress", {"exercise": "squat", "metric": "e1rm"}),
    ):
        text = await ows.error(tool, arguments, code="internal_error")
        assert re.search(r"; retry in \d+ s$", text) and "Get" not in text, text


@pytest.fixture
async def hung_log(sqlite_engines: EngineFactory, tmp_path: Path) -> AsyncIterator[Ows]:
    """Auth real; the workout log, training and analytics a gRPC server that never answers."""
    sock = free_socket()
    base_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    env = {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_PUBLIC_URL": base_url}
    async with hung_server() as (hung, _handler):
        server = await auth.start(
            ServiceSettings.from_env("auth", env), port=0, engine=sqlite_engines("auth")
        )
        try:
            targets = {
                "auth": f"127.0.0.1:{server.port}",
                "sessions": hung,
                "training": hung,
                "analytics": hung,
            }
            async with edge_on(targets, base_url, sock) as backends:
                account = await backends.auth.CreateAccount(
                    auth_pb2.CreateAccountRequest(
                        email="ada@example.com",
                        password="correct horse battery",
                        display_name="Ada",
                        time_zone="UTC",
                    )
                )
                account_id = account.account.account_id
                await give_consents(backends, account_id)
                yield Ows(base_url + OWS_PATH, await ows_key(backends, account_id))
        finally:
            await server.stop(0)
            sock.close()


async def test_seed_003_internal_error_when_the_workout_log_hangs(hung_log: Ows):
    """internal_error for a write: the workout log does not answer within the edge's deadline."""
    text = await hung_log.error(
        "log_text", {"text": "squat 5x5 at 225", "idempotency_key": "hung"}, code="internal_error"
    )
    assert re.search(r"; retry in \d+ s$", text), text
