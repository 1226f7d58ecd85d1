"""Input JSON Schemas of RunFlow's plan tools (seed 004 section 3, decision 0064).

The seed names the tools and a few fields (goalId, phaseBlocks, includeStructuredSteps,
includeAllWorkouts, summaryOnly, sport, replaceFilter, lockPlannedTss, preserveCustomWorkoutTss,
importedWorkoutIds, structuredSteps, plannedTss, workoutId(s), deltaDays, snapshotId,
linkedActivityId); the rest are Kinetic's, in the same camelCase. Every object is closed; bounds are
Training's (decisions 0056, 0062) and the sessions service's for thresholds (decision 0054), so most
mistakes are refused by the schema with the argument's path. Steps nest at most two repeats deep.
A workout, a step at each of its three depths and a step's target are each written once per tool,
under the tool's ``$defs`` (decision 0120): a batch tool's input was six times larger written out.
The three depths share their fields' rules (``stepFields``, 0120's amendment 2).
"""

from __future__ import annotations

from typing import Any

from edge.mcp_profile.definitions import ref, with_definitions
from edge.profiles.runflow.schemas import DATE, tool_input
from edge.profiles.runflow.steps import SPORTS, WORKOUT_TYPES
from knowledge.limits import endurance_plans as training
from knowledge.limits.sessions import THRESHOLDS
from knowledge.plan_generation.schema import REQUEST_SCHEMA
from knowledge.training.rules import MAX_NAME_CHARS, MAX_NOTES_CHARS

Schema = dict[str, Any]

# Bounds are training's data (decision 0091); the edge publishes them and keeps no copy.
MAX_BATCH = training.MAX_BATCH
MAX_STEPS = training.MAX_TOP_LEVEL_STEPS
MAX_NOTES = MAX_NOTES_CHARS
MAX_SUMMARY = training.MAX_SUMMARY_CHARS
MAX_TEXT = training.MAX_TEXT_CHARS
PLAN_WEEKS_DEFAULT, PLAN_WEEKS_MAX = 4, 52
GOAL_SPORTS = ("RUN", "BIKE", "SWIM", "TRIATHLON", "DUATHLON", "OTHER")
PACE_ZONES = ("E", "M", "T", "I", "R")


def described(schema: Schema, description: str) -> Schema:
    """``schema`` with ``description``; without one when it is empty (the field's name says it)."""
    return {**schema, "description": description} if description else dict(schema)


def whole(low: int, high: int, description: str = "") -> Schema:
    return described({"type": "integer", "minimum": low, "maximum": high}, description)


def number(low: float, high: float, description: str = "") -> Schema:
    return described({"type": "number", "minimum": low, "maximum": high}, description)


def ranged(bounds: tuple[int, int], description: str = "", *, kind: str = "integer") -> Schema:
    """A number within an owner's inclusive ``(lowest, highest)``."""
    low, high = bounds
    return described({"type": kind, "minimum": low, "maximum": high}, description)


def text(most: int, description: str = "", least: int = 0) -> Schema:
    return described({"type": "string", "minLength": least, "maxLength": most}, description)


def closed(properties: dict[str, Schema], required: tuple[str, ...] = (), description: str = "") -> Schema:
    schema: Schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    if description:
        schema["description"] = description
    return schema


def batch(item: Schema, description: str) -> Schema:
    return {"type": "array", "items": item, "minItems": 1, "maxItems": MAX_BATCH, "description": description}


IDENT = {"type": "string", "minLength": 1, "maxLength": 64, "pattern": r"^[A-Za-z0-9_-]+$"}
GOAL_ID = described(IDENT, "The plan (default: the active one).")
WORKOUT_ID = described(IDENT, "The workout.")
# A nested sport needs no words: its name and enum say it (a top-level one says what it filters).
SPORT = {"type": "string", "enum": list(SPORTS)}
# What a retry key does is said once, in the profile's instructions (decision 0120).
IDEMPOTENCY_KEY = text(128, "Retry key.", least=1)

