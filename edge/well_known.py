"""Discovery documents served at the origin root: protected-resource metadata (RFC 9728) and JWKS."""

from __future__ import annotations

from collections.abc import Mapping

import grpc
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from edge.jwks import JwksCache
from edge.problems import unavailable

# Re-exported: the edge's profiles name their resource by this type; the table is in kinetic.
from kinetic.protected_resources import ProtectedResourceInfo

__all__ = ["ProtectedResourceInfo", "well_known_routes"]


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
        # Served from the edge's copy while fresh; with auth down, from the last copy it holds.
        cache: JwksCache = request.app.state.jwks
        document = cache.fresh
        if document is None:
            try:
                document = await cache.fetch()
            except grpc.aio.AioRpcError:
                document = cache.last
        if document is None:
            problem = unavailable()
            return JSONResponse(
                problem.body(),
                status_code=problem.status,
                headers={"Retry-After": str(problem.details["retryAfter"]), "Cache-Control": "no-store"},
            )
        return Response(
            document,
            media_type="application/jwk-set+json",
            headers={"Cache-Control": "public, max-age=300"},
        )

    routes.append(Route("/.well-known/jwks.json", jwks))
    return routes
