"""The ``AccountExercises`` port over training's ``SearchExercises`` RPC (never its tables)."""

from __future__ import annotations

from collections.abc import Sequence

import grpc

from kinetic.errors import RemoteError
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from knowledge.training.exercise_names import Candidate
from services.sessions.workout_log.domain.log_errors import ExerciseSearchUnavailable

# A stuck training service turns into an answer to retry, not a hung log call.
CALL_TIMEOUT_SECONDS = 10.0


class TrainingExercises:
    """The account's own exercises fitting some words, as training's search finds them."""

    def __init__(self, stub: training_pb2_grpc.TrainingServiceStub) -> None:
        self._stub = stub

    async def search(self, account_id: str, words: str, limit: int) -> Sequence[Candidate]:
        """Up to ``limit`` custom exercises of the account fitting ``words``, best first."""
        request = training_pb2.SearchExercisesRequest(account_id=account_id, query=words, page_size=limit)
        try:
            reply = await self._stub.SearchExercises(request, timeout=CALL_TIMEOUT_SECONDS)
        except grpc.aio.AioRpcError as error:
            remote = RemoteError.from_rpc(error)
            raise ExerciseSearchUnavailable(
                f"the Training service could not search the account's exercises ({remote.code.name}); "
                "nothing was stored, retry in a few seconds"
            ) from None
        return [Candidate(e.exercise_id, e.name) for e in reply.exercises if e.custom]