# The kind's description says which fields go with it; the fields' names say the rest.
TARGET = closed(
    {
        "kind": {"type": "string", "enum": ["pace", "power", "heart_rate", "rpe"]},
        "paceZone": {"type": "string", "enum": list(PACE_ZONES)},
        "paceLowSecondsPerKm": ranged(training.PACE_SECONDS_PER_KM, "The fast end."),
        "paceHighSecondsPerKm": ranged(training.PACE_SECONDS_PER_KM, "The slow end (>= the fast end)."),
        "wattsLow": ranged(training.WATTS),
        "wattsHigh": ranged(training.WATTS),
        "ftpPercentLow": ranged(training.FTP_PERCENT, kind="number"),
        "ftpPercentHigh": ranged(training.FTP_PERCENT, kind="number"),
        "bpmLow": ranged(training.BPM),
        "bpmHigh": ranged(training.BPM),
        "heartRateZone": ranged(training.HEART_RATE_ZONE),
        "rpe": ranged(training.RPE),
    },
    ("kind",),
    "One way per kind: pace by paceZone (E easy, M marathon, T threshold, I interval, R repetition) "
    "or both seconds per km; power by watts or % FTP; heart_rate by bpm or the profile's heartRateZone.",
)


def step_definition(depth: int) -> str:
    """The name of a step's definition at ``depth``: a repeat's steps are the next depth's."""
    return "step" if depth == 0 else f"step{depth}"


# The rules of a step's fields every depth shares, written once per tool; each depth names them
# (with no rules of its own, ``{}``) beside its type, repeatCount and steps, and is closed, so an
# unknown field is refused as "unknown argument" at every depth, as when each depth was written out
# whole (decision 0120, amendment 2: 1.6 KB less in RunFlow's five workout tools).
STEP_FIELDS = {
    "type": "object",
    "properties": {
        "role": {
            "type": "string",
            "enum": ["work", "recovery", "active"],
            "description": "interval only.",
        },
        "durationSeconds": whole(
            1, training.MAX_DURATION_SECONDS, "This or distanceMeters, unless a repeat."
        ),
        "distanceMeters": number(1, training.MAX_DISTANCE_METERS, "Not for STRENGTH."),
        "target": ref("target"),
        "notes": text(MAX_NOTES),
    },
    "required": ["type"],
}


def step_schema(depth: int) -> Schema:
    """A step at ``depth`` (0 top level); a repeat's steps are one level deeper, at most two repeats.

    Its fields' rules are ``stepFields``; only the top-level step has words of its own: the deeper
    ones have the same fields (their words would be read again in every tool for nothing), and
    their type's enum shows whether they may repeat."""
    nests = depth < training.MAX_REPEAT_DEPTH
    types = ["warm_up", "cool_down", "interval", "repeat"] if nests else ["warm_up", "cool_down", "interval"]
    kind: Schema = {"type": "string", "enum": types}
    properties: Schema = {"type": kind, **{name: {} for name in STEP_FIELDS["properties"]}}
    if nests:
        properties["repeatCount"] = whole(1, training.MAX_REPEAT_COUNT)
        properties["steps"] = {
            "type": "array",
            "items": ref(step_definition(depth + 1)),
            "minItems": 1,
            "maxItems": training.MAX_REPEAT_STEPS,
        }
    schema: Schema = {"allOf": [ref("stepFields")], "properties": properties, "additionalProperties": False}
    if depth == 0:
        kind["description"] = "repeat: its steps run repeatCount times."
        properties["repeatCount"]["description"] = "repeat only."
        properties["steps"]["description"] = "repeat only, in order; repeats nest at most two deep."
    return schema


STRUCTURED_STEPS = {
    "type": "array",
    "items": ref("step"),
    "maxItems": MAX_STEPS,
    "description": "Steps in order; [] clears them.",
}
INTENSITY = closed(
    {
        "kind": {"type": "string", "enum": ["pace", "power", "heart_rate", "rpe"]},
        "label": text(training.MAX_LABEL_CHARS, "E.g. Z2 or threshold.", least=1),
    },
    ("kind", "label"),
    "The overall intensity.",
)


def workout_fields() -> dict[str, Schema]:
    """A workout's fields, the same for a new one and a change."""
    return {
        "name": text(MAX_NAME_CHARS, least=1),
        "notes": text(MAX_NOTES, "For the athlete."),
        "scheduledDate": described(DATE, "The local day."),
        "order": whole(1, training.MAX_ORDER, "Place in the day (default: last)."),
        "sport": SPORT,
        "workoutType": {
            "type": "string",
            "enum": list(WORKOUT_TYPES),
            "description": "Default by sport: EASY, RIDE_ENDURANCE, EASY, STRENGTH.",
        },
        "plannedDurationSeconds": whole(1, training.MAX_DURATION_SECONDS),
        "plannedDistanceMeters": number(1, training.MAX_DISTANCE_METERS, "Not for STRENGTH."),
        "intensity": INTENSITY,
        "plannedTss": number(0, training.MAX_PLANNED_TSS, "Computed from the steps unless given and locked."),
        "structuredSteps": STRUCTURED_STEPS,
    }


