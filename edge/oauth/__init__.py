"""Kinetic's OAuth 2.1 authorization server over HTTP: discovery, token endpoints and the pages.

All OAuth rules live in the auth service (``kinetic.auth.v1.OAuthService``); this package serves
the HTTP endpoints and browser pages, maps the service's errors and adds the browser protections
(CSRF, framing, CSP, no-store). Wire it with ``oauth_routes(public_url, stubs)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from starlette.routing import BaseRoute, Route
from starlette.types import Scope

from edge.oauth.account import AccountPages
from edge.oauth.backend import OAuthStubs
from edge.oauth.endpoints import metadata_endpoint, register_endpoint, revoke_endpoint, token_endpoint
from edge.oauth.pages import AuthorizationPages
from edge.oauth.throttle import SigninThrottle
from edge.oauth.training import TrainingPage, TrainingStubs
from edge.ratelimit import ClientAddress, RateLimiter
from edge.ratelimit.local_limiter import LocalRateLimiter
from kinetic.protected_resources import METRIC, ProtectedResourceInfo

__all__ = ["DEFAULT_SCOPES", "RUNFLOW_OAUTH_ALIASES", "OAuthStubs", "TrainingStubs", "oauth_routes"]

DEFAULT_SCOPES: tuple[str, ...] = ("training",)

# Seed 004's paths for registration, authorization and token: the same endpoints under other names
# (discovery keeps naming the root ones; decision 0077).
RUNFLOW_REGISTER = "/mcp/oauth/register"
RUNFLOW_AUTHORIZE = "/mcp/oauth/authorize"
RUNFLOW_TOKEN = "/mcp/oauth/token"
# The POST ones, for cross-origin callers.
RUNFLOW_OAUTH_ALIASES: tuple[str, ...] = (RUNFLOW_REGISTER, RUNFLOW_TOKEN)


def oauth_routes(
    public_url: str,
    stubs: Callable[[], OAuthStubs],
    *,
    scopes_supported: Sequence[str] = DEFAULT_SCOPES,
    key_scopes: Sequence[ProtectedResourceInfo] = (METRIC,),
    limiter: RateLimiter | None = None,
    client_address: Callable[[Scope], str | None] | None = None,
    training_figures: Callable[[], TrainingStubs] | None = None,
) -> list[BaseRoute]:
    """Every OAuth route. ``stubs`` is called per request: channels exist only in the lifespan.

    ``scopes_supported`` is advertised in discovery; the scopes of ``key_scopes`` (profiles) are
    offered for personal API keys. ``limiter``
    counts failed passwords (the app's shared limiter; a process-local one when None), keyed per
    address by ``client_address`` (the peer's address when None: no proxy is trusted).
    ``training_figures``: analytics' and training's stubs for ``/training`` (None: its sections say
    they cannot be read).
    """
    throttle = SigninThrottle(limiter or LocalRateLimiter(), client_address or ClientAddress())
    authorization = AuthorizationPages(public_url, stubs)
    account = AccountPages(public_url, stubs, key_scopes=tuple(key_scopes), throttle=throttle)
    training = TrainingPage(public_url, stubs, figures=training_figures)
    token, register = token_endpoint(stubs), register_endpoint(stubs)
    return [
        Route("/.well-known/oauth-authorization-server", metadata_endpoint(public_url, scopes_supported)),
        Route("/authorize", authorization.authorize, methods=["GET"]),
        Route(RUNFLOW_AUTHORIZE, authorization.authorize, methods=["GET"]),
        Route("/authorize/{authorization_id}", authorization.approval, methods=["GET"]),
        Route("/authorize/{authorization_id}", authorization.decide, methods=["POST"]),
        Route("/authorize/{authorization_id}/status", authorization.status, methods=["GET"]),
        Route("/token", token, methods=["POST"]),
        Route(RUNFLOW_TOKEN, token, methods=["POST"]),
        Route("/register", register, methods=["POST"]),
        Route(RUNFLOW_REGISTER, register, methods=["POST"]),
        Route("/revoke", revoke_endpoint(stubs), methods=["POST"]),
        Route("/signin", account.signin_form, methods=["GET"]),
        Route("/signin", account.signin, methods=["POST"]),
        Route("/signout", account.signout, methods=["POST"]),
        Route("/account", account.account, methods=["GET"]),
        Route("/training", training.training, methods=["GET"]),
        Route("/account/consents", account.set_consent, methods=["POST"]),
        Route("/account/endurance", account.set_endurance, methods=["POST"]),
        Route("/account/plan", account.set_plan, methods=["POST"]),
        Route("/account/connections/disconnect", account.disconnect, methods=["POST"]),
        Route("/account/api-keys", account.create_key, methods=["POST"]),
        Route("/account/api-keys/{key_id}/revoke", account.revoke_key, methods=["POST"]),
        Route("/account/erase-training", account.erase_training, methods=["POST"]),
        Route("/account/delete", account.delete_account, methods=["POST"]),
    ]
