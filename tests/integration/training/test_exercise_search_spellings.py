"""SearchExercises finds an exercise through a typo or another language's name when no name or alias
fits (issue 31, decision 0103): search_exercises "sqaut" finds the squat."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc
import pytest

from kinetic.settings import ServiceSettings
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.training.bootstrap import start

ACCOUNT = "11111111-1111-4111-8111-111111111111"


@pytest.fixture
async def stub(sqlite_engines, tmp_path) -> AsyncIterator[training_pb2_grpc.TrainingServiceStub]:
    settings = ServiceSettings.from_env("training", {"KINETIC_DATA_DIR": str(tmp_path)})
    running = await start(settings, port=0, engine=sqlite_engines("training"))
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        yield training_pb2_grpc.TrainingServiceStub(channel)
    finally:
        await channel.close()
        await running.stop(0)


async def found(stub: training_pb2_grpc.TrainingServiceStub, query: str, equipment: str = "") -> list[str]:
    reply = await stub.SearchExercises(
        training_pb2.SearchExercisesRequest(account_id=ACCOUNT, query=query, equipment=equipment)
    )
    assert reply.total_size >= len(reply.exercises)
    return [e.exercise_id for e in reply.exercises]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("sqaut", "barbell-back-squat"),
        ("deadlfit", "barbell-deadlift"),
        ("Kniebeugen", "barbell-back-squat"),
        ("développé couché", "barbell-bench-press"),
        ("press de banca", "barbell-bench-press"),
    ],
)
async def test_a_typo_or_another_language_finds_the_exercise(stub, query, first):
    assert (await found(stub, query))[0] == first


async def test_the_filters_still_apply_and_what_fits_a_name_is_answered_as_before(stub):
    assert await found(stub, "sqaut", equipment="cable") == []
    assert (await found(stub, "squat"))[0] == "barbell-back-squat"
    assert await found(stub, "zzzzqqq") == []
