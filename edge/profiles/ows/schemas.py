"""Input JSON Schemas of the Open Workout Schema tools (seed 003).

The seed's argument tables are copied field for field (names, types, required, defaults and limits
in the descriptions). Where the seed says only "array of object" or "object" (``sets``,
``exercises``, ``program``), the item shapes are Kinetic's, named in the seed's own words
(decision 0050). Every object is closed (``additionalProperties: false``), so a misspelt argument is
refused naming it instead of being ignored.
"""

from __future__ import annotations

from typing import Any

from knowledge.limits import sessions
from knowledge.training.formats import LOCAL_DAY_PATTERN

Schema = dict[str, Any]

MAX_TEXT = 2000  # log_text's text
MAX_NAME = 200  # exercise names and words searched for
MAX_ID = 120
# The workout log's limits (the sessions service's), published as they are enforced (decision 0091).
MAX_NOTES = sessions.MAX_NOTES
MAX_TITLE = sessions.MAX_TITLE
MAX_KEY = sessions.MAX_IDEMPOTENCY_KEY
MAX_SETS = sessions.MAX_SETS_PER_ENTRY
MAX_EXERCISES = sessions.MAX_ENTRIES
MAX_EQUIPMENT = sessions.MAX_EQUIPMENT_ITEMS
WORKOUTS_DEFAULT, WORKOUTS_MAX = 10, 100
EXERCISES_DEFAULT, EXERCISES_MAX = 10, 25
PROGRAMS_DEFAULT, PROGRAMS_MAX = 50, 100
# Loads in the unit given: the 1 000 kg the sessions store accepts, in pounds (the larger figure);
# a load in kilograms over 1 000 is refused by the log with the unit named.
MAX_LOAD = sessions.MAX_LOAD_LB
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
UNITS = ("kg", "lb")
METRICS = ("e1rm", "top_set", "volume")
LEVELS = ("beginner", "intermediate", "advanced")
PROGRAM_EQUIPMENT = ("barbell", "bench", "bodyweight", "cable", "dumbbell", "machine", "pull-up-bar")

DAY: Schema = {"type": "string", "pattern": LOCAL_DAY_PATTERN, "format": "date"}


def _text(description: str, max_length: int = MAX_NAME, min_length: int = 0) -> Schema:
    schema: Schema = {"type": "string", "maxLength": max_length, "description": description}
    if min_length:
        schema["minLength"] = min_length
    return schema


def _ranged(kind: str, bounds: tuple[int, int], description: str) -> Schema:
    low, high = bounds
    return {"type": kind, "minimum": low, "maximum": high, "description": description}


def _day(description: str) -> Schema:
    return {**DAY, "description": description}


def tool_input(properties: dict[str, Schema], required: tuple[str, ...] = ()) -> Schema:
    """A closed object schema of a tool's arguments."""
    schema: Schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return schema


IDEMPOTENCY_KEY = _text(
    "any unique string; retrying with the same key never logs twice", MAX_KEY, min_length=1
)
EXERCISE_ID = _text("catalogue ID from search_exercises, when known", MAX_ID, min_length=1)

SET: Schema = tool_input(
    {
        "reps": _ranged("integer", sessions.REPS, "repetitions"),
        "load": {
            "type": "number",
            "minimum": 0,
            "maximum": MAX_LOAD,
            "description": "weight in unit; leave out for bodyweight",
        },
        "unit": {
            "type": "string",
            "enum": list(UNITS),
            "description": "kg or lb; default: the profile's units",
        },
        "duration_s": _ranged("integer", sessions.SECONDS, "seconds"),
        "distance_m": _ranged("number", sessions.METERS, "metres"),
        "rpe": _ranged("number", sessions.RPE_SEED_003, "1 to 10"),
        "warmup": {"type": "boolean", "description": "a warm-up set"},
        "estimated": {
            "type": "boolean",
            "description": "true when inferred (e.g. from a photo) rather than stated by the user",
        },
    }
)
SETS: Schema = {
    "type": "array",
    "items": SET,
    "minItems": 1,
    "maxItems": MAX_SETS,
    "description": "the new sets, in order",
}
EXERCISE: Schema = tool_input(
    {
        "exercise": _text("the exercise as the user named it", sessions.MAX_EXERCISE_NAME, min_length=1),
        "exercise_id": EXERCISE_ID,
        "notes": _text("notes on this exercise", MAX_NOTES),
        "sets": SETS,
    },
    ("sets",),
)
PROGRAM_DAY: Schema = {
    **tool_input(
        {
            "program_id": _text("program ID from search_programs", sessions.MAX_PROGRAM_ID, min_length=1),
            "day": _text(
                "the day's key from the program's structure (leave out for a listing-only entry)",
                sessions.MAX_PROGRAM_DAY,
                min_length=1,
            ),
        },
        ("program_id",),
    ),
    "description": "the program day this workout was, when the user said so; confirm it with them first",
}

