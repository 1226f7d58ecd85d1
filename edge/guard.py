"""The edge's guard: every protected path needs a bearer token for that path's resource.

Two kinds of bearer credential are accepted:
- access tokens (RS256 JWT, ``typ: at+jwt``), verified locally against the auth service's JWKS,
  with ``aud`` equal to the resource URL (RFC 8707: a token for one profile is refused by another),
  then checked against the revoked set that auth pushes (``jti``, ``sid`` = grant, ``sub``);
- personal API keys (``rf_`` + 64 hex), verified by the auth service once and then kept for at
  most 60 s, a revocation clearing them at once.
No round trip per request: "checked on every request" (decisions 0008, 0016) is superseded by
docs/decisions/0030-revocation-push.md. While the revocation stream is not current (see
``edge.revocation_watcher``), and for tokens signed before ``sid`` existed, the guard asks auth per
request as before: fail closed, never open.
Failures answer 401 with ``WWW-Authenticate`` pointing at the resource's metadata (RFC 9728);
a token without the needed scope answers 403 ``insufficient_scope``. A connection holding the
legacy names of a scope passes with all of them and, with only some, answers seed 000's 403
"Training reapproval required" (``reapproval_required``, decision 0040).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

import grpc
from starlette.types import ASGIApp, Receive, Scope, Send

from edge.problems import DEFAULT_RETRY_AFTER_SECONDS
from edge.revocation_watcher import RevocationWatcher
from kinetic.access_tokens import AccessTokenClaims, AccessTokenVerifier
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc, oauth_pb2, oauth_pb2_grpc
from kinetic.errors import RemoteError, Unauthenticated

API_KEY_PREFIX = "rf_"
# The description of a request that carries no credential at all (a profile may word it its own way).
MISSING_CREDENTIAL = "a bearer token is required"
PRINCIPAL_KEY = "kinetic.principal"


@dataclass(frozen=True)
class Principal:
    """Who is calling, and with what rights."""

    account_id: str
    scopes: frozenset[str]
    credential: str  # "access_token" or "api_key"
    client_id: str = ""
    # The account's plan tier and status as far as the edge knows them without asking auth: the
    # credential's, or a change auth pushed since (decision 0063). None while the revocation stream
    # is not current or the credential says nothing: a gate on them then reads the account.
    plan_tier: str | None = None
    account_status: str | None = None
    # The account's time zone ("" is UTC) and first weekday (0 is Monday) as the credential carries
    # them (decision 0090); None when it does not, the stream is not current, or auth pushed a
    # change since: whoever needs them then reads the account.
    time_zone: str | None = None
    first_weekday: int | None = None


class CredentialError(Exception):
    """A credential that cannot be accepted; ``error`` is the RFC 6750 code."""

    def __init__(self, error: str, description: str, status: int = 401) -> None:
        super().__init__(description)
        self.error = error
        self.description = description
        self.status = status


class TokenChecker:
    """Turns an ``Authorization`` header into a ``Principal`` for one resource."""

    def __init__(
        self,
        verifier: AccessTokenVerifier,
        auth: auth_pb2_grpc.AuthServiceStub,
        oauth: oauth_pb2_grpc.OAuthServiceStub,
        revocations: RevocationWatcher | None = None,
    ) -> None:
        self._verifier = verifier
        self._auth = auth
        self._oauth = oauth
        self._revocations = revocations
        # Verifications of an API key under way, by the secret's SHA-256 (``_verify_once``).
        self._verifying: dict[str, asyncio.Future[Principal]] = {}

    async def authenticate(
        self, authorization: str | None, audience: str, *, accepts_api_keys: bool = True
    ) -> Principal:
        """Check the header's bearer credential for ``audience``; raise CredentialError if refused.

        ``accepts_api_keys`` False (a contract that takes RS256 access tokens only, such as Primed's)
        refuses a personal API key as an invalid token before auth is asked about it.
        """
        if not authorization:
            raise CredentialError("invalid_token", MISSING_CREDENTIAL)
        scheme, _, credential = authorization.partition(" ")
        credential = credential.strip()
        if scheme.lower() != "bearer" or not credential:
            raise CredentialError("invalid_request", "use the Authorization: Bearer <token> header")
        if credential.startswith(API_KEY_PREFIX):
            if not accepts_api_keys:
                raise CredentialError(
                    "invalid_token", "this resource takes OAuth access tokens only, not API keys"
                )
            return await self._api_key(credential)
        try:
            claims = await self._verifier.verify(credential, audience=audience)
        except Unauthenticated as error:
            raise CredentialError("invalid_token", error.message) from error
        except grpc.aio.AioRpcError as error:
            # The signing keys could not be fetched: an outage, not a bad token.
            raise CredentialError("temporarily_unavailable", "cannot check credentials now", 503) from error
        await self._require_active(claims)
        plan_tier, account_status = self._standing(claims.subject, claims.plan_tier, claims.account_status)
        time_zone, first_weekday = self._settings(claims.subject, claims.time_zone, claims.first_weekday)
        return Principal(
            claims.subject,
            frozenset(claims.scopes),
            "access_token",
            claims.client_id or "",
            plan_tier,
            account_status,
            time_zone,
            first_weekday,
        )

    def _standing(
        self, account_id: str, plan_tier: str | None, account_status: str | None
    ) -> tuple[str | None, str | None]:
        """What the edge may vouch for: a standing auth pushed since the credential was issued, else
        the credential's own; nothing while the stream is not current (the gate then asks auth)."""
        watcher = self._revocations
        if watcher is None or not watcher.local:
            return None, None
        pushed = watcher.standings.get(account_id)
        if pushed is not None:
            return pushed.plan_tier, pushed.account_status
        return plan_tier or None, account_status or None

    def _settings(
        self,
        account_id: str,
        time_zone: str | None,
        first_weekday: int | None,
        *,
        verified_since: bool = False,
    ) -> tuple[str | None, int | None]:
        """The credential's account settings while the stream is current, unless auth pushed a change
        of the account that may be newer (a pushed standing carries no settings: decision 0090).
        ``verified_since``: auth gave them after any such push (an API key verified now, or cached:
        a push drops the account's cached keys)."""
        watcher = self._revocations
        if watcher is None or not watcher.local:
            return None, None
        if not verified_since and watcher.standings.get(account_id) is not None:
            return None, None
        if time_zone is None or first_weekday is None:
            return None, None
        return time_zone, first_weekday

    async def _require_active(self, claims: AccessTokenClaims) -> None:
        watcher = self._revocations
        if watcher is not None and watcher.revoked.token_revoked(claims):
            raise CredentialError("invalid_token", "the access token was revoked")
        if watcher is not None and watcher.local and claims.session_id is not None:
            return  # the revoked set is current and covers this token: no round trip (0030)
        # Stream not current, or a token without "sid" (signed before 0030): ask auth, fail closed.
        try:
            response = await self._oauth.CheckAccessToken(
                oauth_pb2.CheckAccessTokenRequest(token_id=claims.token_id)
            )
        except grpc.aio.AioRpcError as error:
            raise CredentialError("temporarily_unavailable", "cannot check credentials now", 503) from error
        if not response.active:
            raise CredentialError("invalid_token", "the access token was revoked")

    async def _api_key(self, secret: str) -> Principal:
        watcher = self._revocations
        if watcher is not None and watcher.local:
            cached = watcher.api_keys.get(secret)
            if cached is not None and not watcher.revoked.api_key_revoked(cached.key_id, cached.account_id):
                plan_tier, account_status = self._standing(
                    cached.account_id, cached.plan_tier, cached.account_status
                )
                time_zone, first_weekday = self._settings(
                    cached.account_id, cached.time_zone, cached.first_weekday, verified_since=True
                )
                return Principal(
                    cached.account_id,
                    cached.scopes,
                    "api_key",
                    "",
                    plan_tier,
                    account_status,
                    time_zone,
                    first_weekday,
                )
        return await self._verify_once(secret)

    async def _verify_once(self, secret: str) -> Principal:
        """Ask auth about ``secret``, sharing an answer already on its way for the same secret.

        An assistant's first parallel tool calls all present a key the edge has not cached yet; one
        verification each would send a burst of identical calls to auth, and under load enough of
        them would miss their deadline to open auth's circuit and refuse everyone's credentials
        for its open time. Callers of the same secret await one call (the digest names it, as in
        the cache, so no secret is kept as a key); a cancelled caller does not cancel the others.
        """
        digest = hashlib.sha256(secret.encode()).hexdigest()
        pending = self._verifying.get(digest)
        if pending is None:
            pending = asyncio.ensure_future(self._verify_api_key(secret))
            self._verifying[digest] = pending
            pending.add_done_callback(lambda done: self._verified(digest, done))
        return await asyncio.shield(pending)

    def _verified(self, digest: str, done: asyncio.Future[Principal]) -> None:
        self._verifying.pop(digest, None)
        if not done.cancelled():
            done.exception()  # retrieved: a failure every caller gave up on is not logged as lost

    async def _verify_api_key(self, secret: str) -> Principal:
        watcher = self._revocations
        revision = None if watcher is None else watcher.revision
        try:
            response = await self._auth.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=secret))
        except grpc.aio.AioRpcError as error:
            remote = RemoteError.from_rpc(error)
            if remote.code == grpc.StatusCode.UNAUTHENTICATED:
                raise CredentialError("invalid_token", "the API key is unknown or revoked") from error
            raise CredentialError("temporarily_unavailable", "cannot check credentials now", 503) from error
        key = response.api_key
        scopes = frozenset(key.scopes)
        known = response.HasField("time_zone") and response.HasField("first_weekday")
        said_zone = response.time_zone if known else None
        said_weekday = response.first_weekday if known else None
        # Cached only if no revocation arrived while auth was answering: one that did may be this
        # key's, and it has already been applied to a cache that did not hold the key yet.
        if watcher is not None and watcher.local and watcher.revision == revision:
            watcher.api_keys.put(
                secret,
                key.key_id,
                key.account_id,
                scopes,
                response.plan_tier,
                response.account_status,
                said_zone,
                said_weekday,
            )
        plan_tier, account_status = self._standing(
            key.account_id, response.plan_tier, response.account_status
        )
        time_zone, first_weekday = self._settings(
            key.account_id, said_zone, said_weekday, verified_since=True
        )
        return Principal(
            key.account_id, scopes, "api_key", "", plan_tier, account_status, time_zone, first_weekday
        )


