"""Sign-in, sign-out and the account page: sport and distances, consents, connections (Disconnect)
and personal API keys.

Every form posts a CSRF token: the sign-in form a double-submit cookie (there is no session yet),
the signed-in forms an HMAC of the session's ``csrf_secret``. A refused token changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

import grpc
from starlette.requests import ClientDisconnect, Request
from starlette.responses import RedirectResponse, Response

from edge.oauth.backend import BackendUnavailable, OAuthError, OAuthStubs, call
from edge.oauth.consents import consent_named, consent_rows, decision_of
from edge.oauth.endurance import endurance_card, endurance_update, plan_and_status, plan_update
from edge.oauth.forms import read_form_pairs
from edge.oauth.render import Safe, fragment, join, message_page, page
from edge.oauth.security import (
    CSRF_FIELD,
    SESSION_COOKIE,
    apply_security_headers,
    double_submit_ok,
    double_submit_token,
    new_nonce,
    safe_return_path,
    session_csrf_ok,
    session_csrf_token,
    set_session_cookie,
)
from edge.oauth.session import PageBase, describe_scope, forbidden_page, short_time, unavailable_page
from edge.oauth.throttle import Budget, SigninThrottle, wait_text
from edge.ratelimit.keys import ClientAddress
from edge.ratelimit.local_limiter import LocalRateLimiter
from edge.upload_bodies import (
    MAX_ACTIVITY_FILE_BYTES,
    MAX_FILES_AT_ONCE,
    MAX_WORKOUT_LOG_FILE_BYTES,
    UPLOAD_PURPOSE,
    limits_text,
)
from kinetic.auth.v1 import auth_pb2, oauth_pb2
from kinetic.errors import RemoteError
from kinetic.protected_resources import METRIC, ProtectedResourceInfo
from kinetic.training.v1 import training_pb2

FORM_LIMIT = 8 * 1024
ACCOUNT_PURPOSE = "account"
# The two destructive forms have their own CSRF purposes: a token of another form does not fit.
ERASE_PURPOSE = "erase-training"
DELETE_PURPOSE = "delete-account"
ERASE_CONFIRMATION = "erase"
SIGNIN_PURPOSE = "Sign in to manage your connections and API keys."


def see_other(location: str) -> Response:
    """A 303 after a POST, with the security headers."""
    response = RedirectResponse(location, status_code=303)
    apply_security_headers(response)
    return response


@dataclass
class AccountPages(PageBase):
    """Handlers for signing in and out and for the account page."""

    # The profiles keys may be made for (decision 0040); one box per scope, said in words.
    key_scopes: Sequence[ProtectedResourceInfo] = field(default=(METRIC,))
    throttle: SigninThrottle = field(
        default_factory=lambda: SigninThrottle(LocalRateLimiter(), ClientAddress())
    )

    async def _form(self, request: Request) -> list[tuple[str, str]] | None:
        try:
            return await read_form_pairs(request, FORM_LIMIT)
        except (OAuthError, ClientDisconnect):  # any unreadable form is refused the same way
            return None

    async def signin_form(self, request: Request) -> Response:
        """``GET /signin``: the form, or straight back when already signed in."""
        return_to = safe_return_path(request.query_params.get("return_to", ""))
        try:
            if await self.session(request) is not None:
                return see_other(return_to)
        except BackendUnavailable:
            return unavailable_page()
        return self.signin_page(double_submit_token(request), return_to=return_to, purpose=SIGNIN_PURPOSE)

    async def signin(self, request: Request) -> Response:
        """``POST /signin``: check the double-submit token and the password, open a session."""
        pairs = await self._form(request)
        if pairs is None:
            return message_page("Request refused", "The form could not be read.", status=400)
        form = dict(pairs)
        return_to = safe_return_path(form.get("return_to", ""))
        email = form.get("email", "")[:320]
        purpose = SIGNIN_PURPOSE if return_to == "/account" else "Sign in to continue."
        fresh = double_submit_token(request)
        if not double_submit_ok(request, form.get(CSRF_FIELD, "")):
            return self.signin_page(
                fresh,
                return_to=return_to,
                purpose=purpose,
                error="This form expired. Nothing was sent; please sign in again.",
                email=email,
                status=403,
            )
        budgets = self.throttle.budgets(request, email=email)
        wait = await self.throttle.retry_after(budgets)
        if wait:
            refused = self.signin_page(
                fresh,
                return_to=return_to,
                purpose=purpose,
                error=f"Too many failed sign-in attempts. The password was not checked; "
                f"try again in {wait_text(wait)}.",
                email=email,
                status=429,
            )
            refused.headers["Retry-After"] = str(wait)
            return refused
        try:
            verified = await call(
                self.backend().auth.VerifyPassword,
                auth_pb2.VerifyPasswordRequest(email=email, password=form.get("password", "")),
            )
            created = await call(
                self.backend().oauth.CreateBrowserSession,
                oauth_pb2.CreateBrowserSessionRequest(account_id=verified.account.account_id),
            )
        except BackendUnavailable:
            return unavailable_page()
        except RemoteError as remote:
            if remote.code == grpc.StatusCode.RESOURCE_EXHAUSTED:
                message, status = "Too many attempts. Wait a minute and try again.", 429
            else:
                if remote.code == grpc.StatusCode.UNAUTHENTICATED:
                    await self.throttle.failed(budgets)
                message, status = "The email or password is not right.", 401
            return self.signin_page(
                fresh, return_to=return_to, purpose=purpose, error=message, email=email, status=status
            )
        session = created.session
        expires = session.expire_time.seconds - int(datetime.now(UTC).timestamp())
        response = see_other(return_to)
        set_session_cookie(
            response, session.session_token, self.secure_cookies, expires if expires > 0 else None
        )
        return response

    async def signout(self, request: Request) -> Response:
        """``POST /signout``: end the session (CSRF-checked) and clear the cookie."""
        form = dict(await self._form(request) or [])
        try:
            session = await self.session(request)
            if session is None:
                return see_other("/signin")
            if not session_csrf_ok(session.csrf_secret, ACCOUNT_PURPOSE, form.get(CSRF_FIELD, "")):
                return forbidden_page()
            await call(
                self.backend().oauth.EndBrowserSession,
                oauth_pb2.EndBrowserSessionRequest(session_token=request.cookies.get(SESSION_COOKIE, "")),
            )
        except BackendUnavailable:
            return unavailable_page()
        except RemoteError:
            pass  # already ended: the cookie is cleared either way
        response = see_other("/signin")
        response.delete_cookie(
            SESSION_COOKIE, path="/", secure=self.secure_cookies, httponly=True, samesite="lax"
        )
        return response

    async def account(self, request: Request) -> Response:
        """``GET /account``: plan and status, sport and distances, consents, connections and API keys
        of the signed-in person."""
        try:
            session = await self.session(request)
            if session is None:
                return see_other("/signin?return_to=/account")
            backend = self.backend()
            account = (
                await call(backend.auth.GetAccount, auth_pb2.GetAccountRequest(account_id=session.account_id))
            ).account
            grants = await call(
                backend.oauth.ListGrants, oauth_pb2.ListGrantsRequest(account_id=session.account_id)
            )
            keys = await call(
                backend.auth.ListApiKeys, auth_pb2.ListApiKeysRequest(account_id=session.account_id)
            )
        except (BackendUnavailable, RemoteError):
            return unavailable_page()
        token = session_csrf_token(session.csrf_secret, ACCOUNT_PURPOSE)
        connections = join(
            [
                fragment(
                    "connection.html",
                    client_name=grant.client.client_name or grant.client.client_id,
                    client_id=grant.client.client_id,
                    resource=grant.resource,
                    scopes=" ".join(grant.scopes),
                    created=short_time(grant.create_time),
                    csrf_token=token,
                )
                for grant in grants.grants
            ]
        ) or fragment("empty.html", text="No application is connected.")
        api_keys = join([self._key_row(key, token) for key in keys.api_keys]) or fragment(
            "empty.html", text="You have no API keys."
        )
        boxes = join(
            [
                fragment("scope_box.html", scope=scope, profile=resource.profile, text=describe_scope(scope))
                for resource in self.key_scopes
                for scope in resource.scopes
            ]
        )
        nonce = new_nonce()
        content = fragment(
            "account.html",
            account=account.email or account.account_id,
            upload=upload_card(account, session_csrf_token(session.csrf_secret, UPLOAD_PURPOSE), nonce),
            signout_csrf=token,
            plan_and_status=plan_and_status(account, token),
            endurance=endurance_card(account, token),
            consents=consent_rows(account, token),
            connections=connections,
            api_keys=api_keys,
            create_csrf=token,
            scope_boxes=boxes,
            erase_csrf=session_csrf_token(session.csrf_secret, ERASE_PURPOSE),
            delete_csrf=session_csrf_token(session.csrf_secret, DELETE_PURPOSE),
        )
        return page("Your account", content, nonce=nonce)

    def _key_row(self, key: auth_pb2.ApiKey, token: str) -> Safe:
        revoked = short_time(key.revoke_time)
        revoke = Safe("") if revoked else fragment("revoke_key.html", key_id=key.key_id, csrf_token=token)
        return fragment(
            "api_key.html",
            name=key.name,
            prefix=key.prefix,
            scopes=" ".join(key.scopes),
            created=short_time(key.create_time),
            revoked=f" · revoked {revoked}" if revoked else "",
            revoke=revoke,
        )

    async def _signed_in_post(
        self, request: Request, purpose: str = ACCOUNT_PURPOSE
    ) -> tuple[oauth_pb2.BrowserSession, list[tuple[str, str]]] | Response:
        """The session and form of a signed-in POST, or the response refusing it."""
        pairs = await self._form(request)
        if pairs is None:
            return message_page("Request refused", "The form could not be read.", status=400)
        session = await self.session(request)
        if session is None:
            return see_other("/signin?return_to=/account")
        if not session_csrf_ok(session.csrf_secret, purpose, dict(pairs).get(CSRF_FIELD, "")):
            return forbidden_page()
        return session, pairs

    async def set_consent(self, request: Request) -> Response:
        """``POST /account/consents``: give or withdraw one consent; the other stays as it is."""
        try:
            checked = await self._signed_in_post(request)
            if isinstance(checked, Response):
                return checked
            session, pairs = checked
            form = dict(pairs)
            consent = consent_named(form.get("consent", ""))
            given = decision_of(form.get("given", ""))
            if consent is None or given is None:
                return message_page(
                    "Nothing was changed",
                    "The form did not say which consent to give or withdraw.",
                    status=400,
                    link=("/account", "Back"),
                )
            await call(self.backend().auth.UpdateAccount, consent.update(session.account_id, given))
        except BackendUnavailable:
            return unavailable_page()
        except RemoteError as remote:
            return message_page("Nothing was changed", remote.message, status=400, link=("/account", "Back"))
        return see_other(f"/account#consent-{consent.key}")

    async def set_endurance(self, request: Request) -> Response:
        """``POST /account/endurance``: change the primary sport, distance unit and first weekday the
        form posts (never plan or status); auth checks the values and a refused one changes nothing."""
        return await self._update_account(
            request, endurance_update, "which sport, distance unit or first weekday to keep", "/account#sport"
        )

    async def set_plan(self, request: Request) -> Response:
        """``POST /account/plan``: choose the plan tier (never the status); auth checks the value and
        pushes the change to the edges, so an assistant's next call sees it (decision 0063)."""
        return await self._update_account(request, plan_update, "which plan to choose", "/account#plan")

    async def _update_account(
        self,
        request: Request,
        build: Callable[[str, Mapping[str, str]], auth_pb2.UpdateAccountRequest | None],
        missing: str,
        back_to: str,
    ) -> Response:
        """A signed-in account form: its update through auth, or a page saying nothing changed."""
        try:
            checked = await self._signed_in_post(request)
            if isinstance(checked, Response):
                return checked
            session, pairs = checked
            update = build(session.account_id, dict(pairs))
            if update is None:
                return message_page(
                    "Nothing was changed",
                    f"The form did not say {missing}.",
                    status=400,
                    link=("/account", "Back"),
                )
            await call(self.backend().auth.UpdateAccount, update)
        except BackendUnavailable:
            return unavailable_page()
        except RemoteError as remote:
            return message_page("Nothing was changed", remote.message, status=400, link=("/account", "Back"))
        return see_other(back_to)

    async def disconnect(self, request: Request) -> Response:
        """``POST /account/connections/disconnect``: revoke every grant of one client."""
        try:
            checked = await self._signed_in_post(request)
            if isinstance(checked, Response):
                return checked
            session, pairs = checked
            await call(
                self.backend().oauth.RevokeClientGrants,
                oauth_pb2.RevokeClientGrantsRequest(
                    account_id=session.account_id, client_id=dict(pairs).get("client_id", "")
                ),
            )
        except BackendUnavailable:
            return unavailable_page()
        except RemoteError as remote:
            return message_page("Could not disconnect", remote.message, status=400, link=("/account", "Back"))
        return see_other("/account")

    async def create_key(self, request: Request) -> Response:
        """``POST /account/api-keys``: make a key and show its secret this once."""
        try:
            checked = await self._signed_in_post(request)
            if isinstance(checked, Response):
                return checked
            session, pairs = checked
            scopes = [value for key, value in pairs if key == "scope"]
            name = dict(pairs).get("name", "")
            created = await call(
                self.backend().auth.CreateApiKey,
                auth_pb2.CreateApiKeyRequest(account_id=session.account_id, name=name, scopes=scopes),
            )
        except BackendUnavailable:
            return unavailable_page()
        except RemoteError as remote:
            return message_page(
                "Could not create the key", remote.message, status=400, link=("/account", "Back")
            )
        content = fragment(
            "key_created.html",
            name=created.api_key.name,
            secret=created.secret,
            scopes=" ".join(created.api_key.scopes),
        )
        return page("API key created", content)

    async def revoke_key(self, request: Request) -> Response:
        """``POST /account/api-keys/<key_id>/revoke``: later uses of the key fail."""
        try:
            checked = await self._signed_in_post(request)
            if isinstance(checked, Response):
                return checked
            session, _ = checked
            await call(
                self.backend().auth.RevokeApiKey,
                auth_pb2.RevokeApiKeyRequest(
                    account_id=session.account_id, key_id=str(request.path_params["key_id"])
                ),
            )
        except BackendUnavailable:
            return unavailable_page()
        except RemoteError:
            return message_page(
                "Key not found", "No such key on your account.", status=404, link=("/account", "Back")
            )
        return see_other("/account")

    async def erase_training(self, request: Request) -> Response:
        """``POST /account/erase-training``: end every connection, then erase the Training library.

        Connections end first, so no connected assistant can write into the fresh library; if the
        erasure then fails, the person is told so and may simply try again.
        """
        try:
            checked = await self._signed_in_post(request, ERASE_PURPOSE)
            if isinstance(checked, Response):
                return checked
            session, pairs = checked
            if dict(pairs).get("confirm") != ERASE_CONFIRMATION:
                return message_page(
                    "Nothing was erased",
                    "Tick the box to confirm that the whole Training library should be erased.",
                    status=400,
                    link=("/account", "Back"),
                )
            backend = self.backend()
            await call(
                backend.oauth.RevokeAccountGrants,
                oauth_pb2.RevokeAccountGrantsRequest(account_id=session.account_id),
            )
        except BackendUnavailable:
            return unavailable_page()
        except RemoteError as remote:
            return message_page("Nothing was erased", remote.message, status=400, link=("/account", "Back"))
        try:
            await _erase_library(backend, session.account_id)
        except (BackendUnavailable, RemoteError):
            return message_page(
                "The Training library was not erased",
                "Every connected application was disconnected, but the Training library could not be "
                "erased right now. Nothing in it was changed; try again shortly.",
                status=503,
                link=("/account", "Back"),
            )
        return message_page(
            "Training library erased",
            "Every plan, workout and schedule in your Training library was erased, and every "
            "connected application was disconnected. Connect them again to use them.",
            status=200,
            link=("/account", "Back to your account"),
        )

    async def delete_account(self, request: Request) -> Response:
        """``POST /account/delete``: check the password again, then delete the account and every
        credential of it. Auth then erases it in every service, retried until done (decision 0033):
        the edge has nothing more to do."""
        budgets: list[Budget] = []
        try:
            checked = await self._signed_in_post(request, DELETE_PURPOSE)
            if isinstance(checked, Response):
                return checked
            session, pairs = checked
            budgets = self.throttle.budgets(request, account_id=session.account_id)
            wait = await self.throttle.retry_after(budgets)
            if wait:
                refused = message_page(
                    "Account not deleted",
                    f"Too many wrong passwords. Nothing was deleted; try again in {wait_text(wait)}.",
                    status=429,
                    link=("/account", "Back"),
                )
                refused.headers["Retry-After"] = str(wait)
                return refused
            backend = self.backend()
            await call(
                backend.auth.DeleteAccount,
                auth_pb2.DeleteAccountRequest(
                    account_id=session.account_id, password=dict(pairs).get("password", "")
                ),
            )
        except BackendUnavailable:
            return unavailable_page()
        except RemoteError as remote:
            if remote.code == grpc.StatusCode.UNAUTHENTICATED:
                await self.throttle.failed(budgets)
                message = "The password is not right. Nothing was deleted."
            else:
                message = "Enter your password to delete the account. Nothing was deleted."
            return message_page("Account not deleted", message, status=400, link=("/account", "Back"))
        response = message_page(
            "Your account was deleted",
            "Your Kinetic account, its API keys, sign-ins and connections are gone. Every "
            "application that was connected has lost access. Your Training library, workout log, "
            "activities, thresholds and readiness entries, and everything computed from them, are "
            "being erased in every service.",
            status=200,
        )
        response.delete_cookie(
            SESSION_COOKIE, path="/", secure=self.secure_cookies, httponly=True, samesite="lax"
        )
        return response


def upload_card(account: auth_pb2.Account, csrf_token: str, nonce: str) -> Safe:
    """The upload: limits stated before anything is sent (those the server enforces), the drop zone
    and picker, and the other ways in (decision 0116)."""
    consent_note = (
        Safe("")
        if account.logging_consent
        else fragment(
            "note.html",
            text="Importing stores your training, which needs your consent to log workouts: "
            "give it under Consents below first.",
        )
    )
    return fragment(
        "upload.html",
        nonce=nonce,
        csrf_token=csrf_token,
        limits=limits_text(),
        consent_note=consent_note,
        max_files=MAX_FILES_AT_ONCE,
        max_activity_bytes=MAX_ACTIVITY_FILE_BYTES,
        max_csv_bytes=MAX_WORKOUT_LOG_FILE_BYTES,
    )


async def _erase_library(backend: OAuthStubs, account_id: str) -> None:
    """Erase the account's Training library; ``BackendUnavailable`` when the edge has no channel to
    training (it is optional there), ``RemoteError`` when training refuses."""
    if backend.training is None:
        raise BackendUnavailable("no channel to the training service")
    await call(backend.training.EraseLibrary, training_pb2.EraseLibraryRequest(account_id=account_id))
