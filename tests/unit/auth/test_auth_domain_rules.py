"""Pure rules of the auth service: account fields, API key format, scopes, token lifetimes."""

from __future__ import annotations

import re

import pytest

from kinetic.errors import InvalidArgument
from services.auth.domain import accounts, api_keys, tokens


def violated_field(error: pytest.ExceptionInfo[InvalidArgument]) -> str:
    assert len(error.value.violations) == 1
    return error.value.violations[0].field


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("Ada@Example.COM", "ada@example.com"), ("  ada@example.com ", "ada@example.com")],
)
def test_email_is_trimmed_and_lower_cased(raw, expected):
    assert accounts.normalize_email(raw) == expected


@pytest.mark.parametrize("raw", ["", "ada", "@example.com", "ada@", "a@b@c", "ada lovelace@example.com"])
def test_malformed_email_names_the_field(raw):
    with pytest.raises(InvalidArgument) as error:
        accounts.normalize_email(raw)
    assert violated_field(error) == "email"


def test_over_long_email_is_refused():
    with pytest.raises(InvalidArgument):
        accounts.normalize_email("a" * 250 + "@example.com")


@pytest.mark.parametrize("name", ["Europe/Amsterdam", "America/New_York", "UTC"])
def test_iana_time_zones_are_accepted(name):
    assert accounts.validate_time_zone(name) == name


def test_empty_time_zone_means_utc():
    assert accounts.validate_time_zone("") == "UTC"


@pytest.mark.parametrize("name", ["Mars/Olympus_Mons", "Europe/Amsterdan", "/etc/passwd", "../zoneinfo/UTC"])
def test_unknown_time_zone_names_the_field(name):
    with pytest.raises(InvalidArgument) as error:
        accounts.validate_time_zone(name)
    assert violated_field(error) == "time_zone"
    assert name in error.value.message


def test_units_default_to_metric_and_accept_imperial():
    assert accounts.validate_units("") == "metric"
    assert accounts.validate_units("Imperial") == "imperial"


def test_unknown_units_name_the_field():
    with pytest.raises(InvalidArgument) as error:
        accounts.validate_units("furlongs")
    assert violated_field(error) == "units"


@pytest.mark.parametrize("weekday", range(1, 8))
def test_first_weekday_is_an_iso_weekday(weekday):
    assert accounts.validate_first_weekday(weekday) == weekday
    assert accounts.validate_account_changes(first_weekday=weekday).first_weekday == weekday


@pytest.mark.parametrize("weekday", [0, 8, -1, 70])
def test_a_first_weekday_outside_one_to_seven_names_the_field_and_what_to_send(weekday):
    with pytest.raises(InvalidArgument) as error:
        accounts.validate_first_weekday(weekday)
    assert violated_field(error) == "first_weekday"
    assert error.value.violations[0].description == (
        "must be an ISO weekday from 1 to 7: 1 (Monday), 2 (Tuesday), 3 (Wednesday), 4 (Thursday), "
        f"5 (Friday), 6 (Saturday), 7 (Sunday); got {weekday}"
    )


def test_an_absent_first_weekday_is_no_change():
    assert accounts.validate_account_changes(primary_sport="running").first_weekday is None


def test_password_needs_ten_characters():
    assert accounts.validate_password("0123456789") == "0123456789"
    with pytest.raises(InvalidArgument) as error:
        accounts.validate_password("012345678")
    assert violated_field(error) == "password"


def test_password_length_is_bounded():
    with pytest.raises(InvalidArgument):
        accounts.validate_password("x" * (accounts.MAX_PASSWORD_CHARS + 1))


def test_new_account_requires_a_display_name():
    with pytest.raises(InvalidArgument) as error:
        accounts.validate_new_account("ada@example.com", "long enough pw", "   ")
    assert violated_field(error) == "display_name"


def test_new_account_fills_defaults():
    new = accounts.validate_new_account("Ada@Example.com", "long enough pw", " Ada ")
    assert (new.email, new.display_name) == ("ada@example.com", "Ada")
    assert (new.time_zone, new.units) == ("UTC", "metric")


def test_api_key_secret_format_and_storage_form():
    secret = api_keys.new_secret()
    assert re.fullmatch(r"^rf_[0-9a-f]{64}$", secret)
    assert api_keys.is_well_formed(secret)
    assert re.fullmatch(r"[0-9a-f]{64}", api_keys.secret_digest(secret))
    assert api_keys.secret_digest(secret) != secret[3:]
    assert api_keys.display_prefix(secret) == secret[:8]
    assert api_keys.new_secret() != secret


@pytest.mark.parametrize(
    "secret", ["", "rf_", "rf_" + "A" * 64, "rf_" + "0" * 63, "rk_" + "0" * 64, "rf_" + "0" * 64 + "\n"]
)
def test_malformed_secrets_are_recognised(secret):
    assert not api_keys.is_well_formed(secret)


def test_scopes_are_deduplicated_in_order():
    assert api_keys.validate_scopes(["mcp:full", "training", "mcp:full"]) == ("mcp:full", "training")


def test_every_key_scope_is_accepted():
    assert api_keys.validate_scopes(api_keys.KEY_SCOPES) == api_keys.KEY_SCOPES
    assert {"training", "client_ai"} <= set(api_keys.KEY_SCOPES)


def test_primed_scopes_are_refused_for_keys_because_primed_takes_rs256_jwts_only():
    with pytest.raises(InvalidArgument) as error:
        api_keys.validate_scopes(["training", "primed:profile:read"])
    assert violated_field(error) == "scopes"
    assert "not available to API keys 'primed:profile:read'" in str(error.value)


def test_tokens_may_carry_the_legacy_names_older_grants_hold():
    legacy = ("training:read", "training:write", "training:delete")
    assert api_keys.validate_scopes(legacy, api_keys.TOKEN_SCOPES) == legacy
    with pytest.raises(InvalidArgument):
        api_keys.validate_scopes(["training:read"])


@pytest.mark.parametrize("scopes", [[], ["training", "admin"]])
def test_missing_or_unknown_scope_names_the_field(scopes):
    with pytest.raises(InvalidArgument) as error:
        api_keys.validate_scopes(scopes)
    assert violated_field(error) == "scopes"


@pytest.mark.parametrize("name", ["", "   ", "x" * 101])
def test_api_key_name_is_one_to_a_hundred_characters(name):
    with pytest.raises(InvalidArgument) as error:
        api_keys.validate_name(name)
    assert violated_field(error) == "name"


def test_ttl_defaults_to_900_and_caps_at_3600():
    assert tokens.validate_ttl(0) == 900
    assert tokens.validate_ttl(3600) == 3600
    for bad in (-1, 3601):
        with pytest.raises(InvalidArgument) as error:
            tokens.validate_ttl(bad)
        assert violated_field(error) == "ttl_seconds"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"account_id": ""}, "account_id"),
        ({"audience": ""}, "audience"),
        ({"audience": "https://a b"}, "audience"),
        ({"scopes": ["nope"]}, "scopes"),
        ({"client_id": "c" * 256}, "client_id"),
    ],
)
def test_token_request_names_the_bad_field(kwargs, field):
    request = {"account_id": "acc", "audience": "https://kinetic.test/mcp", "scopes": ["training"], **kwargs}
    with pytest.raises(InvalidArgument) as error:
        tokens.validate_token_request(**request)
    assert violated_field(error) == field
