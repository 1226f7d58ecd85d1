"""Seed 000 (Metric): the error sentences that need a stack of their own (a clock to move, a service
to stop), sent through both surfaces. The auditable list is test_seed_000_metric_examples.py.

Sentences: "The preview token expires after five minutes"; "The active view reports the latest usable
workout snapshot with updatedAt and ageSeconds. Snapshots older than 60 seconds are labeled
stale_snapshot"; "503 temporary connector unavailability".
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from kinetic.sessions.v1 import sessions_pb2
from tests.conftest import EngineFactory
from tests.integration.edge.conftest import Stack, running_stack
from tests.integration.edge.metric_calls import NO_STORE, ZONE, minimal_create
from tests.integration.edge.seed_000_surfaces import SURFACES, Muse, refused

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Words that would present a snapshot as live progress (as test_metric_active_view.py).
CURRENT = re.compile(r"(?<!no )(?<!not )\bcurrent progress\b", re.IGNORECASE)


class MovableClock:
    """The wall clock plus an offset the tests move forward instead of sleeping; ``frozen()``
    stops the wall clock's part for a test whose margins are a second (a busy machine spends more
    than that between two calls)."""

    def __init__(self) -> None:
        self.offset = timedelta()
        self.stopped_at: datetime | None = None

    def __call__(self) -> datetime:
        return (self.stopped_at or datetime.now(UTC)) + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += timedelta(seconds=seconds)

    @contextlib.contextmanager
    def frozen(self) -> Iterator[None]:
        self.stopped_at = datetime.now(UTC)
        try:
            yield
        finally:
            self.offset += datetime.now(UTC) - self.stopped_at  # never back in time
            self.stopped_at = None


CLOCK = MovableClock()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def clocked(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Stack]:
    """One stack whose training and sessions services read ``CLOCK``."""
    tmp_path = tmp_path_factory.mktemp("clocked")
    factory = EngineFactory("sqlite", tmp_path)
    try:
        async with running_stack(factory, tmp_path, sessions_clock=CLOCK, training_clock=CLOCK) as running:
            yield running
    finally:
        factory.close()


async def test_seed_000_the_preview_token_expires_after_five_minutes(clocked):
    """'The preview token expires after five minutes' (then: preview again)."""
    muse = await Muse.connect(clocked)
    squat = await muse.exercise_id("squat")
    workouts = [
        (
            await muse.ok(
                "mcp", "edit_training", minimal_create(await muse.epoch(), squat, f"muse-five-min-{n}")
            )
        )["workouts"][0]
        for n in range(3)
    ]

    async def preview(workout_id: str) -> str:
        arguments = {"step": "preview", "kind": "workout", "id": workout_id, "timeZone": ZONE}
        return str((await muse.ok("mcp", "preview_training_deletion", arguments))["previewToken"])

    def commit(token: str, key: str) -> dict[str, object]:
        return {"step": "commit", "previewToken": token, "confirmed": True, "idempotencyKey": key}

    with CLOCK.frozen():
        tokens = [await preview(w["id"]) for w in workouts]
        CLOCK.advance(5 * 60 - 1)
        await muse.ok("mcp", "confirm_training_deletion", commit(tokens[0], "muse-del-in-time"))
        CLOCK.advance(2)
    for surface, token in zip(SURFACES, tokens[1:], strict=True):
        answer = await muse.call(
            surface, "confirm_training_deletion", commit(token, f"muse-del-late-{surface}")
        )
        body = refused(answer, 409, "preview_expired", "previewToken")
        assert "five minutes" in body["error_description"] and "preview again" in body["error_description"]

    again = await preview(workouts[1]["id"])
    await muse.ok("rest", "confirm_training_deletion", commit(again, "muse-del-again"))
    assert [w["id"] for w in (await muse.read("workouts"))["data"]["workouts"]] == [workouts[2]["id"]]


async def test_seed_000_snapshots_older_than_60_seconds_are_stale_snapshot(clocked):
    """'The active view reports the latest usable workout snapshot with updatedAt and ageSeconds.
    Snapshots older than 60 seconds are labeled stale_snapshot ... do not describe either case as
    current progress.'"""
    muse = await Muse.connect(clocked)
    await clocked.backends.sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(account_id=muse.account_id, title="Garage session")
    )
    fresh = (await muse.ok("rest", "read_training", {"view": "active"}))["data"]["snapshot"]
    assert fresh["updatedAt"] and fresh["ageSeconds"] <= 60
    assert (fresh["stale"], fresh["label"]) == (False, None)

    CLOCK.advance(61)
    for surface in SURFACES:
        data = (await muse.ok(surface, "read_training", {"view": "active"}))["data"]
        assert data["snapshot"]["ageSeconds"] > 60 and data["snapshot"]["updatedAt"] == fresh["updatedAt"]
        assert (data["snapshot"]["stale"], data["snapshot"]["label"]) == (True, "stale_snapshot")
        assert "stale_snapshot" in data["note"] and not CURRENT.search(data["note"]), data["note"]


async def test_seed_000_503_temporary_connector_unavailability(tmp_path: Path):
    """'503 temporary connector unavailability' (Training stopped): JSON, Retry-After, no-store."""
    factory = EngineFactory("sqlite", tmp_path)
    try:
        async with running_stack(factory, tmp_path) as stack:
            muse = await Muse.connect(stack)
            epoch = await muse.epoch()
            await stack.servers["training"].stop(0)
            for surface in SURFACES:
                for tool, arguments in (
                    ("read_training", {"view": "plans"}),
                    ("edit_training", minimal_create(epoch, "barbell-back-squat", "muse-down-0001")),
                ):
                    answer = await muse.call(surface, tool, arguments)
                    body = refused(answer, 503, "temporarily_unavailable")
                    assert "retry" in body["error_description"]
                    if surface == "rest":
                        assert int(answer.headers["retry-after"]) >= 1
                    assert answer.headers["cache-control"] == NO_STORE
    finally:
        factory.close()
