"""OAuth clients: the static ones, redirect URI matching, and client metadata validation.

Redirect URIs match as exact strings, so a look-alike (other case, extra path or query, another
host) never receives a code. The one exception is RFC 8252 §7.3: a native app listening on the
loopback interface gets a port from the OS at run time, so a loopback URI matches on any port as
long as everything else is identical.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from kinetic.errors import InvalidArgument
from kinetic.protected_resources import RESOURCES
from services.auth.domain.oauth_errors import oauth_error

KIND_STATIC = "static"
KIND_REGISTERED = "registered"
KIND_METADATA_DOCUMENT = "metadata_document"

MAX_CLIENT_NAME_CHARS = 100
MAX_REDIRECT_URIS = 10
MAX_REDIRECT_URI_CHARS = 2000
MAX_CLIENT_ID_CHARS = 255
ALLOWED_GRANT_TYPES = ("authorization_code", "refresh_token")
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")


@dataclass(frozen=True)
class OAuthClient:
    """An application that may ask for access; every Kinetic client is public (no secret)."""

    client_id: str
    client_name: str
    redirect_uris: tuple[str, ...]
    kind: str
    grant_types: tuple[str, ...] = ALLOWED_GRANT_TYPES


# Seed 000: Metric issues the public client ID metric-muse with exactly these two callbacks.
METRIC_MUSE = OAuthClient(
    client_id="metric-muse",
    client_name="Muse",
    redirect_uris=(
        "https://agent.meta.ai/api/hatch/oauth/callback",
        "https://muse.ai/connect/oauth-callback",
    ),
    kind=KIND_STATIC,
)
BUILT_IN_CLIENTS: Mapping[str, OAuthClient] = {METRIC_MUSE.client_id: METRIC_MUSE}


def _loopback_host(uri: str) -> str | None:
    """The host of a ``http://`` loopback URI as written (``[::1]`` keeps its brackets), else None."""
    if not uri.startswith("http://"):
        return None
    authority = uri[len("http://") :].split("/", 1)[0].split("?", 1)[0]
    for host in LOOPBACK_HOSTS:
        if authority == host or authority.startswith(host + ":"):
            return host
    return None


def _without_port(uri: str, host: str) -> str | None:
    """``uri`` with its loopback port removed, or None when the port is not a number."""
    rest = uri[len("http://") + len(host) :]
    if rest.startswith(":"):
        digits = rest[1:].split("/", 1)[0].split("?", 1)[0]
        if not digits.isdigit() or int(digits) > 65535:
            return None
        rest = rest[1 + len(digits) :]
    return "http://" + host + rest


def redirect_uri_matches(registered: str, requested: str) -> bool:
    """Exact string match, except that loopback URIs may differ in their port (RFC 8252 §7.3)."""
    if registered == requested:
        return True
    host = _loopback_host(registered)
    if host is None or _loopback_host(requested) != host:
        return False
    left, right = _without_port(registered, host), _without_port(requested, host)
    return left is not None and left == right


def matching_redirect_uri(client: OAuthClient, requested: str) -> bool:
    """Whether ``requested`` is one of the client's redirect URIs."""
    return any(redirect_uri_matches(registered, requested) for registered in client.redirect_uris)


def validate_redirect_uri(uri: object) -> str:
    """An absolute https URI, or a loopback http one; no fragment, no credentials."""
    if not isinstance(uri, str) or not uri or len(uri) > MAX_REDIRECT_URI_CHARS:
        raise oauth_error("invalid_redirect_uri", "each redirect URI must be a non-empty string")
    parts = urlsplit(uri)
    if parts.fragment or "#" in uri or parts.username or parts.password or any(c.isspace() for c in uri):
        raise oauth_error(
            "invalid_redirect_uri", f"{uri!r} must not contain a fragment, credentials or spaces"
        )
    if parts.scheme == "https" and parts.hostname:
        return uri
    loopback = _loopback_host(uri)
    if parts.scheme == "http" and loopback is not None and _without_port(uri, loopback) is not None:
        return uri
    raise oauth_error(
        "invalid_redirect_uri",
        f"{uri!r} must use https, or http on a loopback address (http://127.0.0.1:<port>/...)",
    )


def _on_domain(host: str, domain: str) -> bool:
    return host == domain or host.endswith("." + domain)


