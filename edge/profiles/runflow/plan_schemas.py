"""Input JSON Schemas of RunFlow's plan tools (seed 004 section 3, decision 0064).

The seed names the tools and a few fields (goalId, phaseBlocks, includeStructuredSteps,
includeAllWorkouts, summaryOnly, sport, replaceFilter, lockPlannedTss, preserveCustomWorkoutTss,
importedWorkoutIds, structuredSteps, plannedTss, workoutId(s), deltaDays, snapshotId,
linkedActivityId); the rest are Kinetic's, in the same camelCase. Every object is closed; bounds are
Training's (decisions 0056, 0062) and the sessions service's for thresholds (decision 0054), so most
mistakes are refused by the schema with the argument's path. Steps nest at most two repeats deep,
written out (no ``$ref``), so every client reads the whole shape.
"""

from __future__ import annotations

from typing import Any

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
    return {**schema, "description": description}


def whole(low: int, high: int, description: str) -> Schema:
    return {"type": "integer", "minimum": low, "maximum": high, "description": description}


def number(low: float, high: float, description: str) -> Schema:
    return {"type": "number", "minimum": low, "maximum": high, "description": description}


def ranged(bounds: tuple[int, int], description: str, *, kind: str = "integer") -> Schema:
    """A number within an owner's inclusive ``(lowest, highest)``."""
    low, high = bounds
    return {"type": kind, "minimum": low, "maximum": high, "description": description}


def text(most: int, description: str, least: int = 0) -> Schema:
    return {"type": "string", "minLength": least, "maxLength": most, "description": description}


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
GOAL_ID = described(IDENT, "The plan's goalId (default: the active plan).")
WORKOUT_ID = described(IDENT, "The workout's workoutId.")
SPORT = {"type": "string", "enum": list(SPORTS), "description": "RUN, BIKE, SWIM or STRENGTH."}
IDEMPOTENCY_KEY = text(
    128,
    "Optional key for retries: the same call with the same key returns the first result and changes "
    "nothing again; the same key with other arguments is refused.",
    least=1,
)

TARGET = closed(
    {
        "kind": {
            "type": "string",
            "enum": ["pace", "power", "heart_rate", "rpe"],
            "description": "What is held.",
        },
        "paceZone": {
            "type": "string",
            "enum": list(PACE_ZONES),
            "description": "pace: a VDOT training pace by name (E easy, M marathon, T threshold, I interval, "
            "R repetition) instead of seconds; recomputed when thresholds are recalibrated.",
        },
        "paceLowSecondsPerKm": ranged(training.PACE_SECONDS_PER_KM, "pace: the fast end, seconds per km."),
        "paceHighSecondsPerKm": ranged(
            training.PACE_SECONDS_PER_KM, "pace: the slow end, seconds per km (>= the fast end)."
        ),
        "wattsLow": ranged(training.WATTS, "power: the low end in watts (with wattsHigh)."),
        "wattsHigh": ranged(training.WATTS, "power: the high end in watts."),
        "ftpPercentLow": ranged(
            training.FTP_PERCENT,
            "power: the low end as % of FTP (with ftpPercentHigh), instead of watts.",
            kind="number",
        ),
        "ftpPercentHigh": ranged(training.FTP_PERCENT, "power: the high end as % of FTP.", kind="number"),
        "bpmLow": ranged(training.BPM, "heart_rate: the low end in bpm (with bpmHigh)."),
        "bpmHigh": ranged(training.BPM, "heart_rate: the high end in bpm."),
        "heartRateZone": ranged(
            training.HEART_RATE_ZONE, "heart_rate: a zone Z1-Z6 of the athlete's profile, instead of bpm."
        ),
        "rpe": ranged(training.RPE, "rpe: perceived exertion 1-10."),
    },
    ("kind",),
    "What the step holds: exactly one way of its kind (pace by paceZone or both seconds; power by watts "
    "or % FTP; heart rate by bpm or zone; rpe).",
)


