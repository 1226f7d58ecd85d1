"""Sessions' tables. No schema names: on PostgreSQL the schema comes from ``search_path``."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, DateTime, MetaData, String, Table, Text

metadata = MetaData()

# The per-account change feed: (account_id, sequence) is the order analytics replays.
changes = Table(
    "changes",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("sequence", BigInteger, primary_key=True, autoincrement=False),
    Column("kind", String(64), nullable=False),
    Column("record_id", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("payload", Text, nullable=False),
)