# What a workout's fields say when they are a tool's own arguments (create_structured_workout,
# modify_workout): every argument is described; inside a workout their names say it (0120).
ARGUMENT_WORDS = {
    "name": "The workout's name.",
    "sport": "The sport.",
    "plannedDurationSeconds": "Planned seconds.",
}


def as_arguments(properties: Schema) -> Schema:
    """A workout's fields as a tool's arguments, each with its words."""
    return {
        name: described(schema, ARGUMENT_WORDS[name]) if name in ARGUMENT_WORDS else schema
        for name, schema in properties.items()
    }


NEW_WORKOUT = closed(
    workout_fields(),
    ("name", "scheduledDate", "sport"),
)
WORKOUT_CHANGE = closed(
    {
        "workoutId": WORKOUT_ID,
        **workout_fields(),
        "plannedTss": number(0, training.MAX_PLANNED_TSS, "Kept as given (locked)."),
    },
    ("workoutId",),
    "The fields to change; the others are kept.",
)
PHASE_TARGET = closed(
    {
        "sport": SPORT,
        "weeklyDistanceMeters": number(0, training.MAX_WEEKLY_DISTANCE_METERS, "Not for STRENGTH."),
        "weeklyDurationSeconds": whole(0, training.MAX_WEEKLY_DURATION_SECONDS),
        "weeklyTss": number(0, training.MAX_WEEKLY_TSS),
        "sessionsPerWeek": whole(0, training.MAX_WEEKLY_SESSIONS),
    },
    ("sport",),
)
PHASE_BLOCKS = {
    "type": "array",
    "maxItems": training.MAX_PHASE_BLOCKS,
    "items": closed(
        {
            "name": text(MAX_NAME_CHARS, "E.g. Base, Build, Peak, Taper.", least=1),
            "startDate": DATE,
            "endDate": described(DATE, "Inclusive."),
            "focus": text(MAX_TEXT),
            "targets": {
                "type": "array",
                "items": PHASE_TARGET,
                "maxItems": 4,
                "description": "Weekly volume/TSS by sport.",
            },
        },
        ("name", "startDate", "endDate"),
    ),
    "description": "In order; replace the stored ones whole.",
}


def goal_fields() -> dict[str, Schema]:
    return {
        "name": text(MAX_NAME_CHARS, "The plan's name.", least=1),
        "sport": {"type": "string", "enum": list(GOAL_SPORTS), "description": "The main sport."},
        "raceType": {
            "type": "string",
            "pattern": rf"^[A-Z0-9_]{{1,{training.MAX_RACE_TYPE_CHARS}}}$",
            "description": "E.g. MARATHON, HALF_MARATHON, 10K, OLYMPIC_TRI.",
        },
        "raceDate": described(DATE, "Race day."),
        "planStartDate": described(DATE, "The plan's first day."),
        "trainingFocus": text(MAX_TEXT, "Free text."),
        "phaseBlocks": PHASE_BLOCKS,
        "frequencies": {
            "type": "array",
            "maxItems": 4,
            "items": closed(
                {
                    "sport": SPORT,
                    "sessionsPerWeek": whole(0, training.MAX_WEEKLY_SESSIONS),
                },
                ("sport", "sessionsPerWeek"),
            ),
            "description": "Sessions a week by sport.",
        },
        "strengthPerWeek": whole(0, training.MAX_STRENGTH_PER_WEEK, "Strength sessions a week."),
        "restDays": {
            "type": "array",
            "items": whole(1, 7, "1 Monday ... 7 Sunday."),
            "maxItems": 7,
            "uniqueItems": True,
            "description": "Weekdays without training.",
        },
        "notes": text(MAX_NOTES, "Plan notes."),
    }


# The shapes a tool's input refers to, each published once under the tool's $defs (decision 0120).
DEFINITIONS: dict[str, Schema] = {
    "workout": NEW_WORKOUT,
    "workoutChange": WORKOUT_CHANGE,
    **{step_definition(depth): step_schema(depth) for depth in range(training.MAX_REPEAT_DEPTH + 1)},
    "stepFields": STEP_FIELDS,
    "target": TARGET,
}

LOCK = {
    "type": "boolean",
    "default": False,
    "description": "Keep each given plannedTss (locked) instead of computing it.",
}

