"""Assembles the edge: one Starlette app whose lifespan owns the gRPC channels and MCP managers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from typing import Protocol
from urllib.parse import urlsplit

import grpc
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from opentelemetry.instrumentation.asgi import OpenTelemetryMiddleware
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from edge import served_profiles as served
from edge.account_uploads import account_upload_routes
from edge.analytics.rest import analytics_rest_app
from edge.backends import Backends
from edge.body_limits import (
    MCP_BODY_CAP,
    PUBLIC_MCP_BODY_CAP,
    REST_BODY_CAP,
    BodyBuffered,
    BodyCaps,
    TooLarge,
    ows_too_large,
    primed_too_large,
    problem_too_large,
    runflow_too_large,
)
from edge.cross_origin import CorsPaths, CrossOrigin, TrustedOrigins, cors_paths
from edge.endurance_rest import MAX_UPLOAD_BYTES as ACTIVITY_FILE_CAP
from edge.endurance_rest import endurance_rest_app
from edge.event_stream_answers import EventStreamAnswers
from edge.flood_gate import (
    PLAN_PAGES_SURFACE,
    PLANGEN_SURFACE,
    RefusedAddresses,
    oversized_body_seen,
    remembering,
)
from edge.guard import ProtectedResource, Refusal, TokenChecker, oauth_refusal
from edge.health import health_routes
from edge.in_flight import (
    ANONYMOUS_SLOTS,
    PER_ACCOUNT_SLOTS,
    RECEIVING_PER_ACCOUNT,
    SIGNED_IN_SLOTS,
    UPLOADS_RECEIVING_PER_ACCOUNT,
    Pool,
)
from edge.jwks import JwksCache
from edge.mcp_json_depth import JsonDepthChecked
from edge.mcp_profile.builder import build_profile
from edge.oauth import RUNFLOW_OAUTH_ALIASES, OAuthStubs, TrainingStubs, oauth_routes
from edge.openapi import openapi_document
from edge.profiles.metric.rest import backend_error, http_error, metric_rest_app, no_store
from edge.profiles.runflow_public.handlers import PlanGenTools
from edge.profiles.runflow_public.links import PlanLinks
from edge.profiles.runflow_public.planning import PlanSource, over_grpc
from edge.profiles.runflow_public.routes import plan_page_routes, too_many_pages
from edge.profiles.runflow_public.tools import anonymous, public_plangen_profile
from edge.ratelimit import (
    ACCOUNT_PER_MINUTE,
    TOKEN_PER_MINUTE,
    ClientAddress,
    RateLimited,
    RatePolicy,
    account_key,
    build_limiter,
    metric_refusal,
    plangen_messages_policy,
    plangen_policy,
    token_key,
)
from edge.ratelimit.responses import Render
from edge.ratelimit.tool_calls import ToolCallsCounted
from edge.revocation_watcher import RevocationWatcher
from edge.served_profiles import Live, SignedInProfile
from edge.upload_bodies import MULTIPART_OVERHEAD
from edge.well_known import well_known_routes
from edge.workout_files_rest import MAX_UPLOAD_BYTES as WORKOUT_HISTORY_CAP
from edge.workout_files_rest import account_export_routes, workout_files_rest_app
from kinetic.access_tokens import AccessTokenVerifier
from kinetic.protected_resources import (
    API_KEY_RESOURCES,
    CLIENT_AI,
    ISSUED_SCOPES,
    METRIC,
    OPEN_WORKOUT_SCHEMA,
    PRIMED,
    PUBLIC_PLANGEN_PATH,
    RUNFLOW,
    SERVED_BY_EDGE,
    ProtectedResourceInfo,
)
from kinetic.settings import EdgeSettings
from kinetic.telemetry import tracing_active

log = logging.getLogger(__name__)


async def api_http_error(request: Request, exc: Exception) -> Response:
    """An unmatched path or method: REST's JSON error under /api/, Starlette's plain text elsewhere."""
    if request.url.path.startswith("/api/"):
        return await http_error(request, exc)
    assert isinstance(exc, HTTPException)
    return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)


# Its own budget of 300 per account per minute: a busy Metric connection does not starve it (0020).
CLIENT_AI_PER_MINUTE = RatePolicy("client_ai_minute", 300, 60)
# The workout log's budget, its own for the same reason (seed 003 names no figure; decision 0050).
OWS_PER_MINUTE = RatePolicy("ows_minute", 300, 60)
# RunFlow's own budget, per account (seed 004 names none for its personal path; decision 0061).
RUNFLOW_PER_MINUTE = RatePolicy("runflow_minute", 300, 60)

# Body caps per path, checked before a body is parsed or a slot taken (decision 0067). Uploads keep
# the caps their handlers have always had, plus a form's framing (multipart, decision 0116); every
# other REST body and every MCP message is JSON.
UPLOAD_CAPS = {
    "/api/workout-log/imports": WORKOUT_HISTORY_CAP + MULTIPART_OVERHEAD,
    "/api/endurance/activities/imports": ACTIVITY_FILE_CAP + MULTIPART_OVERHEAD,
}
MCP_CAPS = BodyCaps(MCP_BODY_CAP)
PUBLIC_MCP_CAPS = BodyCaps(PUBLIC_MCP_BODY_CAP)
REST_CAPS = BodyCaps(REST_BODY_CAP, UPLOAD_CAPS)


def _transport_security(public_url: str, trusted: TrustedOrigins) -> TransportSecuritySettings:
    # The SDK's DNS-rebinding check: accept the public host and loopback, whatever the port. Its
    # Origin check answers plain text: ours (CrossOrigin) runs first, with the same set, in JSON.
    host = urlsplit(public_url).netloc
    return TransportSecuritySettings(
        allowed_hosts=[host, "127.0.0.1:*", "localhost:*", "[::1]:*"],
        allowed_origins=trusted.sdk_patterns(),
    )


class ServesMcp(Protocol):
    """An MCP server whose streamable HTTP app is built (a profile's, or the SDK's MCPServer)."""

    @property
    def session_manager(self) -> StreamableHTTPSessionManager: ...


class McpEndpoint:
    """Hands requests straight to an MCP session manager (a Mount would redirect the bare path).

    ``HEAD`` (a host probing the URL) passed the token check by the time it arrives here: 200 and
    no body, what a POST's answer would start with (decision 0040).
    """

    def __init__(self, server: ServesMcp) -> None:
        self._server = server
        # The body's nesting is bounded before the SDK parses it (a JSON-RPC -32700; decision 0068).
        self._depth_checked = JsonDepthChecked(self._handle)

    async def _handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._server.session_manager.handle_request(scope, receive, send)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] == "HEAD":
            await Response(status_code=200, media_type="application/json")(scope, receive, send)
            return
        await self._depth_checked(scope, receive, send)


# OPTIONS is answered in front of the router, by CrossOrigin (edge/cross_origin.py).
MCP_METHODS = "POST, HEAD, OPTIONS"


class PostOnly:
    """405 for every method but POST and HEAD, before the token check (decisions 0036, 0040).

    The MCP paths are stateless: no event stream to GET (one used to open and never send or end),
    no session to DELETE; the streamable HTTP transport lets a server answer both with 405. HEAD
    goes on to the token check and answers like a POST without its body. Not the router's
    ``methods``: it would fall through to the REST mount under Metric's path.
    """

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] in ("POST", "HEAD"):
            await self._app(scope, receive, send)
            return
        refusal = JSONResponse(
            {
                "error": "method_not_allowed",
                "error_description": f"{scope['method']} is not served here: this MCP endpoint is "
                "stateless, send each JSON-RPC message with POST",
            },
            status_code=405,
            headers={"Allow": MCP_METHODS},
        )
        await refusal(scope, receive, send)


def mcp_routes(resource: ProtectedResourceInfo, app: ASGIApp) -> list[Route]:
    """The MCP path with and without a trailing slash, both answered alike (never a redirect):
    hosts add or drop the slash and some do not follow a redirect on POST (decision 0040). A POST
    accepting only an event stream is answered as one (decision 0077)."""
    answered = EventStreamAnswers(app)
    return [Route(path, answered) for path in (resource.path, resource.path + "/")]


def cross_origin_paths() -> list[CorsPaths]:
    """What browser-based clients call; the MCP paths first (Metric's lies under its REST prefix)."""
    return [
        cors_paths(
            MCP_METHODS,
            [p for r in SERVED_BY_EDGE for p in (r.path, r.path + "/")]
            + [PUBLIC_PLANGEN_PATH, PUBLIC_PLANGEN_PATH + "/"],
        ),
        cors_paths(
            "GET, HEAD, OPTIONS",
            [
                "/.well-known/oauth-authorization-server",
                "/.well-known/oauth-protected-resource",
                "/.well-known/jwks.json",
                "/openapi.json",
            ],
            ["/.well-known/oauth-protected-resource/"],
        ),
        cors_paths("POST, OPTIONS", ["/register", "/token", "/revoke", *RUNFLOW_OAUTH_ALIASES]),
        cors_paths("GET, POST, OPTIONS", prefixes=["/api/connectors/muse/", "/api/analytics/"]),
    ]


def _plan_link_secret(settings: EdgeSettings) -> bytes:
    """The key of exported plan links; a random one per process when none is set."""
    if settings.plan_link_secret:
        return settings.plan_link_secret.encode()
    log.warning(
        "KINETIC_PLAN_LINK_SECRET is not set: exported plan links stop working on restart and open on "
        "this edge replica only; set one secret for every edge replica"
    )
    return secrets.token_bytes(32)


def signed_in_profiles() -> tuple[SignedInProfile, ...]:
    """The MCP profiles signed-in callers reach, in the order their routes are tried (decision 0100).

    Read when an app is built, so budgets lifted in this module's names apply (benchmarks/bench_edge.py).
    """
    return (
        SignedInProfile(METRIC, served.metric, ACCOUNT_PER_MINUTE),
        SignedInProfile(CLIENT_AI, served.client_ai, CLIENT_AI_PER_MINUTE),
        SignedInProfile(
            OPEN_WORKOUT_SCHEMA, served.open_workout_schema, OWS_PER_MINUTE, too_large=ows_too_large
        ),
        # Primed (seed 001, decision 0059): RS256 access tokens only, any one of its scopes at the
        # door and each tool's own scope inside; 60 calls per token per minute, 10 at once (the
        # 11th refused at once with 429 RATE_LIMITED, never queued: decision 0067); every refusal a
        # JSON-RPC error with the contract's HTTP status.
        SignedInProfile(
            PRIMED,
            served.primed,
            TOKEN_PER_MINUTE,
            key_of=token_key,
            any_scope=True,
            too_large=primed_too_large,
        ),
        # RunFlow (seed 004, decision 0061): API keys or access tokens with mcp:full, 300 calls per
        # account per minute, paid tiers only (the gate's -32002 refusal); other refusals are tool
        # errors, an unknown tool JSON-RPC -32602 (decision 0075).
        SignedInProfile(
            RUNFLOW,
            served.runflow,
            RUNFLOW_PER_MINUTE,
            too_large=runflow_too_large("RunFlow MCP"),
            gate=served.paid_tiers_only,
        ),
    )


async def _prime(jwks: JwksCache) -> None:
    try:
        await jwks.fetch()
    except grpc.aio.AioRpcError:
        log.warning("the JWKS could not be fetched at start; the first request that needs it retries")


def create_app(
    settings: EdgeSettings,
    backends: Backends | None = None,
    refused_addresses: RefusedAddresses | None = None,
) -> ASGIApp:
    """The edge app. ``backends`` lets tests pass channels to in-process servers; ``refused_addresses``
    is shared with the connection protocol (``edge.http_protocol.http_protocol``)."""
    # Addresses refused on an anonymous surface, shared with the connection protocol, which turns
    # them away before the app runs (edge.flood_gate); only direct peers are known to it.
    refused = refused_addresses if settings.trusted_proxy_hops == 0 else None
    client_address = ClientAddress(settings.trusted_proxy_hops)
    public_url = settings.public_url
    trusted_origins = TrustedOrigins.for_edge(public_url, settings.allowed_origins)
    live = Live()
    signed_in_mcp = signed_in_profiles()
    built = {profile.resource.path: build_profile(profile.build(live, settings)) for profile in signed_in_mcp}
    # RunFlow's anonymous PlanGen (decision 0066): no credentials, nothing stored; links signed here,
    # plans made by Training's generator (decision 0096).
    plan_links = PlanLinks(_plan_link_secret(settings))
    public_plans = PlanSource(over_grpc(lambda: live.backends.endurance_plans))
    plangen = build_profile(
        public_plangen_profile(PlanGenTools(plan_links, public_url, public_plans), settings.plangen_per_hour),
        principal=anonymous,
    )
    plangen_mcp = plangen.server
    servers = [profile.server for profile in built.values()] + [plangen_mcp]
    for server in servers:
        server.streamable_http_app(
            streamable_http_path="/",
            stateless_http=True,
            json_response=True,
            transport_security=_transport_security(public_url, trusted_origins),
        )

    # Redis when KINETIC_REDIS_URL is set (shared by every replica), in-process otherwise.
    limiter = build_limiter(settings.redis_url)
    # In-flight slots per class of caller (decision 0067): signed-in calls share one pool, at most
    # PER_ACCOUNT_SLOTS of it per account; the anonymous PlanGen path has a pool of its own. A
    # request asks for a slot only once its body is whole (BodyBuffered runs first).
    signed_in = Pool("signed_in", SIGNED_IN_SLOTS, per_key=PER_ACCOUNT_SLOTS, key_of=account_key)
    anonymous_slots = Pool("anonymous", ANONYMOUS_SLOTS)
    # Bodies arriving at once per account, before any slot: a bound on what one account makes the
    # edge buffer; an account past it waits behind its own requests only.
    receiving = Pool("receiving", None, per_key=RECEIVING_PER_ACCOUNT, key_of=account_key)
    uploads_receiving = Pool("uploads", None, per_key=UPLOADS_RECEIVING_PER_ACCOUNT, key_of=account_key)

    def receiving_for(scope: Scope) -> contextlib.AbstractAsyncContextManager[None]:
        arriving = uploads_receiving if scope.get("path", "").rstrip("/") in UPLOAD_CAPS else receiving
        return arriving.held(scope)

    def protect(
        app: ASGIApp,
        resource: ProtectedResourceInfo,
        policy: RatePolicy = ACCOUNT_PER_MINUTE,
        refusal: Render = metric_refusal,
        *,
        key_of: Callable[[Scope], str | None] = account_key,
        guard_refusal: Refusal = oauth_refusal,
        any_scope: bool = False,
        caps: Callable[[Scope], int] = MCP_CAPS,
        too_large: TooLarge = problem_too_large,
    ) -> ASGIApp:
        # The limiter runs inside the guard, keyed by the authenticated account (or, for Primed, a
        # hash of the token): the MCP path and its REST mirror share one budget of 300 requests per
        # account per minute. A refusal is in the profile's error style (Metric's JSON for REST).
        # Primed's ten calls at once per token are counted from the head, before the body is read
        # and before any slot, so the eleventh is refused at once, never queued (decision 0067).
        slotted = signed_in.wrap(app)
        buffered = BodyBuffered(slotted, caps, too_large, receiving_for)
        limited = RateLimited(buffered, limiter, policy, key_of, refusal)
        return ProtectedResource(
            limited,
            resource_url=resource.resource_url(public_url),
            metadata_url=resource.metadata_url(public_url),
            required_scopes=resource.scopes,
            checker=lambda: live.checker,
            legacy_scopes=resource.legacy_scopes,
            any_scope=any_scope,
            accepts_api_keys=resource.accepts_api_keys,
            refusal=guard_refusal,
            realm=resource.realm,
            bare_challenge=resource.bare_challenge,
        )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        owned = backends is None
        connected = backends or Backends.connect(settings.targets, tls=settings.tls)

        live.backends = connected
        jwks = JwksCache(lambda: live.backends.auth)
        # Held from the start, so /.well-known/jwks.json can answer even if auth goes down early.
        priming = asyncio.create_task(_prime(jwks), name="jwks-prime")
        # Auth pushes what it revokes; the guard checks locally while the stream is current (0030).
        revocations = RevocationWatcher(connected.auth)
        watching = asyncio.create_task(revocations.run(), name="revocation-watcher")
        live.checker = TokenChecker(
            AccessTokenVerifier(public_url, jwks.fetch), connected.auth, connected.oauth, revocations
        )
        app.state.backends = connected
        app.state.jwks = jwks
        app.state.revocations = revocations
        try:
            async with contextlib.AsyncExitStack() as running:
                for server in servers:
                    await running.enter_async_context(server.session_manager.run())
                yield
        finally:
            for task in (watching, priming):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await limiter.close()
            if owned:
                await connected.close()

    def mcp_door(profile: SignedInProfile) -> list[Route]:
        # Outermost first: methods, token, budget, body, slot (protect), no-store, the profile's gate.
        mcp = built[profile.resource.path]
        endpoint = mcp.endpoint(McpEndpoint(mcp.server))
        if profile.gate is not None:
            endpoint = profile.gate(endpoint, live)
        errors = mcp.profile.errors
        door = protect(
            no_store(endpoint),
            profile.resource,
            profile.budget,
            refusal=errors.rate_limited,
            key_of=profile.key_of,
            guard_refusal=errors.refused,
            any_scope=profile.any_scope,
            too_large=profile.too_large,
        )
        return mcp_routes(profile.resource, PostOnly(door))

    def anonymous_plangen() -> ASGIApp:
        # No guard: the budget is per client address (trusted proxy hops as everywhere), and only
        # tool calls spend it; initialize, tools/list, ping and notifications pass free.
        # Its body is whole (at most PUBLIC_MCP_BODY_CAP) before it is parsed or takes one of the
        # anonymous pool's slots, and a refused tool call takes none (decision 0067).
        endpoint = anonymous_slots.wrap(no_store(plangen.endpoint(McpEndpoint(plangen_mcp))))
        limited = RateLimited(
            endpoint,
            limiter,
            plangen_policy(settings.plangen_per_hour),
            ClientAddress(settings.trusted_proxy_hops),
            plangen.profile.errors.rate_limited,
        )
        # Every message, free ones included, also counts against a per-minute ceiling per address: four
        # clients looping 8 KB pings otherwise kept the event loop from signed-in calls (12-14x their
        # p50); past it the flood gate turns the address away before routing (decision 0067).
        all_messages = RateLimited(
            ToolCallsCounted(limited, endpoint),
            limiter,
            plangen_messages_policy(settings.plangen_per_hour),
            client_address,
            remembering(plangen.profile.errors.rate_limited, refused, PLANGEN_SURFACE, client_address),
            headers=False,  # the hourly tool budget's headers are the ones the seed's clients read
        )
        return BodyBuffered(
            all_messages,
            PUBLIC_MCP_CAPS,
            runflow_too_large("RunFlow public MCP"),
            on_too_large=oversized_body_seen(refused, PLANGEN_SURFACE, client_address),
        )

    # Built and serialised once: ~90 KB, ~3 ms of the event loop per request otherwise, and anonymous
    # clients looping it slowed signed-in calls 22x (issue 27). It depends on the public URL alone.
    openapi_body = JSONResponse(openapi_document(public_url)).body

    async def openapi(request: Request) -> Response:
        return Response(openapi_body, media_type="application/json")

    routes = [
        # The MCP paths first: the router tries routes in order, a regular expression each, and
        # tool calls are most of the edge's requests (33 tries per Metric call when they came after
        # the health, discovery, OAuth and account pages; decision 0124). They are exact paths no
        # other route answers; they must precede the REST mounts, as Metric's MCP path lies under
        # its REST prefix.
        *(route for profile in signed_in_mcp for route in mcp_door(profile)),
        # RunFlow's anonymous PlanGen (seed 004, decision 0066): no credentials, ten tool calls per
        # client address per hour (KINETIC_PLANGEN_PER_HOUR), errors as on the personal path.
        *[
            Route(path, EventStreamAnswers(PostOnly(anonymous_plangen())))
            for path in (PUBLIC_PLANGEN_PATH, PUBLIC_PLANGEN_PATH + "/")
        ],
        *health_routes,
        Route("/openapi.json", openapi),
        # The bare root names Primed unless ?resource= names another (seed 001's URL; decision 0077).
        *well_known_routes(
            public_url, [METRIC, CLIENT_AI, OPEN_WORKOUT_SCHEMA, PRIMED, RUNFLOW], default=PRIMED
        ),
        *oauth_routes(
            public_url,
            lambda: OAuthStubs(
                oauth=live.backends.oauth, auth=live.backends.auth, training=live.backends.training
            ),
            scopes_supported=ISSUED_SCOPES,
            key_scopes=API_KEY_RESOURCES,
            limiter=limiter,  # failed sign-ins count in the shared limiter (0015)
            client_address=ClientAddress(settings.trusted_proxy_hops),
            training_figures=lambda: TrainingStubs(
                endurance_analytics=live.backends.endurance_analytics,
                analytics=live.backends.analytics,
                endurance_plans=live.backends.endurance_plans,
            ),
        ),
        Mount(
            "/api/connectors/muse",
            app=protect(metric_rest_app(built[METRIC.path].tools), METRIC, caps=REST_CAPS),
        ),
        # Kinetic's own analytics API takes Metric's credentials and shares its budget (0025).
        Mount(
            "/api/analytics",
            app=protect(
                analytics_rest_app(lambda: live.backends.analytics, lambda: live.backends.auth),
                METRIC,
                caps=REST_CAPS,
            ),
        ),
        # Workout history in and out (0047): the upload and export under OWS's credentials and budget.
        Mount(
            "/api/workout-log",
            app=protect(
                workout_files_rest_app(lambda: live.backends),
                OPEN_WORKOUT_SCHEMA,
                OWS_PER_MINUTE,
                caps=REST_CAPS,
            ),
        ),
        # Endurance records and figures (0057): the endurance half of the same log, same guard and budget.
        Mount(
            "/api/endurance",
            app=protect(
                endurance_rest_app(lambda: live.backends), OPEN_WORKOUT_SCHEMA, OWS_PER_MINUTE, caps=REST_CAPS
            ),
        ),
        *account_export_routes(public_url, lambda: live.backends),
        *account_upload_routes(public_url, lambda: live.backends),
        # Plan pages and calendars (decisions 0066, 0068): kept per link, limited per client address.
        *plan_page_routes(
            plan_links,
            limiter,
            client_address,
            plan_of=public_plans,
            refusal=remembering(too_many_pages, refused, PLAN_PAGES_SURFACE, client_address),
        ),
    ]
    # The last line of defence: a backend failure no route mapped is still a 503, never a 500; a
    # path under /api/ no mount matched (one with a line break in it, say) answers in JSON too.
    starlette = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={grpc.aio.AioRpcError: backend_error, HTTPException: api_http_error},
    )
    # In front of the router: a preflight needs no token, and OPTIONS matches no route's methods.
    app = CrossOrigin(starlette, trusted_origins, cross_origin_paths())
    if not tracing_active():
        return app
    # The outermost layer opens the HTTP server span that every gRPC and SQL span of a call joins.
    return OpenTelemetryMiddleware(app, excluded_urls="healthz,readyz")
