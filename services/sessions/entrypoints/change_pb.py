"""The change feed as ListChanges returns it: each stored change with its typed payload.

The feed is stored as it always was (camelCase JSON, ``adapters/session_codec.py``); here each entry
is read back into the ``Change.payload`` message its kind calls for, built by the same functions that
build GetSession's answer, so a reader sees a session or performance in the feed exactly as it would
read it (docs/decisions/0029-gyms-hexagon-and-typed-feed.md). The untyped ``payload_json`` had no
reader left and is gone (docs/decisions/0101-newer-protos.md).
"""

from __future__ import annotations

from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

from kinetic.sessions.v1 import endurance_pb2, sessions_pb2
from kinetic.timestamps import set_timestamp, timestamp
from services.sessions.adapters.change_feed import ChangeRecord
from services.sessions.adapters.session_codec import (
    session_from_dict,
    setup_list_from_json,
    time_from_json,
)
from services.sessions.entrypoints.session_pb import session_to_pb, setup_value_to_pb


def change_to_pb(account_id: str, change: ChangeRecord) -> sessions_pb2.Change:
    """One stored change of ``account_id``'s feed, its payload typed by kind (see ``fill_change``)."""
    message = sessions_pb2.Change()
    fill_change(message, account_id, change)
    return message


def fill_change(message: sessions_pb2.Change, account_id: str, change: ChangeRecord) -> None:
    """Write one stored change of ``account_id``'s feed into the empty ``message``, in place.

    Every ``session.*`` kind but ``session.deleted`` carries the session after the change; a kind
    of no family known here carries no payload, so a reader can skip it, and so does a superseded
    performance.logged read without its payload (``ListChangesRequest.omit_superseded_payloads``).
    ListChanges fills its answer's entries in place (``changes.add()``): building each message
    apart and copying it into the answer cost as much again (decision 0121).
    """
    message.sequence = change.sequence
    message.kind = change.kind
    message.record_id = change.record_id
    set_timestamp(message.create_time, change.created_at)
    data = change.payload
    if data is None:
        return
    if change.kind == "performance.logged":
        _fill_performance_logged(message.performance_logged, data)
    elif change.kind == "performance.deleted":
        message.performance_deleted.CopyFrom(_performance_deleted(data, change))
    elif change.kind == "session.deleted":
        message.session_deleted.CopyFrom(_session_deleted(account_id, data, change))
    elif change.kind.startswith("session."):
        message.session.CopyFrom(session_to_pb(session_from_dict(account_id, data, change.created_at)))
    elif change.kind in _ENDURANCE_PAYLOADS:
        field, payload_type = _ENDURANCE_PAYLOADS[change.kind]
        getattr(message, field).CopyFrom(_parsed(data, payload_type()))


# The endurance records' kinds (decision 0054): their payloads are stored in these messages' own
# JSON mapping (services/sessions/endurance/adapters/record_codec.py), so they parse back as they are.
_ENDURANCE_PAYLOADS: dict[str, tuple[str, type[Message]]] = {
    "activity.recorded": ("activity", endurance_pb2.ActivitySummary),
    "activity.deleted": ("activity_deleted", endurance_pb2.ActivityDeleted),
    "threshold.set": ("threshold", endurance_pb2.Threshold),
    "threshold.deleted": ("threshold_deleted", endurance_pb2.ThresholdDeleted),
    "readiness.recorded": ("readiness", endurance_pb2.DailyReadiness),
}


def _parsed(data: dict[str, Any], message: Message) -> Message:
    # A field added to a payload later is skipped by a reader built before it, not refused.
    return json_format.ParseDict(data, message, ignore_unknown_fields=True)


def _session_deleted(
    account_id: str, data: dict[str, Any], change: ChangeRecord
) -> sessions_pb2.SessionDeleted:
    deleted = time_from_json(data.get("deletedAt")) or change.created_at
    return sessions_pb2.SessionDeleted(
        session=session_to_pb(session_from_dict(account_id, data, change.created_at)),
        performance_ids=[str(p) for p in data.get("performanceIds") or []],
        delete_time=timestamp(deleted),
    )


