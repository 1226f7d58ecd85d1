"""The IDs the Open Workout Schema tools hand out: one string names a workout, an entry or a set.

``update_entry`` and ``delete_entry`` take "a workout, exercise entry or set" in one argument, so
each ID says which it is: ``w_<session>``, ``e_<performance>`` and ``s_<performance>_<set number>``
over the sessions store's own IDs (decision 0050). They are stable: a set keeps its number, and an
undone deletion comes back with the same IDs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from edge.problems import EdgeProblem

RecordKind = Literal["workout", "entry", "set"]
_OBJECT_ID = "[0-9a-f]{24}"
_PATTERN = re.compile(
    rf"^(?:w_(?P<w>{_OBJECT_ID})|e_(?P<e>{_OBJECT_ID})|s_(?P<s>{_OBJECT_ID})_(?P<n>[1-9][0-9]{{0,2}}))$"
)


@dataclass(frozen=True)
class RecordId:
    """A parsed ID: its kind and the sessions store's key (a set's is ``<performance>:<number>``)."""

    kind: RecordKind
    key: str


def workout_id(session_id: str) -> str:
    """The tools' ID of a workout (a session)."""
    return f"w_{session_id}"


def entry_id(performance_id: str) -> str:
    """The tools' ID of an exercise entry (a performance)."""
    return f"e_{performance_id}"


def set_id(performance_id: str, set_number: int) -> str:
    """The tools' ID of one set."""
    return f"s_{performance_id}_{set_number}"


def parse_record_id(
    value: str, argument: str, allowed: tuple[RecordKind, ...] = ("workout", "entry", "set")
) -> RecordId:
    """The record ``value`` names, or ``invalid_input`` naming ``argument`` and the forms it takes."""
    found = _PATTERN.match(value.strip().lower())
    kind: RecordKind | None = None
    key = ""
    if found is not None:
        if found["w"]:
            kind, key = "workout", found["w"]
        elif found["e"]:
            kind, key = "entry", found["e"]
        else:
            kind, key = "set", f"{found['s']}:{int(found['n'])}"
    if kind is None or kind not in allowed:
        forms = {"workout": "w_…", "entry": "e_…", "set": "s_…"}
        wanted = " or ".join(f"{k} ({forms[k]})" for k in allowed)
        raise EdgeProblem(
            "invalid_input",
            f"{argument}: {value[:64]!r} is not the ID of a {wanted}; use an ID from get_workouts or a "
            "write result",
            400,
            {"field": argument},
        )
    return RecordId(kind, key)
