"""PostgreSQL waits that a logged set awaits on the event loop instead of blocking it (decision 0119).

The sessions service runs its queries synchronously on its event loop (decision 0002): while psycopg
waits for PostgreSQL nothing else runs in the process. For a logged set those waits are most of its
wall time in the service: the gate's query, ``BEGIN``, the account's lock, the read, and above all
the ``COMMIT``, which waits for the server to flush the write-ahead log to disk (about 4 ms here,
against 2 ms of the service's own CPU). So at 8 callers the service still logged one set at a time.

``AwaitedCalls.run`` runs LogPerformance's synchronous code (the gate and the use case, unchanged)
in a greenlet, as SQLAlchemy's asyncio extension runs its synchronous core: whenever psycopg would
wait for the server on one of this engine's connections, the greenlet hands the wait to the event
loop (``psycopg.waiting.wait_async``, with which psycopg's own async connections wait) and the loop
serves other calls meanwhile. Concurrent sets' commits then overlap and PostgreSQL flushes them
together. Outside such a greenlet (every other call, migrations, tests) a connection waits as psycopg
always did. On SQLite nothing changes: ``run`` calls the function directly.

A call holds its connections while it awaits. Were the pool emptied by such calls, the next checkout
would block the event loop itself, and nothing could give a connection back; so at most half the
pool's size (a log holds at most two at a time: its write and, rarely, a directory read) runs at once
per event loop, the overflow stays for the synchronous calls around them, and the next log waits
for a slot before it takes any connection.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections.abc import Callable, Generator
from typing import Any, TypeVar

from psycopg import waiting
from sqlalchemy import Engine, event
from sqlalchemy.pool import QueuePool
from sqlalchemy.util import await_, greenlet_spawn
from sqlalchemy.util.concurrency import in_greenlet

T = TypeVar("T")

# How often a wait wakes to look again without news on the socket: psycopg's own (0.1 s); the
# default of ``wait_async`` (0) would wake the loop on every turn.
_WAIT_INTERVAL = 0.1


def _await_in_greenlets(dbapi_connection: Any, _record: Any) -> None:
    """Make the psycopg connection's waits awaited when it is used inside ``greenlet_spawn``.

    psycopg's ``Connection`` runs every exchange with the server (queries, ``BEGIN``, ``COMMIT``,
    pipelines) as a generator handed to its ``wait`` method; this instance's ``wait`` hands it to
    ``wait_async`` instead when called from a greenlet that can await.
    """
    blocking = dbapi_connection.wait

    def wait(gen: Any, interval: float = _WAIT_INTERVAL, timeout: float | None = None) -> Any:
        if not in_greenlet():
            return blocking(gen, interval, timeout)
        try:
            first = next(gen)
        except StopIteration as done:  # nothing to wait for (psycopg's autocommit switch, say)
            return done.value
        socket = dbapi_connection.pgconn.socket
        resumed = _resumed(first, gen)
        return await_(waiting.wait_async(resumed, socket, interval=interval, timeout=timeout))

    dbapi_connection.wait = wait


def _resumed(first: Any, gen: Generator[Any, Any, T]) -> Generator[Any, Any, T]:
    """``gen`` after its first step, which yielded ``first``."""
    ready = yield first
    while True:
        try:
            state = gen.send(ready)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        ready = yield state


class AwaitedCalls:
    """Runs a synchronous call whose PostgreSQL waits are awaited; on SQLite, just runs it."""

    def __init__(self, engine: Engine) -> None:
        self._postgres = engine.dialect.name == "postgresql"
        pool = engine.pool
        self.size = max(1, pool.size() // 2) if isinstance(pool, QueuePool) else 1
        self._slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()
        if self._postgres and not event.contains(engine, "connect", _await_in_greenlets):
            event.listen(engine, "connect", _await_in_greenlets)
            engine.pool.dispose()  # connections made before (the migrations') are replaced

    def _here(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        with self._lock:  # tests drive the use cases from several threads, each with its own loop
            slots = self._slots.get(loop)
            if slots is None:
                slots = self._slots[loop] = asyncio.Semaphore(self.size)
            return slots

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        """``call(*args)``, its PostgreSQL waits awaited on this event loop."""
        if not self._postgres:
            return call(*args)
        async with self._here():
            return await greenlet_spawn(call, *args)
