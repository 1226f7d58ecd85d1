"""EditTraining's typed input (decision 0027), built field by field; the untyped Struct it replaced
is gone (decision 0101)."""

from __future__ import annotations

import grpc

from kinetic.training.v1 import training_pb2 as pb
from tests.integration.training.library_support import ACCOUNT, edit_request, failure


async def epoch_of(stub) -> str:
    return (await stub.GetLibrary(pb.GetLibraryRequest(account_id=ACCOUNT))).library.epoch


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


async def test_the_removed_struct_field_is_reserved():
    # Field 7 held the untyped input until decision 0101; nothing sends it and it may not come back.
    assert "input" not in pb.EditTrainingRequest.DESCRIPTOR.fields_by_name


async def test_a_request_without_an_input_names_the_action(stub):
    request = edit_request(await epoch_of(stub), "typed-0002", pb.EditInput())
    error = await failure(stub.EditTraining(request))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["input.action"]
