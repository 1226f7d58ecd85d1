"""The pieces of benchmarks/hostile_callers.py that can rot without Kinetic running: the crafted
GPX, the choice of attacks, and the bare HTTP client's tolerance of servers that answer early,
refuse or hang up (what a fixed edge does to an attacker). No timing is asserted (decision 0073)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

from benchmarks.hostile_callers import chosen_attacks, namespace_regex_gpx
from benchmarks.raw_http import RESET, exchange, failure_reason, request
from services.sessions.endurance.activity_files import read_activity_file

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


def test_the_crafted_gpx_is_a_readable_gpx_whose_tail_keeps_the_namespace_regex_searching() -> None:
    data = namespace_regex_gpx(20_000, variant=3)

    assert 19_000 < len(data) <= 20_000
    read = read_activity_file(data)
    assert (read.format, read.duration_s) == ("gpx", 1.0)
    tail = data[data.rindex(b"=") :]  # no '=' after it: every ' xmlns' there scans to the end
    assert tail.count(b" xmlns") > 3000
    assert namespace_regex_gpx(20_000, variant=4) != data  # each upload a new file


def test_only_picks_an_attack_by_its_number_in_the_issue() -> None:
    assert [a.label for a in chosen_attacks(1, "key", "token")] == [
        "8 slow-body connections, public MCP",
        "32 slow-body connections, public MCP",
    ]
    assert [a.number for a in chosen_attacks(None, "key", "token")] == [1, 1, 2, 4, 5, 10]


@contextlib.asynccontextmanager
async def server(handle: Handler) -> AsyncIterator[int]:
    listening = await asyncio.start_server(handle, "127.0.0.1", 0)
    async with listening:
        yield listening.sockets[0].getsockname()[1]


async def chunked(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    await reader.readuntil(b"\r\n\r\n")
    writer.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
    await writer.drain()
    writer.close()


async def refuses_at_once(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    await reader.readuntil(b"\r\n\r\n")
    body = b'{"error":"request body too large"}'
    writer.write(b"HTTP/1.1 413 Payload Too Large\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
    await writer.drain()
    writer.close()


async def hangs_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    writer.close()


async def test_the_client_reads_a_chunked_answer() -> None:
    async with server(chunked) as port:
        answer = await exchange("127.0.0.1", port, "127.0.0.2", request("GET", "/", "x"), 5.0)
    assert (answer.outcome, answer.body) == ("200", b"abcde")


async def test_a_body_refused_before_it_is_sent_is_counted_not_raised() -> None:
    big = request("POST", "/", "x", body=b"[]" * 4_000_000)
    async with server(refuses_at_once) as port:
        answer = await exchange("127.0.0.1", port, "127.0.0.2", big, 5.0)
    # The 413 if it was read before the socket broke, else the reset: both are outcomes to count.
    assert answer.outcome in ("413", RESET), answer
    if answer.outcome == "413":
        assert failure_reason(answer) == "413 request body too large"


async def test_a_connection_closed_without_an_answer_is_an_outcome() -> None:
    async with server(hangs_up) as port:
        answer = await exchange("127.0.0.1", port, "127.0.0.2", request("GET", "/", "x"), 5.0)
    assert answer.status is None
    assert answer.outcome in ("closed", RESET)
