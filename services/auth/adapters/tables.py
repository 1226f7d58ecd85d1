"""Auth's tables. No schema names: on PostgreSQL the schema comes from ``search_path``."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
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
    # Given on the account page; false until then (migration 0005, decision 0048).
    Column("logging_consent", Boolean, nullable=False, server_default=false()),
    Column("health_data_consent", Boolean, nullable=False, server_default=false()),
    # Endurance attributes (migration 0006, decision 0048): the server defaults fill older rows.
    Column("primary_sport", String(16), nullable=False, server_default="strength"),
    Column("account_status", String(16), nullable=False, server_default="active"),
    Column("plan_tier", String(16), nullable=False, server_default="free"),
    Column("distance_unit", String(8), nullable=False, server_default=""),
    # The ISO weekday the athlete's weeks start on (migration 0007, decisions 0048 and 0060).
    Column("first_weekday", SmallInteger, nullable=False, server_default="1"),
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

# --- OAuth (migration 0002, docs/decisions/0008-oauth-authorization-server.md) ---------------------
# Client IDs may be https URLs (Client ID Metadata Documents), hence the long column. Codes, refresh
# tokens and session tokens are stored only as SHA-256 digests; the digest is the primary key.

CLIENT_ID = 2048

# Clients registered dynamically (RFC 7591) or statically by the CLI; built-in ones live in code.
oauth_clients = Table(
    "oauth_clients",
    metadata,
    Column("client_id", String(CLIENT_ID), primary_key=True),
    Column("client_name", String(100), nullable=False),
    Column("redirect_uris", Text, nullable=False),  # JSON array
    Column("grant_types", Text, nullable=False),  # space-separated
    Column("kind", String(32), nullable=False),  # "static" or "registered"
    Column("registered_from", String(64), nullable=True),  # caller address, for the rate limit
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_oauth_clients_registered_from", "registered_from", "created_at"),
)

authorization_requests = Table(
    "authorization_requests",
    metadata,
    Column("authorization_id", String(64), primary_key=True),
    Column("client_id", String(CLIENT_ID), nullable=False),
    Column("client_name", String(100), nullable=False),
    Column("client_kind", String(32), nullable=False),
    Column("redirect_uri", Text, nullable=False),
    Column("scopes", Text, nullable=False),
    Column("resource", Text, nullable=False),
    Column("state", Text, nullable=False),
    Column("code_challenge", String(64), nullable=False),
    Column("status", String(16), nullable=False),
    Column("account_id", String(36), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("decided_at", DateTime(timezone=True), nullable=True),
    # Kept for the browser that started the flow (cross-device approval); the code in it is wiped
    # when the code is redeemed, and is useless without the client's PKCE verifier anyway.
    Column("redirect_to", Text, nullable=False),
)

authorization_codes = Table(
    "authorization_codes",
    metadata,
    Column("code_sha256", String(64), primary_key=True),
    Column("authorization_id", String(64), nullable=False),
    Column("account_id", String(36), nullable=False),
    Column("client_id", String(CLIENT_ID), nullable=False),
    Column("redirect_uri", Text, nullable=False),
    Column("resource", Text, nullable=False),
    Column("scopes", Text, nullable=False),
    Column("code_challenge", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("used_at", DateTime(timezone=True), nullable=True),
    Column("revoked_at", DateTime(timezone=True), nullable=True),
    Column("grant_id", String(36), nullable=True),  # the approval's grant: a replay revokes it
    ForeignKeyConstraint(["account_id"], ["accounts.account_id"], name="fk_authorization_codes_account_id"),
    Index("ix_authorization_codes_account_client", "account_id", "client_id"),
)

# A grant is one connection and one refresh token family: revoking it ends every token issued from it.
grants = Table(
    "grants",
    metadata,
    Column("grant_id", String(36), primary_key=True),
    Column("account_id", String(36), nullable=False),
    Column("client_id", String(CLIENT_ID), nullable=False),
    Column("client_name", String(100), nullable=False),
    Column("resource", Text, nullable=False),
    Column("scopes", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("last_used_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),  # that of its newest refresh token
    Column("revoked_at", DateTime(timezone=True), nullable=True),
    ForeignKeyConstraint(["account_id"], ["accounts.account_id"], name="fk_grants_account_id"),
    Index("ix_grants_account_client", "account_id", "client_id"),
)

refresh_tokens = Table(
    "refresh_tokens",
    metadata,
    Column("token_sha256", String(64), primary_key=True),
    Column("grant_id", String(36), nullable=False),
    Column("client_id", String(CLIENT_ID), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("used_at", DateTime(timezone=True), nullable=True),  # rotated: presenting it again is reuse
    ForeignKeyConstraint(["grant_id"], ["grants.grant_id"], name="fk_refresh_tokens_grant_id"),
    Index("ix_refresh_tokens_grant", "grant_id"),
)

# Every access token the service signs, by jti, so CheckAccessToken can answer "revoked" at once.
access_tokens = Table(
    "access_tokens",
    metadata,
    Column("jti", String(36), primary_key=True),
    Column("account_id", String(36), nullable=False),
    Column("grant_id", String(36), nullable=True),  # NULL: issued by IssueAccessToken, not OAuth
    Column("client_id", String(CLIENT_ID), nullable=False),
    Column("issued_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("revoked_at", DateTime(timezone=True), nullable=True),
    Index("ix_access_tokens_account", "account_id"),
    Index("ix_access_tokens_grant", "grant_id"),
)

browser_sessions = Table(
    "browser_sessions",
    metadata,
    Column("token_sha256", String(64), primary_key=True),
    Column("account_id", String(36), nullable=False),
    Column("csrf_secret", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    ForeignKeyConstraint(["account_id"], ["accounts.account_id"], name="fk_browser_sessions_account_id"),
    Index("ix_browser_sessions_account", "account_id"),
)

# --- Revocation log (migration 0003, docs/decisions/0030-revocation-push.md) -----------------------
# Every revocation, numbered, so edges follow it with WatchRevocations. AUTOINCREMENT on SQLite: a
# purged sequence is never handed out again, or a watcher resuming after it would skip the new row.
# No foreign key: an account's deletion tombstone outlives the account row by design.
revocations = Table(
    "revocations",
    metadata,
    Column("sequence", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column("kind", String(16), nullable=False),  # token, grant, account or api_key
    Column("subject", String(36), nullable=False),  # the jti, grant_id, account_id or key_id
    Column("account_id", String(36), nullable=False),
    Column("revoked_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Index("ix_revocations_account", "account_id"),
    Index("ix_revocations_expires", "expires_at"),
    sqlite_autoincrement=True,
)

# --- Erasure outbox (migration 0004, docs/decisions/0033-account-deletion-everywhere.md) ----------
# One row per (deleted account, service that may still hold its data), written in the deletion's
# transaction and removed when that service confirms its erasure. No foreign key: the account row
# is gone by then. ``last_error`` holds a gRPC status name only, never a message.
account_erasures = Table(
    "account_erasures",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("service", String(16), primary_key=True),
    Column("attempts", Integer, nullable=False),
    Column("next_attempt_at", DateTime(timezone=True), nullable=False),
    Column("last_error", String(80), nullable=False),
    Column("deleted_at", DateTime(timezone=True), nullable=False),
)
