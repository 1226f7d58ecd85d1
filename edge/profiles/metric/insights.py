"""Metric's ``insights`` view: analytics' GetInsights answer in the connector's words and units.

Seed 000 ("Insights and live progress"): observed trends, next load and rep suggestions (each with
a date range, sample size and uncertainty), the weekly focus-area balance, workout choices,
comparable pace and rounds, and plan adjustments that stay proposals until the user approves a
separate write; each proposal names the Training workouts and movements it would change, with the
workout's version for that write (docs/decisions/0024-insights-from-training.md). Numbers are
kilograms, meters and seconds, named in the field (``loadKg``). Every range is a local ``from`` with
an exclusive ``to``, as every other Metric range is; analytics' inclusive last day becomes ``to`` =
last day + 1 (docs/decisions/0004-metric-rest-paths.md). Every exercise comes with its name and
catalog ID; an exercise with too few sessions, or sessions too close together, for a trend is
listed under ``notEnoughData`` instead of given a slope (docs/decisions/0037).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from edge.problems import invalid_field
from edge.profiles.proto_fields import optional_field
from kinetic.analytics.v1 import analytics_pb2

FORMULAS = ("epley", "brzycki")
DEFAULT_FORMULA = "epley"
UNITS = {"load": "kilograms", "distance": "meters", "time": "seconds"}
PROPOSAL_NOTE = (
    "Plan adjustments are proposals only: nothing has changed. Apply one only after the user approves "
    "it, with a separate edit_training write."
)


def check_formula(value: str) -> str:
    """The one-rep max formula, ``epley`` when empty; a 400 naming ``formula`` otherwise."""
    if not value:
        return DEFAULT_FORMULA
    if value not in FORMULAS:
        raise invalid_field("formula", f"must be epley or brzycki, not {value[:40]!r}")
    return value


def day_range(first: str, last: str) -> dict[str, str]:
    """Inclusive ``first``..``last`` days as Metric's ``{from, to}`` with an exclusive ``to``."""
    if not first or not last:
        return {"from": first, "to": last}
    return {"from": first, "to": (date.fromisoformat(last) + timedelta(days=1)).isoformat()}


def _exercise(message: Any) -> dict[str, Any]:
    """The exercise an insight is about: its ID, name and Training catalog ID (null when unknown)."""
    return {
        "exerciseID": message.exercise_id,
        "exerciseName": message.exercise_name or None,
        "catalogExerciseID": message.catalog_exercise_id or None,
    }


def _trend(trend: analytics_pb2.Trend) -> dict[str, Any]:
    uncertainty = optional_field(trend, "slope_standard_error_kg_per_week")
    return {
        **_exercise(trend),
        "direction": trend.direction,
        "dateRange": day_range(trend.from_day, trend.to_day),
        "sampleSize": trend.sample_size,
        "formula": trend.formula,
        "firstE1rmKg": trend.first_e1rm_kg,
        "lastE1rmKg": trend.last_e1rm_kg,
        "slopeKgPerWeek": trend.slope_kg_per_week,
        "uncertaintyKgPerWeek": uncertainty,
    }


def _suggestion(suggestion: analytics_pb2.Suggestion) -> dict[str, Any]:
    return {
        **_exercise(suggestion),
        "kind": suggestion.kind,
        "loadKg": suggestion.load_kg,
        "reps": suggestion.reps,
        "uncertaintyKg": suggestion.uncertainty_kg,
        "dateRange": day_range(suggestion.from_day, suggestion.to_day),
        "sampleSize": suggestion.sample_size,
        "formula": suggestion.formula,
        "predictedE1rmKg": suggestion.predicted_e1rm_kg,
        "lastLoadKg": suggestion.last_load_kg,
        "lastReps": suggestion.last_reps,
        "basis": suggestion.basis,
    }


def _short_series(series: analytics_pb2.ShortSeries, sessions: int, span_days: int) -> dict[str, Any]:
    return {
        **_exercise(series),
        "sampleSize": series.sample_size,
        "spanDays": series.span_days,
        "dateRange": day_range(series.from_day, series.to_day),
        "reason": (
            f"{series.sample_size} session(s) over {series.span_days} day(s); a trend needs at least "
            f"{sessions} sessions spanning at least {span_days} days"
        ),
    }


def _muscles(tallies: Any) -> list[dict[str, Any]]:
    return [
        {
            "muscle": m.muscle,
            "weightedSets": m.weighted_sets,
            "primarySets": m.primary_sets,
            "secondarySets": m.secondary_sets,
        }
        for m in tallies
    ]


def balance_body(balance: analytics_pb2.FocusBalance, ids_key: str = "unmappedExerciseIDs") -> dict[str, Any]:
    """The focus balance as JSON; ``ids_key`` names the unmapped exercises' list in the caller's style
    (Metric's ``...IDs``, Kinetic's own REST ``...Ids``)."""
    return {
        **day_range(balance.from_day, balance.to_day),
        "primaryWeight": balance.primary_weight,
        "secondaryWeight": balance.secondary_weight,
        "weeks": [
            {
                "week": w.week,
                "startDay": w.start_day,
                "muscles": _muscles(w.muscles),
                "unmappedSets": w.unmapped_sets,
            }
            for w in balance.weeks
        ],
        "weeklyAverage": _muscles(balance.weekly_average),
        ids_key: list(balance.unmapped_exercise_ids),
    }


