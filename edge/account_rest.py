"""What Kinetic's own REST paths for the caller's account share (workout history, endurance): each
answer gets the live backends and the authenticated account, and every refusal is the REST error
shape (``{error, error_description}`` with its status), a service's refusal mapped as everywhere."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import grpc
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

from edge.backends import Backends
from edge.guard import principal_of
from edge.problems import EdgeProblem, from_remote
from edge.profiles.metric.rest import problem_response
from kinetic.errors import RemoteError

BackendsOf = Callable[[], Backends]
AccountAnswer = Callable[[Backends, str, Request], Awaitable[Response]]


def account_endpoint(backends: BackendsOf, answer: AccountAnswer) -> Callable[[Request], Awaitable[Response]]:
    """A Starlette endpoint running ``answer(backends, account_id, request)`` behind a guard."""

    async def endpoint(request: Request) -> Response:
        try:
            return await answer(backends(), principal_of(request.scope).account_id, request)
        except EdgeProblem as problem:
            return problem_response(problem)
        except grpc.aio.AioRpcError as error:
            return problem_response(from_remote(RemoteError.from_rpc(error)))
        except ClientDisconnect:
            return Response(status_code=400)  # nobody is left to read it

    return endpoint
