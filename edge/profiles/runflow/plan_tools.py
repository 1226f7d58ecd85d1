"""The plan tools' rows of RunFlow's table: seed 004's names, words and annotations (decision 0064).

Reads are read-only and idempotent. Writes are not read-only; the three deletes are destructive (the
seed's table), the others are not (every plan mutation takes an undo snapshot first). A write is
marked idempotent when the same call again changes nothing more (it sets values or removes things);
creating, importing, shifting, swapping and restoring are not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mcp.types import ToolAnnotations

from edge.mcp_profile.builder import Arguments, Handler
from edge.mcp_profile.validation import Violation
from edge.profiles.runflow import plan_rules as rules
from edge.profiles.runflow import plan_schemas as schemas
from edge.profiles.runflow.plan_handlers import RunFlowPlanTools

Rule = Callable[[Arguments], Sequence[Violation]]


@dataclass(frozen=True)
class PlanTool:
    name: str
    title: str
    description: str
    schema: schemas.Schema
    rules: tuple[Rule, ...] = ()
    read_only: bool = False
    destructive: bool = False
    idempotent: bool = False

    def annotations(self) -> ToolAnnotations:
        return ToolAnnotations(
            title=self.title,
            read_only_hint=self.read_only,
            destructive_hint=self.destructive,
            idempotent_hint=self.idempotent or self.read_only,
            open_world_hint=False,
        )


_SAFETY = " Returns the snapshotId taken first and safetyAdvisories ({level, rule, message})."
PLAN_TOOLS = (
    PlanTool(
        "get_training_plan",
        "Training plan",
        "Pulls the active or specified training plan (goalId), its phaseBlocks, volume/TSS targets, coaching "
        "summaries and workouts: from today for `weeks` weeks (default 4), or all with includeAllWorkouts. "
        "includeStructuredSteps (default true; false when "
        "includeAllWorkouts: true), summaryOnly, sport filter.",
        schemas.GET_PLAN_INPUT,
        read_only=True,
    ),
    PlanTool(
        "list_training_plans",
        "Training plans",
        "Lists all the athlete's training plans (active, completed "
        "or archived) with workout and snapshot counts.",
        schemas.LIST_PLANS_INPUT,
        read_only=True,
    ),
    PlanTool(
        "list_plan_snapshots",
        "Plan snapshots",
        "Lists a training plan's undo snapshots, newest first, with timestamp, operation and workout count.",
        schemas.LIST_SNAPSHOTS_INPUT,
        read_only=True,
    ),
    PlanTool(
        "create_custom_training_plan",
        "Create custom training plan",
        "Creates a custom plan (creationMode AI_ASSISTED) with phaseBlocks, multi-sport volume/TSS targets, "
        "strengthPerWeek and up to 200 v2 workouts in one atomic transaction; active unless activate: false."
        + _SAFETY,
        schemas.CREATE_PLAN_INPUT,
        (rules.real_dates("raceDate", "planStartDate"),),
    ),
    PlanTool(
        "create_training_plan",
        "Create training plan",
        "Generates a standard template-based running plan (creationMode STANDARD_BUILDER) for one of 17 "
        "race distances and durations (1 mile to 100 miles, 6 to 24 hours): phases, weekly volume with "
        "cut-back weeks, long runs capped by distance and time, quality sessions at VDOT paces and a taper, "
        "stored as a new active plan (unless activate: false) in one transaction." + _SAFETY,
        schemas.CREATE_GENERATED_PLAN_INPUT,
    ),
    PlanTool(
        "update_training_plan_phases",
        "Update training plan",
        "Updates a plan's name, planStartDate, raceDate, sport, "
        "raceType, trainingFocus, frequencies, restDays, "
        "strengthPerWeek, phaseBlocks (with volume/TSS targets) or notes; the fields not given are kept."
        + _SAFETY,
        schemas.UPDATE_PHASES_INPUT,
        (rules.real_dates("raceDate", "planStartDate"), rules.goal_change),
        idempotent=True,
    ),
    PlanTool(
        "set_active_training_plan",
        "Set active training plan",
        "Makes goalId the active plan and deactivates the others, atomically." + _SAFETY,
        schemas.SET_ACTIVE_INPUT,
        idempotent=True,
    ),
    PlanTool(
        "delete_training_plan",
        "Delete training plan",
        "Archives (default) or permanently deletes a plan by goalId; when it was active, the most recent "
        "remaining plan becomes active." + _SAFETY,
        schemas.DELETE_PLAN_INPUT,
        destructive=True,
        idempotent=True,
    ),
    PlanTool(
        "import_plan_workouts_batch",
        "Import plan workouts",
        "Imports 1..200 workouts (v2 structuredSteps, sport "
        "RUN/BIKE/SWIM/STRENGTH, order, notes, targets) into "
        "a plan, all or none; replaceFilter deletes the window's workouts first; lockPlannedTss keeps given "
        "plannedTss. Returns importedWorkoutIds." + _SAFETY,
        schemas.IMPORT_INPUT,
    ),
    PlanTool(
        "modify_workouts_batch",
        "Modify workouts",
        "Updates fields, targets, sport, scheduledDate, order, "
        "plannedTss or structuredSteps of 1..200 existing "
        "workouts by workoutId, all or none; a given plannedTss is locked." + _SAFETY,
        schemas.MODIFY_BATCH_INPUT,
        (rules.workout_changes("workouts"),),
        idempotent=True,
    ),
    PlanTool(
        "reschedule_workouts_batch",
        "Reschedule workouts",
        "Moves 1..200 workouts to new dates and/or orders within the day in one transaction." + _SAFETY,
        schemas.RESCHEDULE_BATCH_INPUT,
        idempotent=True,
    ),
    PlanTool(
        "shift_plan_dates",
        "Shift plan dates",
        "Shifts every workout of a plan, or of a fromDate-toDate window, by deltaDays (+/- N days) in one "
        "transaction." + _SAFETY,
        schemas.SHIFT_INPUT,
        (rules.real_dates("fromDate", "toDate"), rules.ordered_window, rules.some_shift),
    ),
    PlanTool(
        "delete_workouts_batch",
        "Delete workouts",
        "Deletes workouts by workoutIds (1..200), or a plan's "
        "workouts in a date window and/or of some sports, "
        "after taking a snapshot." + _SAFETY,
        schemas.DELETE_BATCH_INPUT,
        (rules.real_dates("fromDate", "toDate"), rules.ordered_window, rules.ids_or_filter),
        destructive=True,
        idempotent=True,
    ),
    PlanTool(
        "mark_workouts_status_batch",
        "Mark workouts status",
        "Marks 1..200 workouts completed or not, with an optional "
        "linkedActivityId, all or none, then assesses "
        "the latest-scheduled completed one against its activity once (adaptationResult)." + _SAFETY,
        schemas.MARK_BATCH_INPUT,
        idempotent=True,
    ),
    PlanTool(
        "restore_plan_snapshot",
        "Restore plan snapshot",
        "Rolls a plan back to snapshotId (default: its latest undo snapshot), after taking a pre-restore "
        "backup (preRestoreSnapshotId) that can itself be restored." + _SAFETY,
        schemas.RESTORE_INPUT,
    ),
    PlanTool(
        "create_structured_workout",
        "Create structured workout",
        "Adds one workout with v2 structuredSteps to a plan (default "
        "the active one); planned TSS is computed "
        "from the steps and thresholds, and no running distance is made up for BIKE or STRENGTH." + _SAFETY,
        schemas.CREATE_WORKOUT_INPUT,
    ),
    PlanTool(
        "modify_workout",
        "Modify workout",
        "Updates fields, targets, date/order or v2 steps of one workout; the fields not given are kept."
        + _SAFETY,
        schemas.MODIFY_WORKOUT_INPUT,
        (rules.workout_changes(None),),
        idempotent=True,
    ),
    PlanTool(
        "reschedule_workout",
        "Reschedule workout",
        "Moves one planned workout to a new date and optional order." + _SAFETY,
        schemas.RESCHEDULE_INPUT,
        idempotent=True,
    ),
    PlanTool(
        "swap_workouts",
        "Swap workouts",
        "Swaps the scheduled dates and orders of two planned workouts, atomically." + _SAFETY,
        schemas.SWAP_INPUT,
    ),
    PlanTool(
        "delete_workout",
        "Delete workout",
        "Deletes one planned workout after taking a snapshot." + _SAFETY,
        schemas.DELETE_WORKOUT_INPUT,
        destructive=True,
        idempotent=True,
    ),
    PlanTool(
        "mark_workout_status",
        "Mark workout status",
        "Marks one workout completed or not, links an activity, and returns adaptationResult (the activity "
        "against the plan)." + _SAFETY,
        schemas.MARK_INPUT,
        idempotent=True,
    ),
    PlanTool(
        "recalibrate_thresholds",
        "Recalibrate thresholds",
        "Updates VDOT (from a race result or threshold pace), FTP, "
        "swim CSS or HR thresholds, then recalculates "
        "the plan's future zone paces and planned TSS, keeping explicit/locked plannedTss "
        "(preserveCustomWorkoutTss: true)." + _SAFETY,
        schemas.RECALIBRATE_INPUT,
        (rules.real_dates("effectiveDate"), rules.threshold_values),
        idempotent=True,
    ),
    PlanTool(
        "save_weekly_coaching_summary",
        "Save weekly coaching summary",
        "Creates, updates or (empty or null text) deletes the coaching summary of a plan's week (up to 1,000 "
        "characters)." + _SAFETY,
        schemas.SUMMARY_INPUT,
        (rules.real_dates("weekStart"),),
        idempotent=True,
    ),
)


def plan_handler(tools: RunFlowPlanTools, name: str) -> Handler:
    handler: Handler = getattr(tools, name)
    return handler
