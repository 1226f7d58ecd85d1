"""What every browser page shares: the stubs, the signed-in session, and the sign-in form."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import grpc
from starlette.requests import Request
from starlette.responses import HTMLResponse

from edge.oauth.backend import BackendUnavailable, OAuthStubs, call, get_stubs
from edge.oauth.render import EMPTY, Safe, fragment, message_page, page
from edge.oauth.security import SESSION_COOKIE, set_csrf_cookie
from kinetic.auth.v1 import auth_pb2, oauth_pb2
from kinetic.errors import RemoteError

# What each scope lets a client do, in words a person can judge; unknown scopes show their name.
SCOPE_TEXT = {
    "training": "read your Training data, create and edit plans and workouts, and delete them "
    "after you confirm",
    "mcp:full": "run your RunFlow tools on your behalf",
    "client_ai": "read the gym plans your coach assigned you and your workout logs, and start, log and "
    "complete your own workouts: these are health data",
    "ows": "read and change your workout log, records and programs (Open Workout Schema)",
    # Primed (seed 001): read-only, each in the contract's words.
    "primed:profile:read": "read your display name, primary sport and time zone (Primed)",
    "primed:coaching:read": "read today's coaching decision and the reasons for any change to your "
    "planned session (Primed)",
    "primed:training:read": "read your upcoming scheduled workouts and training calendar (Primed)",
    "primed:activities:read": "read the volume and summaries of your recent completed workouts (Primed)",
}
PRIMED_READ = "read your {} in Primed"


def describe_scope(scope: str) -> str:
    """A person-readable sentence for one scope."""
    if scope in SCOPE_TEXT:
        return SCOPE_TEXT[scope]
    parts = scope.split(":")
    if len(parts) == 3 and parts[0] == "primed" and parts[2] == "read":
        return PRIMED_READ.format(parts[1].replace("_", " "))
    return f"use the permission “{scope}”"


def short_time(value: Any) -> str:
    """A protobuf Timestamp as ``YYYY-MM-DD HH:MM UTC`` (empty when unset)."""
    if not value.seconds and not value.nanos:
        return ""
    return datetime.fromtimestamp(value.seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def unavailable_page() -> HTMLResponse:
    """The page shown when the auth service is down: try again, nothing was decided."""
    return message_page(
        "Temporarily unavailable",
        "Kinetic cannot reach its sign-in service right now. Nothing was changed; try again shortly.",
        status=503,
    )


def forbidden_page() -> HTMLResponse:
    """A form whose CSRF token is missing or wrong: refuse and change nothing."""
    return message_page(
        "Request refused",
        "This form has expired or did not come from Kinetic. Nothing was changed; reload the page "
        "and try again.",
        status=403,
    )


@dataclass
class PageBase:
    """The shared state of the browser pages."""

    public_url: str
    stubs: Callable[[], OAuthStubs]

    @property
    def secure_cookies(self) -> bool:
        """Cookies are ``Secure`` whenever Kinetic is served over https."""
        return self.public_url.startswith("https://")

    def backend(self) -> OAuthStubs:
        """The stubs for this request."""
        return get_stubs(self.stubs)

    async def session(self, request: Request) -> oauth_pb2.BrowserSession | None:
        """The signed-in session of this browser, or None (no cookie, unknown or expired)."""
        token = request.cookies.get(SESSION_COOKIE, "")
        if not token or len(token) > 512:
            return None
        try:
            result = await call(
                self.backend().oauth.GetBrowserSession,
                oauth_pb2.GetBrowserSessionRequest(session_token=token),
            )
        except RemoteError as remote:
            if remote.code in (
                grpc.StatusCode.UNAUTHENTICATED,
                grpc.StatusCode.NOT_FOUND,
                grpc.StatusCode.INVALID_ARGUMENT,
            ):
                return None
            raise BackendUnavailable(remote.code.name) from None
        session: oauth_pb2.BrowserSession = result.session
        return session

    async def signed_in_account(self, account_id: str) -> auth_pb2.Account | None:
        """The signed-in person's account, None if auth cannot find it."""
        try:
            result = await call(
                self.backend().auth.GetAccount, auth_pb2.GetAccountRequest(account_id=account_id)
            )
        except RemoteError:
            return None
        account: auth_pb2.Account = result.account
        return account

    def signin_page(
        self,
        csrf_token: str,
        *,
        return_to: str,
        purpose: str,
        error: str = "",
        email: str = "",
        waiting: Safe = EMPTY,
        status: int = 200,
        nonce: str | None = None,
    ) -> HTMLResponse:
        """The sign-in form (double-submit CSRF cookie set alongside)."""
        error_html = fragment("error.html", message=error) if error else Safe("")
        content = fragment(
            "signin.html",
            csrf_token=csrf_token,
            return_to=return_to,
            purpose=purpose,
            error=error_html,
            email=email,
            waiting=waiting,
        )
        response = page("Sign in", content, status=status, nonce=nonce)
        set_csrf_cookie(response, csrf_token, self.secure_cookies)
        return response
