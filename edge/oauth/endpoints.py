"""The machine-facing OAuth endpoints: discovery (RFC 8414), token, registration (RFC 7591) and
revocation (RFC 7009). Each maps the auth service's error to the OAuth error shape and never
answers 500: an outage is 503 ``temporarily_unavailable``.

Nothing here logs a request body or a response: they hold codes, verifiers and tokens.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from edge.oauth.backend import (
    UNAVAILABLE,
    BackendUnavailable,
    OAuthError,
    OAuthStubs,
    call,
    get_stubs,
    oauth_error,
)
from edge.oauth.forms import read_json_object, read_oauth_form, required_parameter
from edge.oauth.security import apply_security_headers
from kinetic.auth.v1 import oauth_pb2
from kinetic.errors import RemoteError

GRANT_TYPES = ("authorization_code", "refresh_token")
Endpoint = Callable[[Request], Awaitable[Response]]


def json_response(body: object, status: int = 200) -> JSONResponse:
    """JSON with the headers every OAuth response carries (RFC 6749 §5.1: no-store, no-cache)."""
    response = JSONResponse(body, status_code=status)
    apply_security_headers(response)
    return response


def error_response(error: OAuthError) -> JSONResponse:
    """``{error, error_description}`` with the error's status (and Retry-After when limited)."""
    response = json_response(error.body(), error.status)
    if error.retry_after:
        response.headers["Retry-After"] = error.retry_after
    return response


def discovery_document(public_url: str, scopes: Sequence[str]) -> dict[str, object]:
    """RFC 8414 metadata; the issuer is exactly the public URL (no trailing slash added)."""
    return {
        "issuer": public_url,
        "authorization_endpoint": public_url + "/authorize",
        "token_endpoint": public_url + "/token",
        "registration_endpoint": public_url + "/register",
        "revocation_endpoint": public_url + "/revoke",
        "jwks_uri": public_url + "/.well-known/jwks.json",
        "scopes_supported": list(scopes),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": list(GRANT_TYPES),
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": ["none"],
        "revocation_endpoint_auth_methods_supported": ["none"],
        "authorization_response_iss_parameter_supported": True,
        "client_id_metadata_document_supported": True,
    }


def metadata_endpoint(public_url: str, scopes: Sequence[str]) -> Endpoint:
    """``GET /.well-known/oauth-authorization-server``: public, cacheable for a few minutes."""
    document = discovery_document(public_url, scopes)

    async def metadata(request: Request) -> Response:
        response = JSONResponse(document)
        apply_security_headers(response)
        # Public metadata, same for everyone: caching it is safe and spares the edge.
        response.headers["Cache-Control"] = "public, max-age=300"
        del response.headers["Pragma"]
        return response

    return metadata


def token_endpoint(stubs: Callable[[], OAuthStubs]) -> Endpoint:
    """``POST /token``: authorization_code and refresh_token grants, form-encoded only."""

    async def token(request: Request) -> Response:
        try:
            form = await read_oauth_form(request)
            grant_type = required_parameter(form, "grant_type")
            if grant_type not in GRANT_TYPES:
                raise OAuthError(
                    "unsupported_grant_type", f"grant_type must be one of {', '.join(GRANT_TYPES)}"
                )
            result = await call(
                get_stubs(stubs).oauth.ExchangeToken,
                oauth_pb2.ExchangeTokenRequest(
                    grant_type=grant_type,
                    client_id=form.get("client_id", ""),
                    code=form.get("code", ""),
                    redirect_uri=form.get("redirect_uri", ""),
                    code_verifier=form.get("code_verifier", ""),
                    refresh_token=form.get("refresh_token", ""),
                    resource=form.get("resource", ""),
                    scope=form.get("scope", ""),
                ),
            )
        except OAuthError as error:
            return error_response(error)
        except RemoteError as remote:
            return error_response(oauth_error(remote, fallback="invalid_grant"))
        except BackendUnavailable:
            return error_response(UNAVAILABLE)
        body: dict[str, object] = {
            "access_token": result.access_token,
            "token_type": result.token_type or "Bearer",
            "expires_in": result.expires_in,
            "scope": result.scope,
        }
        if result.refresh_token:
            body["refresh_token"] = result.refresh_token
        return json_response(body)

    return token


def register_endpoint(stubs: Callable[[], OAuthStubs]) -> Endpoint:
    """``POST /register``: RFC 7591 dynamic registration; the caller's address feeds the rate limit."""

    async def register(request: Request) -> Response:
        try:
            metadata_json = await read_json_object(request)
            result = await call(
                get_stubs(stubs).oauth.RegisterClient,
                oauth_pb2.RegisterClientRequest(
                    metadata_json=metadata_json,
                    remote_address=request.client.host if request.client else "",
                ),
            )
            document = json.loads(result.response_json)
        except OAuthError as error:
            return error_response(error)
        except RemoteError as remote:
            return error_response(oauth_error(remote, fallback="invalid_client_metadata"))
        except (BackendUnavailable, ValueError):
            return error_response(UNAVAILABLE)
        return json_response(document, 201)

    return register


def revoke_endpoint(stubs: Callable[[], OAuthStubs]) -> Endpoint:
    """``POST /revoke``: 200 whether or not the token was known (RFC 7009 §2.2)."""

    async def revoke(request: Request) -> Response:
        try:
            form = await read_oauth_form(request)
            token = required_parameter(form, "token")
            await call(
                get_stubs(stubs).oauth.RevokeToken,
                oauth_pb2.RevokeTokenRequest(
                    token=token,
                    token_type_hint=form.get("token_type_hint", ""),
                    client_id=form.get("client_id", ""),
                ),
            )
        except OAuthError as error:
            return error_response(error)
        except RemoteError as remote:
            # Only a malformed request is worth telling; an unknown or foreign token is not.
            if remote.reason == "invalid_request":
                return error_response(oauth_error(remote))
        except BackendUnavailable:
            return error_response(UNAVAILABLE)
        response = Response(status_code=200)
        apply_security_headers(response)
        return response

    return revoke
