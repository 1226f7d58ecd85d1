"""UpdateAccount and the account's consents over a real gRPC server, on SQLite and PostgreSQL
(docs/decisions/0048-account-consents-and-attributes.md)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import grpc
import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, insert

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.errors import RemoteError
from kinetic.settings import DemoSettings, ServiceSettings
from kinetic.storage import upgrade
from services.auth.adapters.tables import accounts
from services.auth.bootstrap import MIGRATIONS, build_app, start
from services.auth.entrypoints.demo import ensure_demo

ISSUER = "https://kinetic.test"
PASSWORD = "correct horse battery"
# Every field UpdateAccount changes, with a valid new value; "the others" in each test are these.
NEW_VALUES = {
    "display_name": "Ada King",
    "time_zone": "America/New_York",
    "units": "imperial",
    "logging_consent": True,
    "health_data_consent": True,
}


@dataclass
class Auth:
    stub: auth_pb2_grpc.AuthServiceStub
    engine: Engine
    data_dir: Path


@pytest.fixture
async def auth(engines, tmp_path) -> AsyncIterator[Auth]:
    engine = engines("auth")
    env = {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_PUBLIC_URL": ISSUER}
    running = await start(ServiceSettings.from_env("auth", env), port=0, engine=engine)
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        yield Auth(auth_pb2_grpc.AuthServiceStub(channel), engine, tmp_path)
    finally:
        await channel.close()
        await running.stop(0)


async def failure(call) -> RemoteError:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call
    return RemoteError.from_rpc(info.value)


async def create_account(auth: Auth) -> auth_pb2.Account:
    request = auth_pb2.CreateAccountRequest(
        email="ada@example.com", password=PASSWORD, display_name="Ada Lovelace", time_zone="Europe/London"
    )
    return (await auth.stub.CreateAccount(request)).account


async def stored(auth: Auth, account_id: str) -> auth_pb2.Account:
    return (await auth.stub.GetAccount(auth_pb2.GetAccountRequest(account_id=account_id))).account


async def update(auth: Auth, account_id: str, **fields) -> auth_pb2.Account:
    request = auth_pb2.UpdateAccountRequest(account_id=account_id, **fields)
    return (await auth.stub.UpdateAccount(request)).account


async def test_a_new_account_has_given_neither_consent(auth):
    created = await create_account(auth)
    assert (created.logging_consent, created.health_data_consent) == (False, False)
    assert (await stored(auth, created.account_id)) == created


@pytest.mark.parametrize("field", list(NEW_VALUES))
async def test_each_field_changes_alone(auth, field):
    before = await create_account(auth)
    after = await update(auth, before.account_id, **{field: NEW_VALUES[field]})

    assert getattr(after, field) == NEW_VALUES[field]
    expected = auth_pb2.Account()
    expected.CopyFrom(before)
    setattr(expected, field, NEW_VALUES[field])
    assert after == expected  # every other field, email and creation time included, as before
    assert (await stored(auth, before.account_id)) == after


async def test_a_partial_update_keeps_earlier_changes(auth):
    account = await create_account(auth)
    await update(auth, account.account_id, logging_consent=True, health_data_consent=True)
    after = await update(auth, account.account_id, display_name="Ada King", units="imperial")
    assert (after.logging_consent, after.health_data_consent) == (True, True)
    assert (after.display_name, after.units, after.time_zone) == ("Ada King", "imperial", "Europe/London")

    unchanged = await update(auth, account.account_id)  # nothing present: nothing changes
    assert unchanged == after


async def test_a_consent_is_withdrawn_and_the_other_stays(auth):
    account = await create_account(auth)
    await update(auth, account.account_id, logging_consent=True, health_data_consent=True)
    after = await update(auth, account.account_id, logging_consent=False)
    assert (after.logging_consent, after.health_data_consent) == (False, True)
    await update(auth, account.account_id, health_data_consent=False)
    assert (await stored(auth, account.account_id)).health_data_consent is False


async def test_values_are_trimmed_like_at_creation(auth):
    account = await create_account(auth)
    after = await update(
        auth, account.account_id, display_name="  Ada King ", time_zone=" Asia/Tokyo ", units="IMPERIAL"
    )
    assert (after.display_name, after.time_zone, after.units) == ("Ada King", "Asia/Tokyo", "imperial")


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("display_name", "", "is required"),
        ("display_name", "   ", "is required"),
        ("display_name", "A" * 101, "at most 100 characters"),
        ("display_name", "Ada\nKing", "must be on one line"),
        ("display_name", "Ada\u202eKing", "bidirectional control"),
        ("display_name", "\u200b\u200b", "visible character"),
        ("time_zone", "", "is required"),
        ("time_zone", "Mars/Olympus_Mons", "unknown time zone"),
        ("time_zone", "America", "unknown time zone"),
        ("time_zone", "europe/amsterdam", "unknown time zone"),
        ("units", "", "is required"),
        ("units", "kg", "must be one of metric, imperial"),
    ],
)
async def test_an_invalid_value_names_its_field_and_nothing_is_stored(auth, field, value, problem):
    account = await create_account(auth)
    # The valid consent beside the invalid value is not stored either.
    error = await failure(update(auth, account.account_id, logging_consent=True, **{field: value}))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == [field]
    assert problem in error.violations[0].description
    assert (await stored(auth, account.account_id)) == account


async def test_every_invalid_field_is_named_at_once(auth):
    account = await create_account(auth)
    invalid = {"display_name": "", "time_zone": "Nowhere", "units": "stone"}
    error = await failure(update(auth, account.account_id, **invalid))
    assert [v.field for v in error.violations] == ["display_name", "time_zone", "units"]
    assert (await stored(auth, account.account_id)) == account


async def test_creation_refuses_the_names_an_update_refuses(auth):
    request = auth_pb2.CreateAccountRequest(email="eve@example.com", password=PASSWORD, display_name="Eve\tX")
    error = await failure(auth.stub.CreateAccount(request))
    assert [v.field for v in error.violations] == ["display_name"]


async def test_an_unknown_account_is_not_found_and_a_missing_id_is_invalid(auth):
    error = await failure(update(auth, "no-such-account", logging_consent=True))
    assert (error.code, error.reason) == (grpc.StatusCode.NOT_FOUND, "ACCOUNT_NOT_FOUND")
    error = await failure(update(auth, "", logging_consent=True))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["account_id"]


async def test_the_demo_account_has_both_consents_and_a_withdrawal_outlives_a_restart(auth):
    app = build_app(auth.engine, issuer=ISSUER)
    credentials, _ = ensure_demo(app, auth.data_dir, DemoSettings())
    demo = await stored(auth, credentials.account_id)
    assert (demo.logging_consent, demo.health_data_consent) == (True, True)

    await update(auth, credentials.account_id, health_data_consent=False)
    again, _ = ensure_demo(app, auth.data_dir, DemoSettings())  # the next start reuses the account
    assert again.account_id == credentials.account_id
    demo = await stored(auth, credentials.account_id)
    assert (demo.logging_consent, demo.health_data_consent) == (True, False)


def test_accounts_made_before_the_consents_existed_have_given_neither(engines):
    engine = engines("auth")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
    with engine.begin() as connection:  # a row as revision 0004 stored it
        connection.execute(
            insert(accounts).values(
                account_id="old",
                email="old@example.com",
                password_hash="$argon2id$unused",
                display_name="Old",
                time_zone="UTC",
                units="metric",
                created_at=datetime(2026, 1, 1, tzinfo=UTC),
            )
        )
    upgrade(engine, MIGRATIONS)  # as the next start does
    old = build_app(engine, issuer=ISSUER).accounts.get_account("old")
    assert (old.logging_consent, old.health_data_consent) == (False, False)