def step_schema(depth: int) -> Schema:
    """A step at ``depth`` (0 top level); a repeat's steps are one level deeper, at most two repeats."""
    nests = depth < training.MAX_REPEAT_DEPTH
    types = ["warm_up", "cool_down", "interval", "repeat"] if nests else ["warm_up", "cool_down", "interval"]
    properties: Schema = {
        "type": {
            "type": "string",
            "enum": types,
            "description": "warm_up, cool_down, interval or repeat (a block of steps run repeatCount times).",
        },
        "role": {
            "type": "string",
            "enum": ["work", "recovery", "active"],
            "description": "interval only: work, recovery or active.",
        },
        "durationSeconds": whole(
            1,
            training.MAX_DURATION_SECONDS,
            "Length in seconds; a step other than a repeat has this or distanceMeters.",
        ),
        "distanceMeters": number(1, training.MAX_DISTANCE_METERS, "Length in meters (not for STRENGTH)."),
        "target": TARGET,
        "notes": text(MAX_NOTES, "Step notes."),
    }
    if nests:
        properties["repeatCount"] = whole(
            1, training.MAX_REPEAT_COUNT, "repeat only: how many times its steps run."
        )
        properties["steps"] = {
            "type": "array",
            "items": step_schema(depth + 1),
            "minItems": 1,
            "maxItems": training.MAX_REPEAT_STEPS,
            "description": "repeat only: the repeated steps in order (repeats nest at most two deep).",
        }
    return closed(properties, ("type",), "One structured step (v2).")


STRUCTURED_STEPS = {
    "type": "array",
    "items": step_schema(0),
    "maxItems": MAX_STEPS,
    "description": "Structured steps v2 in order, at most 50 at the top level; [] clears them.",
}
INTENSITY = closed(
    {
        "kind": {
            "type": "string",
            "enum": ["pace", "power", "heart_rate", "rpe"],
            "description": "The target kind.",
        },
        "label": text(training.MAX_LABEL_CHARS, "A zone or label such as Z2 or threshold.", least=1),
    },
    ("kind", "label"),
    "The workout's overall intensity.",
)


def workout_fields() -> dict[str, Schema]:
    """A workout's fields, the same for a new one and a change."""
    return {
        "name": text(MAX_NAME_CHARS, "The workout's name.", least=1),
        "notes": text(MAX_NOTES, "Notes for the athlete."),
        "scheduledDate": described(DATE, "The local day, YYYY-MM-DD."),
        "order": whole(
            1, training.MAX_ORDER, "Position within the day from 1 (default: after the day's last workout)."
        ),
        "sport": SPORT,
        "workoutType": {
            "type": "string",
            "enum": list(WORKOUT_TYPES),
            "description": "The kind of session (default by sport: EASY, RIDE_ENDURANCE, EASY, STRENGTH).",
        },
        "plannedDurationSeconds": whole(1, training.MAX_DURATION_SECONDS, "Planned duration in seconds."),
        "plannedDistanceMeters": number(
            1, training.MAX_DISTANCE_METERS, "Planned distance in meters (not on a STRENGTH workout)."
        ),
        "intensity": INTENSITY,
        "plannedTss": number(
            0,
            training.MAX_PLANNED_TSS,
            "Planned TSS; computed from the steps and thresholds unless given and locked.",
        ),
        "structuredSteps": STRUCTURED_STEPS,
    }


NEW_WORKOUT = closed(
    workout_fields(),
    ("name", "scheduledDate", "sport"),
    "A new workout: name, scheduledDate and sport required.",
)
WORKOUT_CHANGE = closed(
    {
        "workoutId": WORKOUT_ID,
        **workout_fields(),
        "plannedTss": number(
            0, training.MAX_PLANNED_TSS, "A planned TSS to keep as given (locks it against recomputation)."
        ),
    },
    ("workoutId",),
    "A workout's fields to change; the others are kept.",
)
PHASE_TARGET = closed(
    {
        "sport": SPORT,
        "weeklyDistanceMeters": number(
            0, training.MAX_WEEKLY_DISTANCE_METERS, "Weekly distance in meters (not for STRENGTH)."
        ),
        "weeklyDurationSeconds": whole(
            0, training.MAX_WEEKLY_DURATION_SECONDS, "Weekly duration in seconds."
        ),
        "weeklyTss": number(0, training.MAX_WEEKLY_TSS, "Weekly TSS."),
        "sessionsPerWeek": whole(0, training.MAX_WEEKLY_SESSIONS, "Sessions a week."),
    },
    ("sport",),
    "One sport's weekly volume/TSS target in the block.",
)
PHASE_BLOCKS = {
    "type": "array",
    "maxItems": training.MAX_PHASE_BLOCKS,
    "items": closed(
        {
            "name": text(MAX_NAME_CHARS, "Block name, e.g. Base, Build, Peak, Taper.", least=1),
            "startDate": described(DATE, "First day, YYYY-MM-DD."),
            "endDate": described(DATE, "Last day (inclusive), YYYY-MM-DD."),
            "focus": text(MAX_TEXT, "What the block is for."),
            "targets": {
                "type": "array",
                "items": PHASE_TARGET,
                "maxItems": 4,
                "description": "Weekly targets by sport.",
            },
        },
        ("name", "startDate", "endDate"),
    ),
    "description": "The plan's phase blocks in order (replace the stored ones whole).",
}


