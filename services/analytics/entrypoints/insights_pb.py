"""Protobuf messages for what insights derive from the Training library (decision 0024): plan
targets of proposals, workout choices, session sources and comparable sessions."""

from __future__ import annotations

from kinetic.analytics.v1 import analytics_pb2 as pb
from services.analytics.domain import comparable as compare
from services.analytics.domain.choices import SessionSources, WorkoutChoice
from services.analytics.domain.plan_targets import PlanTarget
from services.analytics.domain.precision import logged_kg
from services.analytics.service_layer.queries import Zone


def plan_target(target: PlanTarget) -> pb.PlanTarget:
    """One workout movement a proposal concerns; unset targets stay unset."""
    out = pb.PlanTarget(
        workout_id=target.workout_id,
        workout_name=target.workout_name,
        workout_version=target.workout_version,
        plan_id=target.plan_id,
        plan_name=target.plan_name,
        movement_id=target.movement_id,
        exercise_id=target.exercise_id,
    )
    if target.current_target_weight_kg is not None:
        out.current_target_weight_kg = logged_kg(target.current_target_weight_kg)
    if target.proposed_target_weight_kg is not None:
        out.proposed_target_weight_kg = logged_kg(target.proposed_target_weight_kg)
    if target.current_target_sets is not None:
        out.current_target_sets = target.current_target_sets
    if target.proposed_target_sets is not None:
        out.proposed_target_sets = target.proposed_target_sets
    return out


def workout_choice(choice: WorkoutChoice, names: dict[str, str]) -> pb.WorkoutChoice:
    """One workout's choices; ``names`` gives the replacing workouts' names."""
    workout = choice.workout
    return pb.WorkoutChoice(
        workout_id=workout.workout_id,
        workout_name=workout.name,
        workout_kind=workout.kind,
        plan_id=workout.plan_id,
        plan_name=choice.plan_name,
        occurrences_completed=choice.completed,
        occurrences_moved=choice.moved,
        occurrences_replaced=choice.replaced,
        replaced_by=[
            pb.WorkoutReplacement(workout_id=w, workout_name=names.get(w, ""), occurrences=n)
            for w, n in sorted(choice.replaced_by.items(), key=lambda item: (-item[1], item[0]))
        ],
        replaced_others=choice.replaced_others,
        sessions=choice.sessions,
        sessions_completed=choice.sessions_completed,
    )


def session_sources(sources: SessionSources) -> pb.SessionSources:
    """The window's sessions by source."""
    return pb.SessionSources(
        training_workout_sessions=sources.training_workout,
        removed_workout_sessions=sources.removed_workout,
        freestyle_sessions=sources.freestyle,
        plan_day_sessions=sources.plan_day,
    )


def _session(figures: compare.SessionFigures, zone: Zone) -> pb.ComparableSession:
    out = pb.ComparableSession(
        day=zone.day(figures.started_at).isoformat(),
        session_id=figures.session_id,
        rounds=[
            pb.BlockRounds(
                block_id=r.block_id,
                format=r.format,
                completed_rounds=r.completed_rounds,
                rounds_change=r.rounds_change,
            )
            for r in figures.rounds
        ],
    )
    optional = {
        "duration_seconds": figures.duration_seconds,
        "distance_meters": figures.distance_meters,
        "pace_seconds_per_km": figures.pace_seconds_per_km,
        "duration_change_seconds": figures.duration_change_seconds,
        "distance_change_meters": figures.distance_change_meters,
        "pace_change_seconds_per_km": figures.pace_change_seconds_per_km,
    }
    for name, value in optional.items():
        if value is not None:
            setattr(out, name, value)
    return out


def comparable_workout(workout: compare.ComparableWorkout, zone: Zone) -> pb.ComparableWorkout:
    """A workout's comparable sessions, oldest first."""
    sessions = [_session(s, zone) for s in workout.sessions]
    return pb.ComparableWorkout(
        workout_id=workout.workout.workout_id,
        workout_name=workout.workout.name,
        workout_kind=workout.workout.kind,
        sample_size=len(sessions),
        from_day=sessions[0].day if sessions else "",
        to_day=sessions[-1].day if sessions else "",
        sessions=sessions,
    )
