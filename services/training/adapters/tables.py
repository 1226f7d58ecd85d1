"""Training's tables. No schema names: on PostgreSQL the schema comes from ``search_path``."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, DateTime, Index, MetaData, String, Table, Text

metadata = MetaData()

# Bytewise ordering on both databases, so a prefix is a contiguous index range (PostgreSQL's default
# collations ignore spaces and punctuation when ordering).
TERM_TYPE = String(160).with_variant(String(160, collation="C"), "postgresql")

# Catalog rows have account_id NULL; custom exercises belong to one account.
exercises = Table(
    "exercises",
    metadata,
    Column("exercise_id", String(64), primary_key=True),
    Column("account_id", String(36), nullable=True),
    Column("name", String(120), nullable=False),
    Column("name_key", String(120), nullable=False),
    Column("aliases", Text, nullable=False),  # JSON list
    Column("primary_muscles", Text, nullable=False),  # JSON list
    Column("secondary_muscles", Text, nullable=False),  # JSON list
    Column("equipment", Text, nullable=False),  # JSON list
    Column("tracking_modes", Text, nullable=False),  # JSON list
    Column("custom", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_exercises_account_name", "account_id", "name_key"),
)

# One row per searchable term (normalized name, alias, word, compacted form): prefix lookups find
# candidates with an index range scan instead of reading the whole catalog.
exercise_terms = Table(
    "exercise_terms",
    metadata,
    Column("term", TERM_TYPE, primary_key=True),
    Column("exercise_id", String(64), primary_key=True),
)

# Muscles ("muscle") and equipment ("equipment") as rows, so filters are indexed equality lookups.
exercise_tags = Table(
    "exercise_tags",
    metadata,
    Column("kind", String(16), primary_key=True),
    Column("value", String(40), primary_key=True),
    Column("exercise_id", String(64), primary_key=True),
)

# Fingerprint of the seeded catalog, so a restart re-seeds only when catalog.json changed.
catalog_state = Table(
    "catalog_state",
    metadata,
    Column("key", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)
