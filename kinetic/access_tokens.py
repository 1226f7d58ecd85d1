"""Verification of Kinetic access tokens (RS256 ``at+jwt``, RFC 9068) against the auth service's JWKS.

The edge builds one ``AccessTokenVerifier`` with the issuer and a coroutine that fetches the JWKS
JSON (``AuthService.GetJwks``). The key set is cached. A token naming an unknown ``kid`` (the auth
service rotated its key) triggers a refetch, at most once per ``REFETCH_INTERVAL`` so a stream of
forged kids cannot flood the auth service; the cache is also refreshed after ``MAX_KEY_SET_AGE`` so
retired keys stop verifying. Errors fetching a needed key set propagate unchanged (an unreachable
auth service is an outage, not a bad token); a failed age-based refresh keeps the cached keys.

Every rejection raises ``kinetic.errors.Unauthenticated`` with one of the reasons below. Expiry
allows ``LEEWAY_SECONDS`` (30 s) of clock skew between the auth service and the verifier.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet, RSAKey

from kinetic.errors import Unauthenticated

ALGORITHM = "RS256"
TOKEN_TYPE = "at+jwt"
LEEWAY_SECONDS = 30.0
REFETCH_INTERVAL = 30.0
MAX_KEY_SET_AGE = 300.0
VERIFIED_CACHE_SIZE = 4096

INVALID_TOKEN = "INVALID_TOKEN"
INVALID_AUDIENCE = "INVALID_AUDIENCE"
TOKEN_EXPIRED = "TOKEN_EXPIRED"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AccessTokenClaims:
    """What a verified token says: who, for which resource, with which scopes, until when."""

    subject: str
    audience: str
    scopes: tuple[str, ...]
    token_id: str
    client_id: str | None
    expires_at: float
    # The grant (or, outside OAuth, the token) that revokes it; None on tokens signed before auth
    # added the claim, which the edge checks with auth per request (docs/decisions/0030).
    session_id: str | None = None
    # The account's plan tier and status when the token was issued (``kinetic_tier``,
    # ``kinetic_status``); None on tokens signed before auth added them (docs/decisions/0063).
    plan_tier: str | None = None
    account_status: str | None = None
    # The account's time zone ("" is UTC) and first weekday (0 is Monday) when the token was
    # issued (``kinetic_tz``, ``kinetic_week``); None on tokens without them (decision 0090).
    time_zone: str | None = None
    first_weekday: int | None = None


def _reject(message: str, reason: str = INVALID_TOKEN) -> Unauthenticated:
    return Unauthenticated(message, reason=reason)


def _b64_json(segment: str) -> Any:
    padded = segment + "=" * (-len(segment) % 4)
    return json.loads(base64.urlsafe_b64decode(padded.encode("ascii")))


def _header(token: str) -> dict[str, Any]:
    parts = token.split(".")
    if len(parts) != 3 or not all(parts):
        raise _reject("the access token is not a signed JWT")
    try:
        header = _b64_json(parts[0])
    except (ValueError, UnicodeError, binascii.Error) as exc:
        raise _reject("the access token header is garbled") from exc
    if not isinstance(header, dict):
        raise _reject("the access token header is garbled")
    return header


def _number(claims: Mapping[str, Any], name: str) -> float | None:
    value = claims.get(name)
    if value is None:
        return None
    # bool is an int in Python; a boolean time is garbage, not 0 or 1.
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _reject(f"the access token claim {name!r} is not a number")
    return float(value)


def _text(claims: Mapping[str, Any], name: str) -> str:
    value = claims.get(name)
    if not isinstance(value, str) or not value:
        raise _reject(f"the access token has no {name!r} claim")
    return value


def _settings(claims: Mapping[str, Any]) -> tuple[str | None, int | None]:
    """The account settings a token carries: both, or neither when either is missing."""
    time_zone, first_weekday = claims.get("kinetic_tz"), claims.get("kinetic_week")
    if time_zone is None or first_weekday is None:
        return None, None
    if not isinstance(time_zone, str):
        raise _reject("the access token claim 'kinetic_tz' is not a string")
    if not isinstance(first_weekday, int) or isinstance(first_weekday, bool):
        raise _reject("the access token claim 'kinetic_week' is not a whole number")
    return time_zone, first_weekday


def _optional_text(claims: Mapping[str, Any], name: str) -> str | None:
    value = claims.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise _reject(f"the access token claim {name!r} is not a string")
    return value or None


class AccessTokenVerifier:
    """Checks access tokens signed by the auth service; see the module docstring for the rules."""

    def __init__(
        self,
        issuer: str,
        fetch_jwks: Callable[[], Awaitable[str]],
        *,
        leeway_seconds: float = LEEWAY_SECONDS,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        if not 0 <= leeway_seconds <= LEEWAY_SECONDS:
            raise ValueError(f"leeway_seconds must be between 0 and {LEEWAY_SECONDS}")
        self._issuer = issuer
        self._fetch_jwks = fetch_jwks
        self._leeway = leeway_seconds
        self._monotonic = monotonic
        self._keys: dict[str, RSAKey] = {}
        self._verified: OrderedDict[str, tuple[RSAKey, dict[str, Any]]] = OrderedDict()
        self._fetched_at: float | None = None
        self._lock = asyncio.Lock()

    async def verify(self, token: str, *, audience: str, now: float | None = None) -> AccessTokenClaims:
        """The claims of ``token`` if it is valid for ``audience`` at ``now`` (epoch seconds)."""
        if not isinstance(token, str) or not token:
            raise _reject("no access token was presented")
        header = _header(token)
        # Pin the algorithm before touching the signature: "none" and HS256-with-the-public-key
        # tokens die here, whatever the library would do with them.
        if header.get("alg") != ALGORITHM:
            raise _reject(f"the access token must be signed with {ALGORITHM}")
        if header.get("typ") != TOKEN_TYPE:
            raise _reject(f"the access token must have typ {TOKEN_TYPE!r}")
        kid = header.get("kid")
        if not isinstance(kid, str) or not kid:
            raise _reject("the access token names no signing key")
        key = await self._key(kid)
        cached = self._verified.get(token)
        if cached is not None and cached[0] is key:
            claims = cached[1]
        else:
            try:
                claims = jwt.decode(token, key, algorithms=[ALGORITHM]).claims
            except (JoseError, ValueError) as exc:
                raise _reject("the access token signature does not verify") from exc
            self._remember(token, key, claims)
        # Time, issuer and audience are checked on every request, cached signature or not.
        return self._check_claims(claims, audience, time.time() if now is None else now)

    def _remember(self, token: str, key: RSAKey, claims: dict[str, Any]) -> None:
        # An assistant sends the same token for 15 minutes; RS256 verification was the largest
        # share of the guard's CPU. The entry is tied to the key object it verified with, so a
        # rotated-out key (a refreshed key set) invalidates it.
        self._verified[token] = (key, claims)
        if len(self._verified) > VERIFIED_CACHE_SIZE:
            self._verified.popitem(last=False)

    def _check_claims(self, claims: Mapping[str, Any], audience: str, now: float) -> AccessTokenClaims:
        if claims.get("iss") != self._issuer:
            raise _reject("the access token was issued by someone else")
        token_audience = claims.get("aud")
        audiences = token_audience if isinstance(token_audience, list) else [token_audience]
        if audience not in audiences:
            raise _reject("the access token is for another resource", INVALID_AUDIENCE)
        subject = _text(claims, "sub")
        token_id = _text(claims, "jti")
        expires_at = _number(claims, "exp")
        if expires_at is None:
            raise _reject("the access token has no 'exp' claim")
        if now > expires_at + self._leeway:
            raise _reject("the access token has expired", TOKEN_EXPIRED)
        not_before = _number(claims, "nbf")
        if not_before is not None and now + self._leeway < not_before:
            raise _reject("the access token is not valid yet")
        scope = claims.get("scope", "")
        if not isinstance(scope, str):
            raise _reject("the access token claim 'scope' is not a string")
        client_id = claims.get("client_id")
        if client_id is not None and not isinstance(client_id, str):
            raise _reject("the access token claim 'client_id' is not a string")
        session_id = claims.get("sid")
        if session_id is not None and not isinstance(session_id, str):
            raise _reject("the access token claim 'sid' is not a string")
        time_zone, first_weekday = _settings(claims)
        return AccessTokenClaims(
            subject=subject,
            plan_tier=_optional_text(claims, "kinetic_tier"),
            account_status=_optional_text(claims, "kinetic_status"),
            time_zone=time_zone,
            first_weekday=first_weekday,
            audience=audience,
            scopes=tuple(scope.split()),
            token_id=token_id,
            client_id=client_id or None,
            expires_at=expires_at,
            session_id=session_id or None,
        )

    async def _key(self, kid: str) -> RSAKey:
        async with self._lock:
            moment = self._monotonic()
            if self._fetched_at is None:
                await self._refresh(moment)  # a failure leaves the cache empty: the next call retries
            elif kid not in self._keys and moment - self._fetched_at >= REFETCH_INTERVAL:
                # Stamped even if it fails, so forged kids during an outage cost one fetch per interval.
                self._fetched_at = moment
                await self._refresh(moment)
            elif moment - self._fetched_at >= MAX_KEY_SET_AGE:
                try:
                    await self._refresh(moment)
                except Exception:
                    # The cached keys are still good; keep verifying and retry after REFETCH_INTERVAL.
                    log.warning("refreshing the JWKS failed; using the cached key set", exc_info=True)
                    self._fetched_at = moment - MAX_KEY_SET_AGE + REFETCH_INTERVAL
        key = self._keys.get(kid)
        if key is None:
            raise _reject("the access token was signed with an unknown key")
        return key

    async def _refresh(self, moment: float) -> None:
        document = await self._fetch_jwks()
        try:
            key_set = KeySet.import_key_set(json.loads(document))
        except (JoseError, ValueError, KeyError, TypeError) as exc:
            raise ValueError("the auth service returned an unreadable JWKS") from exc
        self._keys = {
            key.kid: key
            for key in key_set
            if isinstance(key, RSAKey) and key.kid and key.get("use", "sig") == "sig"
        }
        self._fetched_at = moment
