"""The read use cases: records, progress, focus balance and insights, each after catching up.

Every answer is read while the account's feed lock is held right after catching up, so the
``as_of_sequence`` it reports is exactly the sequence it reflects (decision 0021).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from kinetic.errors import InvalidArgument
from services.analytics.adapters import aggregates as store
from services.analytics.adapters.aggregates import Figure, PointRow
from services.analytics.adapters.catalog import MuscleCatalog
from services.analytics.domain import balance as focus
from services.analytics.domain import trends
from services.analytics.domain.lifting import Formula, check_formula
from services.analytics.service_layer.catch_up import FeedFollower

METRICS = ("e1rm", "top_set", "volume")
MAX_EXERCISE_IDS = 100
MAX_RANGE_DAYS = 3700  # ten years and a bit: the longest series anyone asks for
PROGRESS_DEFAULT_DAYS = 90
BALANCE_DEFAULT_DAYS = 28
INSIGHT_DAYS = 56  # eight weeks of trends and suggestions
MAX_INSIGHT_EXERCISES = 20
DISCLAIMER = "Training suggestions are based on logged data and are not medical advice."


@dataclass(frozen=True)
class Zone:
    """A request's time zone and how to turn local days into UTC bounds and back."""

    name: str
    info: ZoneInfo

    def day(self, moment: datetime) -> date:
        """The local day of ``moment``."""
        return moment.astimezone(self.info).date()

    def start_of(self, day: date) -> datetime:
        """Local midnight of ``day`` in UTC."""
        return datetime.combine(day, time(), self.info).astimezone(UTC)


def parse_zone(value: str) -> Zone:
    """The IANA zone named ``value`` ("" is UTC); INVALID_ARGUMENT naming time_zone otherwise."""
    name = value or "UTC"
    try:
        return Zone(name, ZoneInfo(name))
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise InvalidArgument.for_field("time_zone", f"{value!r} is not an IANA time zone") from error


def parse_formula(value: str) -> Formula:
    """The formula named by ``value``; INVALID_ARGUMENT naming formula otherwise."""
    formula = check_formula(value)
    if formula is None:
        raise InvalidArgument.for_field("formula", f"must be epley or brzycki, not {value!r}")
    return formula


def day_range(from_value: str, to_value: str, today: date, default_days: int) -> tuple[date, date]:
    """Parse a from/to pair of YYYY-MM-DD days with defaults; names the field that is wrong."""

    def parse(field: str, value: str) -> date:
        try:
            return date.fromisoformat(value)
        except ValueError as error:
            raise InvalidArgument.for_field(field, f"must be a day as YYYY-MM-DD, not {value!r}") from error

    last = parse("to_day", to_value) if to_value else today
    first = parse("from_day", from_value) if from_value else last - timedelta(days=default_days - 1)
    if first > last:
        raise InvalidArgument.for_field("from_day", "must not be after to_day")
    if (last - first).days >= MAX_RANGE_DAYS:
        raise InvalidArgument.for_field("from_day", f"must be less than {MAX_RANGE_DAYS} days before to_day")
    return first, last


@dataclass(frozen=True)
class ExerciseRecords:
    """One exercise's records (None where no set qualifies)."""

    exercise_id: str
    exercise_name: str
    heaviest_load: Figure | None
    estimated_one_rep_max: Figure | None
    best_set_volume: Figure | None


@dataclass(frozen=True)
class RecordsAnswer:
    """Records per exercise, the formula and the sequence they reflect."""

    exercises: list[ExerciseRecords]
    formula: Formula
    zone: Zone
    as_of_sequence: int


@dataclass(frozen=True)
class ProgressAnswer:
    """One metric's series."""

    exercise_id: str
    metric: str
    formula: Formula | None
    first: date
    last: date
    points: list[PointRow]
    zone: Zone
    as_of_sequence: int


@dataclass(frozen=True)
class BalanceAnswer:
    """The weekly focus balance of a range."""

    first: date
    last: date
    balance: focus.Balance
    as_of_sequence: int


@dataclass(frozen=True)
class ExerciseInsight:
    """What the insights view says about one exercise."""

    exercise_id: str
    exercise_name: str
    points: list[trends.SessionE1rm]
    trend: trends.TrendFigures
    suggestion: trends.SuggestionFigures | None
    deload_kg: float | None


@dataclass(frozen=True)
class InsightsAnswer:
    """Trends, suggestions, balance and proposals for the insights view."""

    exercises: list[ExerciseInsight]
    balance: BalanceAnswer
    add_sets: focus.AddSetsProposal | None
    formula: Formula
    zone: Zone
    first: date
    last: date
    as_of_sequence: int


