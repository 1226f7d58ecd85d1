"""The day a workout text names: "yesterday", "friday", "last friday", "2026-11-28".

The caller passes the person's local ``today`` (their profile's time zone), so nothing here knows
about clocks or zones. Rules: docs/decisions/0045-log-text-parsing.md.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Final

from services.sessions.workout_log.text.nothing_to_log import NothingToLog

WEEKDAYS: Final = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

_DAY_PHRASE: Final = re.compile(
    r"""\b(?:on\s+)?(?:
        (?P<iso>\d{4}-\d{2}-\d{2})
      | (?P<days_ago>\d{1,3})\s+days?\s+ago
      | (?P<yesterday>yesterday|last\s+night|gestern|ayer|ieri|gisteren
          # French "hier"; German and Dutch "hier" is "here" ("hier ist mein Training")
        | hier(?!\s+(?:ist|is|sind|zijn|mein|meine|mijn|die|der|das|het|een|ein|eine|war|was)\b))
      | (?P<today>today|tonight|this\s+(?:morning|afternoon|evening)|heute|hoy|aujourd'hui|oggi|vandaag)
      | (?P<last>last\s+)?(?P<weekday>"""
    + "|".join(WEEKDAYS)
    + r"""))\b""",
    re.VERBOSE,
)


def take_day(text: str, *, today: date) -> tuple[date | None, str]:
    """The day named in ``text`` (lower case) or None, and the text with the day's words removed.

    Naming two different days is a contradiction; naming one twice is not. A day after ``today``
    cannot have been trained on yet.
    """
    days: set[date] = set()
    for match in _DAY_PHRASE.finditer(text):
        days.add(_day_of(match, today))
    if len(days) > 1:
        named = ", ".join(sorted(day.isoformat() for day in days))
        raise NothingToLog(f"the text names more than one day ({named}): log one day at a time")
    day = next(iter(days), None)
    if day is not None and day > today:
        raise NothingToLog(f"{day.isoformat()} is after today ({today.isoformat()}): log a day that has been")
    return day, _DAY_PHRASE.sub(" ", text)


def _day_of(match: re.Match[str], today: date) -> date:
    if match["iso"]:
        try:
            return date.fromisoformat(match["iso"])
        except ValueError:
            raise NothingToLog(f"{match['iso']} is not a date: write the day as YYYY-MM-DD") from None
    if match["days_ago"]:
        return today - timedelta(days=int(match["days_ago"]))
    if match["yesterday"]:
        return today - timedelta(days=1)
    if match["today"]:
        return today
    # A weekday is the latest such day on or before today, so "monday" said on a Monday is today;
    # "last monday" is the latest one before today, so said on a Monday it is a week ago.
    back = (today.weekday() - WEEKDAYS.index(match["weekday"])) % 7
    if match["last"] and back == 0:
        back = 7
    return today - timedelta(days=back)
