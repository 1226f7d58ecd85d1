"""argon2id hashing round trip, and the header and claims of signed access tokens."""

from __future__ import annotations

import base64
import json
import uuid
from datetime import UTC, datetime, timedelta

from services.auth.domain.passwords import Argon2Parameters, PasswordHasher
from services.auth.domain.signing_keys import jwks_json
from services.auth.domain.tokens import sign_access_token, validate_token_request

# Cheap parameters keep these tests fast; production defaults are covered by the integration tests.
CHEAP = Argon2Parameters(time_cost=1, memory_cost_kib=1024, parallelism=1)
NOW = datetime(2030, 5, 17, 8, 30, 15, 250_000, tzinfo=UTC)


def segment(token: str, index: int) -> dict:
    part = token.split(".")[index]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def test_password_hash_round_trip():
    hasher = PasswordHasher(CHEAP)
    stored = hasher.hash("correct horse battery")
    assert stored.startswith("$argon2id$")
    assert "correct horse" not in stored
    assert hasher.verify(stored, "correct horse battery")
    assert not hasher.verify(stored, "correct horse batterz")


def test_same_password_gets_a_fresh_salt():
    hasher = PasswordHasher(CHEAP)
    assert hasher.hash("correct horse battery") != hasher.hash("correct horse battery")


def test_default_parameters_are_the_documented_ones():
    stored = PasswordHasher().hash("correct horse battery")
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")


def test_hash_made_with_other_parameters_needs_rehash():
    old = PasswordHasher(CHEAP).hash("correct horse battery")
    current = PasswordHasher(Argon2Parameters(time_cost=2, memory_cost_kib=1024, parallelism=1))
    assert current.verify(old, "correct horse battery")
    assert current.needs_rehash(old)
    assert not current.needs_rehash(current.hash("correct horse battery"))


def test_corrupt_hash_never_matches():
    hasher = PasswordHasher(CHEAP)
    assert not hasher.verify("not a hash", "correct horse battery")
    assert hasher.needs_rehash("not a hash")


def test_access_token_header_and_claims(signing_key):
    request = validate_token_request(
        "acc-1", "https://kinetic.test/mcp", ["training", "mcp:full"], ttl_seconds=600, client_id="claude"
    )
    issued = sign_access_token("https://kinetic.test", request, signing_key, NOW)

    assert segment(issued.access_token, 0) == {"alg": "RS256", "typ": "at+jwt", "kid": signing_key.kid}
    claims = segment(issued.access_token, 1)
    issued_at = int(NOW.timestamp())
    assert claims == {
        "iss": "https://kinetic.test",
        "sub": "acc-1",
        "aud": "https://kinetic.test/mcp",
        "iat": issued_at,
        "nbf": issued_at,
        "exp": issued_at + 600,
        "scope": "training mcp:full",
        "jti": issued.token_id,
        "sid": issued.token_id,  # issued outside a grant: the token is its own revocation unit
        "client_id": "claude",
    }
    assert uuid.UUID(issued.token_id).version == 4
    assert issued.expires_at == NOW.replace(microsecond=0) + timedelta(seconds=600)


def test_a_grant_token_names_its_grant_in_sid(signing_key):
    request = validate_token_request("acc-1", "https://kinetic.test/mcp", ["training"])
    issued = sign_access_token("https://kinetic.test", request, signing_key, NOW, grant_id="grant-7")
    claims = segment(issued.access_token, 1)
    assert (claims["sid"], claims["jti"]) == ("grant-7", issued.token_id)


def test_access_token_without_client_has_no_client_claim_and_default_ttl(signing_key):
    request = validate_token_request("acc-1", "https://kinetic.test/mcp", ["training"])
    issued = sign_access_token("https://kinetic.test", request, signing_key, NOW)
    claims = segment(issued.access_token, 1)
    assert "client_id" not in claims
    assert claims["exp"] - claims["iat"] == 900


def test_every_token_gets_its_own_id(signing_key):
    request = validate_token_request("acc-1", "https://kinetic.test/mcp", ["training"])
    first = sign_access_token("https://kinetic.test", request, signing_key, NOW)
    second = sign_access_token("https://kinetic.test", request, signing_key, NOW)
    assert first.token_id != second.token_id


def test_jwks_publishes_only_public_parts(signing_key):
    document = json.loads(jwks_json([signing_key]))
    (key,) = document["keys"]
    assert key["kid"] == signing_key.kid == signing_key.thumbprint()
    assert (key["kty"], key["alg"], key["use"]) == ("RSA", "RS256", "sig")
    assert not {"d", "p", "q", "dp", "dq", "qi"} & set(key)
