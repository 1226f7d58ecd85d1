"""SQL statements and round trips per LogPerformance, and milliseconds per call, in one process.

What the sessions service does for one ``client_ai_log_my_workout_performance`` call, without the
edge, gRPC or auth around it: the module's gate (which LogPerformance's servicer runs first, reading
the exercise's visibility in the same query, decision 0119) and ``LogPerformance`` with one new
set, on SQLite and on PostgreSQL, with the engines the service itself makes
(``kinetic.storage.make_engine``). Per database it prints, for each of the two:

- statements: what SQLAlchemy sends (``before_cursor_execute``);
- wire: what reaches the database. On PostgreSQL every request the client waits for, from libpq's
  own trace: simple queries (``BEGIN``, ``COMMIT``, ``ROLLBACK``, the pool's ping) and extended
  queries (one ``Sync`` each), i.e. round trips. On SQLite every statement sqlite3 runs, its own
  ``BEGIN`` and ``COMMIT`` included;
- ms: wall time per call, in this process (the database server's time included on PostgreSQL).

``--trace`` also prints the wire of one call of each. Every log is a new set (four per exercise,
then the next exercise, then the next session) so every call writes, as in
``benchmarks/session_logging.py``; the same shape, 1 caller. See
docs/decisions/0022-session-logging-benchmark.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
import tempfile
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event

from kinetic.storage import drop_schema, make_engine
from services.sessions.bootstrap import SessionsApp, prepare
from services.sessions.domain.session_model import LoggedSet
from services.sessions.gyms.bootstrap import GymModule, build_gym_module
from services.sessions.gyms.domain.admin_input import NewPlanDay
from services.sessions.gyms.domain.model import ClientMcpPolicy, Localized, PlanExerciseContent
from services.sessions.gyms.service_layer.demo import DEMO_EXERCISES
from services.sessions.service_layer.gym_directory import GatedExercise
from services.sessions.service_layer.session_lifecycle import StartRequest
from services.sessions.service_layer.session_logging import PerformanceInput

POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/test"
MODULE = "client_ai_workout_v2"
ACCOUNT = "00000000-0000-4000-8000-0000000stats"
EXERCISES = 10
SETS_PER_EXERCISE = 4
SESSIONS = 4
WARMUP_CALLS = 20
CALLS = 120  # with the warm-up: 140 of the 160 slots of four sessions, each a new set


class NoOccurrences:
    """Plan-day sessions never mark a Training occurrence."""

    async def mark(self, *args: Any, **kwargs: Any) -> None:
        raise AssertionError("a plan-day session marked an occurrence")


@dataclass
class Wire:
    """What one engine sends: SQLAlchemy's statements and the database's own view of them."""

    statements: int = 0
    lines: list[str] = field(default_factory=list)


class Counter:
    """Counts statements on ``engine``; on PostgreSQL through a libpq trace file, on SQLite a callback."""

    def __init__(self, engine: Engine, trace_path: Path) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self._trace_path = trace_path
        self._trace_fd = os.open(trace_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        self._offset = 0
        self._sqlite_lines: list[str] = []
        self.wire = Wire()
        event.listen(engine, "connect", self._on_connect)
        event.listen(engine, "before_cursor_execute", self._on_statement)
        engine.dispose()  # every connection from here on is traced

    def _on_connect(self, dbapi_connection: Any, _record: Any) -> None:
        if self.postgres:
            from psycopg import pq

            dbapi_connection.pgconn.trace(self._trace_fd)
            dbapi_connection.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
        else:
            dbapi_connection.set_trace_callback(self._sqlite_lines.append)

    def _on_statement(self, *_args: Any) -> None:
        self.wire.statements += 1

    def _postgres_requests(self) -> list[str]:
        # Each simple Query and each Sync (the end of an extended query) is one wait for the server
        # (psycopg's pipeline mode, which sends several Syncs at once, is not used on these paths).
        # libpq writes a frontend message when it sends it; only whole lines are taken.
        with self._trace_path.open("rb") as trace:
            trace.seek(self._offset)
            data = trace.read()
        complete = data[: data.rfind(b"\n") + 1]
        self._offset += len(complete)
        requests: list[str] = []
        pending = ""
        for line in complete.decode("utf-8", "replace").splitlines():
            parts = line.split("\t")
            if len(parts) < 3 or parts[0] != "F":
                continue
            kind, detail = parts[2], parts[3] if len(parts) > 3 else ""
            if kind == "Query":
                requests.append(detail.strip())
            elif kind == "Parse":
                pending = detail.strip()
            elif kind == "Bind" and not pending:
                pending = "(prepared) " + detail.strip()[:60]
            elif kind == "Sync":
                requests.append(pending)
                pending = ""
        return requests

    @contextmanager
    def window(self) -> Iterator[Wire]:
        """Count what runs inside the block."""
        self.take()
        wire = Wire()
        self.wire = wire
        yield wire
        wire.lines = self.take()

    def take(self) -> list[str]:
        """Everything sent since the last take."""
        if self.postgres:
            return self._postgres_requests()
        lines, self._sqlite_lines[:] = list(self._sqlite_lines), []
        return lines

    def close(self) -> None:
        """Stop tracing."""
        event.remove(self.engine, "connect", self._on_connect)
        event.remove(self.engine, "before_cursor_execute", self._on_statement)
        self.engine.dispose()
        os.close(self._trace_fd)


@dataclass
class Caller:
    """The account's plan-day sessions and its next free (session, exercise, set number) slot."""

    session_ids: list[str]
    exercise_ids: list[str]
    logged: int = 0

    def next_log(self) -> PerformanceInput:
        """A new set: set number first, then exercise, then session."""
        per_session = len(self.exercise_ids) * SETS_PER_EXERCISE
        session, rest = divmod(self.logged, per_session)
        exercise, set_index = divmod(rest, SETS_PER_EXERCISE)
        self.logged += 1
        entry = LoggedSet(
            set_number=set_index + 1, weight_kg=60 + 2.5 * set_index, reps=8, rpe=8, completed=True
        )
        return PerformanceInput(
            session_id=self.session_ids[session], exercise_id=self.exercise_ids[exercise], sets=(entry,)
        )


