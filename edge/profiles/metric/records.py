"""Training records as Metric's JSON: the proto's ``json_name``s are seed 000's field names.

Fields without presence are always printed (``notes: ""``, ``crossFitBlocks: []``) so a record
has the same keys whatever it holds; ``optional`` targets appear only when set, and int64 values
are numbers, not strings.
"""

from __future__ import annotations

from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

from kinetic.proto_enums import read_twins
from kinetic.training.v1 import training_pb2


def record(message: Message) -> dict[str, Any]:
    """One training message as JSON: every field the message has is a key, so Training's enum twins
    are read into their words first (``read_twins``, in place) and the keys stay seed 000's. The
    renderers that read fields (``training_json``) read each twin where they read the word instead
    (decision 0129)."""
    rendered: dict[str, Any] = json_format.MessageToDict(
        read_twins(message), always_print_fields_with_no_presence=True, unquote_int64_if_possible=True
    )
    return rendered


def library_fields(library: training_pb2.Library) -> dict[str, Any]:
    """``epoch`` and ``sourceSequence``, which every view and write result carries."""
    return {"epoch": library.epoch, "sourceSequence": int(library.source_sequence)}


def versions_of(workouts: list[dict[str, Any]], plans: list[dict[str, Any]]) -> dict[str, str]:
    """``expectedVersions`` for the next write: ``"workout:<id>"``/``"plan:<id>"`` to the version."""
    return {f"workout:{w['id']}": w["version"] for w in workouts} | {
        f"plan:{p['id']}": p["version"] for p in plans
    }
