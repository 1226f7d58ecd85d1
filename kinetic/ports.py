"""Listening ports: claim one, or say in one line which setting to change when it is taken.

Every Kinetic process that listens checks its port before it does anything else (migrations, the
app, logging), so a port held by something else ends it with status 2 and one line naming the
variable to change (``PortInUse``), never a traceback or the gRPC core's log. The edge binds its
socket here and hands it to uvicorn; gRPC cannot take a bound socket, so a service checks first
(``check_port_free``) and ``create_server`` reports a bind lost to a race the same way.
"""

from __future__ import annotations

import errno
import socket
import sys
from typing import NoReturn

# Same status as malformed settings (kinetic/settings.py): the port is a setting to change.
PORT_IN_USE_EXIT_STATUS = 2


def port_variable(process: str) -> str:
    """The settings variable of ``process``'s port: ``KINETIC_EDGE_PORT``, ``KINETIC_AUTH_PORT``..."""
    return f"KINETIC_{process.upper()}_PORT"


class PortInUse(OSError):
    """``host:port`` is taken; ``str()`` is the one line to print, naming the variable to change.

    ``process`` is None where the caller does not know whose port it is (``create_server``); the
    entry point then names it with ``for_process``.
    """

    def __init__(self, host: str, port: int, process: str | None = None) -> None:
        self.host, self.port, self.process = host, port, process
        where = f"port {port} on {host} is already in use"
        line = f"{process}: {where}; set {port_variable(process)} to a free port" if process else where
        super().__init__(errno.EADDRINUSE, line + (" or stop what holds it" if process else ""))

    def for_process(self, process: str) -> PortInUse:
        """The same error, naming ``process`` and its port variable."""
        return PortInUse(self.host, self.port, process)

    def __str__(self) -> str:
        return str(self.strerror)


def bind_listener(host: str, port: int, process: str | None = None) -> socket.socket:
    """A TCP socket bound to ``host:port`` (not yet listening), as the servers bind theirs.

    ``SO_REUSEADDR`` as uvicorn and gRPC set it, so connections of a process that just ended
    (TIME_WAIT) do not block a restart on the same port, while another listener does.
    Raises ``PortInUse`` when the port is taken.
    """
    bare_host = host.strip("[]")  # gRPC writes IPv6 hosts in brackets
    family, kind, proto, _, address = socket.getaddrinfo(
        bare_host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise PortInUse(host, port, process) from None
        raise
    return sock


def check_port_free(host: str, port: int, process: str | None = None) -> None:
    """Raise ``PortInUse`` if ``host:port`` cannot be listened on right now."""
    bind_listener(host, port, process).close()


def exit_port_in_use(error: PortInUse) -> NoReturn:
    """End the process with the one line and ``PORT_IN_USE_EXIT_STATUS``."""
    print(str(error), file=sys.stderr, flush=True)
    raise SystemExit(PORT_IN_USE_EXIT_STATUS)