def open_gym(gym: GymModule, app: SessionsApp) -> Caller:
    """One gym with every gate open, one client with a plan, and its plan-day sessions started."""
    admin = gym.admin
    company = admin.create_company("Stats Gym", True, ClientMcpPolicy((MODULE,), True))
    coach = admin.create_coach(company.id, "Coach")
    exercise_ids = [
        admin.create_exercise(
            company_id=company.id,
            catalog_exercise_id=demo.slug,
            name=Localized(demo.name.en, demo.name.nl),
        ).id
        for demo in DEMO_EXERCISES[:EXERCISES]
    ]
    client = admin.create_client(ACCOUNT, "Stats", True)
    admin.set_relationship(client.id, company.id, True)
    days = tuple(
        NewPlanDay(Localized(f"Day {d}", f"Dag {d}"), exercises=(PlanExerciseContent(exercise_ids[d], 4),))
        for d in range(SESSIONS)
    )
    plan = admin.create_plan(
        coach_id=coach.id, client_id=client.id, name=Localized("Plan", "Plan"), days=days
    )
    session_ids = []
    for day in plan.days:
        started = asyncio.run(
            app.lifecycle.start_or_resume(StartRequest(ACCOUNT, plan_id=plan.id, plan_moment_id=day.id))
        )
        session_ids.append(started.session.session_id)
    return Caller(session_ids, exercise_ids)


@dataclass(frozen=True)
class Figures:
    """Per call, for the gate and for the log."""

    gate_statements: float
    gate_wire: float
    log_statements: float
    log_wire: float
    gate_ms: float
    log_ms: float
    trace: tuple[list[str], list[str]]


def _per_call(counter: Counter, calls: int, run: Callable[[], None]) -> tuple[float, float, float]:
    with counter.window() as wire:
        started = time.perf_counter()
        for _ in range(calls):
            run()
        elapsed = time.perf_counter() - started
    return wire.statements / calls, len(wire.lines) / calls, elapsed * 1000 / calls


