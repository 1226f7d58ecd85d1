"""Every tool of every profile the edge serves, called with arguments drawn from its published schema.

Through the mcp package's own client against the real edge and services, on SQLite and on
PostgreSQL. Each call must end in a result or a refusal of the input: no JSON-RPC internal error,
no generic tool error (``temporarily_unavailable``...), no ERROR or traceback in any log, and a
refused call stores nothing (every table of every service counted before and after).
"""

from __future__ import annotations

import functools
import sys
import time
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from mcp.types import Tool

from kinetic.protected_resources import SERVED_BY_EDGE, ProtectedResourceInfo
from tests.fuzz.conftest import DERANDOMIZE, EXAMPLES, FuzzStack
from tests.fuzz.json_schema_values import arguments
from tests.fuzz.profile_callers import Call, Known, ProfileCaller, serve_blocking
from tests.fuzz.watch import BrokenCalls, RowCounts, broken_calls

CALL_TIMEOUT_SECONDS = 60


def fuzz_tool(
    call: Call,
    known: Known,
    tool: Tool,
    log: BrokenCalls,
    cases: Counter[str],
) -> None:
    """The examples of one tool (blocking: the edge serves them on the test's loop meanwhile)."""

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=DERANDOMIZE,
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(args=arguments(tool.input_schema, known))
    def example(args: dict[str, Any]) -> None:
        cases[tool.name] += 1
        logged = len(log.records)
        outcome = call(tool.name, args)
        assert not outcome.generic, f"{tool.name} failed instead of answering: {outcome.text[:500]}"
        assert len(log.records) == logged, log.report()[logged:]
        if outcome.refused:
            assert not outcome.stored, f"{tool.name} stored rows while refusing: {outcome.text[:300]}"

    example()


# One test per profile, so one profile can be fuzzed alone (``-k runflow``).
@pytest.mark.parametrize(
    "resource", SERVED_BY_EDGE, ids=[r.profile.lower().replace(" ", "_") for r in SERVED_BY_EDGE]
)
async def test_every_tool_of_every_served_profile_answers_generated_arguments(
    fuzz_stack: FuzzStack, resource: ProtectedResourceInfo
):
    rows = RowCounts(fuzz_stack.engines)
    cases: Counter[str] = Counter()
    started = time.perf_counter()
    with broken_calls() as log:
        async with ProfileCaller(fuzz_stack.stack, resource, rows) as caller:
            tools = await caller.list_tools()
            assert tools, resource.path
            for tool in tools:
                await serve_blocking(
                    caller,
                    functools.partial(fuzz_tool, known=caller.known, tool=tool, log=log, cases=cases),
                    CALL_TIMEOUT_SECONDS,
                )
    assert not log.report()
    print(
        f"\n{fuzz_stack.backend}: {sum(cases.values())} calls in {time.perf_counter() - started:.1f} s; "
        + ", ".join(f"{name} {n}" for name, n in cases.items()),
        file=sys.stderr,
    )
    assert all(n >= min(EXAMPLES, 10) for n in cases.values()), cases
