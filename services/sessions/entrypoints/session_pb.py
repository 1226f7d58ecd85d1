"""Sessions between protobuf and the domain: requests in, sessions and performances out."""

from __future__ import annotations

from datetime import datetime

from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.sessions.v1 import sessions_pb2
from services.sessions.domain.session_model import LoggedSet, Performance, Session, SetupScalar, SetupValue
from services.sessions.service_layer.session_logging import PerformanceInput


def _stamp(value: datetime) -> Timestamp:
    stamp = Timestamp()
    stamp.FromDatetime(value)
    return stamp


# --- in ------------------------------------------------------------------------------------------


def set_from_pb(message: sessions_pb2.PerformanceSet) -> LoggedSet:
    """A set as the domain sees it; an empty set type is "N"."""
    reps: float | str | None = None
    which = message.WhichOneof("reps")
    if which == "reps_number":
        reps = message.reps_number
    elif which == "reps_text":
        reps = message.reps_text
    return LoggedSet(
        set_number=message.set_number,
        set_type=message.set_type or "N",
        weight_kg=message.weight_kg if message.HasField("weight_kg") else None,
        reps=reps,
        time_seconds=message.time_seconds if message.HasField("time_seconds") else None,
        distance_meters=message.distance_meters if message.HasField("distance_meters") else None,
        rest_seconds=message.rest_seconds if message.HasField("rest_seconds") else None,
        rpe=message.rpe if message.HasField("rpe") else None,
        completed=message.completed,
        notes=message.notes,
        estimated=message.estimated,
        load_value=message.load_value if message.HasField("load_value") else None,
        load_unit=message.load_unit,
    )


def _setup_value_from_pb(message: sessions_pb2.SetupValue) -> SetupValue:
    which = message.WhichOneof("value")
    value: SetupScalar
    if which == "number_value":
        value = message.number_value
    elif which == "bool_value":
        value = message.bool_value
    else:
        value = message.string_value  # unset reads as ""
    return SetupValue(message.key, value)


def _setup_values_from_pb(
    request: sessions_pb2.LogPerformanceRequest, field: str
) -> tuple[SetupValue, ...] | None:
    if not request.HasField(field):
        return None
    values: sessions_pb2.SetupValues = getattr(request, field)
    return tuple(_setup_value_from_pb(v) for v in values.values)


def performance_input_from_pb(request: sessions_pb2.LogPerformanceRequest) -> PerformanceInput:
    """LogPerformance's request; optional fields left unset stay None (keep the stored value)."""
    return PerformanceInput(
        session_id=request.session_id,
        exercise_id=request.exercise_id,
        sets=tuple(set_from_pb(s) for s in request.sets),
        performance_id=request.performance_id,
        plan_exercise_id=request.plan_exercise_id,
        notes=request.notes if request.HasField("notes") else None,
        rest_seconds=request.rest_seconds if request.HasField("rest_seconds") else None,
        is_completed=request.is_completed if request.HasField("is_completed") else None,
        setup_values=_setup_values_from_pb(request, "setup_values"),
        next_setup_values=_setup_values_from_pb(request, "next_setup_values"),
        setup_settings_enabled=(
            request.setup_settings_enabled if request.HasField("setup_settings_enabled") else None
        ),
        show_set_rpe=request.show_set_rpe if request.HasField("show_set_rpe") else None,
        language=request.language,
    )


# --- out -----------------------------------------------------------------------------------------


def set_to_pb(entry: LoggedSet) -> sessions_pb2.PerformanceSet:
    """A stored set."""
    message = sessions_pb2.PerformanceSet(
        set_number=entry.set_number,
        set_type=entry.set_type,
        completed=entry.completed,
        notes=entry.notes,
        estimated=entry.estimated,
        load_unit=entry.load_unit,
    )
    if isinstance(entry.reps, str):
        message.reps_text = entry.reps
    elif entry.reps is not None:
        message.reps_number = entry.reps
    for name in ("weight_kg", "time_seconds", "distance_meters", "rest_seconds", "rpe", "load_value"):
        value = getattr(entry, name)
        if value is not None:
            setattr(message, name, value)
    return message


def setup_value_to_pb(item: SetupValue) -> sessions_pb2.SetupValue:
    """A setup value; its Python type says which of the oneof is set."""
    if isinstance(item.value, bool):
        return sessions_pb2.SetupValue(key=item.key, bool_value=item.value)
    if isinstance(item.value, str):
        return sessions_pb2.SetupValue(key=item.key, string_value=item.value)
    return sessions_pb2.SetupValue(key=item.key, number_value=item.value)


def performance_to_pb(performance: Performance) -> sessions_pb2.Performance:
    """A performance with its sets."""
    message = sessions_pb2.Performance(
        performance_id=performance.performance_id,
        exercise_id=performance.exercise_id,
        plan_exercise_id=performance.plan_exercise_id,
        notes=performance.notes,
        is_completed=performance.is_completed,
        setup_values=[setup_value_to_pb(v) for v in performance.setup_values],
        next_setup_values=[setup_value_to_pb(v) for v in performance.next_setup_values],
        setup_settings_enabled=performance.setup_settings_enabled,
        show_set_rpe=performance.show_set_rpe,
        sets=[set_to_pb(s) for s in performance.sets],
        update_time=_stamp(performance.updated_at),
        exercise_name=performance.exercise_name,
        catalog_exercise_id=performance.catalog_exercise_id,
    )
    if performance.rest_seconds is not None:
        message.rest_seconds = performance.rest_seconds
    return message


def session_to_pb(session: Session) -> sessions_pb2.Session:
    """A session, with whatever performances it was read with."""
    message = sessions_pb2.Session(
        session_id=session.session_id,
        account_id=session.account_id,
        source=session.source.kind,
        plan_id=session.source.plan_id,
        plan_moment_id=session.source.plan_moment_id,
        workout_id=session.source.workout_id,
        original_scheduled_day=session.source.original_scheduled_day,
        company_id=session.company_id,
        status=session.status,
        title=session.title,
        notes=session.notes,
        start_time=_stamp(session.started_at),
        update_time=_stamp(session.updated_at),
        experience_points=session.experience_points,
        performance_count=session.performance_count,
        performances=[performance_to_pb(p) for p in session.performances],
        program_id=session.program_id,
        program_day=session.program_day,
    )
    if session.ended_at is not None:
        message.end_time.CopyFrom(_stamp(session.ended_at))
    return message
