"""Reading one cell: numbers, local times and workout durations, or the reason a row is unusable.

A cell that cannot be read raises ``RowProblem``; the row is then skipped and reported with that
reason, the rest of the file still imports (decision 0047, "What is skipped").
"""

from __future__ import annotations

import math
import re
from datetime import datetime
from functools import lru_cache
from typing import Final

from kinetic.record_ranges import WORKOUT_DURATION_S, WORKOUT_TIME
from services.sessions.workout_log.files.formula_cells import unescaped

# Workout-level cells (the start, the duration) repeat on each of a workout's rows: a small cache
# reads each distinct one once. Only successes are cached; a bad cell raises every time.
_REPEATED_CELLS_CACHED: Final = 256
# Whole numbers travel as int32 (reps, seconds); a larger one is no count of a set and cannot be
# sent. The service refuses what is out of its own ranges (record_ranges.SET_REPS...) naming it.
_LARGEST_WHOLE: Final = 2**31 - 1


class RowProblem(Exception):
    """Why one row cannot be used; the reader reports it with the row's line number."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def text(cell: str) -> str:
    """A text cell without surrounding spaces, its line ends as ``\n`` (files mix CRLF into quotes),
    and without the apostrophe that kept a formula out (``'=Push`` reads ``=Push``, decision 0071)."""
    return unescaped(cell).strip().replace("\r\n", "\n").replace("\r", "\n")


def number(cell: str, column: str, *, decimal_comma: bool = False) -> float | None:
    """The non-negative number in ``cell``, None when empty.

    ``decimal_comma``: a semicolon-separated file may write ``82,5`` (the comma is free there).
    """
    text = cell.strip()
    if not text:
        return None
    if decimal_comma:
        text = text.replace(",", ".")
    try:
        value = float(text)
    except ValueError:
        raise RowProblem(f"{column} {cell.strip()!r} is not a number") from None
    if not math.isfinite(value) or value < 0:
        raise RowProblem(f"{column} {cell.strip()!r} is not a number of zero or more")
    return value


def whole_number(cell: str, column: str, *, decimal_comma: bool = False) -> int | None:
    """The whole number in ``cell`` (``10`` or ``10.0``, as some exports write reps), None when empty."""
    value = number(cell, column, decimal_comma=decimal_comma)
    if value is None:
        return None
    if not value.is_integer():
        raise RowProblem(f"{column} {cell.strip()!r} is not a whole number")
    if value > _LARGEST_WHOLE:
        raise RowProblem(f"{column} {cell.strip()!r} is too large (at most {_LARGEST_WHOLE})")
    return int(value)


@lru_cache(maxsize=_REPEATED_CELLS_CACHED)
def iso_local_time(cell: str, column: str) -> datetime:
    """A wall time such as ``2021-03-01 18:30:00`` or ``2021-03-01T18:30``; no UTC offset allowed.

    An offset would make the time an instant rather than the wall time the person saw, and which
    wall time it stood for depends on a zone the file does not name (decision 0047, "Times").
    """
    text = cell.strip()
    if not text:
        raise RowProblem(f"{column} is empty")
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        twelve_hour = _twelve_hour_time(" ".join(text.split()))
        if twelve_hour is None:
            raise RowProblem(f"{column} {text!r} is not a date and time like 2021-03-01 18:30:00") from None
        value = twelve_hour
    if value.tzinfo is not None:
        raise RowProblem(f"{column} {text!r} carries a UTC offset; expected the local wall time")
    return in_workout_range(value, text, column)


def in_workout_range(value: datetime, text: str, column: str) -> datetime:
    """``value`` when a workout may be dated so (``record_ranges.WORKOUT_TIME``, decision 0070); the
    service refuses one more than a day ahead, this refuses what no clock makes a workout's time."""
    problem = WORKOUT_TIME.problem(value, None)
    if problem is not None:
        raise RowProblem(f"{column} {text!r} is not a workout's time: it {problem}")
    return value


_MONTHS: Final = {
    name: number
    for number, name in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), start=1
    )
}
# "1 Mar 2021, 18:30" as Hevy writes start_time and end_time, and "Oct 1, 2024, 6:48 PM" as its
# exports made with a US English phone do (decision 0088). Parsed by hand rather than with
# strptime's %b, which follows the process's locale and would refuse "Mar" under a German one.
_CLOCK: Final = r"(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[\s\u202f]*([AaPp])\.?[Mm]\.?)?"
_DAY_MONTH_YEAR: Final = re.compile(r"(\d{1,2}) ([A-Za-z]{3})[a-z]*\.? (\d{4}),? " + _CLOCK)
_MONTH_DAY_YEAR: Final = re.compile(r"([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4}),? " + _CLOCK)
# Strong's newer exports write the time on a 12-hour clock: "2024-03-04 6:30:00 PM" (with a
# narrow no-break space before the PM on iOS).
_ISO_TWELVE_HOUR: Final = re.compile(r"(\d{4})-(\d{2})-(\d{2})[ T]" + _CLOCK)


def _hour_of(hour: str, half: str | None) -> int:
    """The hour on a 24-hour clock; ``ValueError`` for "13 PM" or "0 AM"."""
    value = int(hour)
    if half is None:
        return value
    if not 1 <= value <= 12:
        raise ValueError(hour)
    return value % 12 + (12 if half.lower() == "p" else 0)


