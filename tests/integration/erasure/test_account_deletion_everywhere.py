"""Deleting an account erases it in every service that holds it (decision 0033), on SQLite and
PostgreSQL: four real services on port 0, an account that used each of them, and the account's rows
counted in every table of every service's database before and after."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import grpc
from sqlalchemy import Engine, event

from kinetic.analytics.v1 import analytics_pb2
from kinetic.auth.v1 import auth_pb2
from kinetic.errors import RemoteError
from kinetic.sessions.v1 import sessions_pb2, workout_log_pb2
from kinetic.training.v1 import training_pb2
from services.auth.domain.erasure import retry_delay
from tests.eventually import POLL_SECONDS, eventually
from tests.integration.erasure.erasure_support import (
    KEPT_AFTER_DELETION,
    PASSWORD,
    Kinetic,
    RoundTrigger,
    create_account,
    kinetic,
    use_everything,
)


def left(rows: dict[tuple[str, str], int]) -> dict[tuple[str, str], int]:
    return {key: count for key, count in rows.items() if count}


def pending(stack: Kinetic, account_id: str) -> int:
    return stack.rows(account_id)[("auth", "account_erasures")]


async def delete(stack: Kinetic, account_id: str) -> None:
    await stack.auth.DeleteAccount(auth_pb2.DeleteAccountRequest(account_id=account_id, password=PASSWORD))


async def signs_in(stack: Kinetic, email: str) -> bool:
    try:
        await stack.auth.VerifyPassword(auth_pb2.VerifyPasswordRequest(email=email, password=PASSWORD))
    except grpc.aio.AioRpcError as error:
        assert RemoteError.from_rpc(error).code == grpc.StatusCode.UNAUTHENTICATED
        return False
    return True


async def test_deleting_an_account_erases_every_row_of_it_in_every_service(engines, tmp_path):
    async with kinetic(engines, tmp_path) as stack:
        ada = await create_account(stack, "ada@example.com")
        grace = await create_account(stack, "grace@example.com")
        for account_id in (ada, grace):
            await use_everything(stack, account_id)
        before = stack.rows(ada)
        others = stack.rows(grace)
        # Every account-owned table outside auth holds something of the account, so "zero after"
        # proves the erasure, not an unused table (auth's own tables: test_account_deletion_grpc).
        unused = [key for key, count in before.items() if key[0] != "auth" and not count]
        assert unused == [], f"use_everything leaves these empty: {unused}"

        await delete(stack, ada)
        assert not await signs_in(stack, "ada@example.com")
        await eventually(lambda: pending(stack, ada) == 0, within=10, what="every service confirming")

        assert left(stack.rows(ada)) == KEPT_AFTER_DELETION
        assert stack.rows(grace) == others
        assert await signs_in(stack, "grace@example.com")
        # A second erasure (a retry after a lost answer) deletes nothing and succeeds.
        again = [
            await stack.training.EraseAccount(training_pb2.EraseAccountRequest(account_id=ada)),
            await stack.sessions.EraseAccount(sessions_pb2.EraseAccountRequest(account_id=ada)),
            await stack.analytics.EraseAccount(analytics_pb2.EraseAccountRequest(account_id=ada)),
        ]
        assert [response.deleted_rows for response in again] == [0, 0, 0]
        assert stack.rows(grace) == others


async def test_a_service_down_during_deletion_is_erased_once_it_is_back(engines, tmp_path):
    trigger = RoundTrigger()
    async with kinetic(engines, tmp_path, erasure_wait=trigger) as stack:
        ada = await create_account(stack, "ada@example.com")
        await use_everything(stack, ada)
        await stack.running["sessions"].stop(0)

        await delete(stack, ada)
        assert not await signs_in(stack, "ada@example.com")
        await trigger.run_round()

        rows = stack.rows(ada)
        assert not left({key: n for key, n in rows.items() if key[0] == "training"})
        assert any(n for key, n in rows.items() if key[0] == "sessions")
        # Analytics waits for its sources: erased now, it could be derived again from sessions' feed.
        assert any(n for key, n in rows.items() if key[0] == "analytics")
        outbox = {e.service: e.attempts for e in stack.app_pending()}
        assert outbox == {"sessions": 1, "analytics": 0}
        # The task sleeps until the retry is due (analytics, held back, does not make it spin).
        assert trigger.waits[-1] == retry_delay(1).total_seconds()

        await stack.restart_sessions()
        await trigger.run_round()  # the retry is not due yet: nothing is attempted
        assert {e.service: e.attempts for e in stack.app_pending()} == outbox

        # Each round once the retry is due. The first may still fail: auth's channel reconnects to
        # the restarted sessions on gRPC's own backoff, which is real time.
        started = time.monotonic()
        while stack.app_pending():
            assert time.monotonic() - started < 10, f"still pending: {stack.app_pending()}"
            stack.clock.advance(retry_delay(max(e.attempts for e in stack.app_pending())).total_seconds())
            await trigger.run_round()
            await asyncio.sleep(POLL_SECONDS)
        assert left(stack.rows(ada)) == KEPT_AFTER_DELETION
        assert not await signs_in(stack, "ada@example.com")


async def test_an_auth_restart_resumes_the_erasure_its_outbox_holds(sqlite_engines, tmp_path):
    trigger = RoundTrigger()
    async with kinetic(sqlite_engines, tmp_path, erasure_wait=trigger) as stack:
        ada = await create_account(stack, "ada@example.com")
        await use_everything(stack, ada)
        # Auth stops after the deletion commits and before any service is asked (the task waits).
        await delete(stack, ada)
        await stack.restart_auth()
        await eventually(lambda: pending(stack, ada) == 0, within=10, what="the restarted auth erasing")
        assert left(stack.rows(ada)) == KEPT_AFTER_DELETION


async def _write_text_only(stack: Kinetic, account_id: str, marker: str, key: str) -> None:
    """Text only this account holds, in training (a custom exercise) and sessions (a logged workout)."""
    await stack.training.CreateCustomExercise(
        training_pb2.CreateCustomExerciseRequest(
            account_id=account_id,
            exercise=training_pb2.Exercise(
                name=f"{marker} carry {key}",
                primary_muscles=["quads"],
                equipment=["barbell"],
                tracking_modes=[training_pb2.TRACKING_MODE_SETS],
            ),
        )
    )
    one_set = workout_log_pb2.LoggedSetInput(reps=5, load_value=60, load_unit="kg")
    await stack.workout_log.LogWorkout(
        workout_log_pb2.LogWorkoutRequest(
            account_id=account_id,
            idempotency_key=f"{account_id}-{key}",
            title=f"{marker} workout",
            notes=f"{marker} notes",
            entries=[workout_log_pb2.EntryInput(words=f"{marker} squat", sets=[one_set], notes=marker)],
        )
    )


def _files_holding(data_dir: Path, text: str) -> set[str]:
    """The database, -wal and -shm files under ``data_dir`` whose bytes hold ``text`` (UTF-8)."""
    return {path.name for path in data_dir.iterdir() if text.encode() in path.read_bytes()}


def _secure_delete_off(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.execute("PRAGMA secure_delete=OFF")


def _as_sqlite_builds_without_secure_delete(engines: Any) -> Callable[[str], Engine]:
    """Engines whose connections start with secure_delete off, as SQLite's own default is: this
    machine's SQLite may be built with it on, and the test is about what the code sets."""

    def made(service: str) -> Engine:
        engine: Engine = engines(service)
        event.listen(engine, "connect", _secure_delete_off, insert=True)  # before make_engine's pragmas
        return engine

    return made


