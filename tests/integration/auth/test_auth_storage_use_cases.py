"""Auth use cases straight on storage (SQLite and PostgreSQL): rotation, seeding, rehashing."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from kinetic.access_tokens import AccessTokenVerifier
from kinetic.errors import AlreadyExists, DomainError, InvalidArgument, NotFound, Unauthenticated
from kinetic.storage import upgrade
from services.auth.adapters.tables import accounts
from services.auth.bootstrap import MIGRATIONS, AuthApp, build_app
from services.auth.domain.passwords import Argon2Parameters, PasswordHasher
from services.auth.service_layer.accounts import AccountService

ISSUER = "https://kinetic.test"
AUDIENCE = "https://kinetic.test/mcp"
PASSWORD = "correct horse battery"
DEMO_SECRET = "rf_" + "ab" * 32
START = datetime(2030, 5, 17, 8, 0, tzinfo=UTC)
VERIFY_AT = (START + timedelta(minutes=1)).timestamp()  # the clock below has moved a few seconds by then


class SteppingClock:
    """A clock that moves one second per reading, so "newest" is well defined."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def app(engines) -> AuthApp:
    engine = engines("auth")
    upgrade(engine, MIGRATIONS)
    upgrade(engine, MIGRATIONS)  # a second run is a no-op
    return build_app(engine, issuer=ISSUER, clock=SteppingClock())


def kids(app: AuthApp) -> list[str]:
    return [key["kid"] for key in json.loads(app.tokens.get_jwks())["keys"]]


def test_rotation_publishes_both_keys_and_signs_with_the_new_one(app):
    account = app.accounts.create_account("ada@example.com", PASSWORD, "Ada")
    first = app.tokens.ensure_signing_key()
    assert app.tokens.ensure_signing_key() == first
    old_token = app.tokens.issue_access_token(account.account_id, AUDIENCE, ["training"])

    second = app.tokens.rotate_signing_key()
    assert second != first
    assert kids(app) == [second, first]
    new_token = app.tokens.issue_access_token(account.account_id, AUDIENCE, ["training"])
    assert f'"kid":"{second}"' in _header(new_token.access_token)
    assert f'"kid":"{first}"' in _header(old_token.access_token)

    app.tokens.retire_signing_key(first)
    assert kids(app) == [second]
    with pytest.raises(DomainError) as error:
        app.tokens.retire_signing_key(second)
    assert error.value.reason == "LAST_SIGNING_KEY"
    with pytest.raises(NotFound):
        app.tokens.retire_signing_key(first)


async def test_verifier_follows_rotation_and_retirement(app):
    account = app.accounts.create_account("ada@example.com", PASSWORD, "Ada")
    fetches: list[int] = []

    async def fetch_jwks() -> str:
        fetches.append(1)
        return app.tokens.get_jwks()

    moment = [0.0]
    verifier = AccessTokenVerifier(ISSUER, fetch_jwks, monotonic=lambda: moment[0])
    first_token = app.tokens.issue_access_token(account.account_id, AUDIENCE, ["training"]).access_token
    claims = await verifier.verify(first_token, audience=AUDIENCE, now=VERIFY_AT)
    assert claims.subject == account.account_id

    first = app.tokens.ensure_signing_key()
    app.tokens.rotate_signing_key()
    second_token = app.tokens.issue_access_token(account.account_id, AUDIENCE, ["training"]).access_token
    moment[0] = 31.0
    claims = await verifier.verify(second_token, audience=AUDIENCE, now=VERIFY_AT)
    assert claims.subject == account.account_id
    assert len(fetches) == 2

    app.tokens.retire_signing_key(first)
    moment[0] = 400.0
    with pytest.raises(Unauthenticated):
        await verifier.verify(first_token, audience=AUDIENCE, now=VERIFY_AT)


def test_demo_seeding_is_idempotent(app):
    first = app.accounts.ensure_demo_account("Demo@Kinetic.test", PASSWORD, "Demo")
    again = app.accounts.ensure_demo_account("demo@kinetic.test", PASSWORD, "Demo")
    assert again == first

    key = app.api_keys.import_api_key(first.account_id, DEMO_SECRET, "demo", ["training", "mcp:full"])
    assert app.api_keys.import_api_key(first.account_id, DEMO_SECRET, "demo", ["training"]) == key
    assert app.api_keys.verify_api_key(DEMO_SECRET) == key
    assert key.prefix == DEMO_SECRET[:8]
    assert [k.key_id for k in app.api_keys.list_api_keys(first.account_id)] == [key.key_id]


def test_imported_secret_of_another_account_is_refused(app):
    owner = app.accounts.create_account("ada@example.com", PASSWORD, "Ada")
    other = app.accounts.create_account("eve@example.com", PASSWORD, "Eve")
    app.api_keys.import_api_key(owner.account_id, DEMO_SECRET, "demo", ["training"])
    with pytest.raises(AlreadyExists):
        app.api_keys.import_api_key(other.account_id, DEMO_SECRET, "demo", ["training"])


def test_imported_secret_must_have_the_key_format(app):
    owner = app.accounts.create_account("ada@example.com", PASSWORD, "Ada")
    with pytest.raises(InvalidArgument) as error:
        app.api_keys.import_api_key(owner.account_id, "rf_short", "demo", ["training"])
    assert error.value.violations[0].field == "secret"


def test_keys_are_listed_newest_first_and_revocation_is_idempotent(app):
    owner = app.accounts.create_account("ada@example.com", PASSWORD, "Ada")
    older = app.api_keys.create_api_key(owner.account_id, "laptop", ["training"]).api_key
    newer = app.api_keys.create_api_key(owner.account_id, "phone", ["training"]).api_key
    assert [k.key_id for k in app.api_keys.list_api_keys(owner.account_id)] == [newer.key_id, older.key_id]

    revoked = app.api_keys.revoke_api_key(owner.account_id, older.key_id)
    again = app.api_keys.revoke_api_key(owner.account_id, older.key_id)
    assert revoked.revoked_at is not None
    assert again.revoked_at == revoked.revoked_at
    assert revoked.revoked_at.tzinfo is not None


def test_listing_keys_of_an_unknown_account_is_not_found(app):
    with pytest.raises(NotFound):
        app.api_keys.list_api_keys("nobody")


def test_old_password_hash_is_upgraded_at_sign_in(app):
    cheap_hasher = PasswordHasher(Argon2Parameters(time_cost=1, memory_cost_kib=1024))
    cheap = AccountService(app.engine, cheap_hasher, lambda: START, app.revocations)
    account = cheap.create_account("ada@example.com", PASSWORD, "Ada")
    assert "m=1024,t=1" in _stored_hash(app, account.account_id)

    assert app.accounts.verify_password("ada@example.com", PASSWORD) == account
    assert "m=65536,t=3,p=4" in _stored_hash(app, account.account_id)
    assert app.accounts.verify_password("ada@example.com", PASSWORD) == account


def _stored_hash(app: AuthApp, account_id: str) -> str:
    with app.engine.connect() as conn:
        query = select(accounts.c.password_hash).where(accounts.c.account_id == account_id)
        return str(conn.execute(query).scalar_one())


def _header(token: str) -> str:
    segment = token.split(".")[0]
    return base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)).decode()