@lru_cache(maxsize=_REPEATED_CELLS_CACHED)
def day_month_year_time(cell: str, column: str) -> datetime:
    """A wall time like ``1 Mar 2021, 18:30`` or ``Oct 1, 2024, 6:48 PM`` (Hevy's exports), or an
    ISO one as ``iso_local_time``."""
    text = " ".join(cell.split())
    day_first = _DAY_MONTH_YEAR.fullmatch(text)
    month_first = _MONTH_DAY_YEAR.fullmatch(text)
    if day_first is not None:
        day, month_name, year, hour, minute, second, half = day_first.groups()
    elif month_first is not None:
        month_name, day, year, hour, minute, second, half = month_first.groups()
    else:
        if text[:4].isdigit():
            return iso_local_time(cell, column)
        raise RowProblem(
            f"{column} {text!r} is not a date and time like '1 Mar 2021, 18:30' or 'Oct 1, 2024, 6:48 PM'"
        )
    month = _MONTHS.get(month_name.lower())
    try:
        if month is None:
            raise ValueError(month_name)
        value = datetime(int(year), month, int(day), _hour_of(hour, half), int(minute), int(second or 0))
    except ValueError:
        raise RowProblem(f"{column} {text!r} is not a real date and time") from None
    return in_workout_range(value, text, column)


def _twelve_hour_time(text: str) -> datetime | None:
    """``2024-03-04 6:30:00 PM`` read, None when ``text`` is not in that form."""
    match = _ISO_TWELVE_HOUR.fullmatch(text)
    if match is None or match.group(7) is None:
        return None
    year, month, day, hour, minute, second, half = match.groups()
    try:
        return datetime(int(year), int(month), int(day), _hour_of(hour, half), int(minute), int(second or 0))
    except ValueError:
        return None


# Workout durations as the apps write them (decision 0088): Strong's ``1h 5m``, ``45m``, ``50s``;
# older Strong builds' ``38min`` and ``7 min``; ``1 hr 5 mins`` and the like; a clock ``1:02:03``
# (hours, minutes, seconds) or ``45:10`` (minutes, seconds); or a bare number of seconds.
_DURATION_PART: Final = re.compile(
    r"(\d+(?:\.\d+)?)\s*(hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)(?![a-z])", re.ASCII
)
_DURATION_WHOLE: Final = re.compile(
    r"(?:\d+(?:\.\d+)?\s*(?:hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)\.?\s*)+", re.ASCII
)
_DURATION_CLOCK: Final = re.compile(r"(?:(\d+):)?(\d{1,2}):(\d{2})", re.ASCII)
_DURATION_SECONDS: Final = re.compile(r"\d+(?:\.0*)?", re.ASCII)
_SECONDS_PER: Final = {"h": 3600, "m": 60, "s": 1}
DURATION_FORMS: Final = "1h 5m, 45m, 38min, 1:02:03 or a number of seconds"


@lru_cache(maxsize=_REPEATED_CELLS_CACHED)
def duration_text(cell: str, column: str = "Duration") -> int | None:
    """Seconds in a workout duration in any form the apps write (``DURATION_FORMS``); None when
    the cell is empty.

    An unreadable duration is a row problem naming the cell, never a silent "no duration": the
    workout's end is read from it, and an export would write it back as nothing (decision 0088).
    One longer than a workout lasts is refused too (``workout_seconds``).
    """
    text = cell.strip().lower()
    if not text:
        return None
    seconds: float
    clock = _DURATION_CLOCK.fullmatch(text)
    if clock is not None:
        hours, minutes, secs = clock.groups()
        if hours is None:  # "45:10": minutes and seconds
            hours, minutes, secs = "0", minutes, secs
        if int(secs) >= 60 or (clock.group(1) is not None and int(minutes) >= 60):
            raise RowProblem(f"{column} {cell.strip()!r} is not a duration like {DURATION_FORMS}")
        seconds = int(hours) * 3600 + int(minutes) * 60 + int(secs)
    elif _DURATION_SECONDS.fullmatch(text):
        seconds = float(text)
    elif _DURATION_WHOLE.fullmatch(text):
        seconds = sum(float(amount) * _SECONDS_PER[unit[0]] for amount, unit in _DURATION_PART.findall(text))
    else:
        raise RowProblem(f"{column} {cell.strip()!r} is not a duration like {DURATION_FORMS}")
    return workout_seconds(round(seconds), cell, column)


class DurationTooLong(RowProblem):
    """A readable duration longer than a workout lasts: Strong's timer left running for days.

    The reader keeps the row's set and leaves the workout without an end, reporting it
    (decision 0088); read on, the end would overflow the time types (decision 0070)."""


def workout_seconds(seconds: int | None, cell: str, column: str) -> int | None:
    """``seconds`` when a workout may last so long (``record_ranges.WORKOUT_DURATION_S``); else
    ``DurationTooLong`` naming the column."""
    if seconds is not None and WORKOUT_DURATION_S.problem(seconds) is not None:
        hours = WORKOUT_DURATION_S.high / 3600
        raise DurationTooLong(
            f"{column} {cell.strip()!r} is more than {hours:g} hours (a timer left running?): "
            "the workout is kept without its end"
        )
    return seconds
