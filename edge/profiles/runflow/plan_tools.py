"""The plan tools' rows of RunFlow's table: seed 004's names, words and annotations (decision 0064).

Reads are read-only and idempotent. Writes are not read-only; the three deletes are destructive (the
seed's table), the others are not (every plan mutation takes an undo snapshot first). A write is
marked idempotent when the same call again changes nothing more (it sets values or removes things);
creating, importing, shifting, swapping and restoring are not.
"""

from __future__ import annotations

from edge.mcp_profile.rows import Method, ToolRow, hints
from edge.profiles.runflow import plan_rules as rules
from edge.profiles.runflow import plan_schemas as schemas
from edge.profiles.runflow.plan_handlers import RunFlowPlanTools

SCOPE = "mcp:full"
# Reads change nothing, so the same call again answers the same.
READS = hints(read_only=True, destructive=False, idempotent=True)
# What every write answers (its snapshotId and safetyAdvisories) and what its retry key does are said
# once, in the profile's instructions, not in each write's words (decision 0120).

PLAN_TOOLS: tuple[ToolRow[Method], ...] = (
    ToolRow(
        name="get_training_plan",
        title="Training plan",
        description="Pulls the active or specified training plan (goalId), its phaseBlocks, volume/TSS "
        "targets, coaching summaries and workouts: from today for `weeks` weeks, or all with "
        "includeAllWorkouts.",
        input_schema=schemas.GET_PLAN_INPUT,
        annotations=READS,
        scope=SCOPE,
        handler=RunFlowPlanTools.get_training_plan,
    ),
    ToolRow(
        name="list_training_plans",
        title="Training plans",
        description="Lists all the athlete's training plans (active, completed or archived) with workout "
        "and snapshot counts.",
        input_schema=schemas.LIST_PLANS_INPUT,
        annotations=READS,
        scope=SCOPE,
        handler=RunFlowPlanTools.list_training_plans,
    ),
    ToolRow(
        name="list_plan_snapshots",
        title="Plan snapshots",
        description="Lists a training plan's undo snapshots, newest first, with timestamp, operation and "
        "workout count.",
        input_schema=schemas.LIST_SNAPSHOTS_INPUT,
        annotations=READS,
        scope=SCOPE,
        handler=RunFlowPlanTools.list_plan_snapshots,
    ),
    ToolRow(
        name="create_custom_training_plan",
        title="Create custom training plan",
        description="Creates a custom plan (creationMode AI_ASSISTED) with phaseBlocks, multi-sport "
        "volume/TSS targets, strengthPerWeek and up to 200 v2 workouts in one atomic "
        "transaction; active unless activate: false.",
        input_schema=schemas.CREATE_PLAN_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=False),
        scope=SCOPE,
        rules=(rules.real_dates("raceDate", "planStartDate"),),
        handler=RunFlowPlanTools.create_custom_training_plan,
    ),
    ToolRow(
        name="create_training_plan",
        title="Create training plan",
        description="Generates a standard template-based running plan (creationMode STANDARD_BUILDER) for "
        "one of 17 race distances and durations: phases, "
        "weekly volume with cut-back weeks, long runs capped by distance and time, quality "
        "sessions at VDOT paces and a taper, stored as a new active plan (unless activate: "
        "false) in one transaction.",
        input_schema=schemas.CREATE_GENERATED_PLAN_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=False),
        scope=SCOPE,
        handler=RunFlowPlanTools.create_training_plan,
    ),
    ToolRow(
        name="update_training_plan_phases",
        title="Update training plan",
        description="Updates a plan's name, planStartDate, raceDate, sport, raceType, trainingFocus, "
        "frequencies, restDays, strengthPerWeek, phaseBlocks (with volume/TSS targets) or "
        "notes; the fields not given are kept.",
        input_schema=schemas.UPDATE_PHASES_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=True),
        scope=SCOPE,
        rules=(rules.real_dates("raceDate", "planStartDate"), rules.goal_change),
        handler=RunFlowPlanTools.update_training_plan_phases,
    ),
    ToolRow(
        name="set_active_training_plan",
        title="Set active training plan",
        description="Makes goalId the active plan and deactivates the others, atomically.",
        input_schema=schemas.SET_ACTIVE_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=True),
        scope=SCOPE,
        handler=RunFlowPlanTools.set_active_training_plan,
    ),
    ToolRow(
        name="delete_training_plan",
        title="Delete training plan",
        description="Archives (default) or permanently deletes a plan by goalId; when it was active, the "
        "most recent remaining plan becomes active.",
        input_schema=schemas.DELETE_PLAN_INPUT,
        annotations=hints(read_only=False, destructive=True, idempotent=True),
        scope=SCOPE,
        handler=RunFlowPlanTools.delete_training_plan,
    ),
    ToolRow(
        name="import_plan_workouts_batch",
        title="Import plan workouts",
        description="Imports 1..200 workouts with v2 structuredSteps into a plan, all or none; "
        "replaceFilter deletes the window's workouts first. Returns importedWorkoutIds.",
        input_schema=schemas.IMPORT_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=False),
        scope=SCOPE,
        handler=RunFlowPlanTools.import_plan_workouts_batch,
    ),
    ToolRow(
        name="modify_workouts_batch",
        title="Modify workouts",
        description="Updates fields, targets, sport, scheduledDate, order, plannedTss or structuredSteps of "
        "1..200 existing workouts by workoutId, all or none; a given plannedTss is locked.",
        input_schema=schemas.MODIFY_BATCH_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=True),
        scope=SCOPE,
        rules=(rules.workout_changes("workouts"),),
        handler=RunFlowPlanTools.modify_workouts_batch,
    ),
    ToolRow(
        name="reschedule_workouts_batch",
        title="Reschedule workouts",
        description="Moves 1..200 workouts to new dates and/or orders within the day in one transaction.",
        input_schema=schemas.RESCHEDULE_BATCH_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=True),
        scope=SCOPE,
        handler=RunFlowPlanTools.reschedule_workouts_batch,
    ),
    ToolRow(
        name="shift_plan_dates",
        title="Shift plan dates",
        description="Shifts every workout of a plan, or of a fromDate-toDate window, by deltaDays (+/- N "
        "days) in one transaction.",
        input_schema=schemas.SHIFT_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=False),
        scope=SCOPE,
        rules=(rules.real_dates("fromDate", "toDate"), rules.ordered_window, rules.some_shift),
        handler=RunFlowPlanTools.shift_plan_dates,
    ),
    ToolRow(
        name="delete_workouts_batch",
        title="Delete workouts",
        description="Deletes workouts by workoutIds (1..200), or a plan's workouts in a date window and/or "
        "of some sports, after taking a snapshot.",
        input_schema=schemas.DELETE_BATCH_INPUT,
        annotations=hints(read_only=False, destructive=True, idempotent=True),
        scope=SCOPE,
        rules=(rules.real_dates("fromDate", "toDate"), rules.ordered_window, rules.ids_or_filter),
        handler=RunFlowPlanTools.delete_workouts_batch,
    ),
    ToolRow(
        name="mark_workouts_status_batch",
        title="Mark workouts status",
        description="Marks 1..200 workouts completed or not, with an optional linkedActivityId, all or "
        "none, then assesses the latest-scheduled completed one against its activity once "
        "(adaptationResult).",
        input_schema=schemas.MARK_BATCH_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=True),
        scope=SCOPE,
        handler=RunFlowPlanTools.mark_workouts_status_batch,
    ),
    ToolRow(
        name="restore_plan_snapshot",
        title="Restore plan snapshot",
        description="Rolls a plan back to snapshotId (default: its latest undo snapshot), after taking a "
        "pre-restore backup (preRestoreSnapshotId) that can itself be restored.",
        input_schema=schemas.RESTORE_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=False),
        scope=SCOPE,
        handler=RunFlowPlanTools.restore_plan_snapshot,
    ),
    ToolRow(
        name="create_structured_workout",
        title="Create structured workout",
        description="Adds one workout with v2 structuredSteps to a plan (default the active one); planned "
        "TSS is computed from the steps and thresholds, and no running distance is made up for "
        "BIKE or STRENGTH.",
        input_schema=schemas.CREATE_WORKOUT_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=False),
        scope=SCOPE,
        handler=RunFlowPlanTools.create_structured_workout,
    ),
    ToolRow(
        name="modify_workout",
        title="Modify workout",
        description="Updates fields, targets, date/order or v2 steps of one workout; the fields not given "
        "are kept.",
        input_schema=schemas.MODIFY_WORKOUT_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=True),
        scope=SCOPE,
        rules=(rules.workout_changes(None),),
        handler=RunFlowPlanTools.modify_workout,
    ),
    ToolRow(
        name="reschedule_workout",
        title="Reschedule workout",
        description="Moves one planned workout to a new date and optional order.",
        input_schema=schemas.RESCHEDULE_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=True),
        scope=SCOPE,
        handler=RunFlowPlanTools.reschedule_workout,
    ),
    ToolRow(
        name="swap_workouts",
        title="Swap workouts",
        description="Swaps the scheduled dates and orders of two planned workouts, atomically.",
        input_schema=schemas.SWAP_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=False),
        scope=SCOPE,
        handler=RunFlowPlanTools.swap_workouts,
    ),
    ToolRow(
        name="delete_workout",
        title="Delete workout",
        description="Deletes one planned workout after taking a snapshot.",
        input_schema=schemas.DELETE_WORKOUT_INPUT,
        annotations=hints(read_only=False, destructive=True, idempotent=True),
        scope=SCOPE,
        handler=RunFlowPlanTools.delete_workout,
    ),
    ToolRow(
        name="mark_workout_status",
        title="Mark workout status",
        description="Marks one workout completed or not, links an activity, and returns adaptationResult "
        "(the activity against the plan).",
        input_schema=schemas.MARK_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=True),
        scope=SCOPE,
        handler=RunFlowPlanTools.mark_workout_status,
    ),
    ToolRow(
        name="recalibrate_thresholds",
        title="Recalibrate thresholds",
        description="Updates VDOT (from a race result or threshold pace), FTP, swim CSS or HR thresholds, "
        "then recalculates the plan's future zone paces and planned TSS, keeping "
        "explicit/locked plannedTss (preserveCustomWorkoutTss: true).",
        input_schema=schemas.RECALIBRATE_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=True),
        scope=SCOPE,
        rules=(rules.real_dates("effectiveDate"), rules.threshold_values),
        handler=RunFlowPlanTools.recalibrate_thresholds,
    ),
    ToolRow(
        name="save_weekly_coaching_summary",
        title="Save weekly coaching summary",
        description="Creates, updates or (empty or null text) deletes the coaching summary of a plan's week "
        "(up to 1,000 characters).",
        input_schema=schemas.SUMMARY_INPUT,
        annotations=hints(read_only=False, destructive=False, idempotent=True),
        scope=SCOPE,
        rules=(rules.real_dates("weekStart"),),
        handler=RunFlowPlanTools.save_weekly_coaching_summary,
    ),
)
