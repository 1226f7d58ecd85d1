"""Protobuf in and out for the coaching reads: the planned sessions a caller passes (checked, so a
message says what to fix) and the decision and status answers (decision 0058)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, datetime

from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.analytics.v1 import endurance_pb2 as pb
from kinetic.errors import InvalidArgument
from kinetic.proto_enums import enum_value
from services.analytics.domain.coaching.inputs import SPORTS, PlannedStep, PlannedWorkout
from services.analytics.entrypoints.endurance_pb import half_up
from services.analytics.service_layer import endurance_queries as q

MAX_PLANNED = 10
MAX_INTERVALS = 100
MAX_MINUTES = 1440.0
MAX_STEP_SECONDS = 86_400
MAX_STEP_METERS = 1_000_000.0
MAX_REPEAT = 100
MAX_TSS = 2000.0
TEXT_LIMITS = {"workout_id": 64, "title": 200, "target_intensity": 200, "description": 4000}
STEP_TEXT_LIMITS = {"label": 100, "target": 200}


def _text(field: str, value: str, limit: int) -> str:
    if len(value) > limit:
        raise InvalidArgument.for_field(field, f"must be at most {limit} characters (it has {len(value)})")
    return value


def _number(field: str, value: float, lowest: float, highest: float) -> float:
    if not math.isfinite(value) or not lowest <= value <= highest:
        raise InvalidArgument.for_field(field, f"must be from {lowest:g} to {highest:g}, not {value:g}")
    return value


def _step(field: str, step: pb.PlannedInterval) -> PlannedStep:
    seconds = step.duration_seconds if step.HasField("duration_seconds") else None
    meters = step.distance_meters if step.HasField("distance_meters") else None
    if seconds is not None:
        _number(f"{field}.duration_seconds", seconds, 0, MAX_STEP_SECONDS)
    if meters is not None:
        _number(f"{field}.distance_meters", meters, 0, MAX_STEP_METERS)
    return PlannedStep(
        label=_text(f"{field}.label", step.label, STEP_TEXT_LIMITS["label"]),
        duration_seconds=seconds,
        distance_meters=meters,
        target=_text(f"{field}.target", step.target, STEP_TEXT_LIMITS["target"]),
        repeat=int(_number(f"{field}.repeat", step.repeat or 1, 1, MAX_REPEAT)),
    )


def planned_sessions(sessions: Sequence[pb.PlannedSession]) -> list[PlannedWorkout]:
    """The planned sessions, checked: at most 10; sport run, ride, swim, strength or other;
    durations 0-1440 minutes; planned TSS 0-2000; texts within their limits."""
    if len(sessions) > MAX_PLANNED:
        raise InvalidArgument.for_field(
            "planned", f"must hold at most {MAX_PLANNED} sessions, not {len(sessions)}"
        )
    out = []
    for n, session in enumerate(sessions):
        field = f"planned[{n}]"
        if session.sport not in SPORTS:
            raise InvalidArgument.for_field(
                f"{field}.sport", f"must be one of {', '.join(SPORTS)}, not {session.sport[:32]!r}"
            )
        if len(session.intervals) > MAX_INTERVALS:
            raise InvalidArgument.for_field(f"{field}.intervals", f"must hold at most {MAX_INTERVALS} steps")
        minutes = session.duration_minutes if session.HasField("duration_minutes") else None
        if minutes is not None:
            _number(f"{field}.duration_minutes", minutes, 0, MAX_MINUTES)
        tss = session.planned_tss if session.HasField("planned_tss") else None
        if tss is not None:
            _number(f"{field}.planned_tss", tss, 0, MAX_TSS)
        texts = {
            name: _text(f"{field}.{name}", getattr(session, name), limit)
            for name, limit in TEXT_LIMITS.items()
        }
        out.append(
            PlannedWorkout(
                sport=session.sport,
                duration_minutes=minutes,
                intervals=tuple(_step(f"{field}.intervals[{i}]", s) for i, s in enumerate(session.intervals)),
                planned_tss=tss,
                **texts,
            )
        )
    return out


def as_of(request: pb.GetTrainingStatusRequest) -> datetime | None:
    if not request.HasField("as_of"):
        return None
    try:
        moment: datetime = request.as_of.ToDatetime(tzinfo=UTC)
    except (ValueError, OverflowError) as error:
        raise InvalidArgument.for_field("as_of", "must be a valid instant") from error
    return moment


def _stamp(moment: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(moment)
    return out


def session_message(session: PlannedWorkout) -> pb.PlannedSession:
    return pb.PlannedSession(
        workout_id=session.workout_id,
        title=session.title,
        sport=session.sport,
        duration_minutes=session.duration_minutes,
        target_intensity=session.target_intensity,
        description=session.description,
        intervals=[
            pb.PlannedInterval(
                label=step.label,
                duration_seconds=step.duration_seconds,
                distance_meters=step.distance_meters,
                target=step.target,
                repeat=step.repeat,
            )
            for step in session.intervals
        ],
        planned_tss=half_up(session.planned_tss, 1) if session.planned_tss is not None else None,
    )


def decision_response(answer: q.DecisionAnswer) -> pb.GetDailyDecisionResponse:
    found = answer.decision
    out = pb.GetDailyDecisionResponse(
        day=answer.day.isoformat(),
        decision_id=found.decision_id,
        action_type=enum_value(pb.ActionType, found.action_type),
        reason_codes=list(found.reason_codes),
        reason_summary=found.reason_summary,
        generated_at=_stamp(answer.generated_at),
        stale=found.day_status.stale,
        as_of_sequence=answer.as_of_sequence,
    )
    if found.session is not None:
        out.session.CopyFrom(session_message(found.session))
    if found.changed_from is not None:
        out.changed_from.CopyFrom(session_message(found.changed_from))
    if found.day_status.data_synced_at is not None:
        out.data_synced_at.CopyFrom(_stamp(found.day_status.data_synced_at))
    return out


def status_response(answer: q.StatusAnswer) -> pb.GetTrainingStatusResponse:
    status = answer.status
    out = pb.GetTrainingStatusResponse(
        as_of=_stamp(answer.as_of),
        training_state=enum_value(pb.TrainingState, status.training_state),
        recovery_status=enum_value(pb.RecoveryStatus, status.recovery_status),
        load_status=enum_value(pb.LoadStatus, status.load_status),
        drivers=[pb.StatusDriver(code=d.code, summary=d.summary) for d in status.drivers],
        no_data=status.no_data,
        stale=status.stale,
        as_of_sequence=answer.as_of_sequence,
    )
    if status.data_synced_at is not None:
        out.data_freshness.CopyFrom(_stamp(status.data_synced_at))
    return out