def _checkpoint(stack: Kinetic) -> None:
    """What SQLite does on its own every 1000 pages: the log's pages copied into the database file."""
    for engine in stack.engines.values():
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")


async def test_erased_text_is_in_no_byte_of_the_sqlite_files_nor_their_wal(sqlite_engines, tmp_path):
    """Decision 0071: rows deleted are overwritten (secure_delete) and the -wal file holding their
    earlier pages is checkpointed and emptied, so the text cannot be read from the disk's files."""
    ada_text, grace_text = "qzadasecret7", "qzgracekept7"
    data_dir = tmp_path / "data"
    async with kinetic(_as_sqlite_builds_without_secure_delete(sqlite_engines), tmp_path) as stack:
        ada = await create_account(stack, f"{ada_text}@example.com")
        grace = await create_account(stack, f"{grace_text}@example.com")
        for account_id, marker in ((ada, ada_text), (grace, grace_text)):
            await use_everything(stack, account_id)
            await _write_text_only(stack, account_id, marker, "first")
        _checkpoint(stack)  # the first text in the database files,
        for account_id, marker in ((ada, ada_text), (grace, grace_text)):
            await _write_text_only(stack, account_id, marker, "second")  # the second in the -wal files
        stores = {"auth.sqlite3", "training.sqlite3", "sessions.sqlite3"}
        logs = {"training.sqlite3-wal", "sessions.sqlite3-wal"}
        assert stores | logs <= _files_holding(data_dir, ada_text)

        await delete(stack, ada)
        await eventually(lambda: pending(stack, ada) == 0, within=10, what="every service confirming")

        assert _files_holding(data_dir, ada_text) == set()
        # The files are read as they are: the account kept is still found in them.
        assert stores <= _files_holding(data_dir, grace_text)
