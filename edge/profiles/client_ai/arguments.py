"""Argument checks for the Client AI Workout V2 tools (seed 002): pure functions, no I/O.

Every tool's arguments arrive as the raw JSON object of the call (the SDK does not coerce them,
see ``mcp_server``). Each ``parse_<tool>`` function refuses unknown arguments (no argument can name
a client: ``clientId`` is as unknown as a typo), checks types and limits, and returns the backend
request without ``account_id``; the caller fills that in from the authenticated principal. A bad
argument raises a 400 ``invalid_request`` whose ``field`` names it, nested fields as
``sets[2].weight`` (docs/decisions/0020-client-ai-profile.md).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from edge.problems import invalid_field
from kinetic.sessions.v1 import gyms_pb2, sessions_pb2

OBJECT_ID = re.compile(r"[0-9a-fA-F]{24}")
LANGUAGES = ("en", "nl")
PLAN_STATUSES = ("Active", "Inactive", "Draft")
SESSION_STATUSES = ("planned", "in_progress", "paused", "completed", "stopped", "cancelled")
SET_TYPES = ("N", "W", "D", "F")

MAX_PAGE = 100_000
MAX_LIMIT = 50
DEFAULT_LIMIT = 20  # the services' page size when limit is not sent
MAX_WINDOW_DAYS = 366
MAX_SETS = 50
MAX_SET_NUMBER = 100
MAX_NOTES = 2000
MAX_SET_NOTES = 1000
MAX_SETUP_VALUES = 8
MAX_SETUP_KEY = 64
MAX_SETUP_TEXT = 200
MAX_REPS_TEXT = 20

# Set figures: (lowest, highest) in the API's units (kilograms, meters, seconds), as the sessions
# service stores them (protos/kinetic/sessions/v1/sessions.proto).
SET_NUMBERS: dict[str, tuple[float, float]] = {
    "weight": (0, 1000),
    "timeSeconds": (0, 86_400),
    "distanceMeters": (0, 1_000_000),
    "restSeconds": (0, 86_400),
    "rpe": (0, 10),
}
MAX_REPS = 1000
MAX_REST_SECONDS = 86_400

SET_FIELDS = ("setNumber", "setType", "reps", "completed", "notes", *SET_NUMBERS)
SETUP_VALUE_FIELDS = ("key", "value")

# Each tool's arguments; the published input schemas list exactly these (schemas.py).
TOOL_ARGUMENTS: dict[str, tuple[str, ...]] = {
    "client_ai_list_my_workout_plans": ("status", "language", "page", "limit"),
    "client_ai_get_my_workout_plan": ("planId", "language"),
    "client_ai_get_my_workout_day": ("planId", "planMomentId", "language"),
    "client_ai_get_workout_exercise": ("exerciseId", "language"),
    "client_ai_get_my_exercise_history": ("exerciseId", "dateFrom", "dateTo", "language", "limit"),
    "client_ai_list_my_workout_sessions": ("status", "dateFrom", "dateTo", "page", "limit"),
    "client_ai_get_my_workout_session": ("sessionId",),
    "client_ai_get_my_workout_machine_preset": ("exerciseId",),
    "client_ai_get_my_workout_equipment_profile": (),
    "client_ai_start_or_resume_my_workout_session": ("planId", "planMomentId", "language"),
    "client_ai_log_my_workout_performance": (
        "sessionId",
        "exerciseId",
        "sets",
        "performanceId",
        "planExerciseId",
        "notes",
        "restSeconds",
        "isCompleted",
        "setupValues",
        "nextSetupValues",
        "setupSettingsEnabled",
        "showSetRpe",
    ),
    "client_ai_complete_my_workout_session": ("sessionId", "notes"),
}

Args = Mapping[str, Any]


# --- single values -------------------------------------------------------------------------------


def reject_unknown(args: Args, tool: str) -> None:
    """Refuse any argument the tool does not take, naming the first one."""
    known = TOOL_ARGUMENTS[tool]
    unknown = sorted(str(name) for name in args if name not in known)
    if unknown:
        expected = f"it takes {', '.join(known)}" if known else "it takes no arguments"
        raise invalid_field(
            unknown[0][:64],
            f"unknown argument; {expected}. Every call is about the signed-in client, "
            "so no argument names a client",
        )


def text(args: Args, name: str, *, max_length: int, required: bool = False) -> str | None:
    """A string argument; None when absent (and optional)."""
    return _text_value(args.get(name), name, max_length=max_length, required=required)


def _text_value(value: Any, name: str, *, max_length: int, required: bool = False) -> str | None:
    if value is None:
        if required:
            raise invalid_field(name, "is required")
        return None
    if not isinstance(value, str):
        raise invalid_field(name, f"must be a string, got {_json_type(value)}")
    if len(value) > max_length:
        raise invalid_field(name, f"must be at most {max_length} characters, got {len(value)}")
    return value


def object_id(args: Args, name: str, *, required: bool = False) -> str:
    """A 24-character hexadecimal ObjectId, lower-cased; "" when absent and optional."""
    value = text(args, name, max_length=64, required=required)
    if value is None:
        return ""
    if not OBJECT_ID.fullmatch(value):
        raise invalid_field(name, f"must be a 24-character hexadecimal ObjectId, got {value[:40]!r}")
    return value.lower()


def one_of(args: Args, name: str, choices: tuple[str, ...]) -> str:
    """One of ``choices`` exactly; "" when absent."""
    value = text(args, name, max_length=40)
    if value is None:
        return ""
    if value not in choices:
        raise invalid_field(name, f"must be one of {', '.join(choices)}, got {value[:40]!r}")
    return value


def language(args: Args) -> str:
    """``language``: en or nl; en when absent."""
    return one_of(args, "language", LANGUAGES) or "en"


def integer(args: Args, name: str, low: int, high: int) -> int | None:
    """A whole number from ``low`` to ``high`` (3.0 counts as 3); None when absent."""
    return _integer_value(args.get(name), name, low, high)


def _integer_value(value: Any, name: str, low: int, high: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise invalid_field(name, f"must be a whole number from {low} to {high}, got {_json_type(value)}")
    if not low <= value <= high:
        raise invalid_field(name, f"must be a whole number from {low} to {high}, got {value}")
    return value


def _number_value(value: Any, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise invalid_field(name, f"must be a number from {low:g} to {high:g}, got {_json_type(value)}")
    if not math.isfinite(value) or not low <= value <= high:
        raise invalid_field(name, f"must be a number from {low:g} to {high:g}, got {value}")
    return float(value)


def boolean(args: Args, name: str) -> bool | None:
    """A JSON boolean; None when absent."""
    return _boolean_value(args.get(name), name)


def _boolean_value(value: Any, name: str) -> bool | None:
    if value is None:
        return None
    if not isinstance(value, bool):
        raise invalid_field(name, f"must be true or false, got {_json_type(value)}")
    return value


def page(args: Args) -> int:
    """``page`` from 1; 1 when absent."""
    return integer(args, "page", 1, MAX_PAGE) or 1


def limit(args: Args) -> int:
    """``limit`` from 1 to 50; 0 (the service's default of 20) when absent."""
    return integer(args, "limit", 1, MAX_LIMIT) or 0


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


# --- dates ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Instant:
    """An ISO 8601 ``dateFrom``/``dateTo`` as given (``text``) and the instant it stands for."""

    text: str
    at: datetime


def iso_instant(args: Args, name: str) -> Instant | None:
    """An ISO 8601 date (00:00 UTC) or date-time (UTC when it has no offset); None when absent."""
    value = text(args, name, max_length=40)
    if value is None or value == "":
        return None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            day = date.fromisoformat(value)
        except ValueError:
            raise invalid_field(name, f"{value!r} is not a calendar day") from None
        return Instant(day.isoformat(), datetime(day.year, day.month, day.day, tzinfo=UTC))
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}T[0-9:.,]+(Z|[+-]\d{2}(:?\d{2})?)?", value):
        raise invalid_field(
            name, f"{value[:40]!r} is not an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDThh:mm:ssZ)"
        )
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise invalid_field(name, f"{value!r} is not a valid ISO 8601 date-time") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    moment = moment.astimezone(UTC)
    return Instant(moment.isoformat().replace("+00:00", "Z"), moment)