def challenge(error: str, description: str, scope: str, metadata_url: str, realm: str = "") -> str:
    """A ``WWW-Authenticate`` value for a refused request (RFC 6750 §3 and RFC 9728 §5.1); the
    ``realm`` comes first when the resource has one (RunFlow's contract names it)."""
    safe = description.replace("\\", "").replace('"', "'")
    named = f'realm="{realm}", ' if realm else ""
    return (
        f'Bearer {named}error="{error}", error_description="{safe}", scope="{scope}", '
        f'resource_metadata="{metadata_url}"'
    )


def bare_challenge(metadata_url: str, realm: str = "") -> str:
    """The ``WWW-Authenticate`` value for a request that sent no credential at all: where to find
    the metadata, no error code (RFC 6750 §3.1) and no scope (the metadata lists them). Seed 004
    shows exactly this header for RunFlow (decision 0083)."""
    named = f'realm="{realm}", ' if realm else ""
    return f'Bearer {named}resource_metadata="{metadata_url}"'


# Answers a refused request itself: (receive, send, status, error, description, headers). The
# default writes ``{error, error_description}``; a profile whose contract has its own error shape
# (Primed's JSON-RPC errors) passes its own (``edge.mcp_profile.errors.ErrorStyle.refused``).
Refusal = Callable[[Receive, Send, int, str, str, list[tuple[bytes, bytes]]], Awaitable[None]]


