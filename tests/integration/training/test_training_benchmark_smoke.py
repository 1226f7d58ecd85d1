"""The Training benchmark's own code at tiny size, so it cannot rot: its loader, one calendar call and
two moves through the real edge with an OAuth token. No timing is asserted (docs/decisions/0019).
"""

from __future__ import annotations

import os
import time

from benchmarks.http_load import tool_call_body
from benchmarks.processes import process_cpu_seconds
from benchmarks.training_data import BIG, FRESH_WORKOUTS, LibraryLoader, LibraryShape, move_targets
from benchmarks.training_library import (
    ZONE,
    Account,
    calendar_arguments,
    measure_calendar,
    measure_moves,
    read_calendar,
)
from services.training.service_layer.training_library import TrainingLibrary
from tests.integration.edge.conftest import Stack, stack  # noqa: F401 - the in-process Kinetic fixture

TINY = LibraryShape(
    past_plans=1,
    phases_per_plan=2,
    phase_days=7,
    workouts_per_phase=2,
    current_workouts=2,
    standalone_workouts=1,
    templates=1,
    schedule_change_days=10,
    pending_moves=1,
)
FRESH_ACCOUNT = "33333333-3333-4333-8333-333333333333"


def test_the_default_shape_is_the_issues_library() -> None:
    assert BIG.workouts == 200
    # Past plans plus the current phase (three weeks before the 93-day window, four after it).
    assert BIG.past_plans * BIG.phases_per_plan * BIG.phase_days + 21 + 93 + 28 >= 5 * 365


def test_cpu_probe_reads_this_process() -> None:
    before = process_cpu_seconds([os.getpid()])
    deadline = time.monotonic() + 5
    # Spin (CPU, not sleep) until the kernel's tick counter moves on, for at most five seconds.
    while process_cpu_seconds([os.getpid()]) == before and time.monotonic() < deadline:
        sum(i * i for i in range(10_000))
    assert process_cpu_seconds([os.getpid()]) > before


async def test_loader_and_one_measured_call_of_each_operation(stack: Stack, sqlite_engines) -> None:  # noqa: F811
    engine = sqlite_engines("training")
    loader = LibraryLoader(engine, ZONE)
    big = loader.load_big(stack.account_id, TINY)
    assert (big.workouts, big.plans, big.phases) == (TINY.workouts, 2, 3)
    assert big.completed > 0
    assert big.moved >= TINY.pending_moves
    fresh = loader.load_fresh(FRESH_ACCOUNT)
    assert fresh.workouts == FRESH_WORKOUTS
    assert len(move_targets(engine, FRESH_ACCOUNT, ZONE, loader.today, FRESH_WORKOUTS)) == FRESH_WORKOUTS

    token = await stack.access_token()
    start, end = (day.isoformat() for day in loader.window)
    body = tool_call_body("read_training", calendar_arguments(start, end), 1)
    window = await read_calendar(stack.mcp_url, token, body)
    data = window["data"]
    assert isinstance(data, dict)
    # The current phase's two workouts and the standalone one each recur weekly across 93 days.
    assert len(data["occurrences"]) >= TINY.window_workouts * 13
    target = move_targets(engine, stack.account_id, ZONE, loader.today, 1)[0]
    version_before = int(target.version.split(".")[0])
    account = Account("big", stack.account_id, token, big, body, [target], epoch=str(window["epoch"]))

    reads = await measure_calendar(stack.mcp_url, account, 1, 1)
    moves = await measure_moves(stack.mcp_url, account, 1, 2)

    assert len(reads.latencies_ms) == 1
    assert len(moves.latencies_ms) == 2
    # There and back: two real writes, each moving the workout's version on.
    assert int(target.version.split(".")[0]) == version_before + 2
    assert not target.moved
    stored = TrainingLibrary(engine).calendar(
        stack.account_id,
        time_zone=ZONE,
        from_day=target.original_day,
        to_day=target.other_day,
        week_starts_on=2,
    )
    ours = [o for o in stored.occurrences if o.workout_id == target.workout_id]
    assert [(o.day.isoformat(), o.status) for o in ours] == [(target.original_day, "scheduled")]
