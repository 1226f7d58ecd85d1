"""The revocation log's use cases: record revocations, and follow them (WatchRevocations).

A use case that revokes something calls ``RevocationLog.record`` inside its own transaction (so a
revocation is pushed exactly when it is committed) and ``announce`` after the commit, which wakes
this process's streams at once. Streams of other auth replicas on the same database see the row
at their next poll, every ``POLL_INTERVAL_SECONDS``. See docs/decisions/0030-revocation-push.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from datetime import datetime

from sqlalchemy import Connection, Engine

from services.auth.adapters import revocation_repository as repo
from services.auth.domain.revocations import Revocation, RevocationBatch

# How often a stream looks for revocations written by another replica: 150 ms keeps the edge's
# one-second promise with room for the network, at ~7 indexed queries a second per watching edge.
POLL_INTERVAL_SECONDS = 0.15
# An idle stream sends an empty message this often, so a watcher can tell a quiet stream from a
# dead connection (it gives up after three missed heartbeats).
HEARTBEAT_SECONDS = 1.0
# Revocations per message: a snapshot of many stays far below gRPC's 4 MB message limit.
BATCH_SIZE = 500


class _Wakeup:
    """One stream's doorbell, rung from any thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.event = asyncio.Event()
        self.closed = False

    def ring(self) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody is listening any more
            self.loop.call_soon_threadsafe(self.event.set)

    async def wait_at_most(self, seconds: float) -> None:
        """Return when rung, or after ``seconds``, whichever comes first."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await self.event.wait()
        self.event.clear()


class RevocationLog:
    """Records revocations and streams them; one per auth process."""

    def __init__(
        self,
        engine: Engine,
        clock: Callable[[], datetime],
        *,
        poll_interval: float = POLL_INTERVAL_SECONDS,
        heartbeat: float = HEARTBEAT_SECONDS,
    ) -> None:
        self._engine = engine
        self._clock = clock
        self._poll_interval = poll_interval
        self._heartbeat = heartbeat
        self._lock = threading.Lock()  # use cases announce from worker threads too
        self._listeners: set[_Wakeup] = set()
        self._closed = False

    def record(self, conn: Connection, entries: Sequence[Revocation], now: datetime) -> None:
        """Append ``entries`` inside the caller's transaction; call ``announce`` after it commits."""
        repo.record(conn, entries, now)

    def announce(self) -> None:
        """Wake this process's streams: something was just committed to the log."""
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener.ring()

    def close(self) -> None:
        """End every stream (the server is stopping), so watchers reconnect elsewhere at once."""
        with self._lock:
            self._closed = True
            listeners = list(self._listeners)
        for listener in listeners:
            listener.closed = True
            listener.ring()

    @contextlib.contextmanager
    def _listening(self) -> Iterator[_Wakeup]:
        wakeup = _Wakeup(asyncio.get_running_loop())
        with self._lock:
            wakeup.closed = self._closed
            self._listeners.add(wakeup)
        try:
            yield wakeup
        finally:
            with self._lock:
                self._listeners.discard(wakeup)

    def _read(self, after: int) -> list[Revocation]:
        # Short indexed queries run on the event loop, as everywhere in Kinetic (decision 0002).
        with self._engine.connect() as conn:
            return repo.in_effect_after(conn, after, self._clock(), BATCH_SIZE)

    def _starts_with_snapshot(self, after_sequence: int) -> bool:
        if after_sequence <= 0:
            return True
        with self._engine.connect() as conn:
            # A sequence this store never reached: the watcher followed another store. Start over.
            return after_sequence > repo.latest_sequence(conn)

    async def watch(self, after_sequence: int) -> AsyncIterator[RevocationBatch]:
        """Catch up (snapshot, or the backlog after ``after_sequence``), then follow the log."""
        with self._listening() as wakeup:
            if wakeup.closed:
                return  # stopping: an empty stream sends the watcher to another replica
            snapshot = self._starts_with_snapshot(after_sequence)
            cursor = 0 if snapshot else after_sequence
            first = True
            while True:  # catch-up, in pages; only the last page says "current"
                page = self._read(cursor)
                cursor = page[-1].sequence if page else cursor
                current = len(page) < BATCH_SIZE
                yield RevocationBatch(tuple(page), snapshot and first, current, cursor)
                first = False
                if current:
                    break
            quiet_since = time.monotonic()
            more = False
            while not wakeup.closed:
                if not more:
                    await wakeup.wait_at_most(self._poll_interval)
                    if wakeup.closed:
                        return
                page = self._read(cursor)
                more = len(page) == BATCH_SIZE
                if page:
                    cursor = page[-1].sequence
                    yield RevocationBatch(tuple(page), False, not more, cursor)
                    quiet_since = time.monotonic()
                elif time.monotonic() - quiet_since >= self._heartbeat:
                    yield RevocationBatch((), False, True, cursor)
                    quiet_since = time.monotonic()
