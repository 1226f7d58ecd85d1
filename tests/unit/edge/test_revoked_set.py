"""The edge's revoked set and its verified API key cache (docs/decisions/0030)."""

from __future__ import annotations

from google.protobuf.timestamp_pb2 import Timestamp

from edge import api_key_cache
from edge.api_key_cache import ApiKeyCache
from edge.revoked_set import PRUNE_INTERVAL_SECONDS, RevokedSet
from kinetic.access_tokens import AccessTokenClaims
from kinetic.auth.v1 import auth_pb2

NOW = 1_900_000_000.0
SECRET = "rf_" + "ab" * 32


class Clock:
    def __init__(self, now: float = NOW) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def revocation(kind: str, subject: str, expires_at: float = NOW + 3600) -> auth_pb2.Revocation:
    message = auth_pb2.Revocation(expire_time=Timestamp(seconds=int(expires_at)))
    setattr(message, kind, subject)
    return message


def claims(
    token_id: str = "jti-1", session_id: str | None = "grant-1", subject: str = "acc-1"
) -> AccessTokenClaims:
    return AccessTokenClaims(
        subject, "https://kinetic.test/mcp", ("training",), token_id, None, NOW + 900, session_id
    )


def test_a_token_is_revoked_by_its_id_its_grant_or_its_account() -> None:
    for subject in (("token_id", "jti-1"), ("grant_id", "grant-1"), ("account_id", "acc-1")):
        revoked = RevokedSet(Clock())
        assert not revoked.token_revoked(claims())
        revoked.add(revocation(*subject))
        assert revoked.token_revoked(claims()), subject
        assert not revoked.token_revoked(claims("jti-2", "grant-2", "acc-2")), subject


def test_a_token_without_sid_is_not_matched_by_a_grant() -> None:
    revoked = RevokedSet(Clock())
    revoked.add(revocation("grant_id", "grant-1"))
    assert not revoked.token_revoked(claims(session_id=None))


def test_an_api_key_is_revoked_by_its_id_or_its_account() -> None:
    revoked = RevokedSet(Clock())
    revoked.add(revocation("api_key_id", "key-1"))
    revoked.add(revocation("account_id", "acc-9"))
    assert revoked.api_key_revoked("key-1", "acc-1")
    assert revoked.api_key_revoked("key-2", "acc-9")
    assert not revoked.api_key_revoked("key-2", "acc-1")


def test_a_snapshot_replaces_everything_held() -> None:
    revoked = RevokedSet(Clock())
    revoked.add(revocation("token_id", "jti-1"))
    revoked.replace([revocation("grant_id", "grant-7")])
    assert len(revoked) == 1
    assert not revoked.token_revoked(claims())
    assert revoked.token_revoked(claims(session_id="grant-7"))


def test_expired_entries_are_pruned_but_live_ones_stay() -> None:
    clock = Clock()
    revoked = RevokedSet(clock)
    revoked.add(revocation("token_id", "short", NOW + 10))
    revoked.add(revocation("token_id", "long", NOW + 3600))
    clock.now += PRUNE_INTERVAL_SECONDS
    revoked.add(revocation("token_id", "new", NOW + 3600))
    assert len(revoked) == 2
    assert revoked.token_revoked(claims("long")) and not revoked.token_revoked(claims("short", None, "x"))


def test_the_cache_keeps_a_key_for_sixty_seconds() -> None:
    clock = Clock()
    cache = ApiKeyCache(clock)
    assert cache.get(SECRET) is None
    cache.put(SECRET, "key-1", "acc-1", frozenset({"training"}))
    clock.now += api_key_cache.TTL_SECONDS - 1
    cached = cache.get(SECRET)
    assert cached is not None and (cached.key_id, cached.account_id) == ("key-1", "acc-1")
    clock.now += 1
    assert cache.get(SECRET) is None and len(cache) == 0


def test_revocation_clears_a_key_or_every_key_of_an_account() -> None:
    cache = ApiKeyCache(Clock())
    other = "rf_" + "cd" * 32
    third = "rf_" + "ef" * 32
    cache.put(SECRET, "key-1", "acc-1", frozenset())
    cache.put(other, "key-2", "acc-1", frozenset())
    cache.put(third, "key-3", "acc-2", frozenset())
    cache.forget_key("key-3")
    assert cache.get(third) is None and cache.get(SECRET) is not None
    cache.forget_account("acc-1")
    assert len(cache) == 0


def test_the_cache_is_bounded_and_evicts_the_oldest(monkeypatch) -> None:
    monkeypatch.setattr(api_key_cache, "MAX_ENTRIES", 2)
    cache = ApiKeyCache(Clock())
    secrets = ["rf_" + f"{n:02x}" * 32 for n in range(3)]
    for n, secret in enumerate(secrets):
        cache.put(secret, f"key-{n}", "acc-1", frozenset())
    assert len(cache) == 2
    assert cache.get(secrets[0]) is None and cache.get(secrets[2]) is not None
