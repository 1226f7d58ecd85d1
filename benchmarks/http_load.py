"""A deliberately thin HTTP/1.1 load generator: keep-alive sockets, no client library overhead.

The load generator shares the machine's cores with the servers it measures, so it must cost as
little CPU per call as possible; a full HTTP client would distort the throughput figures.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import cycle
from urllib.parse import urlsplit


@dataclass(frozen=True)
class LoadResult:
    """Latencies of one run and its wall time."""

    callers: int
    latencies_ms: list[float]
    wall_seconds: float

    @property
    def p50(self) -> float:
        return statistics.median(self.latencies_ms)

    @property
    def p99(self) -> float:
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]

    @property
    def calls_per_second(self) -> float:
        return len(self.latencies_ms) / self.wall_seconds


def tool_call_body(tool: str, arguments: dict[str, object], call_id: int) -> bytes:
    """A JSON-RPC ``tools/call`` request."""
    return json.dumps(
        {
            "jsonrpc": "2.0",
            "id": call_id,
            "method": "tools/call",
            "params": {"name": tool, "arguments": arguments},
        }
    ).encode()


def _post_requests(
    url: str, token: str | None, bodies: Sequence[bytes], headers: Sequence[tuple[str, str]] = ()
) -> list[bytes]:
    parts = urlsplit(url)
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    extra = "".join(f"{name}: {value}\r\n" for name, value in headers)
    head = (
        f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\n{auth}{extra}"
        "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
    )
    return [f"{head}Content-Length: {len(body)}\r\n\r\n".encode() + body for body in bodies]


def get_requests(url: str, token: str | None, paths: Sequence[str]) -> list[bytes]:
    """HTTP/1.1 GETs of ``paths`` (path and query) on ``url``'s host, with the bearer ``token``."""
    netloc = urlsplit(url).netloc
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    return [
        f"GET {path} HTTP/1.1\r\nHost: {netloc}\r\n{auth}Accept: application/json\r\n\r\n".encode()
        for path in paths
    ]


async def _one_caller(url: str, requests: Sequence[bytes], calls: int, latencies: list[float]) -> None:
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    try:
        for _, request in zip(range(calls), cycle(requests), strict=False):
            started = time.perf_counter()
            writer.write(request)
            status_line = await reader.readline()
            length = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            payload = await reader.readexactly(length)
            latencies.append((time.perf_counter() - started) * 1000)
            if b" 200 " not in status_line or b'"isError":true' in payload:
                raise RuntimeError(f"call failed: {status_line!r} {payload[:300]!r}")
    finally:
        writer.close()


async def run_requests(url: str, requests: Sequence[bytes], callers: int, calls: int) -> LoadResult:
    """``calls`` prebuilt ``requests`` (cycled) spread over ``callers`` connections to ``url``'s host."""
    latencies: list[float] = []
    per_caller = max(1, calls // callers)
    started = time.perf_counter()
    await asyncio.gather(*(_one_caller(url, requests, per_caller, latencies) for _ in range(callers)))
    return LoadResult(callers, latencies, time.perf_counter() - started)


async def run_load(
    url: str,
    token: str | None,
    bodies: Sequence[bytes],
    callers: int,
    calls: int,
    headers: Sequence[tuple[str, str]] = (),
) -> LoadResult:
    """``calls`` POSTs of ``bodies`` (cycled) to ``url`` spread over ``callers`` concurrent connections."""
    return await run_requests(url, _post_requests(url, token, bodies, headers), callers, calls)
