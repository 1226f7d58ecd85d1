"""Authorization request use cases: validate and store a request, read it, record the decision."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import Engine

from kinetic.errors import DomainError, NotFound
from services.auth.adapters import grant_repository as grants
from services.auth.adapters import oauth_repository as repo
from services.auth.adapters import repository as account_repo
from services.auth.domain.accounts import require
from services.auth.domain.oauth_clients import matching_redirect_uri
from services.auth.domain.oauth_errors import oauth_error, untrusted_request_error
from services.auth.domain.oauth_flow import (
    AUTHORIZATION_TTL,
    CODE_TTL,
    STATUS_APPROVED,
    STATUS_DENIED,
    STATUS_EXPIRED,
    STATUS_PENDING,
    AuthorizationCode,
    AuthorizationRequest,
    Grant,
    approval_redirect,
    denial_redirect,
    digest,
    new_secret,
    validate_code_challenge,
    validate_state,
)
from services.auth.domain.oauth_resources import find_resource, normalize_scopes
from services.auth.service_layer.oauth_clients import ClientService


@dataclass(frozen=True)
class AuthorizationParameters:
    """The query parameters of an authorization request, as received."""

    response_type: str
    client_id: str
    redirect_uri: str
    scope: str
    resource: str
    state: str
    code_challenge: str
    code_challenge_method: str


class AuthorizationService:
    """Pending and decided authorization requests of one issuer."""

    def __init__(
        self, engine: Engine, issuer: str, clock: Callable[[], datetime], clients: ClientService
    ) -> None:
        self._engine = engine
        self._issuer = issuer
        self._clock = clock
        self._clients = clients

    def start(self, params: AuthorizationParameters) -> AuthorizationRequest:
        """Validate a request and store it as pending for 10 minutes.

        Until the client and redirect URI are trusted, errors carry ``redirect=false``: sending
        them to an unchecked URI would make Kinetic an open redirector. After that they carry
        ``redirect=true`` and ``redirect_uri``, and the edge returns them to the client.
        """
        if not params.client_id:
            raise untrusted_request_error("invalid_request", "is required", field="client_id")
        try:
            client = self._clients.get_client(params.client_id)
        except DomainError as exc:
            raise untrusted_request_error("invalid_client", exc.message, field="client_id") from exc
        if not params.redirect_uri:
            raise untrusted_request_error("invalid_request", "is required", field="redirect_uri")
        if not matching_redirect_uri(client, params.redirect_uri):
            raise untrusted_request_error(
                "invalid_request",
                f"is not registered for client {client.client_id!r}; it must match one exactly",
                field="redirect_uri",
            )
        try:
            request = self._validated(params, client.client_id, client.client_name, client.kind)
        except DomainError as error:
            error.metadata.update({"redirect": "true", "redirect_uri": params.redirect_uri})
            raise
        with self._engine.begin() as conn:
            repo.add_authorization(conn, request)
        return request

    def _validated(
        self, params: AuthorizationParameters, client_id: str, client_name: str, client_kind: str
    ) -> AuthorizationRequest:
        if params.response_type != "code":
            raise oauth_error("unsupported_response_type", "must be 'code'", field="response_type")
        challenge = validate_code_challenge(params.code_challenge, params.code_challenge_method)
        if not params.resource:
            raise oauth_error(
                "invalid_target", "is required: name the MCP URL to connect to", field="resource"
            )
        resource = find_resource(self._issuer, params.resource)
        if resource is None:
            raise oauth_error(
                "invalid_target", f"{params.resource!r} is not a Kinetic resource", field="resource"
            )
        scopes = normalize_scopes(resource, params.scope)
        now = self._clock()
        return AuthorizationRequest(
            authorization_id=new_secret(),
            client_id=client_id,
            client_name=client_name,
            client_kind=client_kind,
            redirect_uri=params.redirect_uri,
            scopes=scopes,
            resource=params.resource,
            state=validate_state(params.state),
            code_challenge=challenge,
            status=STATUS_PENDING,
            created_at=now,
            expires_at=now + AUTHORIZATION_TTL,
        )

    def get(self, authorization_id: str) -> AuthorizationRequest:
        """The request, with status ``expired`` once a pending one is past its 10 minutes."""
        require("authorization_id", authorization_id)
        with self._engine.connect() as conn:
            request = repo.get_authorization(conn, authorization_id)
        if request is None:
            raise _not_found()
        return replace(request, status=request.status_at(self._clock()))

    def decide(self, authorization_id: str, account_id: str, approve: bool) -> AuthorizationRequest:
        """Approve (a 60 s single-use code) or deny a pending request; returns it with redirect_to."""
        require("authorization_id", authorization_id)
        require("account_id", account_id)
        now = self._clock()
        with self._engine.begin() as conn:
            request = repo.get_authorization(conn, authorization_id)
            if request is None:
                raise _not_found()
            if account_repo.get_account(conn, account_id) is None:
                raise NotFound(f"no account {account_id!r}", reason="ACCOUNT_NOT_FOUND")
            _require_pending(request, now)
            if approve:
                code = new_secret()
                status, redirect_to = STATUS_APPROVED, approval_redirect(request, code, self._issuer)
            else:
                status, redirect_to = STATUS_DENIED, denial_redirect(request, self._issuer)
            # Conditional on "still pending": of two racing decisions exactly one is recorded.
            if not repo.decide_authorization(conn, authorization_id, account_id, status, redirect_to, now):
                current = repo.get_authorization(conn, authorization_id)
                _require_pending(current or request, now)
                raise _already_decided()
            if approve:
                # The approval is the connection (a grant); the code is its first, short-lived credential.
                grant = _grant_for(request, account_id, now)
                grants.add_grant(conn, grant)
                repo.add_code(conn, _code_for(request, account_id, code, grant.grant_id, now), now)
        return replace(request, status=status, account_id=account_id, redirect_to=redirect_to)


def _grant_for(request: AuthorizationRequest, account_id: str, now: datetime) -> Grant:
    # Live only as long as its code until the code is redeemed: an approval nobody redeems does
    # not linger on the account page.
    return Grant(
        grant_id=str(uuid.uuid4()),
        account_id=account_id,
        client_id=request.client_id,
        client_name=request.client_name,
        resource=request.resource,
        scopes=request.scopes,
        created_at=now,
        last_used_at=now,
        expires_at=now + CODE_TTL,
    )


def _code_for(
    request: AuthorizationRequest, account_id: str, code: str, grant_id: str, now: datetime
) -> AuthorizationCode:
    return AuthorizationCode(
        code_sha256=digest(code),
        authorization_id=request.authorization_id,
        account_id=account_id,
        client_id=request.client_id,
        redirect_uri=request.redirect_uri,
        resource=request.resource,
        scopes=request.scopes,
        code_challenge=request.code_challenge,
        expires_at=now + CODE_TTL,
        grant_id=grant_id,
    )


def _require_pending(request: AuthorizationRequest, now: datetime) -> None:
    status = request.status_at(now)
    if status == STATUS_EXPIRED:
        raise DomainError(
            "the authorization request expired; start again from the application",
            reason="authorization_expired",
        )
    if status != STATUS_PENDING:
        raise _already_decided()


def _already_decided() -> DomainError:
    return DomainError(
        "this authorization request was already decided", reason="authorization_already_decided"
    )


def _not_found() -> NotFound:
    return NotFound(
        "no such authorization request; start again from the application", reason="authorization_not_found"
    )
