"""The metadata-document fetch has one deadline, held against real TLS servers that stall or trickle.

The servers listen on 127.0.0.1 with a certificate for muse.ai (``cimd_tls/``, self-signed, valid
to 2126). The SSRF guard refuses loopback addresses, so the fetcher resolves muse.ai to a public
address as in the other CIMD tests and the transport, the real ``https_transport``, is handed the
server's loopback address in its place: every fence before the transport still runs.
"""

from __future__ import annotations

import contextlib
import dataclasses
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from kinetic.errors import InvalidArgument
from services.auth.adapters.cimd import FetchTarget, HttpReply, MetadataDocumentFetcher, https_transport
from tests.integration.auth.oauth_support import cimd_document

TLS = Path(__file__).parent / "cimd_tls"
PUBLIC = "93.184.216.34"
DEADLINE = 2.0
# Scheduling slack on a loaded machine; far below the minutes a trickling server used to hold a fetch.
MARGIN = 1.0
# How long a trickling server keeps going when nothing stops it: long enough that a fetch without a
# working deadline shows up as a failure, short enough that the failure does not hang the suite.
TRICKLE_FOR = 12.0

# A server's side of one exchange: the TLS connection, the stop signal, its own port.
Speak = Callable[[ssl.SSLSocket, threading.Event, int], None]


def trickle(connection: ssl.SSLSocket, stop: threading.Event, head: bytes, drip: bytes) -> None:
    """Send ``head`` at once, then ``drip`` one byte per second until stopped or the client leaves."""
    connection.sendall(head)
    for byte in drip:
        if stop.wait(1.0):
            return
        connection.sendall(bytes([byte]))


def slow_headers(connection: ssl.SSLSocket, stop: threading.Event, port: int) -> None:
    trickle(connection, stop, b"HTTP/1.1 200 OK\r\nX-Padding: ", b"a" * int(TRICKLE_FOR))


def slow_body(connection: ssl.SSLSocket, stop: threading.Event, port: int) -> None:
    document = cimd_document(client_id_on(port), padding="x" * int(TRICKLE_FOR))
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(document)
    trickle(connection, stop, head + document[: -int(TRICKLE_FOR)], document[-int(TRICKLE_FOR) :])


def prompt(connection: ssl.SSLSocket, stop: threading.Event, port: int) -> None:
    document = cimd_document(client_id_on(port))
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(document)
    connection.sendall(head + document)


@contextlib.contextmanager
def tls_server(speak: Speak | None) -> Iterator[int]:
    """A one-connection TLS server on 127.0.0.1; ``speak`` None: accept and never start TLS."""
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    stop = threading.Event()
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(TLS / "cert.pem", TLS / "key.pem")

    def serve() -> None:
        with contextlib.suppress(OSError), listener.accept()[0] as raw:
            if speak is None:
                stop.wait(TRICKLE_FOR)
                return
            with context.wrap_socket(raw, server_side=True) as connection:
                connection.recv(4096)  # the request; its content is other tests' business
                speak(connection, stop, port)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield port
    finally:
        stop.set()
        listener.close()
        thread.join(TRICKLE_FOR)


def client_id_on(port: int) -> str:
    return f"https://muse.ai:{port}/oauth/client.json"


def fetcher_for(port: int) -> MetadataDocumentFetcher:
    trusting_the_test_certificate = ssl.create_default_context(cafile=TLS / "cert.pem")

    def to_the_local_server(target: FetchTarget) -> HttpReply:
        assert target.address == PUBLIC  # the guard vetted the resolved address first
        local = dataclasses.replace(target, address="127.0.0.1")
        return https_transport(local, context=trusting_the_test_certificate)

    return MetadataDocumentFetcher(
        ["muse.ai"],
        resolver=lambda host, port: [PUBLIC],
        transport=to_the_local_server,
        timeout_seconds=DEADLINE,
    )


def timed_refusal(port: int) -> tuple[float, InvalidArgument]:
    started = time.monotonic()
    with pytest.raises(InvalidArgument) as info:
        fetcher_for(port).fetch(client_id_on(port))
    return time.monotonic() - started, info.value


@pytest.mark.parametrize("speak", [slow_headers, slow_body, None], ids=["headers", "body", "tls-handshake"])
def test_a_stalling_or_trickling_server_is_given_up_on_at_the_deadline(speak):
    with tls_server(speak) as port:
        elapsed, error = timed_refusal(port)
    assert DEADLINE - 0.1 <= elapsed < DEADLINE + MARGIN, elapsed
    assert error.reason == "invalid_client"
    assert error.message == "the client metadata document did not arrive within 2 seconds"


def test_a_prompt_server_is_fetched_through_the_same_transport():
    with tls_server(prompt) as port:
        client = fetcher_for(port).fetch(client_id_on(port))
    assert client.client_id == client_id_on(port) and client.kind == "metadata_document"
