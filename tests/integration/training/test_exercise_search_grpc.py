"""TrainingService's catalog over a real gRPC server on port 0, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from kinetic.errors import RemoteError
from kinetic.settings import ServiceSettings
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.training.bootstrap import start

ACCOUNT = "11111111-1111-4111-8111-111111111111"
OTHER_ACCOUNT = "22222222-2222-4222-8222-222222222222"


@pytest.fixture
async def channel(engines, tmp_path) -> AsyncIterator[grpc.aio.Channel]:
    settings = ServiceSettings.from_env("training", {"KINETIC_DATA_DIR": str(tmp_path)})
    running = await start(settings, port=0, engine=engines("training"))
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        yield channel
    finally:
        await channel.close()
        await running.stop(0)


@pytest.fixture
def stub(channel) -> training_pb2_grpc.TrainingServiceStub:
    return training_pb2_grpc.TrainingServiceStub(channel)


async def search(stub, **kwargs) -> training_pb2.SearchExercisesResponse:
    return await stub.SearchExercises(training_pb2.SearchExercisesRequest(account_id=ACCOUNT, **kwargs))


async def failure(call) -> RemoteError:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call
    return RemoteError.from_rpc(info.value)


@pytest.mark.parametrize(
    ("query", "expected_id_word"),
    [("rdl", "romanian"), ("ohp", "overhead"), ("db bench", "dumbbell")],
)
async def test_shorthand_ranks_the_intended_exercise_first(stub, query, expected_id_word):
    response = await search(stub, query=query)
    assert response.exercises, f"no result for {query!r}"
    assert expected_id_word in response.exercises[0].exercise_id


async def test_filters_by_muscle_and_equipment(stub):
    response = await search(stub, muscle="hamstrings", equipment="barbell", page_size=100)
    assert response.total_size > 0
    for exercise in response.exercises:
        assert "barbell" in exercise.equipment
        assert "hamstrings" in [*exercise.primary_muscles, *exercise.secondary_muscles]


async def test_pages_through_the_whole_catalog_without_repeats(stub):
    seen: list[str] = []
    token = ""
    while True:
        page = await search(stub, page_size=100, page_token=token)
        seen.extend(ex.exercise_id for ex in page.exercises)
        token = page.next_page_token
        if not token:
            break
    assert len(seen) == len(set(seen)) == page.total_size >= 250


async def test_page_token_of_another_query_is_refused(stub):
    first = await search(stub, query="press", page_size=2)
    assert first.next_page_token
    error = await failure(search(stub, query="squat", page_size=2, page_token=first.next_page_token))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert error.violations[0].field == "page_token"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"query": "x" * 10_000}, "query"),
        ({"page_token": "not-a-token!"}, "page_token"),
        ({"muscle": "elbows"}, "muscle"),
        ({"page_size": 500}, "page_size"),
    ],
)
async def test_bad_input_names_the_field(stub, kwargs, field):
    error = await failure(search(stub, **kwargs))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert error.reason == "INVALID_ARGUMENT"
    assert [v.field for v in error.violations] == [field]


async def test_custom_exercise_is_searchable_by_its_owner_only(stub):
    created = await stub.CreateCustomExercise(
        training_pb2.CreateCustomExerciseRequest(
            account_id=ACCOUNT,
            exercise=training_pb2.Exercise(
                name="Zercher Carry Ladder",
                aliases=["zcl"],
                primary_muscles=["quads"],
                equipment=["barbell"],
                tracking_modes=[training_pb2.TRACKING_MODE_DISTANCE],
            ),
        )
    )
    assert created.exercise.custom and created.exercise.exercise_id.startswith("custom-")
    mine = await search(stub, query="zcl")
    assert mine.exercises[0].exercise_id == created.exercise.exercise_id
    theirs = await stub.SearchExercises(
        training_pb2.SearchExercisesRequest(account_id=OTHER_ACCOUNT, query="zcl")
    )
    assert created.exercise.exercise_id not in [ex.exercise_id for ex in theirs.exercises]
    error = await failure(
        stub.GetExercise(
            training_pb2.GetExerciseRequest(
                account_id=OTHER_ACCOUNT, exercise_id=created.exercise.exercise_id
            )
        )
    )
    assert error.code == grpc.StatusCode.NOT_FOUND


async def test_custom_exercise_with_bad_fields_is_refused_and_nothing_stored(stub):
    bad = training_pb2.Exercise(name="Zyzzyx Row", primary_muscles=["elbows"], tracking_modes=[])
    error = await failure(
        stub.CreateCustomExercise(training_pb2.CreateCustomExerciseRequest(account_id=ACCOUNT, exercise=bad))
    )
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    fields = {v.field for v in error.violations}
    assert {"exercise.primary_muscles", "exercise.tracking_modes"} <= fields
    assert (await search(stub, query="zyzzyx")).total_size == 0, "nothing was stored"


async def test_duplicate_custom_name_is_a_conflict(stub):
    request = training_pb2.CreateCustomExerciseRequest(
        account_id=ACCOUNT,
        exercise=training_pb2.Exercise(
            name="Romanian Deadlift",
            primary_muscles=["hamstrings"],
            equipment=["barbell"],
            tracking_modes=[training_pb2.TRACKING_MODE_SETS],
        ),
    )
    error = await failure(stub.CreateCustomExercise(request))
    assert error.code == grpc.StatusCode.ALREADY_EXISTS
    assert error.reason == "EXERCISE_NAME_TAKEN"


async def test_health_and_reflection(channel):
    health = health_pb2_grpc.HealthStub(channel)
    status = await health.Check(health_pb2.HealthCheckRequest(service="kinetic.training.v1.TrainingService"))
    assert status.status == health_pb2.HealthCheckResponse.SERVING
    reflection = reflection_pb2_grpc.ServerReflectionStub(channel)
    names: list[str] = []
    async for response in reflection.ServerReflectionInfo(
        iter([reflection_pb2.ServerReflectionRequest(list_services="")])
    ):
        names.extend(s.name for s in response.list_services_response.service)
    assert "kinetic.training.v1.TrainingService" in names
