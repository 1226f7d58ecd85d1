"""Local calendar days: parsing, time zones, windows and weeks.

Training speaks in local days (``YYYY-MM-DD`` in the caller's IANA time zone), never in instants,
so a session "on Tuesday" stays on Tuesday across DST switches. Instants only enter when a caller
asks what day it is now (``local_today``) or on which day a session was completed
(``local_day_of``); both convert the UTC instant into the zone, which is DST-safe because the
conversion goes through ``zoneinfo``'s transition table rather than a fixed offset.
See docs/decisions/0013-occurrence-expansion.md.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from kinetic.errors import InvalidArgument
from kinetic.time_zones import is_time_zone
from knowledge.training import formats

# Seed 000's windows (93 days of calendar, 366 of history), defined with the other formats.
from knowledge.training.formats import CALENDAR_MAX_DAYS as CALENDAR_MAX_DAYS
from knowledge.training.formats import HISTORY_MAX_DAYS as HISTORY_MAX_DAYS

# Days are checked against ``formats.LOCAL_DAY`` first: ``date.fromisoformat`` also takes "20260925"
# and "2026-W39-5", the contract YYYY-MM-DD only.
_DAY_HINT = "must be a local day YYYY-MM-DD, e.g. 2026-09-25"


def parse_day(value: str, field: str) -> date:
    """A strict ``YYYY-MM-DD`` local day; anything else is an error naming ``field``."""
    if not isinstance(value, str) or not formats.LOCAL_DAY.fullmatch(value):
        raise InvalidArgument.for_field(field, _DAY_HINT)
    try:
        return date.fromisoformat(value)
    except ValueError:  # 2026-02-30 and the like
        raise InvalidArgument.for_field(field, _DAY_HINT) from None


def check_time_zone(value: str, field: str = "timeZone") -> ZoneInfo:
    """The IANA zone named ``value`` (e.g. ``America/New_York``); required, exact spelling."""
    if not value:
        raise InvalidArgument.for_field(field, "is required: an IANA time zone name, e.g. America/New_York")
    # Membership first: ZoneInfo alone would also open file paths and directories (kinetic.time_zones).
    if not is_time_zone(value):
        raise InvalidArgument.for_field(
            field, "must be an IANA time zone name such as America/New_York or Europe/Amsterdam"
        )
    return ZoneInfo(value)


def _require_aware(instant: datetime, what: str) -> None:
    # A naive datetime would be read as the server's local time: refuse it instead of guessing.
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ValueError(f"{what} must be timezone-aware (UTC), got {instant!r}")


def local_day_of(instant: datetime, zone: ZoneInfo) -> date:
    """The local day in ``zone`` on which the aware ``instant`` falls (e.g. a completion time)."""
    _require_aware(instant, "instant")
    return instant.astimezone(zone).date()


def local_today(zone: ZoneInfo, now: datetime) -> date:
    """Today in ``zone`` at the aware instant ``now``."""
    _require_aware(now, "now")
    return now.astimezone(zone).date()


def check_window(start: date, end: date, max_days: int, *, start_field: str, end_field: str) -> None:
    """Check a window [start, end): the end is exclusive, after the start, at most ``max_days`` long."""
    if end <= start:
        raise InvalidArgument.for_field(
            end_field,
            f"must be after {start_field} (the end day is exclusive: {start_field} + 1 day for one day)",
        )
    length = (end - start).days
    if length > max_days:
        raise InvalidArgument.for_field(
            end_field,
            f"must be at most {max_days} days after {start_field} (the window asked for is {length} days)",
        )


def check_week_starts_on(value: int, field: str = "weekStartsOn") -> int:
    """The user's first weekday, 1 = Sunday ... 7 = Saturday."""
    is_weekday_number = isinstance(value, int) and not isinstance(value, bool)
    if not is_weekday_number or not formats.SUNDAY <= value <= formats.SATURDAY:
        raise InvalidArgument.for_field(field, "must be the first weekday, 1 (Sunday) to 7 (Saturday)")
    return value


def metric_weekday(day: date) -> int:
    """The weekday number of ``day`` as the contract counts it: 1 = Sunday ... 7 = Saturday."""
    return formats.weekday_number(day)


def week_start(day: date, week_starts_on: int) -> date:
    """The first day of the week containing ``day`` for weeks starting on ``week_starts_on``.

    A first weekday outside 1-7 is refused as a ``weekStartsOn`` field error before the shared
    arithmetic (``formats.week_start``) runs.
    """
    return formats.week_start(day, check_week_starts_on(week_starts_on))
