"""Training's plans, workouts and snapshots and analytics' advisories in seed 004's words, and
Training's field paths in the tools' argument names (decision 0064). Each closed-set word is read
where it is rendered, from its enum twin when set, else the string (``word_of``, decision 0129)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from google.protobuf.timestamp_pb2 import Timestamp

from edge.profiles.runflow.steps import contract_sport, step_json
from kinetic.analytics.v1 import endurance_pb2
from kinetic.proto_enums import enum_word, word_of
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2


def instant(stamp: Timestamp, present: bool = True) -> str | None:
    """An RFC 3339 UTC instant, or None when unset."""
    if not present or (stamp.seconds == 0 and stamp.nanos == 0):
        return None
    moment: str = stamp.ToDatetime().replace(microsecond=0).isoformat()
    return moment + "Z"


def phase_block(block: plans_pb2.PhaseBlock) -> dict[str, Any]:
    return {
        "name": block.name,
        "startDate": block.start_date,
        "endDate": block.end_date,
        "focus": block.focus or None,
        "targets": [
            {
                "sport": contract_sport(word_of(target, "sport")),
                "weeklyDistanceMeters": target.weekly_distance_meters
                if target.HasField("weekly_distance_meters")
                else None,
                "weeklyDurationSeconds": target.weekly_duration_seconds
                if target.HasField("weekly_duration_seconds")
                else None,
                "weeklyTss": target.weekly_tss if target.HasField("weekly_tss") else None,
                "sessionsPerWeek": target.sessions_per_week if target.HasField("sessions_per_week") else None,
            }
            for target in block.targets
        ],
    }


def goal(stored: plans_pb2.Goal) -> dict[str, Any]:
    """A plan with its phase blocks, targets and coaching summaries (not its workouts)."""
    return {
        "goalId": stored.goal_id,
        "version": stored.version,
        "name": stored.name,
        "sport": contract_sport(sport) if (sport := word_of(stored, "sport")) else None,
        "raceType": stored.race_type or None,
        "raceDate": stored.race_date or None,
        "planStartDate": stored.plan_start_date or None,
        "trainingFocus": stored.training_focus or None,
        "phaseBlocks": [phase_block(block) for block in stored.phase_blocks],
        "frequencies": [
            {"sport": contract_sport(word_of(f, "sport")), "sessionsPerWeek": f.sessions_per_week}
            for f in stored.frequencies
        ],
        "strengthPerWeek": stored.strength_per_week,
        "restDays": list(stored.rest_days),
        "isActive": stored.is_active,
        "status": stored.status,
        "creationMode": stored.creation_mode,
        "coachingSummaries": [
            {"weekStart": s.week_start, "text": s.text, "updatedAt": instant(s.update_time)}
            for s in stored.coaching_summaries
        ],
        "workoutCount": stored.workout_count,
        "snapshotCount": stored.snapshot_count,
        "notes": stored.notes or None,
        "createdAt": instant(stored.create_time),
        "updatedAt": instant(stored.update_time),
    }


def workout(stored: plans_pb2.PlanWorkout, *, steps: bool = True) -> dict[str, Any]:
    """A plan workout; its structured steps when ``steps``."""
    endurance = stored.endurance
    kind = word_of(endurance.intensity, "kind")
    rendered: dict[str, Any] = {
        "workoutId": stored.workout_id,
        "version": stored.version,
        "goalId": stored.goal_id,
        "name": stored.name,
        "notes": stored.notes or None,
        "scheduledDate": stored.scheduled_date,
        "order": stored.order,
        "sport": contract_sport(word_of(endurance, "sport")),
        "workoutType": word_of(stored, "workout_type").upper(),
        "plannedDurationSeconds": endurance.planned_duration_seconds
        if endurance.HasField("planned_duration_seconds")
        else None,
        "plannedDistanceMeters": round(endurance.planned_distance_meters, 1)
        if endurance.HasField("planned_distance_meters")
        else None,
        "intensity": {"kind": kind, "label": endurance.intensity.label} if kind else None,
        "plannedTss": round(endurance.planned_tss, 1) if endurance.HasField("planned_tss") else None,
        "plannedTssLocked": endurance.planned_tss_locked,
        "completed": stored.completed,
        "linkedActivityId": stored.linked_activity_id or None,
        "completedAt": instant(stored.completed_time),
    }
    if steps:
        rendered["structuredSteps"] = [step_json(given) for given in endurance.steps]
    return rendered


def snapshot(stored: plans_pb2.PlanSnapshot) -> dict[str, Any]:
    return {
        "snapshotId": stored.snapshot_id,
        "goalId": stored.goal_id,
        "operation": stored.operation,
        "description": stored.description or None,
        "workoutCount": stored.workout_count,
        "createdAt": instant(stored.create_time),
    }


def plan_advisory(found: plans_pb2.PlanAdvisory) -> dict[str, Any]:
    """A safetyAdvisory object from Training's verdict on the plan it wrote (decision 0096)."""
    return {
        "level": enum_word(plans_pb2.PlanAdvisoryLevel, found.level),
        "rule": enum_word(plans_pb2.PlanAdvisoryRule, found.rule),
        "message": found.message,
        "date": found.day or None,
    }


