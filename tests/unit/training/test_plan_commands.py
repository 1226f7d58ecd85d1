"""MutatePlan's oneof becomes one typed command per case in the entrypoint (decision 0102)."""

from __future__ import annotations

from google.protobuf.field_mask_pb2 import FieldMask

from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from services.training.plans import commands as c
from services.training.plans.commands_pb import mutate_command
from services.training.plans.handlers import HANDLERS

CASES = [f.name for f in plans_pb2.MutatePlanRequest.DESCRIPTOR.oneofs_by_name["mutation"].fields]


def request(**mutation) -> plans_pb2.MutatePlanRequest:
    return plans_pb2.MutatePlanRequest(account_id="a", device_id="d", idempotency_key="key-0001", **mutation)


def test_every_case_of_the_oneof_has_its_command_and_handler():
    assert list(HANDLERS) == CASES
    for case in CASES:
        message = getattr(plans_pb2, "".join(part.title() for part in case.split("_")))()
        command = mutate_command(request(**{case: message}))
        assert command.kind == case
        assert type(command.mutation).__name__ == type(message).__name__


def test_no_mutation_is_left_for_the_service_to_refuse():
    command = mutate_command(request())
    assert (command.kind, command.mutation) == (None, None)


def test_fields_arrive_typed_and_an_unset_filter_differs_from_an_empty_one():
    by_ids = mutate_command(request(delete_workouts=plans_pb2.DeleteWorkouts(workout_ids=["w1", "w2"])))
    assert by_ids.mutation == c.DeleteWorkouts(("w1", "w2"), "", None)
    everything = mutate_command(
        request(delete_workouts=plans_pb2.DeleteWorkouts(filter=plans_pb2.ReplaceFilter()))
    )
    assert everything.mutation == c.DeleteWorkouts((), "", c.DayFilter())
    change = plans_pb2.WorkoutChange(workout_id="w1", update_mask=FieldMask(paths=["name", "order"]))
    modified = mutate_command(request(modify_workouts=plans_pb2.ModifyWorkouts(changes=[change])))
    assert isinstance(modified.mutation, c.ModifyWorkouts)
    assert modified.mutation.changes[0].update_mask == ("name", "order")


def test_a_retry_is_told_by_what_it_asks_not_by_the_thresholds_or_zone_it_looked_up():
    first = request(recalibrate=plans_pb2.Recalibrate(goal_id="g"))
    retry = request(recalibrate=plans_pb2.Recalibrate(goal_id="g"))
    retry.time_zone = "Europe/Paris"
    retry.thresholds.vdot = 50
    other = request(recalibrate=plans_pb2.Recalibrate(goal_id="g", preserve_locked_tss=True))
    assert mutate_command(first).request_hash == mutate_command(retry).request_hash
    assert mutate_command(first).request_hash != mutate_command(other).request_hash
    assert mutate_command(retry).thresholds.vdot == 50 and mutate_command(first).thresholds.vdot is None
