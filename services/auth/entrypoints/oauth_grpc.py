"""OAuthService over gRPC: protobuf in, one use case, protobuf out.

Errors are the use cases' domain errors: the reason is the OAuth error code, and the metadata says
whether an authorization error may be redirected (``redirect``, ``redirect_uri``) or which field is
at fault (``field``). Calls that may fetch a client metadata document over the network, and the
token endpoint (several writes and an RSA signature), run in worker threads so a slow one never
stalls the event loop; the database, not the loop, serializes racing redemptions.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import grpc

from kinetic.auth.v1 import oauth_pb2, oauth_pb2_grpc
from services.auth.domain.oauth_clients import OAuthClient
from services.auth.domain.oauth_flow import AuthorizationRequest, BrowserSession, Grant
from services.auth.entrypoints.timestamps import to_timestamp
from services.auth.service_layer.oauth_authorizations import AuthorizationParameters
from services.auth.service_layer.oauth_tokens import TokenGrantRequest

if TYPE_CHECKING:
    from services.auth.bootstrap import AuthApp


def client_to_pb(client: OAuthClient) -> oauth_pb2.OAuthClient:
    """Domain client to its protobuf message."""
    return oauth_pb2.OAuthClient(
        client_id=client.client_id,
        client_name=client.client_name,
        redirect_uris=list(client.redirect_uris),
        kind=client.kind,
    )


def authorization_to_pb(request: AuthorizationRequest) -> oauth_pb2.Authorization:
    """Domain authorization request to its protobuf message (the client as it was at request time)."""
    return oauth_pb2.Authorization(
        authorization_id=request.authorization_id,
        client=oauth_pb2.OAuthClient(
            client_id=request.client_id, client_name=request.client_name, kind=request.client_kind
        ),
        scopes=list(request.scopes),
        resource=request.resource,
        redirect_uri=request.redirect_uri,
        status=request.status,
        redirect_to=request.redirect_to,
        expire_time=to_timestamp(request.expires_at),
    )


def grant_to_pb(grant: Grant) -> oauth_pb2.Grant:
    """Domain grant to its protobuf message."""
    return oauth_pb2.Grant(
        grant_id=grant.grant_id,
        client=oauth_pb2.OAuthClient(client_id=grant.client_id, client_name=grant.client_name),
        resource=grant.resource,
        scopes=list(grant.scopes),
        create_time=to_timestamp(grant.created_at),
        last_used_time=to_timestamp(grant.last_used_at),
    )


def session_to_pb(session: BrowserSession) -> oauth_pb2.BrowserSession:
    """Domain browser session to its protobuf message (the token only when the session has one)."""
    return oauth_pb2.BrowserSession(
        session_token=session.session_token,
        account_id=session.account_id,
        csrf_secret=session.csrf_secret,
        expire_time=to_timestamp(session.expires_at),
    )


class OAuthServicer(oauth_pb2_grpc.OAuthServiceServicer):
    """Thin adapter from gRPC to the OAuth use cases."""

    def __init__(self, app: AuthApp) -> None:
        self._app = app

    async def GetClient(
        self, request: oauth_pb2.GetClientRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.GetClientResponse:
        """Resolve a client ID (built-in, registered, or metadata document)."""
        client = await asyncio.to_thread(self._app.clients.get_client, request.client_id)
        return oauth_pb2.GetClientResponse(client=client_to_pb(client))

    async def RegisterClient(
        self, request: oauth_pb2.RegisterClientRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.RegisterClientResponse:
        """Dynamic client registration (RFC 7591), rate-limited per caller address."""
        client, body = self._app.clients.register_client(request.metadata_json, request.remote_address)
        return oauth_pb2.RegisterClientResponse(client=client_to_pb(client), response_json=body)

    async def StartAuthorization(
        self, request: oauth_pb2.StartAuthorizationRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.StartAuthorizationResponse:
        """Validate and store an authorization request."""
        params = AuthorizationParameters(
            response_type=request.response_type,
            client_id=request.client_id,
            redirect_uri=request.redirect_uri,
            scope=request.scope,
            resource=request.resource,
            state=request.state,
            code_challenge=request.code_challenge,
            code_challenge_method=request.code_challenge_method,
        )
        started = await asyncio.to_thread(self._app.authorizations.start, params)
        return oauth_pb2.StartAuthorizationResponse(authorization=authorization_to_pb(started))

    async def GetAuthorization(
        self, request: oauth_pb2.GetAuthorizationRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.GetAuthorizationResponse:
        """Read an authorization request and its current status."""
        found = self._app.authorizations.get(request.authorization_id)
        return oauth_pb2.GetAuthorizationResponse(authorization=authorization_to_pb(found))

    async def DecideAuthorization(
        self, request: oauth_pb2.DecideAuthorizationRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.DecideAuthorizationResponse:
        """Record approval or denial and return where to send the browser."""
        decided = self._app.authorizations.decide(
            request.authorization_id, request.account_id, request.approve
        )
        return oauth_pb2.DecideAuthorizationResponse(authorization=authorization_to_pb(decided))

    async def ExchangeToken(
        self, request: oauth_pb2.ExchangeTokenRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.ExchangeTokenResponse:
        """The token endpoint's grants."""
        grant_request = TokenGrantRequest(
            grant_type=request.grant_type,
            client_id=request.client_id,
            code=request.code,
            redirect_uri=request.redirect_uri,
            code_verifier=request.code_verifier,
            refresh_token=request.refresh_token,
            resource=request.resource,
            scope=request.scope,
        )
        issued = await asyncio.to_thread(self._app.oauth_tokens.exchange, grant_request)
        return oauth_pb2.ExchangeTokenResponse(
            access_token=issued.access_token,
            token_type="Bearer",
            expires_in=issued.expires_in,
            refresh_token=issued.refresh_token,
            scope=issued.scope,
        )

    async def RevokeToken(
        self, request: oauth_pb2.RevokeTokenRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.RevokeTokenResponse:
        """Revoke an access or refresh token; unknown tokens succeed."""
        self._app.oauth_tokens.revoke(request.token, request.token_type_hint, request.client_id)
        return oauth_pb2.RevokeTokenResponse()

    async def CheckAccessToken(
        self, request: oauth_pb2.CheckAccessTokenRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.CheckAccessTokenResponse:
        """Whether a verified token's jti is still active."""
        return oauth_pb2.CheckAccessTokenResponse(active=self._app.oauth_tokens.is_active(request.token_id))

    async def ListGrants(
        self, request: oauth_pb2.ListGrantsRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.ListGrantsResponse:
        """An account's live connections."""
        found = self._app.grants.list_grants(request.account_id)
        return oauth_pb2.ListGrantsResponse(grants=[grant_to_pb(grant) for grant in found])

    async def RevokeClientGrants(
        self, request: oauth_pb2.RevokeClientGrantsRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.RevokeClientGrantsResponse:
        """Disconnect one client from an account."""
        count = self._app.grants.revoke_client_grants(request.account_id, request.client_id)
        return oauth_pb2.RevokeClientGrantsResponse(revoked_count=count)

    async def RevokeAccountGrants(
        self, request: oauth_pb2.RevokeAccountGrantsRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.RevokeAccountGrantsResponse:
        """End every connection of an account."""
        count = self._app.grants.revoke_account_grants(request.account_id)
        return oauth_pb2.RevokeAccountGrantsResponse(revoked_count=count)

    async def CreateBrowserSession(
        self, request: oauth_pb2.CreateBrowserSessionRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.CreateBrowserSessionResponse:
        """Sign a browser in (after VerifyPassword)."""
        session = self._app.browser_sessions.create(request.account_id)
        return oauth_pb2.CreateBrowserSessionResponse(session=session_to_pb(session))

    async def GetBrowserSession(
        self, request: oauth_pb2.GetBrowserSessionRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.GetBrowserSessionResponse:
        """Resolve a session cookie; UNAUTHENTICATED ``session_expired`` when it is not live."""
        session = self._app.browser_sessions.get(request.session_token)
        return oauth_pb2.GetBrowserSessionResponse(session=session_to_pb(session))

    async def EndBrowserSession(
        self, request: oauth_pb2.EndBrowserSessionRequest, context: grpc.aio.ServicerContext
    ) -> oauth_pb2.EndBrowserSessionResponse:
        """Sign a browser out."""
        self._app.browser_sessions.end(request.session_token)
        return oauth_pb2.EndBrowserSessionResponse()
