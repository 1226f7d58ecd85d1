"""EditTraining's typed input (decision 0027): built field by field, and the deprecated Struct, which
the service still reads through the same converter and hashes the same way."""

from __future__ import annotations

import grpc
from google.protobuf import json_format, struct_pb2

from kinetic.training.v1 import training_pb2 as pb
from tests.integration.training.library_support import ACCOUNT, ZONE, edit_request, failure, strength_a


async def epoch_of(stub) -> str:
    return (await stub.GetLibrary(pb.GetLibraryRequest(account_id=ACCOUNT))).library.epoch


def struct_request(epoch: str, key: str, body: dict) -> pb.EditTrainingRequest:
    """A request as callers built it before decision 0027: the input as a Struct."""
    return pb.EditTrainingRequest(
        account_id=ACCOUNT,
        device_id="muse",
        epoch=epoch,
        time_zone=ZONE,
        idempotency_key=key,
        input=json_format.ParseDict(body, struct_pb2.Struct()),
    )


async def test_a_typed_input_built_field_by_field_creates_the_workout(stub):
    movement = pb.MovementInput(
        exercise_id="barbell-back-squat", tracking_mode="sets", target_sets=5, target_reps=5, rest_seconds=180
    )
    workout = pb.WorkoutInput(name="Five by five", kind="legs", exercises=pb.MovementList(items=[movement]))
    typed = pb.EditInput(create_workout=pb.CreateWorkoutAction(workout=workout))
    created = await stub.EditTraining(edit_request(await epoch_of(stub), "typed-0001", typed))
    assert created.action == "createWorkout"
    (stored,) = created.workouts
    assert (stored.name, stored.kind, stored.exercises[0].target_sets) == ("Five by five", "legs", 5)


async def test_the_deprecated_struct_is_read_and_its_replay_is_recognised_in_either_form(stub):
    epoch = await epoch_of(stub)
    first = await stub.EditTraining(struct_request(epoch, "struct-0001", strength_a()))
    assert first.action == "createWorkout" and not first.replayed
    assert list(first.workouts[0].schedule.weekdays) == [2, 4, 6]
    typed_replay = await stub.EditTraining(edit_request(epoch, "struct-0001", strength_a()))
    struct_replay = await stub.EditTraining(struct_request(epoch, "struct-0001", strength_a()))
    assert typed_replay.replayed and struct_replay.replayed
    assert typed_replay.workouts[0].id == struct_replay.workouts[0].id == first.workouts[0].id
    other = await failure(stub.EditTraining(edit_request(epoch, "struct-0001", strength_a(name="Other"))))
    assert other.reason == "IDEMPOTENCY_KEY_REUSED"


async def test_a_mistyped_deprecated_struct_names_the_field(stub):
    bad = strength_a()
    bad["workout"]["exercises"][0]["targetReps"] = "eight"
    error = await failure(stub.EditTraining(struct_request(await epoch_of(stub), "struct-0002", bad)))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["input.workout.exercises[0].targetReps"]


async def test_a_request_without_an_input_names_the_action(stub):
    request = edit_request(await epoch_of(stub), "typed-0002", pb.EditInput())
    error = await failure(stub.EditTraining(request))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["input.action"]
