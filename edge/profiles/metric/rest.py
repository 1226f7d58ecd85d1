"""Metric's REST mirror under ``/api/connectors/muse/``: the same reads as the MCP tools.

``GET /api/connectors/muse/workout-guidance`` mirrors ``get_workout_guidance``;
``GET /api/connectors/muse/training?view=...`` mirrors ``read_training`` (its arguments as query
parameters). Paths are recorded in docs/decisions/0004-metric-rest-paths.md.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from edge.guard import principal_of
from edge.problems import EdgeProblem
from edge.profiles.metric.guidance import workout_guidance
from edge.profiles.metric.reads import TrainingReads

NO_STORE = {"Cache-Control": "private, no-store"}


def problem_response(problem: EdgeProblem) -> JSONResponse:
    """Metric's error shape: ``{error, error_description}`` with the matching HTTP status."""
    return JSONResponse(problem.body(), status_code=problem.status, headers=NO_STORE)


def metric_rest_routes(reads: TrainingReads) -> list[Route]:
    """The REST endpoints of the Metric profile (mounted behind the guard)."""

    async def guidance(request: Request) -> Response:
        return JSONResponse(workout_guidance(), headers=NO_STORE)

    async def read_training(request: Request) -> Response:
        principal = principal_of(request.scope)
        args = dict(request.query_params)
        try:
            payload = await reads.read(principal.account_id, args)
        except EdgeProblem as problem:
            return problem_response(problem)
        return JSONResponse(payload, headers=NO_STORE)

    return [
        Route("/workout-guidance", guidance, methods=["GET"]),
        Route("/training", read_training, methods=["GET"]),
    ]
