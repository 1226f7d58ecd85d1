"""Kinetic's protected resources (one per assistant profile): path, names and scopes, defined once.

The auth service validates an authorization request's ``resource`` and ``scope`` against
``RESOURCES``; the edge serves the protected-resource metadata (RFC 9728) and guards the paths of
the profiles it mounts; the launcher prints their MCP URLs. A resource URL is the public origin
(the token issuer) plus the path.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ProtectedResourceInfo:
    """One profile's MCP endpoint: where it is, what it is called and which scopes it grants."""

    path: str  # e.g. "/api/connectors/muse/mcp"
    # ``resource_name`` of the RFC 9728 metadata, shown by clients on their consent screens.
    name: str
    # The profile's short name, as the launcher's banner and the README call it.
    profile: str
    scopes: tuple[str, ...]
    # Old scope names that still arrive in authorization requests, mapped to today's scope.
    legacy_scopes: tuple[tuple[str, str], ...] = ()
    # Granted when an authorization request names no scope; empty means every scope above.
    default_scopes: tuple[str, ...] = ()
    # Whether its contract lets a personal API key (``rf_...``) stand in for an access token.
    accepts_api_keys: bool = True
    # The ``realm`` of its 401/403 ``WWW-Authenticate`` challenge; empty sends none (RFC 6750 §3
    # makes it optional; only a contract that names one gets it).
    realm: str = ""
    # Whether a request with no credential at all is challenged with ``realm`` and
    # ``resource_metadata`` alone, no error code or scope: RFC 6750 §3.1's advice, and the exact
    # header a contract shows (RunFlow's, decision 0083). Otherwise every challenge is the full one.
    bare_challenge: bool = False
    # The plan tiers whose accounts may use it; empty: every plan. The edge's gate and the consent
    # page read it (RunFlow: paid plans only, decision 0063).
    plan_tiers: tuple[str, ...] = ()
    # The hosts (and their subdomains) a dynamically registered client naming one of its scopes may
    # redirect to, loopback addresses always allowed; empty: any https host (decision 0077).
    redirect_domains: tuple[str, ...] = ()

    def scopes_by_default(self) -> tuple[str, ...]:
        """What a request that names no scope is granted."""
        return self.default_scopes or self.scopes

    def resource_url(self, public_url: str) -> str:
        """The resource identifier tokens for this resource carry as ``aud``."""
        return public_url.rstrip("/") + self.path

    def metadata_url(self, public_url: str) -> str:
        """Where the metadata lives: at the origin root, the resource path appended (RFC 9728 §3.1)."""
        return public_url.rstrip("/") + "/.well-known/oauth-protected-resource" + self.path


METRIC = ProtectedResourceInfo(
    path="/api/connectors/muse/mcp",
    name="Kinetic Training (Metric profile)",
    profile="Metric",
    scopes=("training",),
    # Seed 000: one Training approval replaces the three legacy permissions.
    legacy_scopes=(
        ("training:read", "training"),
        ("training:write", "training"),
        ("training:delete", "training"),
    ),
)

_PRIMED_SCOPES = (
    "primed:profile:read",
    "primed:coaching:read",
    "primed:training:read",
    "primed:activities:read",
)
PRIMED = ProtectedResourceInfo(
    path="/mcp/primed",
    name="Kinetic Primed",
    profile="Primed",
    scopes=_PRIMED_SCOPES,
    # Seed 001 spells it "activities"; an earlier table here said "activity".
    legacy_scopes=(("primed:activity:read", "primed:activities:read"),),
    # Seed 001: bearer tokens are RS256 JWTs validated against the JWKS; nothing else.
    accepts_api_keys=False,
)

CLIENT_AI = ProtectedResourceInfo(
    path="/mcp/client-ai",
    name="Kinetic Client AI Workout V2",
    profile="Client AI Workout V2",
    scopes=("client_ai",),
)

OPEN_WORKOUT_SCHEMA = ProtectedResourceInfo(
    path="/mcp/ows",
    name="Kinetic Open Workout Schema",
    profile="Open Workout Schema",
    scopes=("ows",),
)

RUNFLOW = ProtectedResourceInfo(
    path="/mcp/runflow",
    name="Kinetic RunFlow",
    profile="RunFlow",
    scopes=("mcp:full",),
    # Seed 004: 'WWW-Authenticate: Bearer realm="RunFlow MCP", resource_metadata="..."'.
    realm="RunFlow MCP",
    bare_challenge=True,
    # Seed 004: "Requires active RunFlow Pro (Tier 2/3)"; Kinetic's paid plans are pro and coach.
    plan_tiers=("pro", "coach"),
    # Seed 004: registration whitelists "Claude, Anthropic, Google, and localhost redirect URIs".
    redirect_domains=("claude.ai", "claude.com", "anthropic.com", "google.com"),
)

# RunFlow's anonymous PlanGen MCP path (seed 004, decision 0066): no credentials, so no protected
# resource, no token audience and no metadata; the edge limits it by client address instead.
PUBLIC_PLANGEN_PATH = "/mcp/runflow/public"

# Every resource auth issues tokens for.
RESOURCES: tuple[ProtectedResourceInfo, ...] = (METRIC, PRIMED, CLIENT_AI, OPEN_WORKOUT_SCHEMA, RUNFLOW)

# The profiles the edge mounts today (edge/app.py); the launcher prints their MCP URLs.
SERVED_BY_EDGE: tuple[ProtectedResourceInfo, ...] = (METRIC, CLIENT_AI, OPEN_WORKOUT_SCHEMA, PRIMED, RUNFLOW)

# Every scope auth issues to new grants and keys: what discovery's ``scopes_supported`` lists.
ISSUED_SCOPES: tuple[str, ...] = tuple(scope for resource in RESOURCES for scope in resource.scopes)
# Old names older grants may still hold (their tokens carry them); never issued to a new grant.
LEGACY_SCOPES: tuple[str, ...] = tuple(old for resource in RESOURCES for old, _ in resource.legacy_scopes)
# The scopes a personal API key may carry: those of every resource whose contract allows keys.
API_KEY_SCOPES: tuple[str, ...] = tuple(
    scope for resource in RESOURCES if resource.accepts_api_keys for scope in resource.scopes
)
# The profiles the account page offers keys for: served, and keys allowed by their contract.
API_KEY_RESOURCES: tuple[ProtectedResourceInfo, ...] = tuple(r for r in SERVED_BY_EDGE if r.accepts_api_keys)