ADD_SETS = tool_input(
    {
        "entry_id": _text("exercise entry to add sets to, from an earlier result", MAX_ID, min_length=1),
        "exercise": _text(
            "the exercise as the user named it, when there is no entry_id", sessions.MAX_EXERCISE_NAME, 1
        ),
        "exercise_id": EXERCISE_ID,
        "idempotency_key": IDEMPOTENCY_KEY,
        "sets": SETS,
        "workout_id": _text(
            'workout to add to, or "current" (default) for the session in progress; a new workout '
            "starts if there is none",
            MAX_ID,
            min_length=1,
        ),
    },
    ("sets",),
)
DELETE_ENTRY = tool_input(
    {"entry_id": _text("ID of a workout, exercise entry or set to delete", MAX_ID, min_length=1)},
    ("entry_id",),
)
END_PROGRAM = tool_input({})
GET_PERSONAL_RECORDS = tool_input(
    {"exercise": _text("one exercise (name or ID); leave out for all", MAX_NAME, min_length=1)}
)
GET_PROFILE = tool_input({})
GET_PROGRAM = tool_input(
    {
        "id": _text(
            "program ID from search_programs (e.g. kp:push-pull-legs), or current for the one the "
            "user is following",
            sessions.MAX_PROGRAM_ID,
            min_length=1,
        ),
        "version": {
            "type": "integer",
            "minimum": 1,
            "maximum": 10_000,
            "description": "one published version; leave out for the latest",
        },
    },
    ("id",),
)
GET_PROGRAM_PROGRESS = tool_input({})
GET_PROGRAM_TARGETS = tool_input({})
GET_PROGRESS = tool_input(
    {
        "exercise": _text("exercise name or ID", MAX_NAME, min_length=1),
        "from": _day("first day, YYYY-MM-DD; default 90 days before to"),
        "metric": {
            "type": "string",
            "enum": list(METRICS),
            "description": "e1rm (estimated one-rep max), top_set (heaviest set) or volume (load × "
            "reps per session)",
        },
        "to": _day("last day, YYYY-MM-DD; default today"),
    },
    ("exercise", "metric"),
)
GET_WORKOUTS = tool_input(
    {
        "exercise": _text(
            "only workouts with this exercise (name or ID), showing just its entries", MAX_NAME, 1
        ),
        "from": _day("first day, YYYY-MM-DD in the user's timezone; default 30 days before to"),
        "limit": {
            "type": "integer",
            "minimum": 1,
            "maximum": WORKOUTS_MAX,
            "default": WORKOUTS_DEFAULT,
            "description": "at most this many workouts, newest first (default 10, max 100)",
        },
        "to": _day("last day, YYYY-MM-DD; default today"),
    }
)
LINK_WORKOUT_TO_PROGRAM = tool_input(
    {
        "day": _text("the day's key from the program's structure", sessions.MAX_PROGRAM_DAY, min_length=1),
        "program_id": _text(
            "program to add it to; leave out with remove", sessions.MAX_PROGRAM_ID, min_length=1
        ),
        "remove": {"type": "boolean", "description": "true to take the workout out of its program"},
        "workout_id": _text("workout ID from get_workouts or a write result", MAX_ID, min_length=1),
    },
    ("workout_id",),
)
LOG_TEXT = tool_input(
    {
        "date": _day(
            "day of the workout as YYYY-MM-DD in the user's timezone. A day named in the text is "
            "read from it; give this only to override that"
        ),
        "idempotency_key": IDEMPOTENCY_KEY,
        "program": PROGRAM_DAY,
        "text": _text(
            "the user's own description of the workout, e.g. 'bench 3x8 at 185, then 3x10 dips'",
            MAX_TEXT,
            min_length=1,
        ),
    },
    ("text",),
)
LOG_WORKOUT = tool_input(
    {
        "date": _day("day of the workout as YYYY-MM-DD in the user's timezone; leave out for today"),
        "exercises": {
            "type": "array",
            "items": EXERCISE,
            "minItems": 1,
            "maxItems": MAX_EXERCISES,
            "description": "the exercises done, in order, each with its sets",
        },
        "idempotency_key": IDEMPOTENCY_KEY,
        "notes": _text("notes on the workout", MAX_NOTES),
        "program": PROGRAM_DAY,
        "title": _text("the workout's title", MAX_TITLE),
    },
    ("exercises",),
)
SEARCH_EXERCISES = tool_input(
    {
        "equipment": _text("only exercises using this equipment, e.g. dumbbell", 100, 1),
        "limit": {
            "type": "integer",
            "minimum": 1,
            "maximum": EXERCISES_MAX,
            "default": EXERCISES_DEFAULT,
            "description": "at most this many results (default 10, max 25)",
        },
        "muscle": _text("only exercises working this muscle, e.g. chest", 100, 1),
        "query": _text("exercise name or shorthand, e.g. 'rdl' or 'cable fly'", MAX_NAME, 1),
    },
    ("query",),
)
SEARCH_PROGRAMS = tool_input(
    {
        "days_per_week": {
            "type": "integer",
            "minimum": 1,
            "maximum": 7,
            "description": "only programs with this many training days a week",
        },
        "equipment": {
            "type": "string",
            "enum": list(PROGRAM_EQUIPMENT),
            "description": "only entries using this: barbell, bench, bodyweight, cable, dumbbell, "
            "machine or pull-up-bar",
        },
        "level": {
            "type": "string",
            "enum": list(LEVELS),
            "description": "beginner, intermediate or advanced",
        },
        "limit": {
            "type": "integer",
            "minimum": 1,
            "maximum": PROGRAMS_MAX,
            "default": PROGRAMS_DEFAULT,
            "description": "at most this many (default 50, max 100)",
        },
        "query": _text("words from the name or description; leave out to browse", MAX_NAME),
    }
)
START_PROGRAM = tool_input(
    {
        "id": _text("program ID from search_programs", sessions.MAX_PROGRAM_ID, min_length=1),
        "routine_ids": {
            "type": "array",
            "items": _text("one of the user's own routines", sessions.MAX_ROUTINE_ID, min_length=1),
            "maxItems": 20,
            "description": "the user's own routines, only for a listing-only entry",
        },
    },
    ("id",),
)
SUGGEST_PROGRAM_MATCHES = tool_input({})
UNDO = tool_input(
    {"undo_token": _text("the undo_token from delete_entry", 200, min_length=1)},
    ("undo_token",),
)
UPDATE_ENTRY = tool_input(
    {
        "date": _day("workout: move it to this day, YYYY-MM-DD"),
        "distance_m": _ranged("number", sessions.METERS, "set: metres"),
        "duration_s": _ranged("integer", sessions.SECONDS, "set: seconds"),
        "ended_at": {
            "type": "string",
            "format": "date-time",
            "maxLength": 64,
            "description": "workout: when the session finished, RFC 3339 (e.g. "
            "2026-10-28T18:45:00-05:00); later sets then start a new workout",
        },
        "entry_id": _text("ID of a workout, exercise entry or set, from an earlier result", MAX_ID, 1),
        "exercise_id": _text(
            "exercise entry: which exercise it is, from needs_confirmation candidates or search_exercises",
            MAX_ID,
            1,
        ),
        "load": {"type": "number", "minimum": 0, "maximum": MAX_LOAD, "description": "set: weight"},
        "notes": _text("workout or exercise entry: replace the notes", MAX_NOTES),
        "remove_load": {"type": "boolean", "description": "set: make it bodyweight"},
        "reps": _ranged("integer", sessions.REPS, "set: repetitions"),
        "rpe": _ranged("number", sessions.RPE_SEED_003, "set: 1 to 10"),
        "title": _text("workout: new title", MAX_TITLE),
        "unit": {"type": "string", "enum": list(UNITS), "description": "set: kg or lb"},
        "warmup": {"type": "boolean", "description": "set: whether it's a warm-up"},
    },
    ("entry_id",),
)
UPDATE_PROFILE = tool_input(
    {
        "calm_mode": {
            "type": "boolean",
            "description": "true when the user doesn't want records, totals or progress numbers shown "
            "or volunteered",
        },
        "display_name": _text("the user's name", 100, min_length=1),
        "equipment": {
            "type": "array",
            "items": _text("one piece of equipment", sessions.MAX_EQUIPMENT_ITEM, min_length=1),
            "maxItems": MAX_EQUIPMENT,
            "description": "equipment the user has, e.g. barbell, dumbbells, pull-up bar; replaces the "
            "old list",
        },
        "goals": _text("training goals in the user's words; replaces the old text", sessions.MAX_GOALS),
        "limitations": _text(
            "injuries and movements to avoid; replaces the old text", sessions.MAX_LIMITATIONS
        ),
        "program_suggestions": {
            "type": "boolean",
            "description": "false when the user doesn't want to be told their workouts look like a "
            "known program",
        },
        "timezone": _text("IANA timezone such as America/New_York; dates like 'today' use it", 64, 1),
        "training_days": {
            "type": "array",
            "items": {"type": "string", "enum": list(WEEKDAYS)},
            "maxItems": 7,
            "uniqueItems": True,
            "description": "days they train, e.g. mon, wed, fri; replaces the old list",
        },
        "units": {
            "type": "string",
            "enum": list(UNITS),
            "description": "kg or lb: the default for loads given without a unit",
        },
    }
)
