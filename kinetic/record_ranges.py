"""The one table of what times and numbers Kinetic stores, and the words when one is outside.

Every door that stores a record (activity files, the CSV import, MCP, REST, and each service's
gRPC calls as the last door) checks its times against this table, so an impossible value (a GPX
dated 0001-01-01, a plan workout on 9999-12-31) is refused naming the field and the range instead
of being stored and breaking every later read of the account. Reads that meet a value outside it
anyway (stored before these checks) skip that record and say so. The ranges and why:
docs/decisions/0070-record-ranges.md.

Plumbing: no service's code is imported here, so every service and the edge can import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Final

from kinetic.errors import InvalidArgument


@dataclass(frozen=True)
class MomentRange:
    """Instants from ``earliest`` to ``ahead`` after now (the clock of the door that checks)."""

    earliest: datetime
    ahead: timedelta
    # The furthest a value may lie even without a clock: what a pure reader (a file parser) checks.
    latest_ever: datetime

    def problem(self, value: datetime, now: datetime | None) -> str | None:
        """Why ``value`` is outside, in words naming the range; None when it is inside."""
        aware = value if value.tzinfo is not None else value.replace(tzinfo=UTC)
        latest = self.latest_ever if now is None else now + self.ahead
        if self.earliest <= aware <= latest:
            return None
        return f"must be from {_moment(self.earliest)} to {self._latest_words(now)} (got {_moment(aware)})"

    def _latest_words(self, now: datetime | None) -> str:
        if now is None:
            return _moment(self.latest_ever)
        return f"{_duration_words(self.ahead)} from now ({_moment(now + self.ahead)})"


@dataclass(frozen=True)
class DayRange:
    """Calendar days from ``earliest`` to ``latest``, or to ``ahead_days`` after today when set."""

    earliest: date
    latest: date
    ahead_days: int | None = None

    def problem(self, value: date, today: date | None = None) -> str | None:
        """Why ``value`` is outside, in words naming the range; None when it is inside."""
        latest = self.latest
        if self.ahead_days is not None and today is not None:
            latest = min(latest, today + timedelta(days=self.ahead_days))
        if self.earliest <= value <= latest:
            return None
        return f"must be a day from {self.earliest} to {latest} (got {value})"


@dataclass(frozen=True)
class NumberRange:
    """Numbers from ``low`` to ``high`` inclusive, in ``unit``."""

    low: float
    high: float
    unit: str

    def problem(self, value: float) -> str | None:
        """Why ``value`` is outside (NaN and infinities are), naming the range; None when inside."""
        if value == value and self.low <= value <= self.high:
            return None
        return f"must be a number of {self.unit} from {self.low:g} to {self.high:g} (got {value:g})"


# --- the table -------------------------------------------------------------------------------------

# Endurance activities (recorded, imported from a file, or given as a summary): no device or app
# recorded one before 1970 (Unix time starts there and every file format counts from after it);
# one more than a day ahead of the clock is a wrong clock (a day covers every time zone).
ACTIVITY_START: Final = MomentRange(
    earliest=datetime(1970, 1, 1, tzinfo=UTC),
    ahead=timedelta(days=1),
    latest_ever=datetime(2999, 12, 31, tzinfo=UTC),
)
# Strength workouts in the log (logged or imported): a training diary typed in from paper may be
# older than 1970, so the log reaches back to 1900, as the days below do.
WORKOUT_TIME: Final = MomentRange(
    earliest=datetime(1900, 1, 1, tzinfo=UTC),
    ahead=timedelta(days=1),
    latest_ever=datetime(2999, 12, 31, tzinfo=UTC),
)
# A workout's duration as an export file states it (Strong's "1h 5m"): beyond three days it is a
# timer left running, not a workout; the workout is kept without an end (decision 0047).
WORKOUT_DURATION_S: Final = NumberRange(0, 72 * 3600, "seconds")
# Days a person names for a plan, a plan workout, a phase, a threshold or a coaching summary, and
# every day a read is asked for: no training log reaches past either end, and local midnights near
# date.min and date.max overflow the time types before an answer could be built.
CALENDAR_DAY: Final = DayRange(earliest=date(1900, 1, 1), latest=date(2999, 12, 31))
# A day's readiness (sleep, HRV, soreness) is measured, not planned: from 1970 (as activities) to
# tomorrow (today in the zone furthest ahead).
READINESS_DAY: Final = DayRange(earliest=date(1970, 1, 1), latest=date(2999, 12, 31), ahead_days=1)

# A set's numbers, in the workout log and in live sessions alike.
SET_LOAD_KG: Final = NumberRange(0, 1000, "kilograms")
SET_LOAD_LB: Final = NumberRange(0, 2205, "pounds")  # 1000 kg
SET_REPS: Final = NumberRange(0, 1000, "repetitions")
SET_DURATION_S: Final = NumberRange(0, 86400, "seconds")
SET_DISTANCE_M: Final = NumberRange(0, 1_000_000, "metres")


# --- helpers ---------------------------------------------------------------------------------------


def require_moment(field: str, value: datetime, allowed: MomentRange, now: datetime | None) -> datetime:
    """``value`` when inside ``allowed``; else InvalidArgument naming ``field`` and the range."""
    problem = allowed.problem(value, now)
    if problem is not None:
        raise InvalidArgument.for_field(field, problem)
    return value


def require_day(field: str, value: date, allowed: DayRange, today: date | None = None) -> date:
    """``value`` when inside ``allowed``; else InvalidArgument naming ``field`` and the range."""
    problem = allowed.problem(value, today)
    if problem is not None:
        raise InvalidArgument.for_field(field, problem)
    return value


def storable_moment(value: datetime) -> bool:
    """Whether a stored instant lies where every read can work with it (local days in any zone, a
    day before and after, protobuf Timestamps): what a read checks before it uses a stored value."""
    aware = value if value.tzinfo is not None else value.replace(tzinfo=UTC)
    return WORKOUT_TIME.earliest <= aware <= WORKOUT_TIME.latest_ever


def _moment(value: datetime) -> str:
    shown = value.astimezone(UTC) if _in_years(value) else value
    return shown.replace(tzinfo=None).isoformat(timespec="seconds") + "Z"


def _in_years(value: datetime) -> bool:
    # astimezone needs a day of room either side of the value.
    return date(1, 1, 2) <= value.date() <= date(9999, 12, 30)


def _duration_words(span: timedelta) -> str:
    days = span.days
    return "1 day" if days == 1 else f"{days} days"
