"""The session-logging benchmark's own code at tiny size, so it cannot rot: its gym setup, its session
starts and measured one-set logs through the real edge with an OAuth token, each a real write. No
timing is asserted (docs/decisions/0022-session-logging-benchmark.md).
"""

from __future__ import annotations

import grpc

import edge.app
from benchmarks.bench_edge import BENCH_ACCOUNT_PER_MINUTE, BENCH_CLIENT_AI_PER_MINUTE
from benchmarks.session_logging import (
    CALLERS,
    CALLS,
    CLIENT_AI_PATH,
    WARMUP_CALLS,
    Shape,
    call_tool,
    planned_calls,
    prepare,
    run_logs,
)
from edge.ratelimit import ACCOUNT_PER_MINUTE
from kinetic.sessions.v1 import gyms_pb2_grpc
from tests.integration.edge.conftest import Stack, stack  # noqa: F401 - the in-process Kinetic fixture

TINY = Shape(accounts=1, exercises=1, sets_per_exercise=2, plan_days=1)


def test_the_default_run_logs_only_new_sets() -> None:
    shape = Shape()
    planned = planned_calls(shape, CALLS, WARMUP_CALLS)
    assert len(planned) == max(CALLERS)
    # Caller 0 runs alone and among the eight, the others only among the eight.
    assert planned[0] == WARMUP_CALLS + CALLS[1] + CALLS[8] // 8
    assert planned[1:] == [WARMUP_CALLS + CALLS[8] // 8] * 7
    # Enough sessions that no caller comes back to a slot it filled: every call inserts a set.
    assert all(shape.sessions_for(calls) * shape.slots_per_session >= calls for calls in planned)
    assert max(shape.sessions_for(calls) for calls in planned) <= shape.plan_days


def test_the_bench_edge_lifts_both_budgets_under_their_own_names() -> None:
    for lifted, stock in (
        (BENCH_ACCOUNT_PER_MINUTE, ACCOUNT_PER_MINUTE),
        (BENCH_CLIENT_AI_PER_MINUTE, edge.app.CLIENT_AI_PER_MINUTE),
    ):
        assert (lifted.name, lifted.period_seconds) == (stock.name, stock.period_seconds)
        assert lifted.limit > stock.limit


async def test_setup_and_measured_logs_are_real_writes(stack: Stack) -> None:  # noqa: F811
    url = stack.base_url + CLIENT_AI_PATH
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.servers['sessions'].port}") as channel:
        callers = await prepare(
            url, stack.backends.auth, gyms_pb2_grpc.GymAdminServiceStub(channel), TINY, [3]
        )
    (caller,) = callers
    assert len(caller.session_ids) == 1

    # Sets 1 and 2 are new; the third call comes back to set 1 with another weight (run_logs
    # raises on any answer that is not replayed: false).
    result = await run_logs(url, callers, 3)

    assert len(result.latencies_ms) == 3
    assert caller.logged == 3
    session = (
        await call_tool(
            url, caller.token, "client_ai_get_my_workout_session", {"sessionId": caller.session_ids[0]}
        )
    )["session"]
    (performance,) = session["performances"]
    assert performance["exerciseId"] == caller.exercise_ids[0]
    assert [(s["setNumber"], s["weight"]) for s in performance["sets"]] == [(1, 60.5), (2, 62.5)]
