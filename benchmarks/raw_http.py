"""Bare HTTP/1.1 over asyncio streams for ``hostile_callers``: requests built byte by byte, answers
read whatever they turn out to be.

An attacker does not use a well-behaved client: it sends half a body, or a body of megabytes, and
the server may answer early, refuse, or close the connection while it is still writing. Everything
here tolerates that and reports what happened (a status, or the way the connection ended) instead
of raising, so the benchmark prints the same table against a server that holds and one that refuses.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass

# What a connection that ended without a status line is counted as.
CLOSED = "closed"
RESET = "reset"
TIMEOUT = "timeout"


@dataclass(frozen=True)
class Answer:
    """One exchange: the status (or how it ended without one), the body, and its wall time."""

    outcome: str  # "200", "429", ... or CLOSED, RESET, TIMEOUT
    body: bytes
    seconds: float

    @property
    def status(self) -> int | None:
        return int(self.outcome) if self.outcome.isdigit() else None


def request(
    method: str,
    path: str,
    host: str,
    *,
    token: str | None = None,
    body: bytes = b"",
    content_type: str = "application/json",
    content_length: int | None = None,
    headers: Sequence[tuple[str, str]] = (),
) -> bytes:
    """A whole HTTP/1.1 request; ``content_length`` may claim more than ``body`` holds (a slow body)."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}"]
    if token:
        lines.append(f"Authorization: Bearer {token}")
    if method in ("POST", "PUT"):
        lines.append(f"Content-Type: {content_type}")
        lines.append(f"Content-Length: {len(body) if content_length is None else content_length}")
    lines.append("Accept: application/json, text/event-stream")
    lines += [f"{name}: {value}" for name, value in headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def tool_call(tool: str, arguments: dict[str, object], call_id: int = 1) -> bytes:
    """A JSON-RPC ``tools/call`` body."""
    message = {
        "jsonrpc": "2.0",
        "id": call_id,
        "method": "tools/call",
        "params": {"name": tool, "arguments": arguments},
    }
    return json.dumps(message).encode()


async def read_answer(reader: asyncio.StreamReader) -> tuple[str, bytes]:
    """The status and body of the next response; CLOSED if the connection ends before a status line."""
    status_line = await reader.readline()
    if not status_line:
        return CLOSED, b""
    parts = status_line.split()
    status = parts[1].decode() if len(parts) > 1 else CLOSED
    headers: dict[bytes, bytes] = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        headers[name.strip().lower()] = value.strip()
    if b"content-length" in headers:
        return status, await reader.readexactly(int(headers[b"content-length"]))
    if headers.get(b"transfer-encoding", b"").lower() == b"chunked":
        chunks = []
        while size := int((await reader.readline()).split(b";")[0], 16):
            chunks.append(await reader.readexactly(size))
            await reader.readline()
        await reader.readline()
        return status, b"".join(chunks)
    return status, await reader.read()


async def send_and_read(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, data: bytes
) -> tuple[str, bytes]:
    """Write ``data`` and read the answer. A server may answer (413, say) and close before the whole
    request is written: the answer is still read if it came; RESET if nothing did."""
    try:
        writer.write(data)
        await writer.drain()
    except (ConnectionError, OSError):
        try:
            return await read_answer(reader)
        except (ConnectionError, OSError, asyncio.IncompleteReadError, ValueError):
            return RESET, b""
    try:
        return await read_answer(reader)
    except (ConnectionError, OSError):
        return RESET, b""
    except (asyncio.IncompleteReadError, ValueError):
        return CLOSED, b""


async def connect(host: str, port: int, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection to ``host:port`` from the local address ``source`` (any 127.x.y.z on loopback)."""
    return await asyncio.open_connection(host, port, local_addr=(source, 0))


async def exchange(host: str, port: int, source: str, data: bytes, within_seconds: float) -> Answer:
    """One request on a connection of its own from ``source``, with a deadline for the whole exchange."""
    started = time.perf_counter()
    writer: asyncio.StreamWriter | None = None

    async def run() -> tuple[str, bytes]:
        nonlocal writer
        reader, writer = await connect(host, port, source)
        return await send_and_read(reader, writer, data)

    try:
        outcome, body = await asyncio.wait_for(run(), within_seconds)
    except TimeoutError:
        outcome, body = TIMEOUT, b""
    except (ConnectionError, OSError):
        outcome, body = RESET, b""
    finally:
        if writer is not None:
            writer.close()
    return Answer(outcome, body, time.perf_counter() - started)


def tool_succeeded(answer: Answer) -> bool:
    """200 with a JSON-RPC result that is not a tool error."""
    if answer.status != 200:
        return False
    try:
        message = json.loads(answer.body)
    except ValueError:
        return False
    result = message.get("result") if isinstance(message, dict) else None
    return isinstance(result, dict) and not result.get("isError", False)


def failure_reason(answer: Answer) -> str:
    """Why a tool call failed, in a few words: its status and the start of its error message."""
    if answer.status is None:
        return answer.outcome
    try:
        message = json.loads(answer.body)
        error = message.get("error")
        if isinstance(error, dict):
            text = f"error {error.get('code')} {error.get('message', '')}"
        elif isinstance(error, str):
            text = error
        else:
            text = "tool error " + str(message["result"]["content"][0]["text"])
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        text = answer.body[:40].decode(errors="replace")
    return f"{answer.outcome} {text[:60]}".strip()
