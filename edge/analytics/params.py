"""Query parameters of the analytics REST paths, checked and turned into the gRPC requests.

Names are the gRPC request fields in camelCase. Ranges follow every other REST range of the edge:
a local ``from`` and an exclusive ``to``; analytics' ``to_day`` is inclusive, so ``to_day`` is
``to`` minus one day (docs/decisions/0025-analytics-rest.md). Every check is a 400 naming the
parameter; unknown and repeated parameters are refused rather than ignored.
"""

from __future__ import annotations

from datetime import date, timedelta

from starlette.datastructures import QueryParams

from edge.problems import invalid_field
from edge.profiles.metric import arguments as arg
from edge.profiles.metric.insights import check_formula
from kinetic.analytics.v1 import analytics_pb2
from kinetic.text_input import text_problem

METRICS = ("e1rm", "top_set", "volume")
MAX_EXERCISE_IDS = 100  # what GetPersonalRecords accepts
MAX_ID_LENGTH = 64  # analytics stores exercise IDs in 64 characters
# Days outside these bounds are refused: no training log reaches them, and local midnights near
# date.min/date.max overflow the time types before any answer could be read.
EARLIEST_DAY = date(1900, 1, 1)
LATEST_DAY = date(2999, 12, 31)

RECORDS_PARAMETERS = ("exerciseIds", "formula", "timeZone")
PROGRESS_PARAMETERS = ("exerciseId", "metric", "from", "to", "formula", "timeZone")
BALANCE_PARAMETERS = ("from", "to", "timeZone")
REPEATABLE = ("exerciseIds",)


def _single(query: QueryParams, known: tuple[str, ...]) -> dict[str, str]:
    """The single-valued parameters; a 400 for an unknown one or one given twice."""
    values: dict[str, str] = {}
    for name, value in query.multi_items():
        if name not in known:
            raise invalid_field(name[:40], f"unknown parameter; expected some of {', '.join(known)}")
        problem = text_problem(value)
        if problem:
            raise invalid_field(name, problem)
        if name in REPEATABLE:
            continue
        if name in values:
            raise invalid_field(name, "must be given at most once")
        values[name] = value
    return values


def _exercise_id(value: str, name: str) -> str:
    if not value:
        raise invalid_field(name, "must not be empty")
    if len(value) > MAX_ID_LENGTH:
        raise invalid_field(name, f"must be at most {MAX_ID_LENGTH} characters")
    return value


def _day(values: dict[str, str], name: str) -> date | None:
    day = arg.local_day(values, name)
    if day is not None and not EARLIEST_DAY <= day <= LATEST_DAY:
        raise invalid_field(name, f"must be from {EARLIEST_DAY} to {LATEST_DAY}")
    return day


def _days(values: dict[str, str]) -> tuple[str, str]:
    """``from_day`` and the inclusive ``to_day`` ("" where the service's default applies)."""
    start, end = _day(values, "from"), _day(values, "to")
    if start is not None and end is not None and end <= start:
        raise invalid_field("to", "must be after from (to is exclusive)")
    first = start.isoformat() if start else ""
    last = (end - timedelta(days=1)).isoformat() if end else ""
    return first, last


def records_request(account_id: str, query: QueryParams) -> analytics_pb2.GetPersonalRecordsRequest:
    """GetPersonalRecords for ``GET /api/analytics/records``."""
    values = _single(query, RECORDS_PARAMETERS)
    exercise_ids = query.getlist("exerciseIds")
    if len(exercise_ids) > MAX_EXERCISE_IDS:
        raise invalid_field("exerciseIds", f"must list at most {MAX_EXERCISE_IDS}")
    return analytics_pb2.GetPersonalRecordsRequest(
        account_id=account_id,
        exercise_ids=[_exercise_id(e, "exerciseIds") for e in exercise_ids],
        formula=check_formula(values.get("formula", "")),
        time_zone=arg.time_zone(values),
    )


def progress_request(account_id: str, query: QueryParams) -> analytics_pb2.GetProgressRequest:
    """GetProgress for ``GET /api/analytics/progress``."""
    values = _single(query, PROGRESS_PARAMETERS)
    if "exerciseId" not in values:
        raise invalid_field("exerciseId", "is required")
    metric = values.get("metric", "")
    if metric not in METRICS:
        raise invalid_field("metric", f"is required; one of {', '.join(METRICS)}")
    first, last = _days(values)
    return analytics_pb2.GetProgressRequest(
        account_id=account_id,
        exercise_id=_exercise_id(values["exerciseId"], "exerciseId"),
        metric=metric,
        from_day=first,
        to_day=last,
        formula=check_formula(values.get("formula", "")),
        time_zone=arg.time_zone(values),
    )


def balance_request(account_id: str, query: QueryParams) -> analytics_pb2.GetFocusBalanceRequest:
    """GetFocusBalance for ``GET /api/analytics/balance``."""
    values = _single(query, BALANCE_PARAMETERS)
    first, last = _days(values)
    return analytics_pb2.GetFocusBalanceRequest(
        account_id=account_id, from_day=first, to_day=last, time_zone=arg.time_zone(values)
    )


# The service names request fields in snake_case; the caller wrote these parameters.
SERVICE_FIELDS = {
    "exercise_ids": "exerciseIds",
    "exercise_id": "exerciseId",
    "from_day": "from",
    "to_day": "to",
    "time_zone": "timeZone",
    "formula": "formula",
    "metric": "metric",
}
