"""Per-call CPU of each stage of a tool call, from the cProfile files of a profiled benchmark run.

``python -m benchmarks.stage_profile DIR`` reads ``DIR/edge.prof``, ``DIR/training.prof`` and
``DIR/inprocess.prof`` (the one-process baseline), all written by ``python -m
benchmarks.edge_vs_inprocess --profile DIR``, and splits each process's own time (cProfile's
``tottime``) into stages by the module each function lives in: uvicorn and Starlette (HTTP parse
and routing), the MCP SDK with pydantic and anyio (MCP handling), the guard, the limiter, input
validation, the profile's routing, the gRPC client, rendering, logging, tracing and the event
loop. C functions (``~``) are counted under the stage of the function that called them most.
Printed: each stage's milliseconds per call (calls = HTTP requests the edge parsed, the reads'
RPCs on training, the baseline's HTTP requests), as cProfile measured them: cProfile inflates
small functions, so read the shares, and scale them by the CPU per call measured without it.
Time uvloop spends blocked waiting for work is billed to the Python frame that entered it; it is
printed apart (``WAITING_FRAMES``), not as a stage. Last, what the split adds per call and stage:
edge + training - the baseline (``benchmarks.split_parts`` says the same in wall time, by part).
"""

from __future__ import annotations

import argparse
import pstats
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# (stage, substrings of a function's file path); the first match wins, so specific paths come first.
STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "guard (JWT, revoked set)",
        ("edge/guard.py", "access_tokens.py", "revoked_set.py", "joserfc", "authlib"),
    ),
    ("limiter", ("edge/ratelimit/",)),
    ("input validation", ("mcp_profile/validation.py", "jsonschema")),
    ("routing (profile table, tool lookup)", ("mcp_profile/", "edge/app.py", "edge/problems.py")),
    ("rendering (edge profile code, JSON)", ("edge/profiles/", "json/")),
    ("gRPC client/server", ("grpc/", "grpc_", "cygrpc", "protobuf", "_pb2")),
    ("training service (use cases, SQL)", ("services/", "sqlalchemy", "sqlite3", "kinetic/")),
    ("logging", ("logging/",)),
    ("tracing", ("opentelemetry", "mcp_tracing.py")),
    ("MCP handling (SDK, pydantic, anyio)", ("mcp/", "pydantic", "anyio", "mcp_types", "sse_starlette")),
    ("HTTP parse and routing (uvicorn, Starlette)", ("uvicorn", "starlette", "h11", "httptools")),
    ("event loop (asyncio)", ("asyncio/", "selectors.py", "contextvars")),
)
OTHER = "other"
STARTUP = "startup (imports), not per call"
WAITED = "waiting for work (idle event loop), not CPU"
# Waiting for sockets: wall time spent blocked, not CPU.
WAITING = ("poll", "select", "epoll")
# Python frames that uvloop's idle time is charged to: uvloop is C, so cProfile bills the time its
# loop spends blocked in epoll to the Python frame it entered from, and those frames do no work of
# their own. Starlette's ``lifespan`` waits on the server's shutdown message for the whole run (the
# edge); asyncio's ``Runner.run`` enters the loop (the services). Their own time is waiting.
WAITING_FRAMES = (("starlette/routing.py", "lifespan"), ("asyncio/runners.py", "run"))
# Functions called once per request, to count the calls of each process. Plain functions, or
# coroutines that never suspend: cProfile counts a coroutine once per resumption, so the guard's
# ``__call__`` (an ASGI middleware that awaits the app) is counted about six times per request.
# The edge counts HTTP requests parsed; training counts the RPCs the two reads make (one each).
CALL_COUNTERS = {
    "edge": ("edge/http_protocol.py", ("on_message_complete",)),
    "training": ("entrypoints/", ("SearchExercises", "ListOccurrences")),
    # The one-process baseline parses HTTP with uvicorn's own httptools protocol.
    "inprocess": ("httptools_impl.py", ("on_message_complete",)),
}
SPLIT = ("edge", "training")


