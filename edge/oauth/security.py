"""Browser-facing protections shared by every OAuth page and endpoint.

- Security headers: no framing (``X-Frame-Options`` and CSP ``frame-ancestors``), a strict CSP whose
  only inline script and style carry a per-response nonce, no caching and no ``Referer`` (the
  redirect that carries an authorization code must not leak it to the next site).
- CSRF: forms of a signed-in browser carry an HMAC of the session's ``csrf_secret`` (bound to the
  form's purpose); the sign-in form, which has no session yet, uses a double-submit cookie.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import Response

SESSION_COOKIE = "kinetic_session"
CSRF_COOKIE = "kinetic_csrf"
STARTED_COOKIE = "kinetic_started"
CSRF_FIELD = "csrf_token"


def new_nonce() -> str:
    """A fresh CSP nonce for one response."""
    return secrets.token_urlsafe(18)


def content_security_policy(nonce: str, form_targets: Iterable[str] = ()) -> str:
    """The page CSP: same-origin only, nonce'd inline script and style, never framed.

    ``form_targets`` lists extra origins a form may end up at: Chromium applies ``form-action`` to
    the redirect that follows a POST, so the approval form must be allowed to reach the client.
    """
    form_action = " ".join(["'self'", *form_targets])
    return (
        "default-src 'self'; "
        f"script-src 'nonce-{nonce}'; "
        f"style-src 'nonce-{nonce}'; "
        "img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; "
        f"form-action {form_action}; "
        "frame-ancestors 'none'"
    )


def apply_security_headers(
    response: Response, nonce: str | None = None, form_targets: Iterable[str] = ()
) -> None:
    """Set the framing, CSP, caching and referrer headers on ``response``."""
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Content-Security-Policy"] = content_security_policy(nonce or new_nonce(), form_targets)
    response.headers["Cache-Control"] = "no-store"
    response.headers["Pragma"] = "no-cache"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"


def form_target(redirect_uri: str) -> str | None:
    """The CSP source a redirect URI needs in ``form-action`` (its origin, or its scheme)."""
    parts = urlsplit(redirect_uri)
    if parts.scheme in ("http", "https") and parts.netloc:
        return f"{parts.scheme}://{parts.netloc}"
    if parts.scheme and parts.scheme.replace("+", "").replace(".", "").replace("-", "").isalnum():
        return f"{parts.scheme}:"
    return None


def session_csrf_token(csrf_secret: str, purpose: str) -> str:
    """The CSRF token of a signed-in form: HMAC-SHA256 of ``purpose`` under the session's secret.

    Binding the purpose (e.g. ``decide:<authorization_id>``) means a token lifted from one form
    cannot be replayed on another.
    """
    digest = hmac.new(csrf_secret.encode(), f"kinetic-csrf:{purpose}".encode(), hashlib.sha256)
    return digest.hexdigest()


def session_csrf_ok(csrf_secret: str, purpose: str, presented: str) -> bool:
    """Whether ``presented`` is this session's token for ``purpose`` (constant-time compare)."""
    if not csrf_secret or not presented:
        return False
    return hmac.compare_digest(session_csrf_token(csrf_secret, purpose).encode(), presented.encode())


def double_submit_token(request: Request) -> str:
    """The sign-in form's token: the browser's existing ``kinetic_csrf`` cookie, or a new one."""
    current = request.cookies.get(CSRF_COOKIE, "")
    if 20 <= len(current) <= 100 and current.replace("-", "").replace("_", "").isalnum():
        return current
    return secrets.token_urlsafe(32)


def double_submit_ok(request: Request, presented: str) -> bool:
    """Whether the form field matches the ``kinetic_csrf`` cookie (both present, constant time)."""
    cookie = request.cookies.get(CSRF_COOKIE, "")
    if not cookie or not presented:
        return False
    return hmac.compare_digest(cookie.encode(), presented.encode())


def set_csrf_cookie(response: Response, token: str, secure: bool) -> None:
    """Store the double-submit token; Strict so no other site's request carries it."""
    response.set_cookie(CSRF_COOKIE, token, httponly=True, secure=secure, samesite="strict", path="/")


def set_session_cookie(response: Response, token: str, secure: bool, max_age: int | None) -> None:
    """Store the browser session; Lax so the client's top-level redirect to /authorize carries it."""
    response.set_cookie(
        SESSION_COOKIE, token, max_age=max_age, httponly=True, secure=secure, samesite="lax", path="/"
    )


def set_started_cookie(response: Response, authorization_id: str, secure: bool) -> None:
    """Mark this browser as the one that started ``authorization_id``.

    Only that browser is sent the redirect (with the code) when the decision is made elsewhere: the
    phone that approved shows "done" instead, so the code reaches the client exactly once.
    """
    response.set_cookie(
        STARTED_COOKIE,
        authorization_id,
        max_age=3600,
        httponly=True,
        secure=secure,
        samesite="lax",
        path=f"/authorize/{authorization_id}",
    )


def started_here(request: Request, authorization_id: str) -> bool:
    """Whether this browser started ``authorization_id`` (it holds the path-scoped cookie)."""
    value = request.cookies.get(STARTED_COOKIE, "")
    return bool(value) and hmac.compare_digest(value.encode(), authorization_id.encode())


def safe_return_path(value: str, default: str = "/account") -> str:
    """A local path to go back to after sign-in; anything else (open redirect) becomes ``default``."""
    if not value.startswith("/") or value.startswith("//") or "\\" in value:
        return default
    if any(ord(ch) < 0x21 for ch in value):
        return default
    parts = urlsplit(value)
    if parts.scheme or parts.netloc:
        return default
    return value
