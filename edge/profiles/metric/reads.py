"""Metric's ``read_training``: argument checks, the backend call, and the result's shape.

Shared by the MCP tool and its REST mirror, so both answer the same thing for the same input.
Only the ``exercises`` view exists so far; the others answer ``view_not_available`` (an explicit
error, never empty or invented data) until the training library, sessions and analytics serve them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import grpc

from edge.backends import CALL_TIMEOUT_SECONDS
from edge.problems import EdgeProblem, from_remote, invalid_field
from kinetic.errors import RemoteError
from kinetic.training.v1 import training_pb2, training_pb2_grpc

VIEWS = ("calendar", "history", "workouts", "plans", "exercises", "insights", "active")
AVAILABLE_VIEWS = ("exercises",)
READ_ARGUMENTS = ("view", "timeZone", "query", "muscle", "equipment", "pageSize", "pageToken")
CONTENT_TRUST = "user-provided"

_MODE_NAMES = {
    training_pb2.TRACKING_MODE_SETS: "sets",
    training_pb2.TRACKING_MODE_DURATION: "duration",
    training_pb2.TRACKING_MODE_INTERVALS: "intervals",
    training_pb2.TRACKING_MODE_DISTANCE: "distance",
    training_pb2.TRACKING_MODE_CALORIES: "calories",
    training_pb2.TRACKING_MODE_CHECK_OFF: "checkOff",
}


def _text(args: Mapping[str, Any], name: str) -> str:
    value = args.get(name)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise invalid_field(name, f"must be a string, got {type(value).__name__}")
    return value


def check_time_zone(value: str) -> str:
    """The IANA zone name, or "UTC" when empty; a 400 naming ``timeZone`` otherwise."""
    if not value:
        return "UTC"
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise invalid_field(
            "timeZone", f"{value[:64]!r} is not an IANA time zone such as Europe/Amsterdam"
        ) from None
    return value


def _page_size(args: Mapping[str, Any]) -> int:
    value = args.get("pageSize")
    if value is None:
        return 0
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 100:
        raise invalid_field("pageSize", "must be a whole number from 1 to 100")
    return value


def exercise_json(exercise: training_pb2.Exercise) -> dict[str, Any]:
    """An exercise as Metric's exercises view lists it."""
    return {
        "id": exercise.exercise_id,
        "name": exercise.name,
        "aliases": list(exercise.aliases),
        "primaryMuscles": list(exercise.primary_muscles),
        "secondaryMuscles": list(exercise.secondary_muscles),
        "equipment": list(exercise.equipment),
        "trackingModes": [_MODE_NAMES[m] for m in exercise.tracking_modes if m in _MODE_NAMES],
        "custom": exercise.custom,
    }


class TrainingReads:
    """Serves ``read_training`` for one account at a time."""

    def __init__(self, training: Callable[[], training_pb2_grpc.TrainingServiceStub]) -> None:
        # A provider, not a stub: channels exist only while the app's lifespan runs.
        self._training = training

    async def read(self, account_id: str, args: Mapping[str, Any]) -> dict[str, Any]:
        """Check ``args``, read the view, and wrap it the way every Metric view is wrapped."""
        unknown = sorted(set(args) - set(READ_ARGUMENTS))
        if unknown:
            raise invalid_field(unknown[0], f"unknown argument; expected some of {', '.join(READ_ARGUMENTS)}")
        view = _text(args, "view")
        if not view:
            raise invalid_field("view", f"is required; one of {', '.join(VIEWS)}")
        if view not in VIEWS:
            raise invalid_field("view", f"unknown view {view[:40]!r}; one of {', '.join(VIEWS)}")
        time_zone = check_time_zone(_text(args, "timeZone"))
        if view not in AVAILABLE_VIEWS:
            raise EdgeProblem(
                "view_not_available",
                f"the {view} view is not available yet; available: {', '.join(AVAILABLE_VIEWS)}",
                400,
                {"field": "view"},
            )
        data = await self._exercises(account_id, args)
        return {"timeZone": time_zone, "contentTrust": CONTENT_TRUST, "view": view, "data": data}

    async def _exercises(self, account_id: str, args: Mapping[str, Any]) -> dict[str, Any]:
        request = training_pb2.SearchExercisesRequest(
            account_id=account_id,
            query=_text(args, "query"),
            muscle=_text(args, "muscle"),
            equipment=_text(args, "equipment"),
            page_size=_page_size(args),
            page_token=_text(args, "pageToken"),
        )
        try:
            response = await self._training().SearchExercises(request, timeout=CALL_TIMEOUT_SECONDS)
        except grpc.aio.AioRpcError as error:
            raise _problem(error) from error
        return {
            "exercises": [exercise_json(ex) for ex in response.exercises],
            "totalSize": response.total_size,
            "nextPageToken": response.next_page_token or None,
        }


_FIELD_NAMES = {
    "query": "query",
    "muscle": "muscle",
    "equipment": "equipment",
    "page_size": "pageSize",
    "page_token": "pageToken",
}


def _problem(error: grpc.aio.AioRpcError) -> EdgeProblem:
    problem = from_remote(RemoteError.from_rpc(error))
    field = problem.details.get("field")
    if isinstance(field, str) and field in _FIELD_NAMES:
        renamed = _FIELD_NAMES[field]
        problem.details["field"] = renamed
        problem.description = problem.description.replace(f"{field}:", f"{renamed}:", 1)
    return problem