def measure(engine: Engine, tmp: Path) -> Figures:
    """Set up the gym, then count and time the gate and the log (each call a new set)."""
    gym = build_gym_module(engine)
    app = prepare(engine, NoOccurrences(), gym.directory)  # migrates first
    caller = open_gym(gym, app)
    counter = Counter(engine, tmp / "libpq-trace.txt")
    try:
        # As the servicer runs them: the gate reads the exercise's visibility too and hands it
        # to the log (decision 0119), so each set's gate comes first, and the logs follow in order.
        gated: deque[tuple[PerformanceInput, GatedExercise | None]] = deque()

        def gate() -> None:
            given = caller.next_log()
            gated.append(
                (given, gym.client.check_access_with_exercise(ACCOUNT, MODULE, True, given.exercise_id))
            )

        def log() -> None:
            given, answer = gated.popleft()
            if app.log.log(ACCOUNT, given, answer).replayed:
                raise RuntimeError("a replay writes nothing: not what is measured")

        for _ in range(WARMUP_CALLS):
            gate()
            log()
        with counter.window() as gate_wire:
            gate()
        with counter.window() as log_wire:
            log()
        gate_statements, gate_requests, gate_ms = _per_call(counter, CALLS, gate)
        log_statements, log_requests, log_ms = _per_call(counter, CALLS - 1, log)
    finally:
        counter.close()
    return Figures(
        gate_statements,
        gate_requests,
        log_statements,
        log_requests,
        gate_ms,
        log_ms,
        (gate_wire.lines, log_wire.lines),
    )


def run_database(database: str) -> Figures:
    """Measure on a fresh SQLite file or a fresh PostgreSQL schema, then remove it."""
    with tempfile.TemporaryDirectory(prefix="kinetic-session-statements-") as tmp:
        if database == "sqlite":
            engine = make_engine("sessions", data_dir=Path(tmp) / "data", database_url=None)
            try:
                return measure(engine, Path(tmp))
            finally:
                engine.dispose()
        schema = f"stats_{uuid.uuid4().hex[:10]}"
        engine = make_engine("sessions", data_dir=Path(tmp), database_url=POSTGRES_URL, schema=schema)
        try:
            return measure(engine, Path(tmp))
        finally:
            drop_schema(engine, schema)
            engine.dispose()


def report(figures: dict[str, Figures], trace: bool) -> None:
    """The table, and with ``trace`` the wire of one gate and one log per database."""
    wire_name = {"sqlite": "sqlite3 statements", "postgresql": "round trips"}
    print(f"\n{'database':<12}{'call':<18}{'statements':>11}{'wire':>7}{'ms/call':>9}   wire counts")
    for database, f in figures.items():
        rows = (
            ("module gate", f.gate_statements, f.gate_wire, f.gate_ms),
            ("LogPerformance", f.log_statements, f.log_wire, f.log_ms),
        )
        for name, statements, wire, ms in rows:
            print(
                f"{database:<12}{name:<18}{statements:>11.1f}{wire:>7.1f}{ms:>9.2f}   {wire_name[database]}"
            )
    if trace:
        for database, f in figures.items():
            for name, lines in zip(("module gate", "LogPerformance"), f.trace, strict=True):
                print(f"\n{database} {name}: {len(lines)}")
                for line in lines:
                    print(f"  {line[:150]}")
    print(f"\nsqlite3 {sqlite3.sqlite_version}; {CALLS} calls each after {WARMUP_CALLS} warm-up, in-process.")


def main(argv: list[str] | None = None) -> int:
    """Measure on each database asked for; print the table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.session_statements", description=__doc__)
    parser.add_argument(
        "--database", choices=("sqlite", "postgresql"), action="append", help="default: both, in turn"
    )
    parser.add_argument("--trace", action="store_true", help="print what one gate and one log send")
    args = parser.parse_args(argv)
    figures = {database: run_database(database) for database in args.database or ("sqlite", "postgresql")}
    report(figures, args.trace)
    return 0


if __name__ == "__main__":
    sys.exit(main())