# --- reads -------------------------------------------------------------------------------------
GET_PLAN_INPUT = tool_input(
    {
        "goalId": GOAL_ID,
        "includeAllWorkouts": {
            "type": "boolean",
            "default": False,
            "description": "Every workout of the plan, past ones too (default: from "
            "today for `weeks` weeks).",
        },
        "weeks": whole(
            1,
            PLAN_WEEKS_MAX,
            f"Weeks of workouts from today when not includeAllWorkouts (default {PLAN_WEEKS_DEFAULT}).",
        ),
        "includeStructuredSteps": {
            "type": "boolean",
            "description": "Include each workout's structuredSteps (default true; false "
            "when includeAllWorkouts).",
        },
        "summaryOnly": {"type": "boolean", "default": False, "description": "The plan without its workouts."},
        "sport": described(SPORT, "Only this sport's workouts (default all)."),
    }
)
LIST_PLANS_INPUT = tool_input(
    {
        "status": {
            "type": "string",
            "enum": ["active", "completed", "archived"],
            "description": "Only plans with this status (default all).",
        }
    }
)
LIST_SNAPSHOTS_INPUT = tool_input({"goalId": GOAL_ID})


def write_input(properties: dict[str, Schema], required: tuple[str, ...] = ()) -> Schema:
    """A write tool's input: its arguments plus the optional idempotencyKey."""
    schema = tool_input({**properties, "idempotencyKey": IDEMPOTENCY_KEY})
    if required:
        schema["required"] = list(required)
    return with_definitions(schema, DEFINITIONS)


# --- plan writes -------------------------------------------------------------------------------
CREATE_PLAN_INPUT = write_input(
    {
        **goal_fields(),
        "activate": {"type": "boolean", "default": True, "description": "Make it the active plan."},
        "workouts": {
            "type": "array",
            "items": ref("workout"),
            "maxItems": MAX_BATCH,
            "description": "Created with the plan, in one transaction.",
        },
        "lockPlannedTss": LOCK,
    },
    ("name",),
)
UPDATE_PHASES_INPUT = write_input({"goalId": GOAL_ID, **goal_fields()})
SET_ACTIVE_INPUT = write_input({"goalId": described(IDENT, "The plan to make active.")}, ("goalId",))
DELETE_PLAN_INPUT = write_input(
    {
        "goalId": described(IDENT, "The plan to delete."),
        "permanent": {
            "type": "boolean",
            "default": False,
            "description": "Delete it with its workouts and snapshots (default: archive).",
        },
    },
    ("goalId",),
)
DATE_FILTER = {
    "fromDate": described(DATE, "The window's first day (default: no bound)."),
    "toDate": described(DATE, "The window's last day (default: no bound)."),
    "sports": {
        "type": "array",
        "items": SPORT,
        "maxItems": 4,
        "uniqueItems": True,
        "description": "Only these sports (default all).",
    },
}
IMPORT_INPUT = write_input(
    {
        "goalId": GOAL_ID,
        "workouts": batch(ref("workout"), "1 to 200 workouts, all stored or none."),
        "replaceFilter": closed(
            DATE_FILTER, description="Delete the plan's workouts in this window (and sports) first."
        ),
        "lockPlannedTss": LOCK,
    },
    ("workouts",),
)
MODIFY_BATCH_INPUT = write_input(
    {"workouts": batch(ref("workoutChange"), "1 to 200 changes by workoutId, all applied or none.")},
    ("workouts",),
)
MOVE = closed(
    {
        "workoutId": WORKOUT_ID,
        "scheduledDate": described(DATE, "The new day."),
        "order": whole(1, training.MAX_ORDER, "Place in the day (default: last)."),
    },
    ("workoutId", "scheduledDate"),
)
RESCHEDULE_BATCH_INPUT = write_input({"moves": batch(MOVE, "1 to 200 moves, all or none.")}, ("moves",))
SHIFT_INPUT = write_input(
    {
        "goalId": GOAL_ID,
        "deltaDays": whole(
            -training.MAX_DELTA_DAYS,
            training.MAX_DELTA_DAYS,
            "Positive later, negative earlier (not 0).",
        ),
        "fromDate": described(DATE, "Only workouts from this day (default all)."),
        "toDate": described(DATE, "Only workouts up to this day (default all)."),
    },
    ("deltaDays",),
)
DELETE_BATCH_INPUT = write_input(
    {
        "workoutIds": {
            "type": "array",
            "items": WORKOUT_ID,
            "minItems": 1,
            "maxItems": MAX_BATCH,
            "uniqueItems": True,
            "description": "The workouts; or leave out and give a date/sport filter.",
        },
        "goalId": GOAL_ID,
        **DATE_FILTER,
    }
)
STATUS = closed(
    {
        "workoutId": WORKOUT_ID,
        "completed": {"type": "boolean", "description": "false: not (yet) done."},
        "linkedActivityId": text(64, "get_recent_activities' activityId.", least=1),
    },
    ("workoutId", "completed"),
)
MARK_BATCH_INPUT = write_input({"statuses": batch(STATUS, "1 to 200 statuses, all or none.")}, ("statuses",))
RESTORE_INPUT = write_input(
    {
        "snapshotId": described(IDENT, "Default: the plan's latest undo snapshot."),
        "goalId": GOAL_ID,
    }
)

