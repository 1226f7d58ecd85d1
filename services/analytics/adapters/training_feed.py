"""Reads the training service's library change feed over gRPC (never its tables).

Each ``LibraryChange`` is decoded here into the facts analytics keeps (domain/training_facts.py), so
nothing past this module sees protobuf. Only the fields insights use are kept (docs/decisions/0024).
"""

from __future__ import annotations

from datetime import UTC, date

import grpc

from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.analytics.adapters.feed_pages import CALL_TIMEOUT_SECONDS, read_feed_page
from services.analytics.domain.training_facts import (
    BlockFact,
    MovementFact,
    OccurrenceFact,
    PlanFact,
    TrainingRecord,
    WorkoutFact,
)
from services.analytics.service_layer.catch_up import FeedPage
from services.analytics.service_layer.projection import Change

FEED_NAME = "training"


class TrainingFeed:
    """``UpstreamFeed`` backed by ``TrainingService.ListLibraryChanges``."""

    name = FEED_NAME

    def __init__(self, channel: grpc.aio.Channel) -> None:
        self._stub = training_pb2_grpc.TrainingServiceStub(channel)

    async def read_after(self, account_id: str, after_sequence: int, page_size: int) -> FeedPage:
        """One page of changes after ``after_sequence``, records decoded."""
        request = training_pb2.ListLibraryChangesRequest(
            account_id=account_id, after_sequence=after_sequence, page_size=page_size
        )
        return await read_feed_page(
            self._stub.ListLibraryChanges(request, timeout=CALL_TIMEOUT_SECONDS),
            lambda changes: [change_from_pb(change) for change in changes],
        )


def change_from_pb(change: training_pb2.LibraryChange) -> Change:
    """One library change as analytics applies it."""
    return Change(
        sequence=change.sequence,
        kind=change.kind,
        record_id=change.record_id,
        created_at=change.create_time.ToDatetime(tzinfo=UTC),
        record=_record(change),
    )


def _record(change: training_pb2.LibraryChange) -> TrainingRecord | None:
    which = change.WhichOneof("record")
    if which == "workout":
        return workout_fact(change.workout)
    if which == "plan":
        return PlanFact(change.plan.id, change.plan.version, change.plan.name)
    if which == "occurrence":
        return occurrence_fact(change.occurrence)
    return None


def _optional(message: training_pb2.WorkoutExercise, name: str) -> float | None:
    return getattr(message, name) if message.HasField(name) else None


def _optional_int(message: training_pb2.WorkoutExercise, name: str) -> int | None:
    return int(getattr(message, name)) if message.HasField(name) else None


def workout_fact(workout: training_pb2.Workout) -> WorkoutFact:
    """The workout's name, kind, plan, movements with their targets, and CrossFit blocks."""
    block_of = {
        movement_id: block.id for block in workout.cross_fit_blocks for movement_id in block.exercise_ids
    }
    movements = tuple(
        MovementFact(
            movement_id=m.id,
            exercise_id=m.exercise_id,
            position=position,
            block_id=block_of.get(m.id),
            target_sets=_optional_int(m, "target_sets"),
            target_reps=_optional_int(m, "target_reps"),
            target_weight_kg=_optional(m, "target_weight_kg"),
            target_distance_meters=_optional(m, "target_distance_meters"),
            target_duration_seconds=_optional_int(m, "target_duration_seconds"),
        )
        for position, m in enumerate(workout.exercises)
    )
    blocks = tuple(
        BlockFact(
            block_id=b.id,
            position=position,
            format=b.configuration.format,
            rounds=b.configuration.rounds,
            duration_seconds=b.configuration.duration_seconds,
        )
        for position, b in enumerate(workout.cross_fit_blocks)
    )
    return WorkoutFact(
        workout_id=workout.id,
        version=workout.version,
        name=workout.name,
        kind=workout.kind,
        plan_id=workout.plan_id,
        phase_id=workout.phase_id,
        movements=movements,
        blocks=blocks,
    )


def occurrence_fact(occurrence: training_pb2.Occurrence) -> OccurrenceFact:
    """The occurrence's days, status, replacement and completion time."""
    original = date.fromisoformat(occurrence.original_scheduled_day)
    return OccurrenceFact(
        workout_id=occurrence.workout_id,
        original_day=original,
        day=date.fromisoformat(occurrence.day) if occurrence.day else original,
        status=occurrence.status,
        replacement_workout_id=occurrence.replacement_workout_id,
        completed_at=(
            occurrence.complete_time.ToDatetime(tzinfo=UTC) if occurrence.HasField("complete_time") else None
        ),
    )