def goal_fields() -> dict[str, Schema]:
    return {
        "name": text(MAX_NAME_CHARS, "The plan's name.", least=1),
        "sport": {"type": "string", "enum": list(GOAL_SPORTS), "description": "The plan's main sport."},
        "raceType": {
            "type": "string",
            "pattern": rf"^[A-Z0-9_]{{1,{training.MAX_RACE_TYPE_CHARS}}}$",
            "description": "The race, an upper-case token: MARATHON, HALF_MARATHON, 10K, OLYMPIC_TRI...",
        },
        "raceDate": described(DATE, "Race day, YYYY-MM-DD."),
        "planStartDate": described(DATE, "First day of the plan, YYYY-MM-DD."),
        "trainingFocus": text(MAX_TEXT, "The plan's focus, free text."),
        "phaseBlocks": PHASE_BLOCKS,
        "frequencies": {
            "type": "array",
            "maxItems": 4,
            "items": closed(
                {
                    "sport": SPORT,
                    "sessionsPerWeek": whole(0, training.MAX_WEEKLY_SESSIONS, "Sessions a week."),
                },
                ("sport", "sessionsPerWeek"),
            ),
            "description": "Sessions a week by sport.",
        },
        "strengthPerWeek": whole(0, training.MAX_STRENGTH_PER_WEEK, "Strength sessions a week."),
        "restDays": {
            "type": "array",
            "items": whole(1, 7, "ISO weekday, 1 Monday ... 7 Sunday."),
            "maxItems": 7,
            "uniqueItems": True,
            "description": "Weekdays without training.",
        },
        "notes": text(MAX_NOTES, "Plan notes."),
    }


LOCK = {
    "type": "boolean",
    "default": False,
    "description": "Keep each workout's given plannedTss as it is (locked) instead of computing it.",
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
    return schema


# --- plan writes -------------------------------------------------------------------------------
CREATE_PLAN_INPUT = write_input(
    {
        **goal_fields(),
        "activate": {"type": "boolean", "default": True, "description": "Make it the active plan."},
        "workouts": {
            "type": "array",
            "items": NEW_WORKOUT,
            "maxItems": MAX_BATCH,
            "description": "Up to 200 workouts created with the plan in one transaction.",
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
            "description": "Delete it with its workouts and snapshots (default: archive it).",
        },
    },
    ("goalId",),
)
DATE_FILTER = {
    "fromDate": described(DATE, "First day of the window, YYYY-MM-DD (default: no bound)."),
    "toDate": described(DATE, "Last day of the window, YYYY-MM-DD (default: no bound)."),
    "sports": {
        "type": "array",
        "items": SPORT,
        "maxItems": 4,
        "uniqueItems": True,
        "description": "Only these sports (default every sport).",
    },
}
IMPORT_INPUT = write_input(
    {
        "goalId": GOAL_ID,
        "workouts": batch(NEW_WORKOUT, "1 to 200 workouts, all stored or none."),
        "replaceFilter": closed(
            DATE_FILTER, description="Delete the plan's workouts in this window (and sports) first."
        ),
        "lockPlannedTss": LOCK,
    },
    ("workouts",),
)
MODIFY_BATCH_INPUT = write_input(
    {"workouts": batch(WORKOUT_CHANGE, "1 to 200 changes by workoutId, all applied or none.")}, ("workouts",)
)
MOVE = closed(
    {
        "workoutId": WORKOUT_ID,
        "scheduledDate": described(DATE, "The new day, YYYY-MM-DD."),
        "order": whole(
            1, training.MAX_ORDER, "Position within the day (default: after the day's last workout)."
        ),
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
            "Days to move by: positive later, negative earlier (not 0).",
        ),
        "fromDate": described(DATE, "Only workouts from this day, YYYY-MM-DD (default all)."),
        "toDate": described(DATE, "Only workouts up to this day, YYYY-MM-DD (default all)."),
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
            "description": "1 to 200 workouts to delete; or leave out and give a date/sport filter.",
        },
        "goalId": GOAL_ID,
        **DATE_FILTER,
    }
)
STATUS = closed(
    {
        "workoutId": WORKOUT_ID,
        "completed": {"type": "boolean", "description": "true completed, false not (yet) done."},
        "linkedActivityId": text(
            64, "The activity that did it (get_recent_activities' activityId).", least=1
        ),
    },
    ("workoutId", "completed"),
)
MARK_BATCH_INPUT = write_input({"statuses": batch(STATUS, "1 to 200 statuses, all or none.")}, ("statuses",))
RESTORE_INPUT = write_input(
    {
        "snapshotId": described(IDENT, "The snapshot to restore (default: the plan's latest undo snapshot)."),
        "goalId": GOAL_ID,
    }
)

