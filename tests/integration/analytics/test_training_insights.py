"""Insights from both feeds, on SQLite and PostgreSQL, against hand-computed values: workout choices,
comparable pace and rounds, plan-aware proposals and focus balance through catalogExerciseId.

Training changes are LibraryChange messages decoded by the adapter's own decoder (analytics_support).
Window: NOW is 2026-03-20 (UTC), so insights cover 2026-01-24 to 2026-03-20 and balance 2026-02-21 on.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from kinetic.sessions.v1 import sessions_pb2
from kinetic.training.v1 import training_pb2 as tpb
from tests.integration.analytics.analytics_support import ACCOUNT, LibraryFeed, ListFeed, a_set, make_queries

SQUAT = "barbell-back-squat"
BENCH_GYM = "64b64c0f2f5f4c0012345679"  # a gym exercise that maps to barbell-bench-press


def at(day: int, hour: int = 17, minute: int = 30) -> datetime:
    return datetime(2026, 3, day, hour, minute, tzinfo=UTC)


def movement(movement_id: str, exercise_id: str, **targets: float) -> tpb.WorkoutExercise:
    return tpb.WorkoutExercise(id=movement_id, exercise_id=exercise_id, **targets)  # type: ignore[arg-type]


def lower_a(version: str = "1.muse", squat_kg: float = 100) -> tpb.Workout:
    return tpb.Workout(
        id="wA",
        version=version,
        name="Lower A",
        kind="strength",
        plan_id="P",
        phase_id="ph1",
        exercises=[
            movement("mA1", SQUAT, target_sets=5, target_reps=5, target_weight_kg=squat_kg),
            movement("mA2", "walking-lunge", target_sets=3),
        ],
    )


ENGINE = tpb.Workout(
    id="wE",
    version="1.muse",
    name="Engine",
    kind="crossFit",
    exercises=[movement("m1", "burpee"), movement("m2", "pull-up"), movement("m3", "run")],
    cross_fit_blocks=[
        tpb.CrossFitBlock(
            id="b1",
            configuration=tpb.BlockConfiguration(format="amrap", duration_seconds=1200, rounds=5),
            exercise_ids=["m1", "m2"],
        )
    ],
)
ARMS = tpb.Workout(
    id="wR",
    version="1.muse",
    name="Arms",
    kind="strength",
    exercises=[movement("mR1", "barbell-curl", target_sets=3), movement("mR2", "hammer-curl", target_sets=3)],
)


def occurrence(workout: str, original: int, day: int | None = None, status: str = "completed", by: str = ""):
    return tpb.Occurrence(
        workout_id=workout,
        original_scheduled_day=f"2026-03-{original:02d}",
        day=f"2026-03-{day or original:02d}",
        status=status,
        replacement_workout_id=by,
    )


def library() -> LibraryFeed:
    feed = LibraryFeed()
    feed.plan(tpb.Plan(id="P", version="1.muse", name="Spring block"))
    feed.workout(lower_a())
    feed.workout(ENGINE)
    feed.workout(ARMS)
    for original in (2, 5, 9):
        feed.occurrence(occurrence("wA", original))
    feed.occurrence(occurrence("wA", 16, 17))  # moved a day later, then done
    feed.occurrence(occurrence("wA", 19, by="wE"))  # Engine done instead
    feed.occurrence(occurrence("wE", 10))
    feed.occurrence(occurrence("wR", 11, 25, status="moved"))  # moved past today
    feed.occurrence(occurrence("wR", 18, status="scheduled"))  # started, then given back
    return feed


def done(number: int, **extra) -> sessions_pb2.PerformanceSet:
    return a_set(number, None, None, **extra)


def sessions() -> ListFeed:
    feed = ListFeed()
    # Lower A four times, the squat falling 2.5 kg a session (6 reps): a deload.
    for n, (day, original, load, minutes) in enumerate(
        ((2, 2, 100, 60), (5, 5, 97.5, 55), (9, 9, 95, 65), (17, 16, 92.5, 60))
    ):
        session = f"sA{n}"
        fields: dict[str, Any] = {
            "source": "occurrence",
            "workout_id": "wA",
            "original_day": f"2026-03-{original:02d}",
        }
        feed.start(session, at(day), **fields)
        feed.log(f"pA{n}", session, SQUAT, [a_set(1, load, 6)], catalog_exercise_id=SQUAT)
        feed.start(session, at(day), "completed", ended_at=at(day) + timedelta(minutes=minutes), **fields)
    # Engine twice: once from its own occurrence, once from Lower A's occurrence it replaced.
    engine = (
        ("sE1", 10, "wE", "2026-03-10", 25, 5, 4, (2000, 600)),
        ("sE2", 19, "wA", "2026-03-19", 22, 6, 6, (2500, 700)),
    )
    for session, on, workout, original_day, minutes, burpees, pull_ups, (meters, seconds) in engine:
        fields = {"source": "occurrence", "workout_id": workout, "original_day": original_day}
        feed.start(session, at(on, 7, 0), **fields)
        feed.log(f"{session}-b", session, "burpee", [done(n) for n in range(1, burpees + 1)])
        feed.log(f"{session}-p", session, "pull-up", [done(n) for n in range(1, pull_ups + 1)])
        feed.log(f"{session}-r", session, "run", [done(1, distance_meters=meters, time_seconds=seconds)])
        feed.start(session, at(on, 7, 0), "completed", ended_at=at(on, 7, minutes), **fields)
    feed.start("sF", at(12), source="freestyle")
    feed.log("pF", "sF", BENCH_GYM, [a_set(1, 80, 8)], catalog_exercise_id="barbell-bench-press")
    feed.start("sP", at(13), source="plan_day")
    feed.start("sX", at(14), source="freestyle")
    feed.start("sX", at(14), "cancelled", source="freestyle")  # cancelled: counts nowhere
    return feed


async def test_workout_choices_from_occurrences_and_sessions(engines):
    training = library()
    queries = make_queries(engines("analytics"), sessions(), training=training)

    answer = await queries.insights(ACCOUNT, "", "")

    assert answer.training_sequence == len(training.changes) == 12
    a, e, r = answer.workouts.choices  # most sessions first
    assert (a.workout.name, a.plan_name, a.completed, a.moved, a.replaced) == (
        "Lower A",
        "Spring block",
        4,
        1,
        1,
    )
    assert dict(a.replaced_by) == {"wE": 1} and (a.sessions, a.sessions_completed) == (4, 4)
    assert (e.workout.name, e.completed, e.replaced_others, e.sessions, e.sessions_completed) == (
        "Engine",
        1,
        1,
        2,
        2,
    )
    assert (r.workout.name, r.completed, r.moved, r.replaced, r.sessions) == ("Arms", 0, 1, 0, 0)
    sources = answer.workouts.sources
    assert (sources.training_workout, sources.removed_workout, sources.freestyle, sources.plan_day) == (
        6,
        0,
        1,
        1,
    )


async def test_comparable_pace_rounds_and_durations(engines):
    queries = make_queries(engines("analytics"), sessions(), training=library())

    answer = await queries.insights(ACCOUNT, "", "")

    engine, lower = answer.workouts.comparable  # the most recent last session first
    assert engine.workout.workout_id == "wE" and lower.workout.workout_id == "wA"
    first, second = engine.sessions
    assert (first.session_id, first.duration_seconds, first.distance_meters, first.pace_seconds_per_km) == (
        "sE1",
        1500,  # 25 minutes
        2000,
        300,  # 600 s over 2 km
    )
    assert [(r.block_id, r.format, r.completed_rounds, r.rounds_change) for r in first.rounds] == [
        ("b1", "amrap", 4, None)  # min(5 burpees, 4 pull-ups)
    ]
    assert (second.session_id, second.duration_seconds, second.pace_seconds_per_km) == ("sE2", 1320, 280)
    assert (
        second.duration_change_seconds,
        second.distance_change_meters,
        second.pace_change_seconds_per_km,
    ) == (
        -180,
        500,
        -20,
    )
    assert [(r.completed_rounds, r.rounds_change) for r in second.rounds] == [(6, 2)]
    assert [(s.session_id, s.duration_seconds, s.duration_change_seconds) for s in lower.sessions] == [
        ("sA0", 3600, None),
        ("sA1", 3300, -300),
        ("sA2", 3900, 600),
        ("sA3", 3600, -300),
    ]
    assert all(s.rounds == () and s.distance_meters is None for s in lower.sessions)


async def test_a_deload_names_the_workout_movement_its_version_and_target(engines):
    training = library()
    queries = make_queries(engines("analytics"), sessions(), training=training)

    (squat,) = [e for e in (await queries.insights(ACCOUNT, "", "")).exercises if e.exercise_id == SQUAT]
    assert squat.trend.direction == "falling" and squat.deload_kg == 82.5  # 92.5 x 0.9, down to 2.5 kg
    (target,) = squat.deload_targets
    assert (target.workout_id, target.workout_name, target.workout_version) == ("wA", "Lower A", "1.muse")
    assert (target.plan_id, target.plan_name, target.movement_id) == ("P", "Spring block", "mA1")
    assert (target.current_target_weight_kg, target.proposed_target_weight_kg) == (100, 82.5)

    # Read-your-writes: the workout's new version and target are in the very next answer.
    training.workout(lower_a("2.muse", 97.5), "workout.updated")
    (squat,) = [e for e in (await queries.insights(ACCOUNT, "", "")).exercises if e.exercise_id == SQUAT]
    (target,) = squat.deload_targets
    assert (target.workout_version, target.current_target_weight_kg) == ("2.muse", 97.5)


async def test_add_sets_names_a_workout_that_trains_the_muscle(engines):
    feed = ListFeed()
    feed.start("s1", at(2))
    feed.log("p1", "s1", SQUAT, [a_set(n, 100, 5) for n in range(1, 13)])
    feed.log("p2", "s1", "barbell-curl", [a_set(1, 30, 10), a_set(2, 30, 10)])
    training = LibraryFeed()
    training.workout(ARMS)
    queries = make_queries(engines("analytics"), feed, training=training)

    answer = await queries.insights(ACCOUNT, "", "")

    # 2026-02-21..03-20 touches five ISO weeks: glutes and quads 12 / 5 = 2.4 a week, forearms (the curl's
    # secondary) 2 x 0.5 / 5 = 0.2 < 2.4 / 3: one more set. Hammer curl trains forearms as a primary.
    proposal = answer.add_sets
    assert proposal is not None
    assert (proposal.muscle, proposal.extra_sets_per_week, proposal.top_muscle) == ("forearms", 1, "glutes")
    target = answer.add_sets_target
    assert target is not None
    assert (target.workout_id, target.movement_id, target.exercise_id) == ("wR", "mR2", "hammer-curl")
    assert (target.current_target_sets, target.proposed_target_sets) == (3, 4)


async def test_a_gym_exercise_takes_the_muscles_of_its_catalog_exercise(engines):
    feed = ListFeed()
    feed.start("s1", at(16))
    feed.log(
        "p1", "s1", BENCH_GYM, [a_set(1, 80, 8), a_set(2, 80, 8)], catalog_exercise_id="barbell-bench-press"
    )
    feed.log("p2", "s1", "64b64c0f2f5f4c001234567b", [a_set(1, 20, 10)], catalog_exercise_id="")  # no mapping
    feed.log("p3", "s1", "barbell-curl", [a_set(1, 30, 10)], catalog_exercise_id="barbell-curl")
    queries = make_queries(engines("analytics"), feed)

    answer = await queries.focus_balance(ACCOUNT, "2026-03-16", "2026-03-22", "")

    (week,) = answer.balance.weeks
    # Bench: 2 sets, chest primary; triceps and front delts secondary (x 0.5). Curl: 1 set.
    assert {m.muscle: m.weighted_sets for m in week.ranked()} == {
        "chest": 2.0,
        "biceps": 1.0,
        "front_delts": 1.0,
        "triceps": 1.0,
        "forearms": 0.5,
    }
    assert week.unmapped_sets == 1 and answer.balance.unmapped_exercise_ids == ["64b64c0f2f5f4c001234567b"]

    # The latest performance of an exercise decides its mapping: logged again with none, the bench
    # exercise is unmapped.
    feed.log("p1", "s1", BENCH_GYM, [a_set(1, 80, 8), a_set(2, 80, 8)], catalog_exercise_id="")
    again = await queries.focus_balance(ACCOUNT, "2026-03-16", "2026-03-22", "")
    assert again.balance.unmapped_exercise_ids == [BENCH_GYM, "64b64c0f2f5f4c001234567b"]


async def test_training_edits_show_in_the_next_answer_and_erasure_drops_them(engines):
    training = library()
    queries = make_queries(engines("analytics"), sessions(), training=training)
    await queries.insights(ACCOUNT, "", "")

    training.occurrence(occurrence("wR", 4, 6, status="moved"))  # Arms moved again
    moved = await queries.insights(ACCOUNT, "", "")
    (arms,) = [c for c in moved.workouts.choices if c.workout.workout_id == "wR"]
    assert arms.moved == 2 and moved.training_sequence == 13

    # A schedule change dropped that day: training says the move lapsed, and it no longer counts.
    training.append("occurrence.lapsed", "wR/2026-03-04", occurrence=occurrence("wR", 4, 6, status="moved"))
    lapsed = await queries.insights(ACCOUNT, "", "")
    (arms,) = [c for c in lapsed.workouts.choices if c.workout.workout_id == "wR"]
    assert arms.moved == 1 and lapsed.training_sequence == 14

    training.append("workout.deleted", "wE")
    deleted = await queries.insights(ACCOUNT, "", "")
    assert [c.workout.workout_id for c in deleted.workouts.choices] == ["wA", "wR"]
    (a,) = [c for c in deleted.workouts.choices if c.workout.workout_id == "wA"]
    assert dict(a.replaced_by) == {"wE": 1}  # the occurrence still says what replaced it
    # Engine's own session counts as from a removed workout; the one replacing Lower A's occurrence too.
    assert (deleted.workouts.sources.training_workout, deleted.workouts.sources.removed_workout) == (4, 2)
    assert [w.workout.workout_id for w in deleted.workouts.comparable] == ["wA"]

    training.append("library.erased", "epoch-2")
    erased = await queries.insights(ACCOUNT, "", "")
    assert erased.workouts.choices == [] and erased.workouts.comparable == []
    assert erased.workouts.workouts == {} and erased.workouts.plans == {}
    assert erased.workouts.sources.removed_workout == 6
    (squat,) = [e for e in erased.exercises if e.exercise_id == SQUAT]
    assert squat.deload_kg == 82.5 and squat.deload_targets == []  # still proposed, no workout to name
    assert erased.training_sequence == 16