def window(args: Args) -> tuple[str, str]:
    """``dateFrom`` and ``dateTo`` as ISO 8601 text ("" when absent): ordered, at most 366 days apart.

    A missing end or start is filled by the service within the same bound (sessions.proto).
    """
    start = iso_instant(args, "dateFrom")
    end = iso_instant(args, "dateTo")
    if start and end:
        if end.at < start.at:
            raise invalid_field("dateTo", "must not be before dateFrom")
        if end.at - start.at > timedelta(days=MAX_WINDOW_DAYS):
            raise invalid_field(
                "dateTo", f"the window from {start.text} may cover at most {MAX_WINDOW_DAYS} days"
            )
    return (start.text if start else "", end.text if end else "")


# --- sets and setup values -----------------------------------------------------------------------


def _array(args: Args, name: str, low: int, high: int) -> list[Any] | None:
    value = args.get(name)
    if value is None:
        return None
    if not isinstance(value, list):
        raise invalid_field(name, f"must be an array of {low} to {high} items, got {_json_type(value)}")
    if not low <= len(value) <= high:
        raise invalid_field(name, f"must hold {low} to {high} items, got {len(value)}")
    return value


def _object(value: Any, name: str, known: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise invalid_field(name, f"must be an object, got {_json_type(value)}")
    unknown = sorted(str(key) for key in value if key not in known)
    if unknown:
        raise invalid_field(f"{name}.{unknown[0][:40]}", f"unknown field; a {name} takes {', '.join(known)}")
    return value


def performance_set(value: Any, index: int) -> sessions_pb2.PerformanceSet:
    """``sets[index]`` as the service's set; every figure checked against its range."""
    where = f"sets[{index}]"
    item = _object(value, where, SET_FIELDS)
    number = _integer_value(item.get("setNumber"), f"{where}.setNumber", 1, MAX_SET_NUMBER)
    if number is None:
        raise invalid_field(f"{where}.setNumber", f"is required (a whole number from 1 to {MAX_SET_NUMBER})")
    result = sessions_pb2.PerformanceSet(set_number=number)
    set_type = _text_value(item.get("setType"), f"{where}.setType", max_length=1)
    if set_type is not None and set_type not in SET_TYPES:
        raise invalid_field(f"{where}.setType", "must be one of N, W, D, F (normal, warm-up, drop, failure)")
    result.set_type = set_type or "N"
    figures = {
        "weight": "weight_kg",
        "timeSeconds": "time_seconds",
        "distanceMeters": "distance_meters",
        "restSeconds": "rest_seconds",
        "rpe": "rpe",
    }
    for name, proto_field in figures.items():
        if item.get(name) is not None:
            low, high = SET_NUMBERS[name]
            setattr(result, proto_field, _number_value(item[name], f"{where}.{name}", low, high))
    reps = item.get("reps")
    if isinstance(reps, str):
        if not 1 <= len(reps) <= MAX_REPS_TEXT:
            raise invalid_field(
                f"{where}.reps", f"as text must be 1 to {MAX_REPS_TEXT} characters, e.g. AMRAP"
            )
        result.reps_text = reps
    elif reps is not None:
        result.reps_number = _number_value(reps, f"{where}.reps", 0, MAX_REPS)
    completed = _boolean_value(item.get("completed"), f"{where}.completed")
    result.completed = bool(completed)
    notes = _text_value(item.get("notes"), f"{where}.notes", max_length=MAX_SET_NOTES)
    result.notes = notes or ""
    return result


def sets(args: Args) -> list[sessions_pb2.PerformanceSet]:
    """``sets``: 1 to 50 sets with set numbers unique within the call."""
    items = _array(args, "sets", 1, MAX_SETS)
    if items is None:
        raise invalid_field("sets", f"is required: an array of 1 to {MAX_SETS} sets")
    parsed = [performance_set(item, index) for index, item in enumerate(items)]
    seen: set[int] = set()
    for index, item in enumerate(parsed):
        if item.set_number in seen:
            raise invalid_field(
                f"sets[{index}].setNumber", f"set {item.set_number} appears twice; one entry per set number"
            )
        seen.add(item.set_number)
    return parsed


def setup_values(args: Args, name: str) -> sessions_pb2.SetupValues | None:
    """Up to 8 ``{key, value}`` pairs with unique keys; None when absent (the stored list stays)."""
    items = _array(args, name, 0, MAX_SETUP_VALUES)
    if items is None:
        return None
    values = sessions_pb2.SetupValues()
    seen: set[str] = set()
    for index, raw in enumerate(items):
        where = f"{name}[{index}]"
        item = _object(raw, where, SETUP_VALUE_FIELDS)
        key = _text_value(item.get("key"), f"{where}.key", max_length=MAX_SETUP_KEY, required=True)
        if not key:
            raise invalid_field(f"{where}.key", f"must be 1 to {MAX_SETUP_KEY} characters")
        if key in seen:
            raise invalid_field(f"{where}.key", f"{key!r} appears twice; keys are unique")
        seen.add(key)
        value = item.get("value")
        entry = sessions_pb2.SetupValue(key=key)
        if isinstance(value, bool):
            entry.bool_value = value
        elif isinstance(value, int | float):
            if not math.isfinite(value):
                raise invalid_field(f"{where}.value", "must be a finite number")
            entry.number_value = float(value)
        elif isinstance(value, str):
            if len(value) > MAX_SETUP_TEXT:
                raise invalid_field(f"{where}.value", f"as text must be at most {MAX_SETUP_TEXT} characters")
            entry.string_value = value
        else:
            raise invalid_field(
                f"{where}.value", f"must be a string, number or boolean, got {_json_type(value)}"
            )
        values.values.append(entry)
    return values


# --- one parser per tool -------------------------------------------------------------------------


def parse_list_plans(args: Args) -> gyms_pb2.ListMyPlansRequest:
    """client_ai_list_my_workout_plans."""
    reject_unknown(args, "client_ai_list_my_workout_plans")
    size = limit(args)
    return gyms_pb2.ListMyPlansRequest(
        status=one_of(args, "status", PLAN_STATUSES),
        language=language(args),
        page_size=size,
        skip=(page(args) - 1) * (size or DEFAULT_LIMIT),
    )


def parse_get_plan(args: Args) -> gyms_pb2.GetMyPlanRequest:
    """client_ai_get_my_workout_plan."""
    reject_unknown(args, "client_ai_get_my_workout_plan")
    return gyms_pb2.GetMyPlanRequest(
        plan_id=object_id(args, "planId", required=True), language=language(args)
    )


def parse_get_day(args: Args) -> gyms_pb2.GetMyPlanDayRequest:
    """client_ai_get_my_workout_day."""
    reject_unknown(args, "client_ai_get_my_workout_day")
    return gyms_pb2.GetMyPlanDayRequest(
        plan_id=object_id(args, "planId", required=True),
        plan_moment_id=object_id(args, "planMomentId", required=True),
        language=language(args),
    )


def parse_get_exercise(args: Args) -> gyms_pb2.GetExerciseRequest:
    """client_ai_get_workout_exercise."""
    reject_unknown(args, "client_ai_get_workout_exercise")
    return gyms_pb2.GetExerciseRequest(
        exercise_id=object_id(args, "exerciseId", required=True), language=language(args)
    )


@dataclass(frozen=True)
class HistoryQuery:
    """client_ai_get_my_exercise_history: the history request and the language of the exercise's name."""

    request: sessions_pb2.GetExerciseHistoryRequest
    language: str


def parse_exercise_history(args: Args) -> HistoryQuery:
    """client_ai_get_my_exercise_history."""
    reject_unknown(args, "client_ai_get_my_exercise_history")
    exercise = object_id(args, "exerciseId", required=True)
    date_from, date_to = window(args)
    request = sessions_pb2.GetExerciseHistoryRequest(
        exercise_id=exercise, date_from=date_from, date_to=date_to, limit=limit(args)
    )
    return HistoryQuery(request, language(args))


def parse_list_sessions(args: Args) -> sessions_pb2.ListSessionsRequest:
    """client_ai_list_my_workout_sessions."""
    reject_unknown(args, "client_ai_list_my_workout_sessions")
    status = one_of(args, "status", SESSION_STATUSES)
    date_from, date_to = window(args)
    size = limit(args)
    return sessions_pb2.ListSessionsRequest(
        status=status,
        date_from=date_from,
        date_to=date_to,
        page_size=size,
        skip=(page(args) - 1) * (size or DEFAULT_LIMIT),
    )


def parse_get_session(args: Args) -> sessions_pb2.GetSessionRequest:
    """client_ai_get_my_workout_session."""
    reject_unknown(args, "client_ai_get_my_workout_session")
    return sessions_pb2.GetSessionRequest(session_id=object_id(args, "sessionId", required=True))


def parse_machine_preset(args: Args) -> gyms_pb2.GetMachinePresetRequest:
    """client_ai_get_my_workout_machine_preset (labels in English: the tool takes no language)."""
    reject_unknown(args, "client_ai_get_my_workout_machine_preset")
    return gyms_pb2.GetMachinePresetRequest(
        exercise_id=object_id(args, "exerciseId", required=True), language="en"
    )


def parse_equipment_profile(args: Args) -> gyms_pb2.GetEquipmentProfileRequest:
    """client_ai_get_my_workout_equipment_profile: no arguments."""
    reject_unknown(args, "client_ai_get_my_workout_equipment_profile")
    return gyms_pb2.GetEquipmentProfileRequest(language="en")


def parse_start_session(args: Args) -> sessions_pb2.StartOrResumeSessionRequest:
    """client_ai_start_or_resume_my_workout_session: both plan fields, or neither (freestyle)."""
    reject_unknown(args, "client_ai_start_or_resume_my_workout_session")
    plan = object_id(args, "planId")
    moment = object_id(args, "planMomentId")
    if plan and not moment:
        raise invalid_field("planMomentId", "is required with planId; omit both for a freestyle session")
    if moment and not plan:
        raise invalid_field("planId", "is required with planMomentId; omit both for a freestyle session")
    return sessions_pb2.StartOrResumeSessionRequest(
        plan_id=plan, plan_moment_id=moment, language=language(args)
    )


def parse_log_performance(args: Args) -> sessions_pb2.LogPerformanceRequest:
    """client_ai_log_my_workout_performance; optional fields left out keep their stored value."""
    reject_unknown(args, "client_ai_log_my_workout_performance")
    request = sessions_pb2.LogPerformanceRequest(
        session_id=object_id(args, "sessionId", required=True),
        exercise_id=object_id(args, "exerciseId", required=True),
        sets=sets(args),
        performance_id=object_id(args, "performanceId"),
        plan_exercise_id=object_id(args, "planExerciseId"),
    )
    notes = text(args, "notes", max_length=MAX_NOTES)
    if notes is not None:
        request.notes = notes
    if args.get("restSeconds") is not None:
        request.rest_seconds = _number_value(args["restSeconds"], "restSeconds", 0, MAX_REST_SECONDS)
    for name, proto_field in (
        ("isCompleted", "is_completed"),
        ("setupSettingsEnabled", "setup_settings_enabled"),
        ("showSetRpe", "show_set_rpe"),
    ):
        flag = boolean(args, name)
        if flag is not None:
            setattr(request, proto_field, flag)
    for name, proto_field in (("setupValues", "setup_values"), ("nextSetupValues", "next_setup_values")):
        values = setup_values(args, name)
        if values is not None:
            # Present, even empty, means "replace the stored list" (sessions.proto).
            getattr(request, proto_field).CopyFrom(values)
            getattr(request, proto_field).SetInParent()
    return request


def parse_complete_session(args: Args) -> sessions_pb2.CompleteSessionRequest:
    """client_ai_complete_my_workout_session."""
    reject_unknown(args, "client_ai_complete_my_workout_session")
    request = sessions_pb2.CompleteSessionRequest(session_id=object_id(args, "sessionId", required=True))
    notes = text(args, "notes", max_length=MAX_NOTES)
    if notes is not None:
        request.notes = notes
    return request
