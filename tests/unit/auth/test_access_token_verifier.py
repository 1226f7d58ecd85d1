"""kinetic.access_tokens.AccessTokenVerifier: what it accepts, and each way a token is refused."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from datetime import UTC, datetime

import pytest
from joserfc import jwt

from kinetic.access_tokens import AccessTokenVerifier
from kinetic.errors import Unauthenticated
from services.auth.domain.signing_keys import jwks_json
from services.auth.domain.tokens import sign_access_token, validate_token_request

ISSUER = "https://kinetic.test"
AUDIENCE = "https://kinetic.test/mcp"
NOW = datetime(2030, 5, 17, 8, 30, tzinfo=UTC)
NOW_TS = NOW.timestamp()


class FakeClock:
    def __init__(self) -> None:
        self.value = 1000.0

    def __call__(self) -> float:
        return self.value


class KeySource:
    """Stands in for GetJwks: serves whatever keys it holds now and counts fetches."""

    def __init__(self, *keys) -> None:
        self.keys = list(keys)
        self.fetches = 0
        self.fail = False

    async def __call__(self) -> str:
        self.fetches += 1
        if self.fail:
            raise ConnectionError("auth service unreachable")
        return jwks_json(self.keys)


def b64(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def good_claims(**overrides) -> dict:
    claims = {
        "iss": ISSUER,
        "sub": "acc-1",
        "aud": AUDIENCE,
        "iat": int(NOW_TS),
        "exp": int(NOW_TS) + 900,
        "scope": "training mcp:full",
        "jti": "7d5e1f4e-0000-4000-8000-000000000001",
    }
    claims.update(overrides)
    return {key: value for key, value in claims.items() if value is not None}


def signed(key, claims: dict | None = None, **header) -> str:
    full_header = {"alg": "RS256", "typ": "at+jwt", "kid": key.kid, **header}
    full_header = {name: value for name, value in full_header.items() if value is not None}
    return jwt.encode(full_header, claims or good_claims(), key, algorithms=["RS256"], default_type=None)


def verifier(source: KeySource, clock: FakeClock | None = None) -> AccessTokenVerifier:
    return AccessTokenVerifier(ISSUER, source, monotonic=clock or FakeClock())


async def refused(check, token: str, *, audience: str = AUDIENCE, now: float = NOW_TS) -> Unauthenticated:
    with pytest.raises(Unauthenticated) as error:
        await check.verify(token, audience=audience, now=now)
    return error.value


async def test_token_from_the_auth_domain_verifies(signing_key):
    request = validate_token_request("acc-1", AUDIENCE, ["training", "mcp:full"], 900, "claude")
    issued = sign_access_token(ISSUER, request, signing_key, NOW)
    claims = await verifier(KeySource(signing_key)).verify(issued.access_token, audience=AUDIENCE, now=NOW_TS)
    assert claims.subject == "acc-1"
    assert claims.audience == AUDIENCE
    assert claims.scopes == ("training", "mcp:full")
    assert claims.token_id == issued.token_id
    assert claims.client_id == "claude"
    assert claims.expires_at == issued.expires_at.timestamp()


async def test_audience_list_containing_ours_is_accepted(signing_key):
    token = signed(signing_key, good_claims(aud=["https://elsewhere.test", AUDIENCE]))
    claims = await verifier(KeySource(signing_key)).verify(token, audience=AUDIENCE, now=NOW_TS)
    assert claims.client_id is None


@pytest.mark.parametrize("token", ["", "not-a-jwt", "a.b", "a.b.c.d", "%%%.e30.sig", "e30.e30."])
async def test_missing_or_garbled_token_is_refused(signing_key, token):
    error = await refused(verifier(KeySource(signing_key)), token)
    assert error.reason == "INVALID_TOKEN"


async def test_alg_none_token_is_refused(signing_key):
    header = b64({"alg": "none", "typ": "at+jwt", "kid": signing_key.kid})
    for signature in ("", "c2lnbmF0dXJl"):
        token = f"{header}.{b64(good_claims())}.{signature}"
        error = await refused(verifier(KeySource(signing_key)), token)
        assert error.reason == "INVALID_TOKEN"


async def test_hs256_signed_with_the_public_key_is_refused(signing_key):
    # The classic confusion attack: HMAC keyed with the published RSA key.
    # Built by hand: JOSE libraries (rightly) refuse to use a public key as an HMAC secret.
    public_pem = signing_key.as_pem(private=False)
    signing_input = f"{b64({'alg': 'HS256', 'typ': 'at+jwt', 'kid': signing_key.kid})}.{b64(good_claims())}"
    mac = hmac.new(public_pem, signing_input.encode(), hashlib.sha256).digest()
    token = f"{signing_input}.{base64.urlsafe_b64encode(mac).decode().rstrip('=')}"
    error = await refused(verifier(KeySource(signing_key)), token)
    assert error.reason == "INVALID_TOKEN"
    assert "RS256" in error.message


async def test_token_without_typ_is_refused(signing_key):
    error = await refused(verifier(KeySource(signing_key)), signed(signing_key, typ=None))
    assert error.reason == "INVALID_TOKEN"
    assert "at+jwt" in error.message


async def test_plain_jwt_typ_is_refused(signing_key):
    error = await refused(verifier(KeySource(signing_key)), signed(signing_key, typ="JWT"))
    assert error.reason == "INVALID_TOKEN"


async def test_token_for_another_audience_is_refused(signing_key):
    token = signed(signing_key, good_claims(aud="https://other.test/api"))
    error = await refused(verifier(KeySource(signing_key)), token)
    assert error.reason == "INVALID_AUDIENCE"


async def test_token_from_another_issuer_is_refused(signing_key):
    token = signed(signing_key, good_claims(iss="https://evil.test"))
    error = await refused(verifier(KeySource(signing_key)), token)
    assert error.reason == "INVALID_TOKEN"


async def test_expired_token_is_refused_after_the_30_second_leeway(signing_key):
    token = signed(signing_key)
    check = verifier(KeySource(signing_key))
    expires = NOW_TS + 900
    assert (await check.verify(token, audience=AUDIENCE, now=expires + 29)).subject == "acc-1"
    error = await refused(check, token, now=expires + 31)
    assert error.reason == "TOKEN_EXPIRED"


async def test_token_not_valid_yet_is_refused(signing_key):
    token = signed(signing_key, good_claims(nbf=int(NOW_TS) + 120))
    error = await refused(verifier(KeySource(signing_key)), token)
    assert error.reason == "INVALID_TOKEN"


async def test_tampered_payload_is_refused(signing_key):
    header, _, signature = signed(signing_key).split(".")
    forged = f"{header}.{b64(good_claims(sub='someone-else'))}.{signature}"
    error = await refused(verifier(KeySource(signing_key)), forged)
    assert error.reason == "INVALID_TOKEN"


async def test_token_signed_by_a_key_outside_the_set_is_refused(signing_key, other_signing_key):
    # Right kid, wrong key: the signature itself must fail.
    token = jwt.encode(
        {"alg": "RS256", "typ": "at+jwt", "kid": signing_key.kid}, good_claims(), other_signing_key
    )
    error = await refused(verifier(KeySource(signing_key)), token)
    assert error.reason == "INVALID_TOKEN"


@pytest.mark.parametrize("claim", ["sub", "jti", "exp"])
async def test_token_missing_a_required_claim_is_refused(signing_key, claim):
    token = signed(signing_key, good_claims(**{claim: None}))
    error = await refused(verifier(KeySource(signing_key)), token)
    assert error.reason == "INVALID_TOKEN"
    assert claim in error.message


async def test_non_numeric_exp_is_refused(signing_key):
    token = signed(signing_key, good_claims(exp="tomorrow"))
    error = await refused(verifier(KeySource(signing_key)), token)
    assert error.reason == "INVALID_TOKEN"


async def test_key_set_is_fetched_once_and_cached(signing_key):
    source = KeySource(signing_key)
    check = verifier(source)
    for _ in range(3):
        await check.verify(signed(signing_key), audience=AUDIENCE, now=NOW_TS)
    assert source.fetches == 1


async def test_rotated_key_is_picked_up_after_a_throttled_refetch(signing_key, other_signing_key):
    source = KeySource(signing_key)
    clock = FakeClock()
    check = verifier(source, clock)
    await check.verify(signed(signing_key), audience=AUDIENCE, now=NOW_TS)

    source.keys = [other_signing_key, signing_key]  # the auth service rotated
    rotated_token = signed(other_signing_key)
    clock.value += 5
    error = await refused(check, rotated_token)
    assert "unknown key" in error.message
    assert source.fetches == 1  # within 30 s of the last fetch: no refetch, however many forged kids

    clock.value += 30
    claims = await check.verify(rotated_token, audience=AUDIENCE, now=NOW_TS)
    assert claims.subject == "acc-1"
    assert source.fetches == 2
    # The old key is still published, so tokens it signed keep verifying.
    await check.verify(signed(signing_key), audience=AUDIENCE, now=NOW_TS)
    assert source.fetches == 2


async def test_key_set_is_refreshed_when_old_so_retired_keys_stop_verifying(signing_key, other_signing_key):
    source = KeySource(other_signing_key, signing_key)
    clock = FakeClock()
    check = verifier(source, clock)
    await check.verify(signed(signing_key), audience=AUDIENCE, now=NOW_TS)

    source.keys = [other_signing_key]  # signing_key retired
    clock.value += 301
    error = await refused(check, signed(signing_key))
    assert "unknown key" in error.message
    assert source.fetches == 2


async def test_unreachable_auth_service_is_an_error_not_a_bad_token(signing_key):
    source = KeySource(signing_key)
    source.fail = True
    check = verifier(source)
    with pytest.raises(ConnectionError):
        await check.verify(signed(signing_key), audience=AUDIENCE, now=NOW_TS)
    source.fail = False
    # Nothing was cached, so the next call fetches again rather than waiting out the throttle.
    assert (await check.verify(signed(signing_key), audience=AUDIENCE, now=NOW_TS)).subject == "acc-1"


async def test_failed_age_refresh_keeps_the_cached_keys(signing_key):
    source = KeySource(signing_key)
    clock = FakeClock()
    check = verifier(source, clock)
    await check.verify(signed(signing_key), audience=AUDIENCE, now=NOW_TS)
    source.fail = True
    clock.value += 301
    assert (await check.verify(signed(signing_key), audience=AUDIENCE, now=NOW_TS)).subject == "acc-1"
    assert source.fetches == 2


def test_leeway_is_at_most_30_seconds(signing_key):
    with pytest.raises(ValueError):
        AccessTokenVerifier(ISSUER, KeySource(signing_key), leeway_seconds=31)


async def test_a_remembered_signature_still_expires_and_keeps_its_audience(signing_key):
    check = verifier(KeySource(signing_key))
    token = signed(signing_key)
    assert (await check.verify(token, audience=AUDIENCE, now=NOW_TS)).subject == "acc-1"
    assert (await check.verify(token, audience=AUDIENCE, now=NOW_TS + 60)).subject == "acc-1"
    expired = await refused(check, token, now=NOW_TS + 900 + 31)
    assert expired.reason == "TOKEN_EXPIRED"
    other = await refused(check, token, audience="https://kinetic.test/mcp/primed")
    assert other.reason == "INVALID_AUDIENCE"


async def test_a_tampered_copy_of_a_remembered_token_is_refused(signing_key):
    check = verifier(KeySource(signing_key))
    token = signed(signing_key)
    await check.verify(token, audience=AUDIENCE, now=NOW_TS)
    header, _payload, signature = token.split(".")
    forged = f"{header}.{b64(good_claims(sub='someone-else'))}.{signature}"
    error = await refused(check, forged)
    assert error.reason == "INVALID_TOKEN"


async def test_the_account_settings_a_token_carries_are_read_together(signing_key):
    """``kinetic_tz`` and ``kinetic_week`` (decision 0090): both or neither; "" is UTC, not unknown."""
    check = verifier(KeySource(signing_key))
    both = signed(signing_key, good_claims(kinetic_tz="", kinetic_week=0))
    claims = await check.verify(both, audience=AUDIENCE, now=NOW_TS)
    assert (claims.time_zone, claims.first_weekday) == ("", 0)
    half = signed(signing_key, good_claims(kinetic_tz="Europe/Amsterdam"))
    claims = await check.verify(half, audience=AUDIENCE, now=NOW_TS)
    assert (claims.time_zone, claims.first_weekday) == (None, None)


@pytest.mark.parametrize(("zone", "week"), [(5, 1), ("UTC", "Monday"), ("UTC", True)])
async def test_settings_of_the_wrong_kind_are_refused(signing_key, zone, week):
    token = signed(signing_key, good_claims(kinetic_tz=zone, kinetic_week=week))
    error = await refused(verifier(KeySource(signing_key)), token)
    assert error.reason == "INVALID_TOKEN"
