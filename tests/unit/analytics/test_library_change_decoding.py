"""Training's LibraryChange messages decoded into the facts analytics keeps (the adapter's contract)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.training.v1 import training_pb2
from services.analytics.adapters.training_feed import change_from_pb
from services.analytics.domain.training_facts import (
    BlockFact,
    MovementFact,
    OccurrenceFact,
    PlanFact,
    WorkoutFact,
)

WRITTEN = datetime(2026, 3, 2, 17, 30, tzinfo=UTC)


def stamp(moment: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(moment)
    return out


def test_a_workout_keeps_movements_targets_and_blocks():
    workout = training_pb2.Workout(
        id="w1",
        version="3.muse",
        name="Engine",
        kind="crossFit",
        plan_id="p1",
        phase_id="ph1",
        exercises=[
            training_pb2.WorkoutExercise(id="m1", exercise_id="burpee", target_sets=5, target_reps=10),
            training_pb2.WorkoutExercise(
                id="m2", exercise_id="running", target_distance_meters=400, target_duration_seconds=90
            ),
            training_pb2.WorkoutExercise(id="m3", exercise_id="barbell-back-squat", target_weight_kg=0),
        ],
        cross_fit_blocks=[
            training_pb2.CrossFitBlock(
                id="b1",
                configuration=training_pb2.BlockConfiguration(format="amrap", duration_seconds=900, rounds=5),
                exercise_ids=["m1", "m2"],
            )
        ],
    )
    change = change_from_pb(
        training_pb2.LibraryChange(
            sequence=7, kind="workout.updated", record_id="w1", create_time=stamp(WRITTEN), workout=workout
        )
    )
    assert (change.sequence, change.kind, change.record_id, change.created_at) == (
        7,
        "workout.updated",
        "w1",
        WRITTEN,
    )
    assert change.record == WorkoutFact(
        "w1",
        "3.muse",
        "Engine",
        "crossFit",
        "p1",
        "ph1",
        (
            MovementFact("m1", "burpee", 0, "b1", target_sets=5, target_reps=10),
            MovementFact("m2", "running", 1, "b1", target_distance_meters=400, target_duration_seconds=90),
            # A target of 0 kg is a target (proto3 optional tells it from none).
            MovementFact("m3", "barbell-back-squat", 2, None, target_weight_kg=0),
        ),
        (BlockFact("b1", 0, "amrap", 5, 900),),
    )


def test_plans_occurrences_and_deletions():
    plan = change_from_pb(
        training_pb2.LibraryChange(
            sequence=1,
            kind="plan.created",
            record_id="p1",
            plan=training_pb2.Plan(id="p1", version="1.x", name="Block"),
        )
    )
    assert plan.record == PlanFact("p1", "1.x", "Block")
    completed = change_from_pb(
        training_pb2.LibraryChange(
            sequence=2,
            kind="occurrence.changed",
            record_id="w1/2026-03-04",
            occurrence=training_pb2.Occurrence(
                workout_id="w1",
                original_scheduled_day="2026-03-04",
                day="2026-03-05",
                status="completed",
                replacement_workout_id="w2",
                complete_time=stamp(WRITTEN),
            ),
        )
    )
    assert completed.record == OccurrenceFact(
        "w1", date(2026, 3, 4), date(2026, 3, 5), "completed", "w2", WRITTEN
    )
    assert completed.record.moved
    for kind, record_id in (("workout.deleted", "w1"), ("plan.deleted", "p1"), ("library.erased", "epoch-2")):
        change = change_from_pb(training_pb2.LibraryChange(sequence=3, kind=kind, record_id=record_id))
        assert (change.kind, change.record_id, change.record) == (kind, record_id, None)
