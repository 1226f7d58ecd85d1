"""Taken ports: one line naming the settings variable that moves the process elsewhere."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator

import pytest

from kinetic.grpc_server import create_server
from kinetic.ports import PortInUse, bind_listener, check_port_free, port_variable
from kinetic.settings import SERVICE_NAMES, load_settings


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield int(holder.getsockname()[1])


@pytest.mark.parametrize("process", [*SERVICE_NAMES, "edge"])
def test_the_variable_named_is_the_one_settings_reads(process: str) -> None:
    settings = load_settings({port_variable(process): "12345"})
    port = settings.edge.port if process == "edge" else settings.ports[process]
    assert port == 12345


def test_a_taken_port_is_one_line_naming_the_variable(taken_port: int) -> None:
    with pytest.raises(PortInUse) as raised:
        check_port_free("127.0.0.1", taken_port, "training")
    line = str(raised.value)
    assert "\n" not in line
    assert line.startswith("training: ")
    assert f"port {taken_port} on 127.0.0.1 is already in use" in line
    assert "set KINETIC_TRAINING_PORT to a free port" in line
    assert str(raised.value.for_process("edge")).startswith("edge: ")


def test_a_free_port_is_bound_and_left_free_by_the_check() -> None:
    listener = bind_listener("127.0.0.1", 0)
    port = int(listener.getsockname()[1])
    listener.close()
    check_port_free("127.0.0.1", port, "auth")
    bind_listener("127.0.0.1", port, "auth").close()


def test_without_a_process_the_line_names_no_variable(taken_port: int) -> None:
    with pytest.raises(PortInUse) as raised:
        check_port_free("127.0.0.1", taken_port)
    assert "KINETIC_" not in str(raised.value)


async def test_a_grpc_server_on_a_taken_port_raises_port_in_use(taken_port: int) -> None:
    with pytest.raises(PortInUse):
        await create_server([], "127.0.0.1", taken_port)


async def test_connections_accepted_on_a_bound_listener_send_at_once() -> None:
    """asyncio turns TCP_NODELAY on only for sockets of protocol IPPROTO_TCP: an answer written in
    two parts (headers, body) must not wait for the client's delayed ACK (decision 0109)."""
    listener = bind_listener("127.0.0.1", 0)
    accepted: list[socket.socket] = []

    async def keep(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.append(writer.get_extra_info("socket"))
        writer.close()

    server = await asyncio.start_server(keep, sock=listener)
    async with server:
        _, writer = await asyncio.open_connection("127.0.0.1", listener.getsockname()[1])
        for _ in range(500):
            if accepted:
                break
            await asyncio.sleep(0.01)
        writer.close()
        assert accepted, "the connection was never accepted"
        assert accepted[0].getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
