"""Every update mask in the contracts is one form, google.protobuf.FieldMask (AIP-134; decision 0101)."""

from __future__ import annotations

from google.protobuf.descriptor import FieldDescriptor

from kinetic.analytics.v1 import analytics_pb2
from kinetic.analytics.v1 import endurance_pb2 as analytics_endurance_pb2
from kinetic.auth.v1 import auth_pb2, oauth_pb2
from kinetic.sessions.v1 import endurance_pb2, gyms_pb2, sessions_pb2, workout_log_pb2
from kinetic.training.v1 import endurance_plans_pb2, training_pb2

FIELD_MASK = "google.protobuf.FieldMask"
MODULES = (
    auth_pb2,
    oauth_pb2,
    analytics_pb2,
    analytics_endurance_pb2,
    endurance_pb2,
    gyms_pb2,
    sessions_pb2,
    workout_log_pb2,
    endurance_plans_pb2,
    training_pb2,
)


def _masks() -> list[FieldDescriptor]:
    found: list[FieldDescriptor] = []
    pending = [m for module in MODULES for m in module.DESCRIPTOR.message_types_by_name.values()]
    while pending:
        message = pending.pop()
        pending.extend(message.nested_types)
        found.extend(f for f in message.fields if f.name.endswith("update_mask"))
    return found


def test_every_update_mask_is_a_field_mask():
    masks = _masks()
    names = {f.containing_type.name for f in masks}
    assert {"UpdateGoal", "WorkoutChange"} <= names
    assert [
        f.full_name
        for f in masks
        if f.message_type is None or f.message_type.full_name != "google.protobuf.FieldMask"
    ] == []
