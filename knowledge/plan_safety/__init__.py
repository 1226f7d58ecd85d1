"""The plan safety engine: pure, deterministic rules over a planned training block (no I/O).

Every plan change is judged by four rules of the plan contract's safety advisory engine, each an
``Advisory`` with the contract's ``level``, ``rule`` and ``message`` and typed details:

- ``weekly_volume_spike`` (warning): a week's distance (per sport) or TSS more than 10 % above both
  the week before and the 4-week rolling average (``volume_spike``);
- ``long_run_cap`` (warning): one run over 35 % of the week's running distance (``long_run``), or
  over the share the table of ``long_run_caps`` gives a plan's goal race, which the generator
  builds by;
- ``consecutive_hard_days`` (critical): hard workouts on back-to-back days (``hard_days``);
- ``projected_tsb_overload`` (critical): projected form below -30 (``tsb_overload``).

``evaluate_plan_safety`` runs them all (``engine``); ``has_critical`` says whether a plan may be
offered as generated. Inputs are in ``inputs``, weeks in ``weeks`` (they start on the athlete's
first weekday, ``week_start``). Every threshold, definition and
its reason: docs/decisions/0060-plan-safety-advisories.md.
"""

from knowledge.endurance.load import PmcSeed
from knowledge.plan_safety.advisories import (
    Advisory,
    ConsecutiveHardDays,
    HardSession,
    Level,
    LongRun,
    Rule,
    TsbOverload,
    VolumeMetric,
    VolumeSpike,
    has_critical,
)
from knowledge.plan_safety.engine import evaluate_plan_safety
from knowledge.plan_safety.inputs import (
    HARD_TYPES,
    SPORTS,
    WORKOUT_TYPES,
    CompletedDay,
    PlannedWorkout,
    Sport,
    TrainingHistory,
    WorkoutType,
)
from knowledge.plan_safety.long_run_caps import GoalRace
from knowledge.plan_safety.weeks import check_week_starts_on, week_start

__all__ = [
    "HARD_TYPES",
    "SPORTS",
    "WORKOUT_TYPES",
    "Advisory",
    "CompletedDay",
    "ConsecutiveHardDays",
    "GoalRace",
    "HardSession",
    "Level",
    "LongRun",
    "PlannedWorkout",
    "PmcSeed",
    "Rule",
    "Sport",
    "TrainingHistory",
    "TsbOverload",
    "VolumeMetric",
    "VolumeSpike",
    "WorkoutType",
    "check_week_starts_on",
    "evaluate_plan_safety",
    "has_critical",
    "week_start",
]