async def oauth_refusal(
    receive: Receive,
    send: Send,
    status: int,
    error: str,
    description: str,
    headers: list[tuple[bytes, bytes]],
) -> None:
    """The OAuth-style JSON body ``{error, error_description}`` every profile but Primed answers with."""
    body = json.dumps({"error": error, "error_description": description}, separators=(",", ":")).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"cache-control", b"private, no-store"),
        (b"content-length", str(len(body)).encode()),
        *headers,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class ProtectedResource:
    """ASGI wrapper: authenticate, check scopes, put the Principal in the scope, then call ``app``.

    ``any_scope`` True lets a token through with any one of ``required_scopes`` (a profile whose
    tools each check their own scope, such as Primed's); False needs every one of them.
    ``accepts_api_keys`` False refuses personal API keys with 401 (``ProtectedResourceInfo``);
    ``realm`` names the challenge's realm (``ProtectedResourceInfo.realm``); ``bare_challenge``
    challenges a request without any credential with ``bare_challenge()`` (``ProtectedResourceInfo``).
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        resource_url: str,
        metadata_url: str,
        required_scopes: tuple[str, ...],
        checker: Callable[[], TokenChecker],
        on_authenticated: Callable[[Principal], Awaitable[None]] | None = None,
        legacy_scopes: tuple[tuple[str, str], ...] = (),
        any_scope: bool = False,
        accepts_api_keys: bool = True,
        refusal: Refusal = oauth_refusal,
        realm: str = "",
        bare_challenge: bool = False,
    ) -> None:
        self._app = app
        self._resource_url = resource_url
        self._metadata_url = metadata_url
        self._required = required_scopes
        self._legacy = legacy_scopes
        self._checker = checker
        self._on_authenticated = on_authenticated
        self._any_scope = any_scope
        self._accepts_api_keys = accepts_api_keys
        self._refusal = refusal
        self._realm = realm
        self._bare_challenge = bare_challenge

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        try:
            principal = await self._checker().authenticate(
                headers.get("authorization"), self._resource_url, accepts_api_keys=self._accepts_api_keys
            )
        except CredentialError as error:
            bare = self._bare_challenge and not headers.get("authorization")
            await self._refuse(receive, send, error.status, error.error, error.description, bare=bare)
            return
        principal = self._with_current_names(principal)
        if self._any_scope:
            if not principal.scopes & set(self._required):
                needs = f"this resource needs one of the scopes {' '.join(self._required)}"
                await self._refuse(receive, send, 403, "insufficient_scope", needs)
                return
        else:
            for needed in self._required:
                if needed in principal.scopes:
                    continue
                legacy = {old for old, new in self._legacy if new == needed}
                held = sorted(legacy & principal.scopes)
                if held and len(held) < len(legacy):
                    await self._refuse(
                        receive, send, 403, "reapproval_required", _reapproval(needed, held, legacy)
                    )
                    return
                if not held:
                    needs = f"this resource needs the scope {' '.join(self._required)}"
                    await self._refuse(receive, send, 403, "insufficient_scope", needs)
                    return
                # Every legacy permission of the scope: older connections keep working (seed 000).
                principal = replace(principal, scopes=principal.scopes | {needed})
        if self._on_authenticated is not None:
            await self._on_authenticated(principal)
        scope[PRINCIPAL_KEY] = principal
        await self._app(scope, receive, send)

    def _with_current_names(self, principal: Principal) -> Principal:
        """With ``any_scope``, each legacy name a token holds stands for today's name of its scope."""
        if not self._any_scope:
            return principal
        renamed = {new for old, new in self._legacy if old in principal.scopes}
        return replace(principal, scopes=principal.scopes | renamed) if renamed else principal

    async def _refuse(
        self, receive: Receive, send: Send, status: int, error: str, description: str, *, bare: bool = False
    ) -> None:
        # Reapproval is a missing scope too: the challenge says insufficient_scope, so an MCP client
        # that steps up on it asks for the scope again; the body keeps the contract's code.
        challenge_error = "insufficient_scope" if error == "reapproval_required" else error
        headers: list[tuple[bytes, bytes]] = []
        if status in (401, 403) and bare:
            headers.append(
                (b"www-authenticate", bare_challenge(self._metadata_url, self._realm).encode("latin-1"))
            )
        elif status in (401, 403):
            value = challenge(
                challenge_error, description, " ".join(self._required), self._metadata_url, self._realm
            )
            headers.append((b"www-authenticate", value.encode("latin-1")))
        elif status == 503:
            headers.append((b"retry-after", str(DEFAULT_RETRY_AFTER_SECONDS).encode()))
        await self._refusal(receive, send, status, error, description, headers)


def _reapproval(scope: str, held: list[str], legacy: set[str]) -> str:
    name = scope.split(":")[0].capitalize()
    return (
        f"{name} reapproval required: this connection holds only some of the older {name} "
        f"permissions ({', '.join(held)} of {', '.join(sorted(legacy))}); reconnect and approve "
        f"{name} access again"
    )


def principal_of(scope: Scope) -> Principal:
    """The authenticated caller of a request that passed ``ProtectedResource``."""
    principal = scope.get(PRINCIPAL_KEY)
    if not isinstance(principal, Principal):
        raise RuntimeError("request did not pass the guard")
    return principal