def check_redirect_domains(uris: tuple[str, ...], scope: object) -> None:
    """A registration naming the scope of a resource that limits its redirect hosts (RunFlow: seed
    004's Claude, Anthropic, Google and localhost) registers only such URIs (decision 0077)."""
    if scope is None:
        return
    if not isinstance(scope, str):
        raise oauth_error("invalid_client_metadata", "scope must be a string of space-separated scopes")
    named = set(scope.split())
    for resource in RESOURCES:
        if not resource.redirect_domains or not named & set(resource.scopes):
            continue
        for uri in uris:
            host = (urlsplit(uri).hostname or "").lower()
            if _loopback_host(uri) is None and not any(
                _on_domain(host, d) for d in resource.redirect_domains
            ):
                allowed = ", ".join(resource.redirect_domains)
                raise oauth_error(
                    "invalid_redirect_uri",
                    f"{uri!r} is not allowed for {resource.profile} ({' '.join(resource.scopes)}): "
                    f"its redirect URIs must be on {allowed} or a loopback address",
                )


def _string_list(metadata: Mapping[str, Any], key: str, default: tuple[str, ...]) -> tuple[str, ...]:
    value = metadata.get(key)
    if value is None:
        return default
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise oauth_error("invalid_client_metadata", f"{key} must be a list of strings")
    return tuple(dict.fromkeys(value))


def validate_client_metadata(metadata: Mapping[str, Any]) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """Check RFC 7591 metadata of a public client; returns (client_name, redirect_uris, grant_types)."""
    raw_uris = metadata.get("redirect_uris")
    if not isinstance(raw_uris, list) or not raw_uris:
        raise oauth_error("invalid_redirect_uri", "redirect_uris must be a non-empty list")
    if len(raw_uris) > MAX_REDIRECT_URIS:
        raise oauth_error("invalid_redirect_uri", f"at most {MAX_REDIRECT_URIS} redirect_uris are allowed")
    uris = tuple(dict.fromkeys(validate_redirect_uri(uri) for uri in raw_uris))
    check_redirect_domains(uris, metadata.get("scope"))
    method = metadata.get("token_endpoint_auth_method", "none")
    if method != "none":
        raise oauth_error(
            "invalid_client_metadata",
            "token_endpoint_auth_method must be 'none': Kinetic registers public clients with PKCE only",
        )
    grant_types = _string_list(metadata, "grant_types", ("authorization_code", "refresh_token"))
    unsupported = [grant for grant in grant_types if grant not in ALLOWED_GRANT_TYPES]
    if unsupported or not grant_types:
        raise oauth_error(
            "invalid_client_metadata", f"grant_types must be a subset of {', '.join(ALLOWED_GRANT_TYPES)}"
        )
    response_types = _string_list(metadata, "response_types", ("code",))
    if response_types != ("code",):
        raise oauth_error("invalid_client_metadata", "response_types must be ['code']")
    name = metadata.get("client_name", "")
    if not isinstance(name, str) or len(name.strip()) > MAX_CLIENT_NAME_CHARS:
        raise oauth_error(
            "invalid_client_metadata",
            f"client_name must be a string of at most {MAX_CLIENT_NAME_CHARS} chars",
        )
    return name.strip(), uris, grant_types


def parse_json_object(document: str | bytes, error_reason: str) -> dict[str, Any]:
    """Parse a JSON object or raise ``error_reason``."""
    try:
        value = json.loads(document)
    except (ValueError, UnicodeDecodeError) as exc:
        raise oauth_error(error_reason, "the document is not valid JSON") from exc
    if not isinstance(value, dict):
        raise oauth_error(error_reason, "the document must be a JSON object")
    return value


def client_from_metadata_document(client_id: str, document: Mapping[str, Any]) -> OAuthClient:
    """A client from its Client ID Metadata Document, whose ``client_id`` must equal its own URL."""
    if document.get("client_id") != client_id:
        raise oauth_error("invalid_client", "the metadata document's client_id differs from its URL")
    try:
        name, uris, grant_types = validate_client_metadata(document)
    except InvalidArgument as exc:
        # To the authorization request the document is the client: a bad one is an unusable client.
        raise oauth_error(
            "invalid_client", f"the client metadata document is invalid: {exc.message}"
        ) from exc
    host = urlsplit(client_id).hostname or client_id
    return OAuthClient(
        client_id=client_id,
        client_name=name or host,
        redirect_uris=uris,
        kind=KIND_METADATA_DOCUMENT,
        grant_types=grant_types,
    )


def registration_response(client: OAuthClient, issued_at: int) -> str:
    """The RFC 7591 response body."""
    return json.dumps(
        {
            "client_id": client.client_id,
            "client_id_issued_at": issued_at,
            "client_name": client.client_name,
            "redirect_uris": list(client.redirect_uris),
            "grant_types": list(client.grant_types),
            "response_types": ["code"],
            "token_endpoint_auth_method": "none",
        },
        separators=(",", ":"),
    )
