"""What a Kinetic channel retries, against a real gRPC server (decision 0044).

An UNAVAILABLE the server's transport gives (a replica going away) is retried on a safe method; an
UNAVAILABLE the service itself answers, with its reason, is not (the caller is told when to retry),
and a method that could create twice is never retried.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import grpc
import pytest

from kinetic.errors import DomainError
from kinetic.grpc_server import ServiceBinding, create_server
from kinetic.service_trust import open_channel
from kinetic.training.v1 import training_pb2, training_pb2_grpc


class Unavailable(DomainError):
    code = grpc.StatusCode.UNAVAILABLE
    default_reason = "FEED_BEHIND"


class Flaky(training_pb2_grpc.TrainingServiceServicer):
    """Answers UNAVAILABLE to the first calls of each method, then serves."""

    def __init__(self, *, failures: int, domain: bool) -> None:
        self.calls: Counter[str] = Counter()
        self._failures = failures
        self._domain = domain

    async def _maybe_fail(self, method: str, context: grpc.aio.ServicerContext) -> None:
        self.calls[method] += 1
        if self.calls[method] <= self._failures:
            if self._domain:
                raise Unavailable("still catching up; retry in 1 s")
            await context.abort(grpc.StatusCode.UNAVAILABLE, "going away")

    async def ListWorkouts(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        await self._maybe_fail("ListWorkouts", context)
        return training_pb2.ListWorkoutsResponse()

    async def CreateCustomExercise(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        await self._maybe_fail("CreateCustomExercise", context)
        return training_pb2.CreateCustomExerciseResponse()


async def _served(servicer: Flaky) -> tuple[Any, grpc.aio.Channel]:
    binding = ServiceBinding(
        servicer,
        training_pb2_grpc.add_TrainingServiceServicer_to_server,
        "kinetic.training.v1.TrainingService",
    )
    server = await create_server([binding])
    return server, open_channel(f"127.0.0.1:{server.port}", None)


async def test_a_read_the_transport_refused_is_retried_until_it_is_served():
    servicer = Flaky(failures=2, domain=False)
    server, channel = await _served(servicer)
    try:
        await training_pb2_grpc.TrainingServiceStub(channel).ListWorkouts(
            training_pb2.ListWorkoutsRequest(), timeout=10
        )
    finally:
        await channel.close(None)
        await server.stop(0)
    assert servicer.calls["ListWorkouts"] == 3


async def test_an_unavailable_the_service_answers_is_not_retried():
    servicer = Flaky(failures=1, domain=True)
    server, channel = await _served(servicer)
    try:
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await training_pb2_grpc.TrainingServiceStub(channel).ListWorkouts(
                training_pb2.ListWorkoutsRequest(), timeout=10
            )
    finally:
        await channel.close(None)
        await server.stop(0)
    assert refused.value.code() == grpc.StatusCode.UNAVAILABLE
    assert servicer.calls["ListWorkouts"] == 1


async def test_a_write_that_could_create_twice_is_sent_once():
    servicer = Flaky(failures=1, domain=False)
    server, channel = await _served(servicer)
    try:
        with pytest.raises(grpc.aio.AioRpcError):
            await training_pb2_grpc.TrainingServiceStub(channel).CreateCustomExercise(
                training_pb2.CreateCustomExerciseRequest(), timeout=10
            )
    finally:
        await channel.close(None)
        await server.stop(0)
    assert servicer.calls["CreateCustomExercise"] == 1
