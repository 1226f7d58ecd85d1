"""Pages from other origins on the machine-facing paths: the Origin check and CORS (decision 0040).

One layer in front of the router, for the paths a browser-based client calls: discovery documents,
registration, token and revocation endpoints, the MCP paths and the REST APIs.
- A request whose ``Origin`` is not trusted is refused with 403 and seed 000's JSON error
  (``untrusted_origin``) before anything else runs; a request without ``Origin`` (every
  server-side client) is not affected.
- ``OPTIONS`` is answered here, with no token needed: a CORS preflight from a trusted origin gets
  the methods and request headers allowed, anything else ``204`` with ``Allow``.
- Every response carries ``Vary: Origin`` (discovery documents are cacheable), and one to a trusted
  origin the ``Access-Control-Allow-Origin`` echo and the exposed MCP and challenge headers.
No credentials mode: every path here takes a bearer token, never a cookie, so
``Access-Control-Allow-Credentials`` is never sent.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Hosts a loopback page runs on (a developer's MCP inspector, a local client): trusted on any port.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
EXPOSED_HEADERS = "Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate, Retry-After"
ALLOWED_REQUEST_HEADERS = (
    "Authorization, Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID"
)
PREFLIGHT_MAX_AGE_SECONDS = 600


def _normal_origin(origin: str) -> str | None:
    """``scheme://host[:port]`` in lower case, or None when ``origin`` is not a web origin."""
    parts = urlsplit(origin.strip().lower())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    if parts.path or parts.query or parts.fragment or "@" in parts.netloc:
        return None
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        return None
    return f"{parts.scheme}://{parts.netloc}"


@dataclass(frozen=True)
class TrustedOrigins:
    """The edge's public origin, loopback on any port, and the configured origins."""

    exact: frozenset[str]

    @classmethod
    def for_edge(cls, public_url: str, allowed: Iterable[str]) -> TrustedOrigins:
        origins = {_normal_origin(origin) for origin in (public_url, *allowed)}
        return cls(frozenset(origin for origin in origins if origin is not None))

    def trusts(self, origin: str) -> bool:
        normal = _normal_origin(origin)
        if normal is None:  # "null" (sandboxed frames, file://) and anything malformed
            return False
        return normal in self.exact or urlsplit(normal).hostname in LOOPBACK_HOSTS

    def sdk_patterns(self) -> list[str]:
        """The same set in the MCP SDK's ``allowed_origins`` notation (its own check runs after ours)."""
        loopback = [
            f"{scheme}://{host}{port}"
            for scheme in ("http", "https")
            for host in ("127.0.0.1", "localhost", "[::1]")
            for port in ("", ":*")
        ]
        return sorted(self.exact) + loopback


@dataclass(frozen=True)
class CorsPaths:
    """A group of paths served to other origins, and the methods they answer."""

    exact: frozenset[str]
    prefixes: tuple[str, ...]
    methods: str

    def covers(self, path: str) -> bool:
        return path in self.exact or any(path.startswith(prefix) for prefix in self.prefixes)


def cors_paths(methods: str, paths: Iterable[str] = (), prefixes: Iterable[str] = ()) -> CorsPaths:
    return CorsPaths(frozenset(paths), tuple(prefixes), methods)


class CrossOrigin:
    """ASGI layer: Origin check, preflights and CORS headers for ``groups``; other paths untouched."""

    def __init__(self, app: ASGIApp, trusted: TrustedOrigins, groups: Sequence[CorsPaths]) -> None:
        self.app = app  # public: tests reach the Starlette app through the layers
        self._trusted = trusted
        self._groups = groups

    def _group(self, path: str) -> CorsPaths | None:
        return next((group for group in self._groups if group.covers(path)), None)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        group = self._group(scope["path"]) if scope["type"] == "http" else None
        if group is None:
            await self.app(scope, receive, send)
            return
        origin = Headers(scope=scope).get("origin")
        if origin is not None and not self._trusted.trusts(origin):
            await _untrusted(send, origin)
            return
        if scope["method"] == "OPTIONS":
            await _options(send, group, origin)
            return
        await self.app(scope, receive, _with_cors_headers(send, origin))


def _with_cors_headers(send: Send, origin: str | None) -> Send:
    async def send_with_headers(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = MutableHeaders(scope=message)
            headers.add_vary_header("Origin")
            if origin is not None:
                headers["Access-Control-Allow-Origin"] = origin
                headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS
        await send(message)

    return send_with_headers


async def _options(send: Send, group: CorsPaths, origin: str | None) -> None:
    headers = [(b"allow", group.methods.encode()), (b"vary", b"Origin")]
    if origin is not None:
        headers += [
            (b"access-control-allow-origin", origin.encode("latin-1")),
            (b"access-control-allow-methods", group.methods.encode()),
            (b"access-control-allow-headers", ALLOWED_REQUEST_HEADERS.encode()),
            (b"access-control-max-age", str(PREFLIGHT_MAX_AGE_SECONDS).encode()),
        ]
    await send({"type": "http.response.start", "status": 204, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


async def _untrusted(send: Send, origin: str) -> None:
    shown = origin if len(origin) <= 200 else origin[:200] + "…"
    body = json.dumps(
        {
            "error": "untrusted_origin",
            "error_description": f"requests from the origin {shown!r} are not accepted here; "
            "server-side clients send no Origin header",
        },
        separators=(",", ":"),
    ).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"cache-control", b"private, no-store"),
        (b"vary", b"Origin"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 403, "headers": headers})
    await send({"type": "http.response.body", "body": body})
