"""Seed 000's edit input JSON to the typed ``EditInput`` message, and back.

The JSON is ``{"action": "<name>", ...that action's fields}``; the message is a oneof whose field
JSON names are the action names, and whose fields carry seed 000's spelling (``exerciseID``,
``crossFitBlocks``), so one walk over the message descriptors converts every action. This is the
only reader of the untyped input: the Metric edge calls it for ``edit_training`` (the training
service's deprecated ``input`` Struct is gone, decision 0101). It checks JSON types only (the
typed message cannot hold anything else); ranges, required fields and cross-field rules are the
training service's (``services/training/domain``). See docs/decisions/0027-typed-training-edits.md.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from kinetic.errors import FieldViolation, InvalidArgument
from kinetic.training.v1 import training_pb2

_ACTIONS: dict[str, FieldDescriptor] = {
    field.json_name: field for field in training_pb2.EditInput.DESCRIPTOR.oneofs_by_name["action"].fields
}
# What seed 000 calls each message, for "is not a <what> field".
_WHAT: dict[str, str] = {
    "WorkoutInput": "workout",
    "MovementInput": "movement",
    "CrossFitBlockInput": "block",
    "BlockConfigurationInput": "configuration",
    "ScheduleInput": "schedule",
    "PlanInput": "plan",
    "PhaseInput": "phase",
    "PlanChangesInput": "plan update",
    "EnduranceTarget": "endurance",
    "IntensityTarget": "intensity",
    "EnduranceStep": "step",
    "StepTarget": "target",
}
# Messages that wrap a list only so that "not sent" differs from []; their JSON is the bare list.
_LIST_WRAPPERS = frozenset({"MovementList", "CrossFitBlockList"})
# changeSchedule's "schedule": null means "stop recurring"; it has no JSON field of its own.
_STOP_RECURRING = "stop_recurring"
_INT32_RANGE = (-(2**31), 2**31 - 1)


def edit_input_from_json(value: Any, *, withheld: Collection[str] = ()) -> training_pb2.EditInput:
    """The typed form of seed 000's input object; ``InvalidArgument`` names every mistyped field.

    ``null`` counts as "not sent", except changeSchedule's ``schedule``, where it stops recurring.
    ``withheld`` names fields (``kinetic.training.v1.WorkoutInput.endurance``) a caller's contract does
    not have: they are refused as unknown, like any other field the input has no place for
    (docs/decisions/0056-planned-endurance-workouts.md).
    """
    if not isinstance(value, Mapping):
        raise InvalidArgument.for_field("input", "must be an object with an action")
    action = value.get("action")
    if not isinstance(action, str) or action not in _ACTIONS:
        shown = "is required" if action is None else f"{_show(action)} is not an action"
        raise InvalidArgument.for_field("input.action", f"{shown}; send one of {', '.join(_ACTIONS)}")
    edit = training_pb2.EditInput()
    target = getattr(edit, _ACTIONS[action].name)
    target.SetInParent()
    converter = _Converter(frozenset(withheld))
    converter.fill(target, {k: v for k, v in value.items() if k != "action"}, "input", action)
    if converter.problems:
        message = "; ".join(f"{v.field}: {v.description}" for v in converter.problems)
        raise InvalidArgument(message, violations=converter.problems)
    return edit


def edit_input_to_json(edit: training_pb2.EditInput) -> dict[str, Any]:
    """Seed 000's JSON for ``edit``, the inverse of ``edit_input_from_json``: fields not sent are left
    out, and a stopped recurrence is ``"schedule": null`` again."""
    name = edit.WhichOneof("action")
    if name is None:
        return {}
    field = training_pb2.EditInput.DESCRIPTOR.fields_by_name[name]
    return {"action": field.json_name, **_render(getattr(edit, name))}


class _Converter:
    """Fills a message from JSON, collecting every mistyped or unknown field (not just the first)."""

    def __init__(self, withheld: frozenset[str]) -> None:
        self.problems: list[FieldViolation] = []
        self._withheld = withheld

    def fill(self, message: Message, obj: Mapping[str, Any], path: str, what: str) -> None:
        descriptor = message.DESCRIPTOR
        fields = {
            f.json_name: f
            for f in descriptor.fields
            if f.name != _STOP_RECURRING and f.full_name not in self._withheld
        }
        for key, item in obj.items():
            field = fields.get(key)
            where = f"{path}.{key}"
            if field is None:
                names = ["action", *fields] if what in _ACTIONS else list(fields)
                self._refuse(where, f"is not a {what} field; {what} fields are {', '.join(names)}")
            elif item is None:
                if field.name == "schedule" and _STOP_RECURRING in descriptor.fields_by_name:
                    setattr(message, _STOP_RECURRING, True)
            elif field.is_repeated:
                self._fill_list(message, field, item, where)
            elif field.message_type is not None:
                self._fill_message(getattr(message, field.name), field.message_type, item, where)
            else:
                value = self._scalar(field, item, where)
                if value is not None:
                    setattr(message, field.name, value)

    def _fill_message(self, message: Message, descriptor: Descriptor, item: Any, where: str) -> None:
        message.SetInParent()
        if descriptor.name in _LIST_WRAPPERS:
            self._fill_list(message, descriptor.fields_by_name["items"], item, where)
        elif not isinstance(item, Mapping):
            self._refuse(where, f"must be an object ({_WHAT[descriptor.name]}), not {_kind_of(item)}")
        else:
            self.fill(message, item, where, _WHAT[descriptor.name])

    def _fill_list(self, message: Message, field: FieldDescriptor, item: Any, where: str) -> None:
        if not isinstance(item, list | tuple):
            self._refuse(where, f"must be a list, not {_kind_of(item)}")
            return
        container = getattr(message, field.name)
        for index, element in enumerate(item):
            at = f"{where}[{index}]"
            if field.message_type is not None:
                self._fill_message(container.add(), field.message_type, element, at)
            else:
                value = self._scalar(field, element, at)
                if value is not None:
                    container.append(value)

    def _scalar(self, field: FieldDescriptor, value: Any, where: str) -> str | int | float | bool | None:
        problem = _type_problem(field, value)
        if problem is not None:
            self._refuse(where, problem)
            return None
        if field.type == FieldDescriptor.TYPE_BOOL:
            return bool(value)
        if field.type == FieldDescriptor.TYPE_DOUBLE:
            return float(value)
        return int(value) if field.type == FieldDescriptor.TYPE_INT32 else str(value)

    def _refuse(self, where: str, description: str) -> None:
        self.problems.append(FieldViolation(where, description))


def _type_problem(field: FieldDescriptor, value: Any) -> str | None:
    """What is wrong with ``value`` for a scalar ``field`` (text, true/false, double or int32), if
    anything."""
    if field.type == FieldDescriptor.TYPE_STRING:
        return None if isinstance(value, str) else f"must be text, not {_kind_of(value)}"
    if field.type == FieldDescriptor.TYPE_BOOL:
        return None if isinstance(value, bool) else f"must be true or false, not {_kind_of(value)}"
    if field.type == FieldDescriptor.TYPE_DOUBLE:
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            return f"must be a number, not {_kind_of(value)}"
        return None
    assert field.type == FieldDescriptor.TYPE_INT32, field.full_name
    # JSON has one number type: 3.0 is 3, 3.5 is not a whole number.
    whole = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    if isinstance(value, bool) or not whole:
        return f"must be a whole number, not {_kind_of(value)}"
    low, high = _INT32_RANGE
    if not low <= int(value) <= high:
        return f"must be a whole number from {low} to {high}, not {int(value)}"
    return None


def _render(message: Message) -> dict[str, Any]:
    rendered: dict[str, Any] = {}
    for field, value in message.ListFields():
        if field.name == _STOP_RECURRING:
            rendered["schedule"] = None
        elif field.is_repeated:
            rendered[field.json_name] = [_value(field, item) for item in value]
        else:
            rendered[field.json_name] = _value(field, value)
    return rendered


def _value(field: FieldDescriptor, value: Any) -> Any:
    if field.message_type is None:
        return value
    if field.message_type.name in _LIST_WRAPPERS:
        items = field.message_type.fields_by_name["items"]
        return [_value(items, item) for item in value.items]
    return _render(value)


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return _show(value)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
