"""Parsing an uploaded file in a child process with a CPU budget, a memory cap and a deadline.

Why a process and not a thread (decision 0069): a parser is Python code holding the GIL, so a
slow parse on a thread slows every other call of the service by as much (22 of 61 other
accounts' reads failed while one crafted GPX was read). In a child process it competes for a core
like any process, at a lower priority (``nice``), and it is killed when it overruns:

- **CPU**: ``RLIMIT_CPU`` of ``Budget.cpu_seconds`` (the kernel ends it, even inside C code);
- **memory**: ``RLIMIT_AS`` of ``Budget.memory_bytes`` (a ``MemoryError`` is a refusal);
- **wall time**: the caller's deadline; past it the child is killed (a niced child on a busy
  machine may be slow without using its CPU budget).

Children are forked from a fork server started once per process (``multiprocessing``'s
``forkserver``): a fresh interpreter with the parsers imported, never a fork of a service with
gRPC and database threads. ``ParseWorkers.slots`` children run at a time, and one owner (an
account) holds at most one of them, so one account's uploads can only wait behind each other.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import multiprocessing.connection
import os
import resource
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

_NICENESS = 10
_MIB = 1024 * 1024
# The modules every ParseWorkers of this process asked to preload: a process has one fork server,
# so a second ParseWorkers (the sessions service reads activity and workout files) adds to the list
# rather than replacing it.
_PRELOADED: list[str] = []


@dataclass(frozen=True)
class Budget:
    """What one parse may use: CPU seconds, address space, and the refusal types it may raise."""

    cpu_seconds: float
    memory_bytes: int

    @classmethod
    def per_size(cls, size: int, *, base_s: float, per_mib_s: float, memory_bytes: int) -> Budget:
        return cls(base_s + per_mib_s * size / _MIB, memory_bytes)


class ParseOverrun(Exception):
    """The parse used up its CPU budget, memory or the caller's time, and was stopped."""

    def __init__(self, reason: str, *, deadline: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.deadline = deadline  # True when the caller's time ran out, not the file's budget


class ParseFailed(Exception):
    """The parser itself failed (a bug, not the file): the caller answers an internal error."""


def _child(
    sender: multiprocessing.connection.Connection,
    parse: Callable[[bytes], Any],
    data: bytes,
    budget: Budget,
    refusals: tuple[type[BaseException], ...],
) -> None:
    cpu = max(1, int(budget.cpu_seconds + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_AS, (budget.memory_bytes, budget.memory_bytes))
    os.nice(_NICENESS)
    try:
        answer: tuple[str, Any] = ("ok", parse(data))
    except refusals as refused:
        answer = ("refused", refused)
    except MemoryError:
        answer = ("memory", None)
    except Exception as error:  # reported to the parent as ParseFailed, with its words
        answer = ("failed", f"{type(error).__name__}: {error}")
    del data
    try:
        sender.send(answer)
    except MemoryError:
        sender.send(("memory", None))


class ParseWorkers:
    """Runs parses in child processes, ``slots`` at a time, one per owner.

    ``parse`` functions and their results cross to the child and back pickled: a function of a
    module (or a ``functools.partial`` of one), a result of plain values.
    """

    def __init__(
        self,
        refusals: Sequence[type[BaseException]],
        *,
        slots: int = 2,
        preload: Sequence[str] = (),
    ) -> None:
        self._refusals = tuple(refusals)
        self.slots = slots
        self._context = multiprocessing.get_context("forkserver")
        _PRELOADED.extend(module for module in preload if module not in _PRELOADED)
        self._context.set_forkserver_preload(list(_PRELOADED))
        self._free: asyncio.Semaphore | None = None
        self._owners: dict[str, asyncio.Lock] = {}
        self.started = 0  # children started, for tests and metrics

    async def run(
        self, parse: Callable[[bytes], T], data: bytes, budget: Budget, *, owner: str, timeout_s: float | None
    ) -> T:
        """The parse's result; its refusal re-raised; ``ParseOverrun`` past budget or ``timeout_s``.

        Waiting for a slot counts against ``timeout_s``. A cancelled caller kills its child.
        """
        loop = asyncio.get_running_loop()
        deadline = None if timeout_s is None else loop.time() + timeout_s
        try:
            async with asyncio.timeout_at(deadline), self._slot(owner):
                return await self._run_child(parse, data, budget)
        except TimeoutError:
            raise ParseOverrun(
                "reading the file took longer than the time this request has", deadline=True
            ) from None

    @contextlib.asynccontextmanager
    async def _slot(self, owner: str) -> AsyncIterator[None]:
        if self._free is None:
            self._free = asyncio.Semaphore(self.slots)
        lock = self._owners.setdefault(owner, asyncio.Lock())
        try:
            async with lock, self._free:
                yield
        finally:
            if not lock.locked() and self._owners.get(owner) is lock:
                del self._owners[owner]

    async def _run_child(self, parse: Callable[[bytes], T], data: bytes, budget: Budget) -> T:
        receiver, sender = self._context.Pipe(duplex=False)
        process = self._context.Process(
            target=_child, args=(sender, parse, data, budget, self._refusals), daemon=True
        )
        # Starting sends the file to the child: on a thread, and carried through even when the
        # caller is cancelled meanwhile, so that the child can then be killed and reaped.
        start = asyncio.ensure_future(asyncio.to_thread(process.start))
        receive: asyncio.Future[tuple[str, Any] | None] | None = None
        try:
            await asyncio.shield(start)
            self.started += 1
            sender.close()
            receive = asyncio.ensure_future(asyncio.to_thread(_receive, receiver))
            answer = await asyncio.shield(receive)
        finally:
            await asyncio.wait([start])
            sender.close()
            if start.exception() is None:
                if process.is_alive():
                    process.kill()  # overran the caller's time, or the caller went away
                await asyncio.to_thread(process.join)
            if receive is not None:
                await asyncio.wait([receive])  # ends at once: the child's end of the pipe is closed
            receiver.close()
        if answer is None:
            raise ParseOverrun(
                f"reading the file used more than its {budget.cpu_seconds:.0f} s of processor time"
            )
        kind, value = answer
        if kind == "ok":
            return value  # type: ignore[no-any-return]
        if kind == "refused":
            raise value
        if kind == "memory":
            raise ParseOverrun(f"reading the file needed more than {budget.memory_bytes // _MIB} MiB")
        raise ParseFailed(value)


def _receive(receiver: multiprocessing.connection.Connection) -> tuple[str, Any] | None:
    """The child's answer; None when it died without one (killed at its CPU limit)."""
    try:
        return receiver.recv()  # type: ignore[no-any-return]
    except EOFError:
        return None
