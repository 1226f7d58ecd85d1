"""API key use cases: create, list, revoke, verify, and import a demo key with a chosen secret."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError

from kinetic.errors import AlreadyExists, InvalidArgument, NotFound, Unauthenticated
from services.auth.adapters import repository as repo
from services.auth.domain.accounts import Account, require
from services.auth.domain.api_keys import (
    ApiKey,
    display_prefix,
    is_well_formed,
    new_secret,
    secret_digest,
    validate_name,
    validate_scopes,
)
from services.auth.domain.revocations import Revocation
from services.auth.service_layer.revocations import RevocationLog

# One answer for malformed, unknown and revoked keys: a caller learns nothing by probing.
_INVALID_KEY = "the API key is not valid"


@dataclass(frozen=True)
class CreatedApiKey:
    """A new key and its secret, which exists only in this value and is never stored."""

    api_key: ApiKey
    secret: str


class ApiKeyService:
    """Personal API keys of one auth store."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime], revocations: RevocationLog) -> None:
        self._engine = engine
        self._clock = clock
        self._revocations = revocations

    def create_api_key(self, account_id: str, name: str, scopes: Sequence[str]) -> CreatedApiKey:
        """Make a key for an existing account; the secret is returned once."""
        secret = new_secret()
        return CreatedApiKey(self._store(account_id, secret, name, scopes), secret)

    def list_api_keys(self, account_id: str) -> list[ApiKey]:
        """The account's keys, newest first, revoked ones included; never a secret."""
        with self._engine.connect() as conn:
            _require_account(conn, account_id)
            return repo.list_api_keys(conn, account_id)

    def revoke_api_key(self, account_id: str, key_id: str) -> ApiKey:
        """Revoke one of the account's keys (again is fine); another account's key is NOT_FOUND."""
        require("account_id", account_id)
        require("key_id", key_id)
        now = self._clock()
        with self._engine.begin() as conn:
            before = repo.get_api_key(conn, account_id, key_id)
            if before is None:
                raise NotFound(f"no API key {key_id!r} for this account", reason="API_KEY_NOT_FOUND")
            repo.revoke_api_key(conn, key_id, now)
            if before.active:  # edges may hold it verified: tell them (decision 0030)
                self._revocations.record(conn, [Revocation.of_api_key(key_id, account_id, now)], now)
            revoked = repo.get_api_key(conn, account_id, key_id)
        self._revocations.announce()
        assert revoked is not None  # found above, in the same transaction
        return revoked

    def verify_api_key(self, secret: str) -> ApiKey:
        """The active key with this secret; UNAUTHENTICATED ``INVALID_API_KEY`` otherwise."""
        with self._engine.connect() as conn:
            return _active_key(conn, secret)

    def verify_api_key_and_owner(self, secret: str) -> tuple[ApiKey, Account]:
        """The active key with this secret and its owner as stored now (the verifier gates on the
        owner's plan tier and status, decision 0063); UNAUTHENTICATED ``INVALID_API_KEY`` otherwise."""
        with self._engine.connect() as conn:
            key = _active_key(conn, secret)
            owner = repo.get_account(conn, key.account_id)
        if owner is None:  # deleted between the two reads: its keys went with it
            raise Unauthenticated(_INVALID_KEY, reason="INVALID_API_KEY")
        return key, owner

    def import_api_key(self, account_id: str, secret: str, name: str, scopes: Sequence[str]) -> ApiKey:
        """Store a caller-chosen ``rf_`` secret (demo seeding); returns the stored key if present."""
        require("secret", secret)
        if not is_well_formed(secret):
            raise InvalidArgument.for_field("secret", "must be 'rf_' followed by 64 lowercase hex characters")
        with self._engine.connect() as conn:
            existing = repo.find_api_key_by_digest(conn, secret_digest(secret))
        if existing is not None:
            return _same_owner(existing, account_id)
        try:
            return self._store(account_id, secret, name, scopes)
        except AlreadyExists:
            # A concurrent import stored the same secret first.
            with self._engine.connect() as conn:
                existing = repo.find_api_key_by_digest(conn, secret_digest(secret))
            if existing is None:
                raise
            return _same_owner(existing, account_id)

    def _store(self, account_id: str, secret: str, name: str, scopes: Sequence[str]) -> ApiKey:
        require("account_id", account_id)
        key = ApiKey(
            key_id=str(uuid.uuid4()),
            account_id=account_id,
            name=validate_name(name),
            scopes=validate_scopes(scopes),
            prefix=display_prefix(secret),
            created_at=self._clock(),
        )
        try:
            with self._engine.begin() as conn:
                _require_account(conn, account_id)
                repo.add_api_key(conn, key, secret_digest(secret))
        except IntegrityError as exc:
            raise AlreadyExists("this API key secret is stored already", reason="API_KEY_EXISTS") from exc
        return key


def _active_key(conn: Connection, secret: str) -> ApiKey:
    require("secret", secret)
    if not is_well_formed(secret):
        raise Unauthenticated(_INVALID_KEY, reason="INVALID_API_KEY")
    # Looking up by digest needs no constant-time compare: timing could at most reveal digest
    # bytes, which say nothing about a secret with 256 bits of entropy.
    key = repo.find_api_key_by_digest(conn, secret_digest(secret))
    if key is None or not key.active:
        raise Unauthenticated(_INVALID_KEY, reason="INVALID_API_KEY")
    return key


def _require_account(conn: Connection, account_id: str) -> None:
    require("account_id", account_id)
    if repo.get_account(conn, account_id) is None:
        raise NotFound(f"no account {account_id!r}", reason="ACCOUNT_NOT_FOUND")


def _same_owner(key: ApiKey, account_id: str) -> ApiKey:
    if key.account_id != account_id:
        raise AlreadyExists("this API key secret belongs to another account", reason="API_KEY_EXISTS")
    return key
