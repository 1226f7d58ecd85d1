"""The one test of a time zone name, shared by the edge and the services (decision 0032).

A name is a zone when the IANA database lists it, spelt exactly. ``ZoneInfo`` alone is no test: it
opens whatever file the name leads to, so a directory of the database (``America``,
``America/__pycache__``) raised ``IsADirectoryError`` instead of a refusal, and some file systems
accept any letter case.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

# Files in the zone database that are not zones a user lives in: "localtime" is this server's own
# setting, "Factory" a placeholder, "posixrules" a template.
_NOT_USER_ZONES = frozenset({"localtime", "Factory", "posixrules"})


@cache
def zone_names() -> frozenset[str]:
    """Every IANA zone name a user may pick (scanning the database takes tens of milliseconds)."""
    return frozenset(available_timezones()) - _NOT_USER_ZONES


def is_time_zone(name: str) -> bool:
    """Whether ``name`` is an IANA zone name such as ``Europe/Amsterdam``, spelt exactly."""
    return name in zone_names()


def time_zone(name: str) -> ZoneInfo | None:
    """The zone named ``name``, or None when it is no IANA zone name."""
    return ZoneInfo(name) if is_time_zone(name) else None


def day_start(day: date, zone: ZoneInfo) -> datetime:
    """The instant local ``day`` begins in ``zone``, in UTC (decision 0105).

    In UTC because stores compare instants as written: SQLite keeps a time's wall clock and drops
    its offset, so a bound given in the account's zone would shift the window by that offset. A
    midnight that a clock change skips resolves to the first instant of the day (zoneinfo's fold 0).
    """
    return datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)


def day_span(first: date, last: date, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """[start of ``first``, start of the day after ``last``) in ``zone``, as UTC instants."""
    return day_start(first, zone), day_start(date.fromordinal(last.toordinal() + 1), zone)