# --- single workouts ---------------------------------------------------------------------------
CREATE_WORKOUT_INPUT = write_input(
    {"goalId": GOAL_ID, **NEW_WORKOUT["properties"], "lockPlannedTss": LOCK},
    ("name", "scheduledDate", "sport"),
)
MODIFY_WORKOUT_INPUT = write_input(dict(WORKOUT_CHANGE["properties"]), ("workoutId",))
RESCHEDULE_INPUT = write_input(dict(MOVE["properties"]), ("workoutId", "scheduledDate"))
SWAP_INPUT = write_input(
    {
        "workoutIds": {
            "type": "array",
            "items": WORKOUT_ID,
            "minItems": 2,
            "maxItems": 2,
            "uniqueItems": True,
            "description": "The two workouts whose dates and orders are swapped.",
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
                "distanceMeters": number(1500, 43_000, "Race distance in meters (1500 m to the marathon)."),
                "timeSeconds": ranged(
                    THRESHOLDS["race_result"]["seconds"], "Finish time in seconds.", kind="number"
                ),
            },
            ("distanceMeters", "timeSeconds"),
            "A recent race, from which VDOT is derived.",
        ),
        "thresholdPaceSecondsPerKm": ranged(
            THRESHOLDS["threshold_pace"]["seconds_per_km"], "Threshold pace, seconds per km.", kind="number"
        ),
        "ftpWatts": ranged(THRESHOLDS["ftp"]["watts"], "Bike FTP in watts.", kind="number"),
        "cssTest": closed(
            {
                "seconds400m": ranged(
                    THRESHOLDS["css"]["seconds_400m"], "400 m time trial, seconds.", kind="number"
                ),
                "seconds200m": ranged(
                    THRESHOLDS["css"]["seconds_200m"], "200 m time trial, seconds.", kind="number"
                ),
            },
            ("seconds400m", "seconds200m"),
            "Swim CSS from a 400 m and a 200 m time trial.",
        ),
        "thresholdHr": ranged(THRESHOLDS["threshold_hr"]["bpm"], "Threshold heart rate, bpm.", kind="number"),
        "maxHr": ranged(THRESHOLDS["max_hr"]["bpm"], "Maximum heart rate, bpm.", kind="number"),
        "restingHr": ranged(THRESHOLDS["resting_hr"]["bpm"], "Resting heart rate, bpm.", kind="number"),
        "effectiveDate": described(DATE, "The day the new values are in force from (default today)."),
        "preserveCustomWorkoutTss": {
            "type": "boolean",
            "default": True,
            "description": "Keep explicit/locked plannedTss when recomputing future workouts.",
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
        "weekStart": described(DATE, "The week's first day, YYYY-MM-DD."),
        "text": {
            "type": ["string", "null"],
            "maxLength": MAX_SUMMARY,
            "description": "The summary, up to 1000 characters; empty or null deletes the week's summary.",
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
