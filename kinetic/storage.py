"""Storage plumbing: one SQLAlchemy engine per service, and its Alembic migrations.

Each service owns its tables. On SQLite (the embedded default) that means its own file under the
data directory; on PostgreSQL its own schema, selected through ``search_path`` so table definitions
stay schema-free and identical on both. Queries are short and run on the event loop: see
docs/decisions/0002-sync-storage-on-the-event-loop.md.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, exc, text
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection

from kinetic.errors import Conflict
from kinetic.settings import SCHEMA_NAME, ServiceSettings
from kinetic.telemetry import instrument_engine


def make_engine(
    service: str, *, data_dir: Path, database_url: str | None, schema: str | None = None
) -> Engine:
    """An engine for ``service``: a SQLite file in ``data_dir``, or ``schema`` on PostgreSQL."""
    if database_url:
        schema = schema or service
        if not SCHEMA_NAME.match(schema):
            raise ValueError(f"invalid schema name {schema!r}")
        url = database_url.replace("postgresql://", "postgresql+psycopg://", 1)
        engine = create_engine(
            url,
            connect_args={"options": f"-csearch_path={schema}"},
            pool_size=8,
            max_overflow=4,
        )
        _ping_when_idle(engine)
        with engine.begin() as conn:
            _lock_schema(conn, schema)
            conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
    else:
        data_dir.mkdir(parents=True, exist_ok=True)
        engine = create_engine(f"sqlite:///{data_dir / f'{service}.sqlite3'}")
        event.listen(engine, "connect", _sqlite_pragmas)
    instrument_engine(engine)
    return engine


# A connection back from a call less than this long ago is handed out without a ping (decision 0119).
PING_AFTER_IDLE_SECONDS = 1.0
_CHECKED_IN_AT = "kinetic.checked_in_at"


def _ping_when_idle(engine: Engine) -> None:
    """Check a pooled PostgreSQL connection before use only when it sat idle, or is known broken.

    ``pool_pre_ping`` pinged on every checkout: one round trip more for every call, although a
    connection used a millisecond ago is as alive as a ping can tell (the server may go right after
    either). A connection idle for ``PING_AFTER_IDLE_SECONDS`` or more is pinged as before, and
    replaced when the ping finds it gone. The same idea as HikariCP's 500 ms alive-bypass window.
    See decision 0119.
    """
    dialect = engine.dialect

    def checkout(dbapi_connection: Any, record: ConnectionPoolEntry, _proxy: PoolProxiedConnection) -> None:
        checked_in = record.info.get(_CHECKED_IN_AT)
        if checked_in is None or time.monotonic() - checked_in < PING_AFTER_IDLE_SECONDS:
            return  # new (just connected), or back from a call moments ago
        try:
            dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as error:
            if dialect.is_disconnect(error, dbapi_connection, None):
                raise exc.DisconnectionError("the connection did not answer a ping") from error
            raise

    def checkin(_dbapi_connection: Any, record: ConnectionPoolEntry) -> None:
        record.info[_CHECKED_IN_AT] = time.monotonic()

    event.listen(engine, "checkout", checkout)
    event.listen(engine, "checkin", checkin)


def engine_for(settings: ServiceSettings) -> Engine:
    """The engine a service's settings call for: its SQLite file, or its schema on PostgreSQL."""
    return make_engine(
        settings.service,
        data_dir=settings.data_dir,
        database_url=settings.database_url,
        schema=settings.database_schema,
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the single writer; busy_timeout rides out short write locks.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    # A deleted row's bytes are overwritten with zeros, not only unlinked: an erased account's text
    # is not left readable in the file's free space (decision 0071). The -wal file is emptied by
    # ``checkpoint_after_erasure``.
    cursor.execute("PRAGMA secure_delete=ON")
    cursor.close()


def checkpoint_after_erasure(engine: Engine) -> bool:
    """After an erasure has committed: on SQLite, copy the write-ahead log into the database file
    and truncate it to nothing, so the earlier pages that held the erased rows are in no file any
    more (decision 0071). True when done, or on PostgreSQL (left as it is); False when a reader or
    writer kept the log in use past the busy timeout (5 s): the rows are gone, their old pages not.
    """
    if engine.dialect.name != "sqlite":
        return True
    with engine.connect() as conn:
        busy, _, _ = conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").one()
    return not busy


def require_checkpoint_after_erasure(engine: Engine) -> None:
    """``checkpoint_after_erasure``, or ABORTED ``ERASURE_NOT_CHECKPOINTED`` so the caller retries:
    an account's erasure is confirmed only once its text is gone from the disk's files too."""
    if not checkpoint_after_erasure(engine):
        raise Conflict(
            "the account's rows are erased, but the database's log still holds their earlier pages "
            "(it was in use); retry to finish",
            reason="ERASURE_NOT_CHECKPOINTED",
        )


def upgrade(engine: Engine, migrations_dir: Path) -> None:
    """Bring ``engine``'s schema to the newest Alembic revision in ``migrations_dir``."""
    config = Config()
    config.set_main_option("script_location", str(migrations_dir))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            _lock_schema(connection, connection.execute(text("SELECT current_schema()")).scalar_one())
        config.attributes["connection"] = connection
        command.upgrade(config, "heads")  # independent branches (e.g. sessions and gyms) both apply


def _lock_schema(connection: Connection, schema: str | None) -> None:
    """Hold a lock on ``schema`` until the transaction ends.

    Replicas start (and migrate) at once: without it, two ``CREATE SCHEMA IF NOT EXISTS`` or two
    Alembic upgrades of one schema race, and all but one fail on PostgreSQL's catalog constraints.
    """
    connection.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": f"kinetic:{schema}"})


def drop_schema(engine: Engine, schema: str) -> None:
    """Remove a PostgreSQL schema and everything in it (used by tests)."""
    with engine.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