def _plan_target(target: analytics_pb2.PlanTarget) -> dict[str, Any]:
    return {
        "workoutID": target.workout_id,
        "workoutName": target.workout_name,
        "workoutVersion": target.workout_version,
        "planID": target.plan_id or None,
        "planName": target.plan_name or None,
        "workoutExerciseID": target.movement_id,
        "exerciseID": target.exercise_id,
        "currentTargetWeightKg": optional_field(target, "current_target_weight_kg"),
        "proposedTargetWeightKg": optional_field(target, "proposed_target_weight_kg"),
        "currentTargetSets": optional_field(target, "current_target_sets"),
        "proposedTargetSets": optional_field(target, "proposed_target_sets"),
    }


def _proposal(adjustment: analytics_pb2.PlanAdjustment) -> dict[str, Any]:
    deload = adjustment.kind == "deload"
    return {
        "kind": adjustment.kind,
        "status": "proposal",
        # Analytics always sets it; the edge says so regardless, the seed's promise is the edge's.
        "requiresApproval": True,
        "exerciseID": adjustment.exercise_id or None,
        "muscle": adjustment.muscle or None,
        "summary": adjustment.summary,
        "rationale": adjustment.rationale,
        "loadKg": adjustment.amount if deload else None,
        "extraSetsPerWeek": None if deload else adjustment.amount,
        "targets": [_plan_target(t) for t in adjustment.targets],
    }


def _choice(choice: analytics_pb2.WorkoutChoice) -> dict[str, Any]:
    return {
        "workoutID": choice.workout_id,
        "workoutName": choice.workout_name,
        "workoutKind": choice.workout_kind,
        "planID": choice.plan_id or None,
        "planName": choice.plan_name or None,
        "occurrencesCompleted": choice.occurrences_completed,
        "occurrencesMoved": choice.occurrences_moved,
        "occurrencesReplaced": choice.occurrences_replaced,
        "replacedBy": [
            {"workoutID": r.workout_id, "workoutName": r.workout_name or None, "occurrences": r.occurrences}
            for r in choice.replaced_by
        ],
        "replacedOthers": choice.replaced_others,
        "sessions": choice.sessions,
        "sessionsCompleted": choice.sessions_completed,
    }


def _sources(sources: analytics_pb2.SessionSources) -> dict[str, int]:
    return {
        "trainingWorkoutSessions": sources.training_workout_sessions,
        "removedWorkoutSessions": sources.removed_workout_sessions,
        "freestyleSessions": sources.freestyle_sessions,
        "planDaySessions": sources.plan_day_sessions,
    }


def _comparable_session(session: analytics_pb2.ComparableSession) -> dict[str, Any]:
    return {
        "day": session.day,
        "sessionID": session.session_id,
        "durationSeconds": optional_field(session, "duration_seconds"),
        "distanceMeters": optional_field(session, "distance_meters"),
        "paceSecondsPerKm": optional_field(session, "pace_seconds_per_km"),
        "rounds": [
            {
                "blockID": r.block_id,
                "format": r.format,
                "completedRounds": r.completed_rounds,
                "roundsChange": optional_field(r, "rounds_change"),
            }
            for r in session.rounds
        ],
        "durationChangeSeconds": optional_field(session, "duration_change_seconds"),
        "distanceChangeMeters": optional_field(session, "distance_change_meters"),
        "paceChangeSecondsPerKm": optional_field(session, "pace_change_seconds_per_km"),
    }


def _comparable(workout: analytics_pb2.ComparableWorkout) -> dict[str, Any]:
    return {
        "workoutID": workout.workout_id,
        "workoutName": workout.workout_name,
        "workoutKind": workout.workout_kind,
        "sampleSize": workout.sample_size,
        "dateRange": day_range(workout.from_day, workout.to_day),
        "sessions": [_comparable_session(s) for s in workout.sessions],
    }


def insights_data(response: analytics_pb2.GetInsightsResponse, formula: str) -> dict[str, Any]:
    """The ``data`` of the insights view, its figures by one-rep max ``formula``."""
    return {
        **day_range(response.from_day, response.to_day),
        "formula": formula,
        "asOfSequence": response.as_of_sequence,
        "asOfTrainingSequence": response.as_of_training_sequence,
        "units": UNITS,
        "trends": [_trend(t) for t in response.trends],
        "notEnoughData": [
            _short_series(s, response.min_trend_sessions, response.min_trend_span_days)
            for s in response.not_enough_data
        ],
        "trendRequirements": {
            "minSessions": response.min_trend_sessions,
            "minSpanDays": response.min_trend_span_days,
        },
        "suggestions": [_suggestion(s) for s in response.suggestions],
        "focusBalance": balance_body(response.balance),
        "workoutChoices": [_choice(c) for c in response.workout_choices],
        "sessionSources": _sources(response.session_sources),
        "comparableWorkouts": [_comparable(w) for w in response.comparable_workouts],
        "planAdjustments": [_proposal(p) for p in response.proposals],
        "proposalNote": PROPOSAL_NOTE,
        "disclaimer": response.disclaimer,
    }