class AnalyticsQueries:
    """Answers the analytics reads from the derived data, after catching up."""

    def __init__(self, follower: FeedFollower, catalog: MuscleCatalog, clock: Callable[[], datetime]) -> None:
        self._follower = follower
        self._catalog = catalog
        self._clock = clock

    def _today(self, zone: Zone) -> date:
        return zone.day(self._clock())

    async def personal_records(
        self, account_id: str, exercise_ids: list[str], formula_name: str, time_zone: str
    ) -> RecordsAnswer:
        """Every record of the account, or of the named exercises."""
        formula = parse_formula(formula_name)
        zone = parse_zone(time_zone)
        if len(exercise_ids) > MAX_EXERCISE_IDS:
            raise InvalidArgument.for_field("exercise_ids", f"must list at most {MAX_EXERCISE_IDS}")
        if any(not e for e in exercise_ids):
            raise InvalidArgument.for_field("exercise_ids", "must not contain an empty ID")
        wanted = sorted(set(exercise_ids)) or None
        async with self._follower.caught_up(account_id) as sequence:
            with self._follower.engine.connect() as conn:
                rows = store.records(conn, account_id, wanted)
        by_exercise: dict[str, dict[str, Figure]] = {}
        for kind, figure in rows:
            by_exercise.setdefault(figure.exercise_id, {})[kind] = figure
        exercises = [
            ExerciseRecords(
                exercise_id,
                self._catalog.name(exercise_id),
                kinds.get("top_set"),
                kinds.get(f"e1rm_{formula}"),
                kinds.get("best_set_volume"),
            )
            for exercise_id, kinds in sorted(by_exercise.items())
        ]
        return RecordsAnswer(exercises, formula, zone, sequence)

    async def progress(
        self,
        account_id: str,
        exercise_id: str,
        metric: str,
        from_day: str,
        to_day: str,
        formula_name: str,
        time_zone: str,
    ) -> ProgressAnswer:
        """One point per session of ``metric`` between two local days."""
        if not exercise_id:
            raise InvalidArgument.for_field("exercise_id", "is required")
        if metric not in METRICS:
            raise InvalidArgument.for_field("metric", f"must be one of {', '.join(METRICS)}, not {metric!r}")
        formula = parse_formula(formula_name)
        zone = parse_zone(time_zone)
        first, last = day_range(from_day, to_day, self._today(zone), PROGRESS_DEFAULT_DAYS)
        column = {"e1rm": f"e1rm_{formula}", "top_set": "top_set", "volume": "volume"}[metric]
        async with self._follower.caught_up(account_id) as sequence:
            with self._follower.engine.connect() as conn:
                rows = store.points(
                    conn,
                    account_id,
                    zone.start_of(first),
                    zone.start_of(last + timedelta(days=1)),
                    exercise_id,
                )
        if column == "volume":
            kept = [p for p in rows if p.volume is not None]
        else:
            kept = [p for p in rows if p.figures[column] is not None]
        return ProgressAnswer(
            exercise_id, metric, formula if metric == "e1rm" else None, first, last, kept, zone, sequence
        )

    async def focus_balance(
        self, account_id: str, from_day: str, to_day: str, time_zone: str
    ) -> BalanceAnswer:
        """Weighted sets per muscle group per ISO week between two local days."""
        zone = parse_zone(time_zone)
        first, last = day_range(from_day, to_day, self._today(zone), BALANCE_DEFAULT_DAYS)
        async with self._follower.caught_up(account_id) as sequence:
            return self._balance(account_id, zone, first, last, sequence)

    def _balance(self, account_id: str, zone: Zone, first: date, last: date, sequence: int) -> BalanceAnswer:
        with self._follower.engine.connect() as conn:
            rows = store.points(
                conn, account_id, zone.start_of(first), zone.start_of(last + timedelta(days=1))
            )
        counted = [focus.CountedSets(p.exercise_id, zone.day(p.started_at), p.balance_sets) for p in rows]

        def muscles(exercise_id: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
            found = self._catalog.get(exercise_id)
            return None if found is None else (found.primary, found.secondary)

        return BalanceAnswer(first, last, focus.focus_balance(counted, muscles, first, last), sequence)

    async def insights(self, account_id: str, time_zone: str, formula_name: str) -> InsightsAnswer:
        """Trends and suggestions over eight weeks, balance over four, and proposals."""
        formula = parse_formula(formula_name)
        zone = parse_zone(time_zone)
        last = self._today(zone)
        first = last - timedelta(days=INSIGHT_DAYS - 1)
        kind = f"e1rm_{formula}"
        async with self._follower.caught_up(account_id) as sequence:
            with self._follower.engine.connect() as conn:
                rows = store.points(
                    conn, account_id, zone.start_of(first), zone.start_of(last + timedelta(days=1))
                )
            balance = self._balance(
                account_id, zone, last - timedelta(days=BALANCE_DEFAULT_DAYS - 1), last, sequence
            )
        series: dict[str, list[trends.SessionE1rm]] = {}
        for point in rows:
            best = point.figures[kind]
            if best is not None:
                series.setdefault(point.exercise_id, []).append(
                    trends.SessionE1rm(
                        point.started_at,
                        zone.day(point.started_at).isoformat(),
                        best.value,
                        best.weight_kg,
                        best.reps,
                    )
                )
        exercises: list[ExerciseInsight] = []
        for exercise_id, points in series.items():
            figures = trends.trend(points)
            if figures is None:
                continue
            exercises.append(
                ExerciseInsight(
                    exercise_id,
                    self._catalog.name(exercise_id),
                    points,
                    figures,
                    trends.suggest(points, formula),
                    trends.deload_load(points, figures),
                )
            )
        exercises.sort(key=lambda e: (-e.points[-1].started_at.timestamp(), e.exercise_id))
        return InsightsAnswer(
            exercises[:MAX_INSIGHT_EXERCISES],
            balance,
            focus.undertrained(balance.balance),
            formula,
            zone,
            first,
            last,
            sequence,
        )
