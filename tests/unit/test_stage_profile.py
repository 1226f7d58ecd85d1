"""``benchmarks.stage_profile`` counts CPU by stage; the time uvloop waits for work is no stage."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from benchmarks.stage_profile import STARTUP, WAITED, count_calls, split, split_adds

STARLETTE = "/venv/site-packages/starlette/routing.py"
RUNNERS = "/python3.11/asyncio/runners.py"
GUARD = "/kinetic/edge/guard.py"
HTTP = "/kinetic/edge/http_protocol.py"


@dataclass
class Profile:
    """What ``split`` reads of a ``pstats.Stats``:
    (file, line, function) -> (cc, nc, tottime, cumtime, callers)."""

    stats: dict[tuple[str, int, str], tuple[int, int, float, float, dict[Any, Any]]]


def test_the_idle_loop_billed_to_lifespan_and_runner_is_waiting_not_a_stage() -> None:
    profile = Profile(
        {
            (STARLETTE, 652, "lifespan"): (1, 21, 200.0, 201.0, {}),
            (RUNNERS, 86, "run"): (1, 1, 50.0, 260.0, {}),
            (STARLETTE, 685, "app"): (1, 9, 0.5, 3.0, {}),
            (GUARD, 85, "authenticate"): (1, 3, 0.25, 0.5, {}),
        }
    )
    seconds = split(profile)  # type: ignore[arg-type]
    assert seconds[WAITED] == 250.0
    assert seconds["HTTP parse and routing (uvicorn, Starlette)"] == 0.5
    assert seconds["guard (JWT, revoked set)"] == 0.25
    assert STARTUP not in seconds


def test_edge_calls_are_http_requests_parsed_not_coroutine_resumptions() -> None:
    profile = Profile(
        {
            (HTTP, 144, "on_message_complete"): (3, 3, 0.0, 0.0, {}),
            (GUARD, 318, "__call__"): (17, 17, 0.0, 0.0, {}),  # resumed about six times a request
        }
    )
    assert count_calls(profile, "edge") == 3  # type: ignore[arg-type]


def test_the_baseline_counts_its_own_http_requests() -> None:
    profile = Profile(
        {
            ("/site-packages/uvicorn/protocols/http/httptools_impl.py", 300, "on_message_complete"): (
                4,
                4,
                0.0,
                0.0,
                {},
            )
        }
    )
    assert count_calls(profile, "inprocess") == 4  # type: ignore[arg-type]


def test_what_the_split_adds_is_both_processes_less_the_baseline_stage_by_stage() -> None:
    edge = {"MCP handling": 2.0, "guard": 0.1, "gRPC client/server": 0.3}
    training = {"training service": 1.0, "gRPC client/server": 0.05}
    baseline = {"MCP handling": 1.9, "training service": 1.2}
    added = split_adds(edge, training, baseline=baseline)
    assert added == {
        "MCP handling": 2.0 - 1.9,
        "guard": 0.1,
        "gRPC client/server": 0.3 + 0.05,
        "training service": 1.0 - 1.2,
    }