def advisory(found: endurance_pb2.SafetyAdvisory) -> dict[str, Any]:
    """A safetyAdvisory object: the seed's level, rule and message, and the day it is about."""
    return {
        "level": enum_word(endurance_pb2.AdvisoryLevel, found.level),
        "rule": enum_word(endurance_pb2.AdvisoryRule, found.rule),
        "message": found.message,
        "date": found.day or None,
    }


def adaptation(result: endurance_pb2.AssessCompletionResponse, workout_id: str) -> dict[str, Any]:
    return {
        "workoutId": workout_id,
        "outcome": enum_word(endurance_pb2.CompletionOutcome, result.outcome),
        "tssRatio": round(result.tss_ratio, 2) if result.HasField("tss_ratio") else None,
        "activityTss": round(result.activity_tss, 1) if result.HasField("activity_tss") else None,
        "message": result.message,
    }


# --- Training's paths in the tools' words --------------------------------------------------------

_CAMEL = re.compile(r"_([a-z0-9])")
# A mutation's own name at the front of a path (``importWorkouts.workouts[3]``) says nothing to a caller.
_MUTATIONS = re.compile(
    r"^(?:mutation\.)?(?:create_?goal|update_?goal|set_?active_?goal|delete_?goal|import_?workouts|"
    r"modify_?workouts|reschedule_?workouts|shift_?plan_?dates|swap_?workouts|delete_?workouts|"
    r"mark_?workouts|restore_?snapshot|recalibrate|save_?coaching_?summary)\.",
    re.IGNORECASE,
)
# Training's field names that the tools call otherwise.
_RENAMES = (
    ("endurance.steps", "structuredSteps"),
    ("endurance.", ""),
    ("workout.", ""),
    ("goal.", ""),
    ("filter.", ""),
    ("firstWorkoutId", "workoutIds[0]"),
    ("secondWorkoutId", "workoutIds[1]"),
    ("plannedTssLocked", "lockPlannedTss"),
    ("fromDay", "fromDate"),
    ("toDay", "toDate"),
    ("preserveLockedTss", "preserveCustomWorkoutTss"),
)


def argument_path(path: str, lists: Mapping[str, str], single: str | None = None) -> str:
    """Training's ``path`` in the tool's argument names.

    ``lists`` renames the request's list (``changes`` -> ``workouts``); with ``single`` set, the tool
    takes one item at its top level, so ``<single>[0].`` goes (``changes[0].workout.name`` -> ``name``).
    """
    path = _CAMEL.sub(lambda match: match.group(1).upper(), _MUTATIONS.sub("", path))
    for stored, word in lists.items():
        if path == stored or path.startswith((stored + "[", stored + ".")):
            path = word + path[len(stored) :]
    if single is not None:
        path = re.sub(rf"^{re.escape(single)}\[\d+\]\.?", "", path)
    for stored, word in _RENAMES:
        path = path.replace(stored, word)
    return path.strip(".") or (single or "arguments")
