"""Auth's tables. No schema names: on PostgreSQL the schema comes from ``search_path``."""

from __future__ import annotations

from sqlalchemy import (
    Column,
    DateTime,
    ForeignKeyConstraint,
    Index,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

# Constraints carry explicit names so later batch migrations on SQLite can find and alter them.
metadata = MetaData()

# Emails are stored lower-cased, so the unique constraint is the case-insensitive uniqueness rule.
accounts = Table(
    "accounts",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("email", String(254), nullable=False),
    Column("password_hash", String(255), nullable=False),  # argon2id PHC string
    Column("display_name", String(100), nullable=False),
    Column("time_zone", String(64), nullable=False),
    Column("units", String(16), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("email", name="uq_accounts_email"),
)

# Private keys in PEM (PKCS#8, unencrypted): the database is the auth service's own trust boundary;
# see docs/decisions/0003-signing-keys-and-api-keys.md.
signing_keys = Table(
    "signing_keys",
    metadata,
    Column("kid", String(64), primary_key=True),  # RFC 7638 thumbprint
    Column("private_pem", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("retired_at", DateTime(timezone=True), nullable=True),
)

# Only the SHA-256 digest of a secret is stored; its unique index finds a presented key in one lookup.
api_keys = Table(
    "api_keys",
    metadata,
    Column("key_id", String(36), primary_key=True),
    Column("account_id", String(36), nullable=False),
    Column("name", String(100), nullable=False),
    Column("scopes", Text, nullable=False),  # space-separated, like the OAuth "scope" claim
    Column("prefix", String(8), nullable=False),
    Column("secret_sha256", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("revoked_at", DateTime(timezone=True), nullable=True),
    ForeignKeyConstraint(["account_id"], ["accounts.account_id"], name="fk_api_keys_account_id"),
    UniqueConstraint("secret_sha256", name="uq_api_keys_secret_sha256"),
    Index("ix_api_keys_account_created", "account_id", "created_at"),
)
