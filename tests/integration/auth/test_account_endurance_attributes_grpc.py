"""The account's endurance attributes (primary sport, status, plan tier, distance unit, first
weekday) over a real gRPC server, on SQLite and PostgreSQL
(docs/decisions/0048-account-consents-and-attributes.md, "Endurance attributes")."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import grpc
import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.errors import RemoteError
from kinetic.settings import DemoSettings, ServiceSettings
from kinetic.storage import upgrade
from services.auth.bootstrap import MIGRATIONS, build_app, start
from services.auth.entrypoints.demo import ensure_demo

ISSUER = "https://kinetic.test"
PASSWORD = "correct horse battery"
ATTRIBUTES = ("primary_sport", "account_status", "plan_tier", "distance_unit")
DEFAULTS = ("strength", "active", "free", "")
# Every allowed value other than the default, per field: each one is stored as sent.
CHANGES = [
    ("primary_sport", "running"),
    ("primary_sport", "cycling"),
    ("primary_sport", "swimming"),
    ("primary_sport", "triathlon"),
    ("account_status", "trial"),
    ("account_status", "suspended"),
    ("plan_tier", "pro"),
    ("plan_tier", "coach"),
    ("distance_unit", "km"),
    ("distance_unit", "mi"),
]
ALLOWED = {
    "primary_sport": "must be one of running, cycling, swimming, triathlon, strength",
    "account_status": "must be one of active, trial, suspended",
    "plan_tier": "must be one of free, pro, coach",
    "distance_unit": "must be one of km, mi, or empty to follow units",
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


def attributes(account: auth_pb2.Account) -> tuple[str, ...]:
    return tuple(getattr(account, field) for field in ATTRIBUTES)


async def create_account(auth: Auth, email: str = "ada@example.com") -> auth_pb2.Account:
    request = auth_pb2.CreateAccountRequest(email=email, password=PASSWORD, display_name="Ada Lovelace")
    return (await auth.stub.CreateAccount(request)).account


async def stored(auth: Auth, account_id: str) -> auth_pb2.Account:
    return (await auth.stub.GetAccount(auth_pb2.GetAccountRequest(account_id=account_id))).account


async def update(auth: Auth, account_id: str, **fields) -> auth_pb2.Account:
    request = auth_pb2.UpdateAccountRequest(account_id=account_id, **fields)
    return (await auth.stub.UpdateAccount(request)).account


async def test_a_new_account_has_the_defaults_in_every_answer(auth):
    created = await create_account(auth)
    assert attributes(created) == DEFAULTS
    assert (await stored(auth, created.account_id)) == created
    verified = await auth.stub.VerifyPassword(
        auth_pb2.VerifyPasswordRequest(email="ada@example.com", password=PASSWORD)
    )
    assert attributes(verified.account) == DEFAULTS
    assert created.first_weekday == verified.account.first_weekday == 1  # Monday


@pytest.mark.parametrize("weekday", range(1, 8))
async def test_the_first_weekday_is_stored_as_sent_and_nothing_else_changes(auth, weekday):
    before = await create_account(auth)
    await update(auth, before.account_id, first_weekday=7 if weekday != 7 else 1)
    after = await update(auth, before.account_id, first_weekday=weekday)

    expected = auth_pb2.Account()
    expected.CopyFrom(before)
    expected.first_weekday = weekday
    assert after == expected
    assert (await stored(auth, before.account_id)) == after


async def test_an_update_without_the_first_weekday_keeps_it(auth):
    account = await create_account(auth)
    await update(auth, account.account_id, first_weekday=7)
    after = await update(auth, account.account_id, primary_sport="running", distance_unit="mi")
    assert (after.first_weekday, after.primary_sport) == (7, "running")


@pytest.mark.parametrize("weekday", [0, 8, -1])
async def test_a_first_weekday_outside_one_to_seven_is_refused_with_what_to_send(auth, weekday):
    account = await create_account(auth)
    # A present 0 is a value, not an absent field: it is refused like 8.
    error = await failure(update(auth, account.account_id, display_name="Ada King", first_weekday=weekday))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["first_weekday"]
    assert error.violations[0].description.startswith(
        "must be an ISO weekday from 1 to 7: 1 (Monday), 2 (Tuesday)"
    )
    assert "7 (Sunday)" in error.violations[0].description
    assert (await stored(auth, account.account_id)) == account


@pytest.mark.parametrize(("field", "value"), CHANGES)
async def test_each_attribute_changes_alone(auth, field, value):
    before = await create_account(auth)
    after = await update(auth, before.account_id, **{field: value})

    expected = auth_pb2.Account()
    expected.CopyFrom(before)
    setattr(expected, field, value)
    assert after == expected  # every other field as before
    assert (await stored(auth, before.account_id)) == after


async def test_the_distance_unit_goes_back_to_following_units_and_values_are_normalized(auth):
    account = await create_account(auth)
    after = await update(auth, account.account_id, distance_unit=" MI ", primary_sport=" Running")
    assert (after.distance_unit, after.primary_sport) == ("mi", "running")
    # Present but empty is a change to "follow units", not an absent field.
    assert (await update(auth, account.account_id, distance_unit="")).distance_unit == ""
    assert (await stored(auth, account.account_id)).primary_sport == "running"


async def test_several_attributes_change_in_one_update_and_later_ones_keep_them(auth):
    account = await create_account(auth)
    await update(auth, account.account_id, primary_sport="cycling", account_status="trial", plan_tier="coach")
    after = await update(auth, account.account_id, distance_unit="km")
    assert attributes(after) == ("cycling", "trial", "coach", "km")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("primary_sport", ""),
        ("primary_sport", "rowing"),
        ("primary_sport", "run"),
        ("account_status", ""),
        ("account_status", "deleted"),
        ("plan_tier", ""),
        ("plan_tier", "enterprise"),
        ("distance_unit", "miles"),
        ("distance_unit", "metric"),
    ],
)
async def test_an_invalid_value_names_its_field_and_the_allowed_values_and_nothing_is_stored(
    auth, field, value
):
    account = await create_account(auth)
    # The valid values beside the invalid one are not stored either.
    others = {"display_name": "Ada King", "logging_consent": True}
    error = await failure(update(auth, account.account_id, **others, **{field: value}))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == [field]
    assert error.violations[0].description.startswith(ALLOWED[field])
    assert (await stored(auth, account.account_id)) == account


async def test_one_bad_attribute_stops_the_valid_attributes_beside_it(auth):
    account = await create_account(auth)
    valid = {"primary_sport": "swimming", "account_status": "trial", "distance_unit": "mi"}
    error = await failure(update(auth, account.account_id, plan_tier="platinum", **valid))
    assert [v.field for v in error.violations] == ["plan_tier"]
    assert (await stored(auth, account.account_id)) == account


async def test_every_invalid_attribute_is_named_at_once(auth):
    account = await create_account(auth)
    invalid = {"primary_sport": "golf", "account_status": "gone", "plan_tier": "gold", "distance_unit": "nm"}
    error = await failure(update(auth, account.account_id, **invalid, first_weekday=9))
    assert [v.field for v in error.violations] == [*ATTRIBUTES, "first_weekday"]
    assert (await stored(auth, account.account_id)) == account


async def test_a_suspended_account_still_signs_in(auth):
    # Status is data in auth: the profiles refuse a suspended account, sign-in does not look.
    account = await create_account(auth)
    await update(auth, account.account_id, account_status="suspended")
    verified = await auth.stub.VerifyPassword(
        auth_pb2.VerifyPasswordRequest(email="ada@example.com", password=PASSWORD)
    )
    assert (verified.account.account_id, verified.account.account_status) == (
        account.account_id,
        "suspended",
    )


async def test_the_demo_is_an_active_pro_triathlete_and_keeps_its_sport_across_starts(auth):
    app = build_app(auth.engine, issuer=ISSUER)
    credentials, _ = ensure_demo(app, auth.data_dir, DemoSettings())
    demo = await stored(auth, credentials.account_id)
    assert attributes(demo) == ("triathlon", "active", "pro", "")

    # The person's sport stays; status and plan are set to the demo's again on the next start.
    await update(
        auth, credentials.account_id, primary_sport="running", account_status="suspended", plan_tier="free"
    )
    again, _ = ensure_demo(app, auth.data_dir, DemoSettings())
    assert again.account_id == credentials.account_id
    assert attributes(await stored(auth, credentials.account_id)) == ("running", "active", "pro", "")


def test_the_migration_keeps_accounts_made_before_it_and_gives_them_the_defaults(engines):
    engine = engines("auth")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0005")
    with engine.begin() as connection:  # a row as revision 0005 stored it (no endurance columns)
        connection.execute(
            text(
                "INSERT INTO accounts (account_id, email, password_hash, display_name, time_zone, "
                "units, created_at, logging_consent, health_data_consent) VALUES (:id, :email, "
                ":hash, :name, :zone, :units, :created, :logging, :health)"
            ),
            {
                "id": "old",
                "email": "old@example.com",
                "hash": "$argon2id$unused",
                "name": "Old",
                "zone": "Europe/Paris",
                "units": "imperial",
                "created": datetime(2026, 1, 1, tzinfo=UTC),
                "logging": True,
                "health": False,
            },
        )
    upgrade(engine, MIGRATIONS)  # as the next start does
    old = build_app(engine, issuer=ISSUER).accounts.get_account("old")
    assert (old.email, old.display_name, old.time_zone, old.units) == (
        "old@example.com",
        "Old",
        "Europe/Paris",
        "imperial",
    )
    assert (old.logging_consent, old.health_data_consent) == (True, False)
    assert (old.primary_sport, old.account_status, old.plan_tier, old.distance_unit) == DEFAULTS
    assert old.first_weekday == 1  # Monday, the week advisories were counted in before (0007)


def test_the_first_weekday_migration_gives_accounts_before_it_monday(engines):
    engine = engines("auth")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
    with engine.begin() as connection:  # a row as revision 0006 stored it (no first weekday)
        connection.execute(
            text(
                "INSERT INTO accounts (account_id, email, password_hash, display_name, time_zone, "
                "units, created_at, primary_sport, distance_unit) VALUES (:id, :email, :hash, :name, "
                ":zone, :units, :created, :sport, :unit)"
            ),
            {
                "id": "runner",
                "email": "runner@example.com",
                "hash": "$argon2id$unused",
                "name": "Runner",
                "zone": "America/Denver",
                "units": "imperial",
                "created": datetime(2026, 6, 1, tzinfo=UTC),
                "sport": "running",
                "unit": "mi",
            },
        )
    upgrade(engine, MIGRATIONS)
    accounts = build_app(engine, issuer=ISSUER).accounts
    old = accounts.get_account("runner")
    assert (old.primary_sport, old.distance_unit, old.first_weekday) == ("running", "mi", 1)
    assert accounts.update_account("runner", first_weekday=7).first_weekday == 7
    assert accounts.get_account("runner").first_weekday == 7
