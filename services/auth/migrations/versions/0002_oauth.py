"""OAuth: clients, authorization requests, codes, grants, refresh and access token records, browser sessions.

Revision ID: 0002
Revises: 0001
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "oauth_clients",
        sa.Column("client_id", sa.String(2048), primary_key=True),
        sa.Column("client_name", sa.String(100), nullable=False),
        sa.Column("redirect_uris", sa.Text, nullable=False),
        sa.Column("grant_types", sa.Text, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("registered_from", sa.String(64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "authorization_requests",
        sa.Column("authorization_id", sa.String(64), primary_key=True),
        sa.Column("client_id", sa.String(2048), nullable=False),
        sa.Column("client_name", sa.String(100), nullable=False),
        sa.Column("client_kind", sa.String(32), nullable=False),
        sa.Column("redirect_uri", sa.Text, nullable=False),
        sa.Column("scopes", sa.Text, nullable=False),
        sa.Column("resource", sa.Text, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("code_challenge", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("account_id", sa.String(36), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("redirect_to", sa.Text, nullable=False),
    )
    op.create_table(
        "authorization_codes",
        sa.Column("code_sha256", sa.String(64), primary_key=True),
        sa.Column("authorization_id", sa.String(64), nullable=False),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("client_id", sa.String(2048), nullable=False),
        sa.Column("redirect_uri", sa.Text, nullable=False),
        sa.Column("resource", sa.Text, nullable=False),
        sa.Column("scopes", sa.Text, nullable=False),
        sa.Column("code_challenge", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("grant_id", sa.String(36), nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.account_id"], name="fk_authorization_codes_account_id"
        ),
    )
    op.create_table(
        "grants",
        sa.Column("grant_id", sa.String(36), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("client_id", sa.String(2048), nullable=False),
        sa.Column("client_name", sa.String(100), nullable=False),
        sa.Column("resource", sa.Text, nullable=False),
        sa.Column("scopes", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.account_id"], name="fk_grants_account_id"),
    )
    op.create_table(
        "refresh_tokens",
        sa.Column("token_sha256", sa.String(64), primary_key=True),
        sa.Column("grant_id", sa.String(36), nullable=False),
        sa.Column("client_id", sa.String(2048), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["grant_id"], ["grants.grant_id"], name="fk_refresh_tokens_grant_id"),
    )
    op.create_table(
        "access_tokens",
        sa.Column("jti", sa.String(36), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("grant_id", sa.String(36), nullable=True),
        sa.Column("client_id", sa.String(2048), nullable=False),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "browser_sessions",
        sa.Column("token_sha256", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("csrf_secret", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.account_id"], name="fk_browser_sessions_account_id"
        ),
    )
    op.create_index("ix_oauth_clients_registered_from", "oauth_clients", ["registered_from", "created_at"])
    op.create_index(
        "ix_authorization_codes_account_client", "authorization_codes", ["account_id", "client_id"]
    )
    op.create_index("ix_grants_account_client", "grants", ["account_id", "client_id"])
    op.create_index("ix_refresh_tokens_grant", "refresh_tokens", ["grant_id"])
    op.create_index("ix_access_tokens_grant", "access_tokens", ["grant_id"])
    op.create_index("ix_access_tokens_account", "access_tokens", ["account_id"])
    op.create_index("ix_browser_sessions_account", "browser_sessions", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_browser_sessions_account", "browser_sessions")
    op.drop_index("ix_access_tokens_account", "access_tokens")
    op.drop_index("ix_access_tokens_grant", "access_tokens")
    op.drop_index("ix_refresh_tokens_grant", "refresh_tokens")
    op.drop_index("ix_grants_account_client", "grants")
    op.drop_index("ix_authorization_codes_account_client", "authorization_codes")
    op.drop_index("ix_oauth_clients_registered_from", "oauth_clients")
    op.drop_table("browser_sessions")
    op.drop_table("access_tokens")
    op.drop_table("refresh_tokens")
    op.drop_table("grants")
    op.drop_table("authorization_codes")
    op.drop_table("authorization_requests")
    op.drop_table("oauth_clients")
