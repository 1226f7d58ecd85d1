"""Discovery documents served at the origin root: protected-resource metadata (RFC 9728) and JWKS."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from kinetic.auth.v1 import auth_pb2


@dataclass(frozen=True)
class ProtectedResourceInfo:
    """One protected path (a tool profile) and what it accepts."""

    path: str  # e.g. "/api/connectors/muse/mcp"
    name: str
    scopes: tuple[str, ...]

    def resource_url(self, public_url: str) -> str:
        """The resource identifier tokens must carry as ``aud``."""
        return public_url + self.path

    def metadata_url(self, public_url: str) -> str:
        """Where the metadata lives: at the origin root, the resource path appended (RFC 9728 §3.1)."""
        return public_url + "/.well-known/oauth-protected-resource" + self.path


def well_known_routes(public_url: str, resources: list[ProtectedResourceInfo]) -> list[Route]:
    """Metadata for every protected resource, plus the JWKS of the token issuer."""
    routes: list[Route] = []
    for resource in resources:
        document = {
            "resource": resource.resource_url(public_url),
            "authorization_servers": [public_url],
            "scopes_supported": list(resource.scopes),
            "bearer_methods_supported": ["header"],
            "resource_name": resource.name,
        }

        async def metadata(request: Request, document: Mapping[str, object] = document) -> Response:
            return JSONResponse(document, headers={"Cache-Control": "public, max-age=300"})

        routes.append(Route("/.well-known/oauth-protected-resource" + resource.path, metadata))

    async def jwks(request: Request) -> Response:
        backends = request.app.state.backends
        response = await backends.auth.GetJwks(auth_pb2.GetJwksRequest(), timeout=5)
        return Response(
            response.jwks_json,
            media_type="application/jwk-set+json",
            headers={"Cache-Control": "public, max-age=300"},
        )

    routes.append(Route("/.well-known/jwks.json", jwks))
    return routes
