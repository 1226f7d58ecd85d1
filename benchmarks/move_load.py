"""Drives ``edit_training`` moveOccurrence calls, each a real write, over keep-alive sockets.

Unlike ``http_load`` (fixed bodies), every write here depends on the one before it: it needs a
fresh idempotency key and the workout version the previous write produced. Each caller owns one
occurrence and moves it to the next day and back, so every call changes the library and no two
callers ever hold the same workout's version (which would turn into 409s, not into latency).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from benchmarks.http_load import LoadResult, tool_call_body
from benchmarks.training_data import MoveTarget


async def exchange(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes) -> bytes:
    """Send one HTTP/1.1 request on a kept-alive connection and return the body of a 200 answer."""
    writer.write(request)
    status_line = await reader.readline()
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    payload = await reader.readexactly(length)
    if b" 200 " not in status_line or b'"isError":true' in payload:
        raise RuntimeError(f"call failed: {status_line!r} {payload[:300]!r}")
    return payload


def move_arguments(target: MoveTarget, epoch: str, time_zone: str, key: str) -> dict[str, Any]:
    """``edit_training`` arguments that move ``target`` to its other day (or back to its own)."""
    destination = target.original_day if target.moved else target.other_day
    return {
        "epoch": epoch,
        "timeZone": time_zone,
        "idempotencyKey": key,
        "expectedVersions": {f"workout:{target.workout_id}": target.version},
        "input": {
            "action": "moveOccurrence",
            "workoutID": target.workout_id,
            "originalScheduledDay": target.original_day,
            "destinationDay": destination,
        },
    }


def apply_result(target: MoveTarget, payload: bytes) -> None:
    """Take the new workout version from a write's result, and where the occurrence now is."""
    result = json.loads(payload)["result"]["structuredContent"]
    target.version = result["versions"][f"workout:{target.workout_id}"]
    target.moved = result["occurrence"]["day"] != target.original_day


async def _one_caller(
    url: str,
    token: str,
    target: MoveTarget,
    epoch: str,
    time_zone: str,
    prefix: str,
    calls: int,
    out: list[float],
) -> None:
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    head = (
        f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAuthorization: Bearer {token}\r\n"
        "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
    )
    try:
        for index in range(calls):
            arguments = move_arguments(target, epoch, time_zone, f"{prefix}-{index}")
            body = tool_call_body("edit_training", arguments, index)
            request = f"{head}Content-Length: {len(body)}\r\n\r\n".encode() + body
            started = time.perf_counter()
            payload = await exchange(reader, writer, request)
            out.append((time.perf_counter() - started) * 1000)
            apply_result(target, payload)
    finally:
        writer.close()


async def run_moves(
    url: str,
    token: str,
    targets: Sequence[MoveTarget],
    *,
    epoch: str,
    time_zone: str,
    run_id: str,
    calls: int,
) -> LoadResult:
    """``calls`` moves spread over one caller per target (idempotency keys unique per run and caller)."""
    latencies: list[float] = []
    per_caller = max(1, calls // len(targets))
    started = time.perf_counter()
    await asyncio.gather(
        *(
            _one_caller(url, token, target, epoch, time_zone, f"bench-{run_id}-{n}", per_caller, latencies)
            for n, target in enumerate(targets)
        )
    )
    return LoadResult(len(targets), latencies, time.perf_counter() - started)
