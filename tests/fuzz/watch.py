"""What a fuzz run watches besides the answers: the log, and the rows every service stores."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from sqlalchemy import Engine, inspect, text


class BrokenCalls(logging.Handler):
    """Keeps every log record that reports a failure: level ERROR and above, or one with a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.records.append(record)

    def report(self) -> list[str]:
        return [f"{r.name}: {r.getMessage()[:300]}" for r in self.records]


@contextmanager
def broken_calls() -> Iterator[BrokenCalls]:
    """A handler on the root logger for the duration (the edge, the services, uvicorn and mcp)."""
    handler = BrokenCalls()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


class RowCounts:
    """Rows per table in every service's database, counted in one query per database."""

    def __init__(self, engines: Sequence[Engine]) -> None:
        self._queries: list[tuple[Engine, list[str], str]] = []
        for engine in engines:
            tables = sorted(inspect(engine).get_table_names())
            if not tables:
                continue
            counts = ", ".join(f'(SELECT count(*) FROM "{table}")' for table in tables)
            self._queries.append((engine, tables, f"SELECT {counts}"))

    def __call__(self) -> dict[str, int]:
        counted: dict[str, int] = {}
        # By position: on PostgreSQL every service's schema is in the same database.
        for i, (engine, tables, query) in enumerate(self._queries):
            with engine.connect() as conn:
                row = conn.execute(text(query)).one()
            counted.update({f"{i}:{table}": n for table, n in zip(tables, row, strict=True)})
        return counted


# An account's empty training library is created by its first training call of any kind, a read
# or a refused write alike (services/training ensure_library): a container, not what was refused.
CREATED_ON_FIRST_USE = frozenset({"libraries"})


def changed(before: dict[str, int], after: dict[str, int]) -> dict[str, tuple[int, int]]:
    """Tables whose row count differs, but for containers created on an account's first use."""
    return {
        table: (before[table], after[table])
        for table in before
        if before[table] != after[table] and table.split(":", 1)[1] not in CREATED_ON_FIRST_USE
    }
