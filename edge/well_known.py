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

_ROOT = "/.well-known/oauth-protected-resource"


def well_known_routes(
    public_url: str, resources: list[ProtectedResourceInfo], default: ProtectedResourceInfo
) -> list[Route]:
    """Metadata for every protected resource, plus the JWKS of the token issuer.

    Each resource's document is at the root with its path appended (RFC 9728 §3.1). Seeds 001 and
    004 also publish the bare root: there the ``resource`` query (its URL or its path) names the
    resource, and ``default`` answers a request that names none (decision 0077).
    """
    routes: list[Route] = []
    by_name: dict[str, Mapping[str, object]] = {}
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

        routes.append(Route(_ROOT + resource.path, metadata))
        for name in (resource.resource_url(public_url), resource.path):
            by_name[name] = by_name[name + "/"] = document

    known = ", ".join(resource.path for resource in resources)

    async def root_metadata(request: Request) -> Response:
        named = request.query_params.get("resource", default.path)
        document = by_name.get(named)
        if document is None:
            return JSONResponse(
                {
                    "error": "not_found",
                    "error_description": f"resource: {named[:200]!r} is not a protected resource here; "
                    f"name one by its URL or path: {known}",
                },
                status_code=404,
            )
        return JSONResponse(document, headers={"Cache-Control": "public, max-age=300"})

    routes.append(Route(_ROOT, root_metadata))

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
