"""Metric's ``edit_training`` input (seed 000's JSON object) as the typed ``EditInput`` message.

The conversion itself is ``kinetic.training_edit_json``, the one reader of untyped edit input; this
module turns its refusal into the
edge's field-naming 400. Rules beyond JSON types (ranges, required fields, setups) are the training
service's. See docs/decisions/0027-typed-training-edits.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from edge.problems import invalid_field
from edge.profiles.metric import arguments as arg
from kinetic.errors import InvalidArgument
from kinetic.training.v1 import training_pb2
from kinetic.training_edit_json import edit_input_from_json

# Training's fields that seed 000's workout has no place for: refused as unknown workout fields, and
# left out of the published schemas; Metric's reads still show a planned endurance workout
# (docs/decisions/0056-planned-endurance-workouts.md).
WITHHELD_FIELDS = frozenset(
    {
        "kinetic.training.v1.WorkoutInput.endurance",
        "kinetic.training.v1.WorkoutInput.clear_endurance",
    }
)


def edit_input(args: Mapping[str, Any]) -> training_pb2.EditInput:
    """The request's ``input`` argument, typed; a 400 naming the fields whose values have the wrong type."""
    value = arg.object_argument(args, "input", required=True)
    try:
        return edit_input_from_json(value, withheld=WITHHELD_FIELDS)
    except InvalidArgument as refused:
        # Named as the service names its violations: the first field, and every problem in the text.
        first, *rest = refused.violations
        problem = "; ".join([first.description, *(f"{v.field}: {v.description}" for v in rest)])
        raise invalid_field(first.field, problem) from None