def stage_of(path: str) -> str | None:
    """The stage a file belongs to, or None."""
    for stage, needles in STAGES:
        if any(needle in path for needle in needles):
            return stage
    return None


def split(stats: pstats.Stats) -> dict[str, float]:
    """Seconds of own time per stage."""
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    seconds: dict[str, float] = defaultdict(float)
    for (path, _line, name), (_cc, _nc, tottime, _ct, callers) in raw.items():
        if path == "~" and any(wait in name for wait in WAITING):
            continue
        if any(path.endswith(file) and name == frame for file, frame in WAITING_FRAMES):
            seconds[WAITED] += tottime
            continue
        callers_paths = [caller[0] for caller in callers]
        if (
            "importlib" in path
            or name == "<module>"
            or (path == "~" and any("importlib" in c for c in callers_paths))
        ):
            seconds[STARTUP] += tottime
            continue
        stage = stage_of(path)
        if stage is None and path == "~" and callers:
            heaviest = max(callers.items(), key=lambda item: item[1][2])[0]
            stage = stage_of(heaviest[0])
        seconds[stage or OTHER] += tottime
    return seconds


def count_calls(stats: pstats.Stats, process: str) -> int:
    """Requests served by ``process``: the calls of its once-per-request functions."""
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    path_part, functions = CALL_COUNTERS[process]
    return sum(
        nc
        for (path, _line, name), (_cc, nc, *_rest) in raw.items()
        if path_part in path and name in functions
    )


def per_call(directory: Path, process: str) -> dict[str, float] | None:
    """Milliseconds per call of each stage of ``process``, printed as read; None without its profile."""
    path = directory / f"{process}.prof"
    if not path.exists():
        return None
    stats = pstats.Stats(str(path))
    seconds = split(stats)
    calls = max(count_calls(stats, process), 1)
    startup = seconds.pop(STARTUP, 0.0)
    waited = seconds.pop(WAITED, 0.0)
    total = sum(seconds.values())
    print(f"\n{process}: {calls} calls, {total * 1000 / calls:.3f} ms per call under cProfile")
    for stage, spent in sorted(seconds.items(), key=lambda item: -item[1]):
        share = spent / total * 100 if total else 0.0
        print(f"  {stage:<46}{spent * 1000 / calls:>8.3f} ms{share:>7.1f} %")
    print(f"  ({STARTUP}: {startup:.2f} s in all; {WAITED}: {waited:.2f} s in all)")
    return {stage: spent * 1000 / calls for stage, spent in seconds.items()}


def split_adds(*split_processes: dict[str, float], baseline: dict[str, float]) -> dict[str, float]:
    """Per stage, the split's processes' milliseconds per call less the baseline's (negative where
    the baseline spends more)."""
    added: dict[str, float] = defaultdict(float)
    for stages in split_processes:
        for stage, ms in stages.items():
            added[stage] += ms
    for stage, ms in baseline.items():
        added[stage] -= ms
    return dict(added)


def main(argv: Sequence[str] | None = None) -> int:
    """Print each profiled process's stages in milliseconds per call, then what the split adds."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.stage_profile", description=__doc__)
    parser.add_argument("directory", type=Path)
    args = parser.parse_args(argv)
    stages = {process: per_call(args.directory, process) for process in (*SPLIT, "inprocess")}
    baseline = stages["inprocess"]
    split_stages = [stages[process] for process in SPLIT]
    if baseline is None or any(found is None for found in split_stages):
        return 0
    added = split_adds(*(found for found in split_stages if found is not None), baseline=baseline)
    print("\nwhat the split adds per call (edge + training - in-process), under cProfile")
    for stage, ms in sorted(added.items(), key=lambda item: -item[1]):
        print(f"  {stage:<46}{ms:>8.3f} ms")
    print(f"  {'all':<46}{sum(added.values()):>8.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
