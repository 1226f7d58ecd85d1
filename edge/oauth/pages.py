"""The authorization pages: ``/authorize``, the approval page, the decision and its status.

The auth service validates everything; these handlers only choose what the browser sees:
- an untrusted client or redirect URI → an HTML error page, never a redirect;
- a trusted one with a bad request → a redirect carrying ``error``, ``state`` and ``iss``;
- a valid request → ``/authorize/<id>``, the approval page (or sign-in first). That same URL is the
  cross-device link: the starting browser shows it with a QR code and polls the status, and only
  that browser (marked by a path-scoped cookie) is sent on to the client, so the code is delivered
  once, by the browser the client is waiting on.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import segno
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from edge.oauth.backend import BackendUnavailable, OAuthError, call
from edge.oauth.endurance import PLANS
from edge.oauth.forms import read_form_pairs
from edge.oauth.render import Safe, fragment, join, message_page, page
from edge.oauth.security import (
    CSRF_FIELD,
    apply_security_headers,
    double_submit_token,
    form_target,
    new_nonce,
    session_csrf_ok,
    session_csrf_token,
    set_started_cookie,
    started_here,
)
from edge.oauth.session import PageBase, describe_scope, forbidden_page, unavailable_page
from kinetic.auth.v1 import auth_pb2, oauth_pb2
from kinetic.errors import RemoteError
from kinetic.protected_resources import RESOURCES, ProtectedResourceInfo

MAX_QUERY_BYTES = 8 * 1024
PAGE_FORM_LIMIT = 8 * 1024
_QUERY_FIELDS = (
    "response_type",
    "client_id",
    "redirect_uri",
    "scope",
    "resource",
    "state",
    "code_challenge",
    "code_challenge_method",
)


def with_query(uri: str, params: dict[str, str]) -> str:
    """``uri`` with ``params`` added to its query (its own parameters kept, RFC 6749 §3.1.2)."""
    parts = urlsplit(uri)
    query = parse_qsl(parts.query, keep_blank_values=True)
    query.extend((key, value) for key, value in params.items() if value)
    return urlunsplit(parts._replace(query=urlencode(query)))


def resource_at(resource_url: str, public_url: str) -> ProtectedResourceInfo | None:
    """The protected resource an authorization's ``resource`` names, if it is one of Kinetic's."""
    for resource in RESOURCES:
        if resource.resource_url(public_url) == resource_url:
            return resource
    return None


def decided_page(authorization: oauth_pb2.Authorization) -> HTMLResponse:
    """The page for a link that can no longer be used: expired (410) or already decided (409)."""
    if authorization.status == "expired":
        return message_page(
            "This approval link has expired",
            "Nothing was approved. Start connecting again from the application.",
            status=410,
        )
    verb = "approved" if authorization.status == "approved" else "declined"
    return message_page(
        "This request was already decided",
        f"The connection of {authorization.client.client_name} was already {verb}. "
        "An approval link can be used only once; start again from the application if needed.",
        status=409,
    )


def not_found_page() -> HTMLResponse:
    """An unknown or malformed approval link."""
    return message_page(
        "Approval link not found",
        "This approval link is not valid. Start connecting again from the application.",
        status=404,
    )


class AuthorizationPages(PageBase):
    """Handlers for the authorization request and the person's decision."""

    async def authorize(self, request: Request) -> Response:
        """``GET /authorize``: validate through the service, then go to the approval page."""
        if len(request.url.query.encode()) > MAX_QUERY_BYTES:
            return self._untrusted("invalid_request", "the authorization request is too long")
        pairs = parse_qsl(request.url.query, keep_blank_values=True)
        params: dict[str, str] = {}
        for key, value in pairs:
            if key in params and key in _QUERY_FIELDS:
                # Not redirected: until the service has checked it, redirect_uri cannot be trusted.
                return self._untrusted("invalid_request", f"{key} appears more than once")
            params[key] = value
        try:
            result = await call(
                self.backend().oauth.StartAuthorization,
                oauth_pb2.StartAuthorizationRequest(**{key: params.get(key, "") for key in _QUERY_FIELDS}),
            )
        except BackendUnavailable:
            return unavailable_page()
        except RemoteError as remote:
            redirect_uri = remote.metadata.get("redirect_uri") or params.get("redirect_uri", "")
            if remote.metadata.get("redirect") == "true" and redirect_uri:
                return self._error_redirect(redirect_uri, remote, params.get("state", ""))
            return self._untrusted(remote.reason, remote.message)
        authorization_id = result.authorization.authorization_id
        response = RedirectResponse(f"/authorize/{authorization_id}", status_code=303)
        apply_security_headers(response)
        set_started_cookie(response, authorization_id, self.secure_cookies)
        return response

    def _untrusted(self, error: str, description: str) -> HTMLResponse:
        return message_page(
            "This connection request cannot be used",
            f"The application sent a request Kinetic cannot accept ({error}: {description}). "
            "Nothing was shared. Contact the application's developer if this keeps happening.",
            status=400,
        )

    def _error_redirect(self, redirect_uri: str, remote: RemoteError, state: str) -> Response:
        # RFC 9207: iss on every authorization response, errors included.
        target = with_query(
            redirect_uri,
            {
                "error": remote.reason,
                "error_description": remote.message,
                "state": state,
                "iss": self.public_url,
            },
        )
        response = RedirectResponse(target, status_code=302)
        apply_security_headers(response)
        return response

    async def _authorization(self, authorization_id: str) -> oauth_pb2.Authorization | None:
        try:
            result = await call(
                self.backend().oauth.GetAuthorization,
                oauth_pb2.GetAuthorizationRequest(authorization_id=authorization_id),
            )
        except RemoteError:
            return None
        authorization: oauth_pb2.Authorization = result.authorization
        return authorization

    async def approval(self, request: Request) -> Response:
        """``GET /authorize/<id>``: the approval page, sign-in first when needed."""
        authorization_id = str(request.path_params["authorization_id"])
        try:
            authorization = await self._authorization(authorization_id)
            if authorization is None:
                return not_found_page()
            if authorization.status != "pending":
                return decided_page(authorization)
            session = await self.session(request)
        except BackendUnavailable:
            return unavailable_page()
        nonce = new_nonce()
        waiting = self._waiting(request, authorization_id, nonce)
        client_name = authorization.client.client_name or authorization.client.client_id
        if session is None:
            return self.signin_page(
                double_submit_token(request),
                return_to=f"/authorize/{authorization_id}",
                purpose=f"Sign in to decide whether {client_name} may connect to your Kinetic account.",
                waiting=waiting,
                nonce=nonce,
            )
        try:
            account = await self.signed_in_account(session.account_id)
        except BackendUnavailable:
            return unavailable_page()
        if account is not None and self._plan_excludes(authorization, account):
            return self._plan_required_page(authorization, session, account, waiting, nonce)
        label = session.account_id if account is None else account.email or session.account_id
        return self._approval_page(authorization, session, label, waiting, nonce)

    def _plan_excludes(self, authorization: oauth_pb2.Authorization, account: auth_pb2.Account) -> bool:
        """Whether the resource asked for is closed to the account's plan (RunFlow on the free plan)."""
        resource = resource_at(authorization.resource, self.public_url)
        return (
            resource is not None
            and bool(resource.plan_tiers)
            and account.plan_tier not in resource.plan_tiers
        )

    def _plan_required_page(
        self,
        authorization: oauth_pb2.Authorization,
        session: oauth_pb2.BrowserSession,
        account: auth_pb2.Account,
        waiting: Safe,
        nonce: str,
    ) -> HTMLResponse:
        """The banner instead of the approval card: no Approve button, only Decline and the way to a
        paid plan (decision 0063). A token would be refused at the gate anyway; approving now would
        only hand the assistant a connection that answers -32002 to everything."""
        resource = resource_at(authorization.resource, self.public_url)
        assert resource is not None
        client_name = authorization.client.client_name or authorization.client.client_id
        content = fragment(
            "plan_required.html",
            resource_name=resource.name,
            account=account.email or account.account_id,
            plan=PLANS.get(account.plan_tier, account.plan_tier),
            client_name=client_name,
            paid_plans=" or ".join(PLANS.get(tier, tier) for tier in resource.plan_tiers),
            authorization_id=authorization.authorization_id,
            csrf_token=session_csrf_token(session.csrf_secret, f"decide:{authorization.authorization_id}"),
            waiting=waiting,
        )
        target = form_target(authorization.redirect_uri)
        return page(
            f"{resource.name} needs a paid plan",
            content,
            nonce=nonce,
            form_targets=(target,) if target else (),
        )

    def _waiting(self, request: Request, authorization_id: str, nonce: str) -> Safe:
        # Only the starting browser waits; on the phone the link and QR code would be noise.
        if not started_here(request, authorization_id):
            return Safe("")
        approval_url = f"{self.public_url}/authorize/{authorization_id}"
        qr = segno.make(approval_url, error="m").svg_inline(scale=4, omitsize=True, light="#fff")
        return fragment(
            "waiting.html",
            authorization_id=authorization_id,
            approval_url=approval_url,
            qr_svg=Safe(qr),
            nonce=nonce,
        )

    def _approval_page(
        self,
        authorization: oauth_pb2.Authorization,
        session: oauth_pb2.BrowserSession,
        account: str,
        waiting: Safe,
        nonce: str,
    ) -> HTMLResponse:
        client_name = authorization.client.client_name or authorization.client.client_id
        permissions = join(
            [fragment("permission.html", text=describe_scope(scope)) for scope in authorization.scopes]
        )
        content = fragment(
            "approve.html",
            client_name=client_name,
            account=account,
            permissions=permissions,
            authorization_id=authorization.authorization_id,
            csrf_token=session_csrf_token(session.csrf_secret, f"decide:{authorization.authorization_id}"),
            approve_label=f"Approve {client_name}",
            waiting=waiting,
        )
        target = form_target(authorization.redirect_uri)
        return page(f"Approve {client_name}", content, nonce=nonce, form_targets=(target,) if target else ())

    async def decide(self, request: Request) -> Response:
        """``POST /authorize/<id>``: record approve or deny (CSRF-checked), then continue."""
        authorization_id = str(request.path_params["authorization_id"])
        try:
            form = dict(await read_form_pairs(request, PAGE_FORM_LIMIT))
        except (OAuthError, ClientDisconnect):  # any unreadable form is refused the same way
            return message_page("Request refused", "The form could not be read.", status=400)
        try:
            session = await self.session(request)
            if session is None:
                return message_page(
                    "Please sign in again",
                    "Your sign-in has ended. Nothing was decided.",
                    status=401,
                    link=(f"/authorize/{authorization_id}", "Sign in"),
                )
            if not session_csrf_ok(
                session.csrf_secret, f"decide:{authorization_id}", form.get(CSRF_FIELD, "")
            ):
                return forbidden_page()
            decision = form.get("decision", "")
            if decision not in ("approve", "deny"):
                return message_page("Request refused", "Choose Approve or Decline.", status=400)
            result = await call(
                self.backend().oauth.DecideAuthorization,
                oauth_pb2.DecideAuthorizationRequest(
                    authorization_id=authorization_id,
                    account_id=session.account_id,
                    approve=decision == "approve",
                ),
            )
        except BackendUnavailable:
            return unavailable_page()
        except RemoteError:
            # Expired, decided meanwhile, or unknown: show what the link's state now is.
            try:
                current = await self._authorization(authorization_id)
            except BackendUnavailable:
                return unavailable_page()
            return not_found_page() if current is None else decided_page(current)
        authorization = result.authorization
        if started_here(request, authorization_id):
            response: Response = RedirectResponse(authorization.redirect_to, status_code=303)
            apply_security_headers(response)
            return response
        verb = "approved" if authorization.status == "approved" else "declined"
        return message_page(
            f"Done: {verb}",
            f"You {verb} {authorization.client.client_name}. Go back to the browser where you started; "
            "it continues by itself.",
            status=200,
        )

    async def status(self, request: Request) -> Response:
        """``GET /authorize/<id>/status``: what the waiting page polls (JSON)."""
        authorization_id = str(request.path_params["authorization_id"])
        try:
            authorization = await self._authorization(authorization_id)
        except BackendUnavailable:
            response = JSONResponse({"status": "pending", "redirect_to": ""}, status_code=503)
            apply_security_headers(response)
            return response
        if authorization is None:
            body, code = {"status": "unknown", "redirect_to": ""}, 404
        else:
            # The redirect (with the code) goes only to the browser that started the request.
            decided = authorization.status in ("approved", "denied")
            redirect_to = (
                authorization.redirect_to if decided and started_here(request, authorization_id) else ""
            )
            body, code = {"status": authorization.status, "redirect_to": redirect_to}, 200
        response = JSONResponse(body, status_code=code)
        apply_security_headers(response)
        return response