def _fill_performance_logged(logged: sessions_pb2.PerformanceLogged, data: dict[str, Any]) -> None:
    """A performance.logged payload written into ``logged`` in place (the oneof chosen even when
    every field is empty, as the constructor did)."""
    logged.SetInParent()
    performance = logged.performance
    performance.SetInParent()
    performance.performance_id = str(data.get("performanceId") or "")
    performance.exercise_id = str(data.get("exerciseId") or "")
    performance.plan_exercise_id = str(data.get("planExerciseId") or "")
    performance.notes = str(data.get("notes") or "")
    performance.is_completed = bool(data.get("isCompleted", False))
    setup = data.get("setupValues")
    if setup:
        performance.setup_values.extend(setup_value_to_pb(v) for v in setup_list_from_json(setup))
    setup = data.get("nextSetupValues")
    if setup:
        performance.next_setup_values.extend(setup_value_to_pb(v) for v in setup_list_from_json(setup))
    performance.setup_settings_enabled = bool(data.get("setupSettingsEnabled", False))
    performance.show_set_rpe = bool(data.get("showSetRpe", False))
    add_set = performance.sets.add
    for entry in data.get("sets") or []:
        add_set(**_set_fields(entry))
    # Changes written before decision 0037 name no exercise; they read as unnamed.
    performance.exercise_name = str(data.get("exerciseName") or "")
    catalog = str(data.get("catalogExerciseId") or "")
    performance.catalog_exercise_id = catalog
    rest = data.get("restSeconds")
    if rest is not None:
        performance.rest_seconds = float(rest)
    updated = time_from_json(data.get("updatedAt"))
    if updated is not None:
        set_timestamp(performance.update_time, updated)
    logged.session_id = str(data.get("sessionId") or "")
    logged.catalog_exercise_id = catalog


# A set's optional numbers: the key the stored JSON gives each under, and its field.
_SET_NUMBERS = (
    ("weight", "weight_kg"),
    ("timeSeconds", "time_seconds"),
    ("distanceMeters", "distance_meters"),
    ("restSeconds", "rest_seconds"),
    ("rpe", "rpe"),
    ("loadValue", "load_value"),
)


def set_message(entry: dict[str, Any]) -> sessions_pb2.PerformanceSet:
    """``set_to_pb(set_from_dict(entry))`` in one step, the same message.

    Every performance.logged carries the performance's whole set list, so a cold catch-up reads
    several sets per change; the ``LoggedSet`` in between cost as much as the message (0121).
    """
    return sessions_pb2.PerformanceSet(**_set_fields(entry))


def _set_fields(entry: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``set_message``'s message, as keyword arguments (``sets.add`` takes them too)."""
    fields: dict[str, Any] = {
        "set_number": int(entry["setNumber"]),
        "set_type": str(entry.get("setType") or "N"),
        "completed": bool(entry.get("completed", False)),
        "notes": str(entry.get("notes") or ""),
        "estimated": bool(entry.get("estimated", False)),
        "load_unit": str(entry.get("loadUnit") or ""),
    }
    reps = entry.get("reps")
    if isinstance(reps, str):
        fields["reps_text"] = reps
    elif reps is not None:
        fields["reps_number"] = float(reps)
    for key, name in _SET_NUMBERS:
        value = entry.get(key)
        if value is not None:
            fields[name] = value
    return fields


def _performance_deleted(data: dict[str, Any], change: ChangeRecord) -> sessions_pb2.PerformanceDeleted:
    deleted = time_from_json(data.get("deletedAt")) or change.created_at
    return sessions_pb2.PerformanceDeleted(
        performance_id=str(data.get("performanceId") or change.record_id),
        session_id=str(data.get("sessionId") or ""),
        exercise_id=str(data.get("exerciseId") or ""),
        delete_time=timestamp(deleted),
    )