# --- single workouts ---------------------------------------------------------------------------
CREATE_WORKOUT_INPUT = write_input(
    {"goalId": GOAL_ID, **as_arguments(NEW_WORKOUT["properties"]), "lockPlannedTss": LOCK},
    ("name", "scheduledDate", "sport"),
)
MODIFY_WORKOUT_INPUT = write_input(as_arguments(WORKOUT_CHANGE["properties"]), ("workoutId",))
RESCHEDULE_INPUT = write_input(dict(MOVE["properties"]), ("workoutId", "scheduledDate"))
SWAP_INPUT = write_input(
    {
        "workoutIds": {
            "type": "array",
            "items": WORKOUT_ID,
            "minItems": 2,
            "maxItems": 2,
            "uniqueItems": True,
            "description": "The two whose dates and orders are swapped.",
        }
    },
    ("workoutIds",),
)
DELETE_WORKOUT_INPUT = write_input({"workoutId": WORKOUT_ID}, ("workoutId",))
MARK_INPUT = write_input(dict(STATUS["properties"]), ("workoutId", "completed"))

# --- thresholds and summaries ------------------------------------------------------------------
RECALIBRATE_INPUT = write_input(
    {
        "goalId": GOAL_ID,
        "raceResult": closed(
            {
                "distanceMeters": number(1500, 43_000),
                "timeSeconds": ranged(THRESHOLDS["race_result"]["seconds"], kind="number"),
            },
            ("distanceMeters", "timeSeconds"),
            "A recent race: VDOT from it.",
        ),
        "thresholdPaceSecondsPerKm": ranged(
            THRESHOLDS["threshold_pace"]["seconds_per_km"], "Seconds per km.", kind="number"
        ),
        "ftpWatts": ranged(THRESHOLDS["ftp"]["watts"], "Bike FTP.", kind="number"),
        "cssTest": closed(
            {
                "seconds400m": ranged(THRESHOLDS["css"]["seconds_400m"], kind="number"),
                "seconds200m": ranged(THRESHOLDS["css"]["seconds_200m"], kind="number"),
            },
            ("seconds400m", "seconds200m"),
            "Swim CSS from 400 m and 200 m time trials.",
        ),
        "thresholdHr": ranged(THRESHOLDS["threshold_hr"]["bpm"], "Bpm.", kind="number"),
        "maxHr": ranged(THRESHOLDS["max_hr"]["bpm"], "Bpm.", kind="number"),
        "restingHr": ranged(THRESHOLDS["resting_hr"]["bpm"], "Bpm.", kind="number"),
        "effectiveDate": described(DATE, "In force from (default today)."),
        "preserveCustomWorkoutTss": {
            "type": "boolean",
            "default": True,
            "description": "Keep explicit/locked plannedTss of future workouts.",
        },
    }
)
THRESHOLD_ARGUMENTS = (
    "raceResult",
    "thresholdPaceSecondsPerKm",
    "ftpWatts",
    "cssTest",
    "thresholdHr",
    "maxHr",
    "restingHr",
)
SUMMARY_INPUT = write_input(
    {
        "goalId": GOAL_ID,
        "weekStart": described(DATE, "The week's first day."),
        "text": {
            "type": ["string", "null"],
            "maxLength": MAX_SUMMARY,
            "description": "Empty or null deletes the week's summary.",
        },
    },
    ("weekStart",),
)

# create_training_plan: the plan generator's arguments (decision 0065), plus the personal server's.
CREATE_GENERATED_PLAN_INPUT: Schema = {
    **REQUEST_SCHEMA,
    "properties": {
        **REQUEST_SCHEMA["properties"],
        "activate": {"type": "boolean", "default": True, "description": "Make it the active plan."},
        "idempotencyKey": IDEMPOTENCY_KEY,
    },
}
