"""The engine the sessions service reads with outside its write transactions.

On PostgreSQL the reads run in AUTOCOMMIT: no ``BEGIN`` before them and no ``ROLLBACK`` when the
connection goes back to the pool, two round trips fewer per read. Nothing else changes: at READ
COMMITTED (PostgreSQL's default, which the service uses) every statement takes its own snapshot
inside a transaction too, so a multi-statement read sees exactly what it saw before. Without the
``ROLLBACK`` psycopg also keeps its prepared statements (it drops them all on every ``ROLLBACK``),
so the hot statements are parsed and planned once per connection instead of on every call.

SQLite is left as it is: its driver starts no transaction for a ``SELECT``. Writes keep
``engine.begin()``. See docs/decisions/0022-session-logging-benchmark.md (the profile).
"""

from __future__ import annotations

from sqlalchemy import Engine


def read_engine(engine: Engine) -> Engine:
    """``engine`` for reads: the same pool, AUTOCOMMIT on PostgreSQL, unchanged on SQLite."""
    if engine.dialect.name == "postgresql":
        return engine.execution_options(isolation_level="AUTOCOMMIT")
    return engine
