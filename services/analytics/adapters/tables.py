"""Analytics' tables. No schema names: on PostgreSQL the schema comes from ``search_path``."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, MetaData, String, Table

metadata = MetaData()

# How far each account's derived data has applied each upstream feed.
feed_cursors = Table(
    "feed_cursors",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("feed", String(32), primary_key=True),
    Column("sequence", BigInteger, nullable=False),
)
