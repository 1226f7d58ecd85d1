"""Argument checks shared by the Metric tools and their REST mirror.

Every check raises a 400 that names the field to fix, so the MCP tools and the REST endpoints
answer the same thing for the same input. REST query parameters arrive as strings; the checks
accept those where a number or boolean is expected.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from edge.guard import Principal
from edge.problems import invalid_field
from kinetic.time_zones import is_time_zone
from knowledge.training.formats import IDEMPOTENCY_KEY, LOCAL_DAY

_DEVICE_UNSAFE = re.compile(r"[^A-Za-z0-9-]+")
DEVICE_ID_MAX = 32
API_KEY_DEVICE = "apikey"


def text(args: Mapping[str, Any], name: str, *, required: bool = False, max_length: int = 200) -> str:
    """A string argument ("" when absent and optional)."""
    value = args.get(name)
    if value is None or value == "":
        if required:
            raise invalid_field(name, "is required")
        return ""
    if not isinstance(value, str):
        raise invalid_field(name, f"must be a string, got {type(value).__name__}")
    if len(value) > max_length:
        raise invalid_field(name, f"must be at most {max_length} characters")
    return value


def check_time_zone(value: str) -> str:
    """The IANA zone name, or "UTC" when empty; a 400 naming ``timeZone`` otherwise."""
    if not value:
        return "UTC"
    if not is_time_zone(value):
        raise invalid_field("timeZone", f"{value[:64]!r} is not an IANA time zone such as Europe/Amsterdam")
    return value


def time_zone(args: Mapping[str, Any], *, required: bool = False) -> str:
    """The ``timeZone`` argument, checked; "UTC" when optional and absent."""
    return check_time_zone(text(args, "timeZone", required=required, max_length=64))


def whole_number(args: Mapping[str, Any], name: str, low: int, high: int) -> int | None:
    """An integer from ``low`` to ``high`` (a digit string from a query is accepted), or None."""
    value = args.get(name)
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.isdigit() and len(value) < 10:
        value = int(value)
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise invalid_field(name, f"must be a whole number from {low} to {high}")
    return value


def page_size(args: Mapping[str, Any]) -> int:
    """``pageSize`` from 1 to 100; 0 lets the service pick its default."""
    return whole_number(args, "pageSize", 1, 100) or 0


def boolean(args: Mapping[str, Any], name: str, default: bool = False) -> bool:
    """A JSON boolean (or "true"/"false" from a query)."""
    value = args.get(name)
    if value is None:
        return default
    if isinstance(value, str) and value in ("true", "false"):
        return value == "true"
    if not isinstance(value, bool):
        raise invalid_field(name, "must be true or false")
    return value


def local_day(args: Mapping[str, Any], name: str) -> date | None:
    """A local ``YYYY-MM-DD`` day, or None when absent."""
    value = text(args, name, max_length=10)
    if not value:
        return None
    if not LOCAL_DAY.fullmatch(value):
        raise invalid_field(name, f"{value!r} is not a local day in the form YYYY-MM-DD")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise invalid_field(name, f"{value!r} is not a calendar day") from None


def today_in(zone: str) -> date:
    """Today's local date in ``zone``."""
    return datetime.now(ZoneInfo(zone)).date()


def idempotency_key(args: Mapping[str, Any]) -> str:
    """``idempotencyKey``: 8 to 80 characters of A-Z a-z 0-9 . _ : -"""
    value = text(args, "idempotencyKey", required=True, max_length=80)
    if not IDEMPOTENCY_KEY.fullmatch(value):
        raise invalid_field("idempotencyKey", "must be 8 to 80 characters of A-Z a-z 0-9 . _ : -")
    return value


def object_argument(args: Mapping[str, Any], name: str, *, required: bool = False) -> dict[str, Any]:
    """A JSON object argument ({} when absent and optional)."""
    value = args.get(name)
    if value is None:
        if required:
            raise invalid_field(name, "is required (a JSON object)")
        return {}
    if not isinstance(value, dict):
        raise invalid_field(name, f"must be a JSON object, got {type(value).__name__}")
    return value


def device_id(principal: Principal) -> str:
    """The device part of versions this caller writes (``<counter>.<deviceID>``).

    The OAuth client's ID, reduced to A-Z a-z 0-9 and "-" and at most 32 characters; "apikey" for
    personal API keys, which name no client (docs/decisions/0014-metric-writes.md).
    """
    if principal.credential == "api_key":
        return API_KEY_DEVICE
    cleaned = _DEVICE_UNSAFE.sub("-", principal.client_id).strip("-")[:DEVICE_ID_MAX].strip("-")
    return cleaned or "client"
