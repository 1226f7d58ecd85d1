"""The running plan generator: pure and deterministic, a plan for one of 17 events (no I/O).

``parse_request(arguments, today)`` reads a tool's JSON arguments (``REQUEST_SCHEMA``) into a
``PlanRequest``, listing every problem at once in a ``PlanRequestError``; ``generate_plan`` turns it
into a ``GeneratedPlan`` (phases, weekly summary, dated workouts with structured steps, paces from
VDOT and planned TSS); ``safety_check`` runs the plan through the safety engine (decision 0060)
from a start projected from the stated weekly volume; ``plan_json`` is the answer a tool gives.
The same request always gives the same plan, whose ``plan_id`` fingerprints the request.

Modules: ``events`` (the 17), ``request``, ``schema``, ``paces`` (VDOT, race estimates, rTSS),
``workouts`` (steps and builders), ``progression`` (weeks), ``layout`` (a week's days), ``guard``
(the spike rule held), ``plan``, ``safety``, ``answer``. Every rule and figure, and why:
docs/decisions/0065-plan-generator.md.
"""

from knowledge.plan_generation.events import EVENTS, EVENTS_BY_ID, EXPERIENCES, Event, Experience
from knowledge.plan_generation.schema import REQUEST_SCHEMA
from services.training.plans.generator.answer import plan_json, workout_json
from services.training.plans.generator.paces import PaceTarget, PaceZone, RaceEstimate, ZonePaces
from services.training.plans.generator.plan import GeneratedPlan, PhaseSpan, WeekSummary, generate_plan
from services.training.plans.generator.request import PlanRequest, PlanRequestError, RecentRace, parse_request
from services.training.plans.generator.safety import (
    goal_race,
    planned_workouts,
    projected_history,
    projected_seed,
    safety_check,
)
from services.training.plans.generator.workouts import GeneratedType, Step, Workout

__all__ = [
    "EVENTS",
    "EVENTS_BY_ID",
    "EXPERIENCES",
    "REQUEST_SCHEMA",
    "Event",
    "Experience",
    "GeneratedPlan",
    "GeneratedType",
    "PaceTarget",
    "PaceZone",
    "PhaseSpan",
    "PlanRequest",
    "PlanRequestError",
    "RaceEstimate",
    "RecentRace",
    "Step",
    "WeekSummary",
    "Workout",
    "ZonePaces",
    "generate_plan",
    "goal_race",
    "parse_request",
    "plan_json",
    "planned_workouts",
    "projected_history",
    "projected_seed",
    "safety_check",
    "workout_json",
]
