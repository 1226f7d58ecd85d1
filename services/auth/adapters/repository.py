"""Reads and writes accounts, signing keys and API keys with SQLAlchemy Core.

Every function takes the caller's connection, so a use case decides where its transaction begins
and ends. Times are stored in UTC; SQLite keeps no offset, so reads attach UTC again.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, insert, select, update

from services.auth.adapters.tables import accounts, api_keys, signing_keys
from services.auth.domain.accounts import Account, AccountChanges
from services.auth.domain.api_keys import ApiKey
from services.auth.domain.signing_keys import SigningKey


def _to_db(moment: datetime) -> datetime:
    return moment.astimezone(UTC)


def _from_db(moment: datetime | None) -> datetime | None:
    if moment is None:
        return None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _required_time(moment: datetime | None) -> datetime:
    value = _from_db(moment)
    if value is None:
        raise ValueError("a NOT NULL time column held NULL")
    return value


# --- accounts -------------------------------------------------------------------------------------


def _row_to_account(m: Any) -> Account:
    return Account(
        account_id=m["account_id"],
        email=m["email"],
        display_name=m["display_name"],
        time_zone=m["time_zone"],
        units=m["units"],
        created_at=_required_time(m["created_at"]),
        logging_consent=bool(m["logging_consent"]),
        health_data_consent=bool(m["health_data_consent"]),
        primary_sport=m["primary_sport"],
        account_status=m["account_status"],
        plan_tier=m["plan_tier"],
        distance_unit=m["distance_unit"],
        first_weekday=int(m["first_weekday"]),
    )


def add_account(conn: Connection, account: Account, password_hash: str) -> None:
    """Insert an account; a taken email raises ``IntegrityError`` (the unique constraint decides)."""
    conn.execute(
        insert(accounts).values(
            account_id=account.account_id,
            email=account.email,
            password_hash=password_hash,
            display_name=account.display_name,
            time_zone=account.time_zone,
            units=account.units,
            created_at=_to_db(account.created_at),
            logging_consent=account.logging_consent,
            health_data_consent=account.health_data_consent,
            primary_sport=account.primary_sport,
            account_status=account.account_status,
            plan_tier=account.plan_tier,
            distance_unit=account.distance_unit,
            first_weekday=account.first_weekday,
        )
    )


def get_account(conn: Connection, account_id: str) -> Account | None:
    """The account with this ID, if any."""
    row = conn.execute(select(accounts).where(accounts.c.account_id == account_id)).first()
    return None if row is None else _row_to_account(row._mapping)


def update_account(conn: Connection, account_id: str, changes: AccountChanges) -> Account | None:
    """Set only the fields ``changes`` carries, so two updates of different fields both stay; the
    account as it is then, or None when there is none."""
    values = {name: value for name, value in asdict(changes).items() if value is not None}
    if values:
        conn.execute(update(accounts).where(accounts.c.account_id == account_id).values(**values))
    return get_account(conn, account_id)


def get_account_by_email(conn: Connection, email: str) -> tuple[Account, str] | None:
    """The account with this (lower-cased) email and its password hash, if any."""
    row = conn.execute(select(accounts).where(accounts.c.email == email)).first()
    return None if row is None else (_row_to_account(row._mapping), row._mapping["password_hash"])


def replace_password_hash(conn: Connection, account_id: str, old_hash: str, new_hash: str) -> bool:
    """Swap the hash only if it is still ``old_hash``; returns whether it did."""
    result = conn.execute(
        update(accounts)
        .where(accounts.c.account_id == account_id, accounts.c.password_hash == old_hash)
        .values(password_hash=new_hash)
    )
    return result.rowcount == 1


# --- signing keys ---------------------------------------------------------------------------------


def _row_to_signing_key(m: Any) -> SigningKey:
    return SigningKey(
        kid=m["kid"],
        private_pem=m["private_pem"],
        created_at=_required_time(m["created_at"]),
        retired_at=_from_db(m["retired_at"]),
    )


def add_signing_key(conn: Connection, key: SigningKey) -> None:
    """Store a new key pair."""
    conn.execute(
        insert(signing_keys).values(
            kid=key.kid,
            private_pem=key.private_pem,
            created_at=_to_db(key.created_at),
            retired_at=None if key.retired_at is None else _to_db(key.retired_at),
        )
    )


def active_signing_keys(conn: Connection) -> list[SigningKey]:
    """Keys not yet retired, newest first (the first one signs)."""
    rows = conn.execute(
        select(signing_keys)
        .where(signing_keys.c.retired_at.is_(None))
        .order_by(signing_keys.c.created_at.desc(), signing_keys.c.kid.desc())
    )
    return [_row_to_signing_key(row._mapping) for row in rows]


def retire_signing_key(conn: Connection, kid: str, now: datetime) -> bool:
    """Mark a key retired; returns whether an active key with this ``kid`` existed."""
    result = conn.execute(
        update(signing_keys)
        .where(signing_keys.c.kid == kid, signing_keys.c.retired_at.is_(None))
        .values(retired_at=_to_db(now))
    )
    return result.rowcount == 1


# --- API keys -------------------------------------------------------------------------------------


def _row_to_api_key(m: Any) -> ApiKey:
    return ApiKey(
        key_id=m["key_id"],
        account_id=m["account_id"],
        name=m["name"],
        scopes=tuple(m["scopes"].split()),
        prefix=m["prefix"],
        created_at=_required_time(m["created_at"]),
        revoked_at=_from_db(m["revoked_at"]),
    )


def add_api_key(conn: Connection, key: ApiKey, secret_sha256: str) -> None:
    """Insert a key; a duplicate digest raises ``IntegrityError``."""
    conn.execute(
        insert(api_keys).values(
            key_id=key.key_id,
            account_id=key.account_id,
            name=key.name,
            scopes=" ".join(key.scopes),
            prefix=key.prefix,
            secret_sha256=secret_sha256,
            created_at=_to_db(key.created_at),
            revoked_at=None,
        )
    )


def get_api_key(conn: Connection, account_id: str, key_id: str) -> ApiKey | None:
    """The key with this ID if it belongs to ``account_id``."""
    row = conn.execute(
        select(api_keys).where(api_keys.c.key_id == key_id, api_keys.c.account_id == account_id)
    ).first()
    return None if row is None else _row_to_api_key(row._mapping)


def find_api_key_by_digest(conn: Connection, secret_sha256: str) -> ApiKey | None:
    """The key whose secret has this digest, revoked or not."""
    row = conn.execute(select(api_keys).where(api_keys.c.secret_sha256 == secret_sha256)).first()
    return None if row is None else _row_to_api_key(row._mapping)


def list_api_keys(conn: Connection, account_id: str) -> list[ApiKey]:
    """The account's keys, newest first, revoked ones included."""
    rows = conn.execute(
        select(api_keys)
        .where(api_keys.c.account_id == account_id)
        .order_by(api_keys.c.created_at.desc(), api_keys.c.key_id.desc())
    )
    return [_row_to_api_key(row._mapping) for row in rows]


def revoke_api_key(conn: Connection, key_id: str, now: datetime) -> None:
    """Set ``revoked_at`` unless the key is revoked already (the first revocation time stays)."""
    conn.execute(
        update(api_keys)
        .where(api_keys.c.key_id == key_id, api_keys.c.revoked_at.is_(None))
        .values(revoked_at=_to_db(now))
    )
