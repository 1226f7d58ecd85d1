"""The read use cases: records, progress, focus balance and insights, each after catching up.

Every answer is read while the account's feed lock is held right after catching up with both feeds,
so the ``as_of_sequence`` (sessions) and ``training_sequence`` it reports are exactly the sequences
it reflects (decisions 0021 and 0024).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import Connection

from kinetic.errors import InvalidArgument
from kinetic.time_zones import time_zone
from services.analytics.adapters import aggregates as store
from services.analytics.adapters import session_reads
from services.analytics.adapters.aggregates import Figure, SeriesColumns
from services.analytics.adapters.catalog import MuscleCatalog
from services.analytics.domain import balance as focus
from services.analytics.domain import plan_targets, trends
from services.analytics.domain.lifting import Formula, check_formula
from services.analytics.service_layer.catch_up import DEFAULT_WAIT_SECONDS, AccountFeeds
from services.analytics.service_layer.exercise_labels import ExerciseLabel, ExerciseLabels
from services.analytics.service_layer.workout_insights import WorkoutInsights, read_workout_insights

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
    zone = time_zone(name)
    if zone is None:
        raise InvalidArgument.for_field("time_zone", f"{value[:64]!r} is not an IANA time zone")
    return Zone(name, zone)


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
    label: ExerciseLabel
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
    series: SeriesColumns  # column by column, as the database returned it (decision 0121)
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
    label: ExerciseLabel
    points: list[trends.SessionE1rm]
    trend: trends.TrendFigures
    suggestion: trends.SuggestionFigures | None
    deload_kg: float | None
    # The workouts whose movements prescribe the exercise, for a deload proposal (decision 0024).
    deload_targets: list[plan_targets.PlanTarget] = field(default_factory=list)


@dataclass(frozen=True)
class ShortSeries:
    """An exercise logged in the window with not enough data for a trend (decision 0037)."""

    exercise_id: str
    label: ExerciseLabel
    points: list[trends.SessionE1rm]


@dataclass(frozen=True)
class InsightsAnswer:
    """Trends, suggestions, balance, workout choices, comparable sessions and proposals."""

    exercises: list[ExerciseInsight]
    balance: BalanceAnswer
    add_sets: focus.AddSetsProposal | None
    formula: Formula
    zone: Zone
    first: date
    last: date
    as_of_sequence: int
    training_sequence: int
    workouts: WorkoutInsights
    add_sets_target: plan_targets.PlanTarget | None
    not_enough_data: list[ShortSeries] = field(default_factory=list)


class AnalyticsQueries:
    """Answers the analytics reads from the derived data, after catching up."""

    def __init__(self, follower: AccountFeeds, catalog: MuscleCatalog, clock: Callable[[], datetime]) -> None:
        self._follower = follower
        self._catalog = catalog
        self._clock = clock

    def _today(self, zone: Zone) -> date:
        return zone.day(self._clock())

    async def personal_records(
        self,
        account_id: str,
        exercise_ids: list[str],
        formula_name: str,
        time_zone: str,
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
    ) -> RecordsAnswer:
        """Every record of the account, or of the named exercises."""
        formula = parse_formula(formula_name)
        zone = parse_zone(time_zone)
        if len(exercise_ids) > MAX_EXERCISE_IDS:
            raise InvalidArgument.for_field("exercise_ids", f"must list at most {MAX_EXERCISE_IDS}")
        if any(not e for e in exercise_ids):
            raise InvalidArgument.for_field("exercise_ids", "must not contain an empty ID")
        wanted = sorted(set(exercise_ids)) or None
        async with self._follower.caught_up(account_id, wait_seconds) as positions:
            with self._follower.engine.connect() as conn:
                rows = store.records(conn, account_id, wanted)
                label = self._labels(conn, account_id)
        by_exercise: dict[str, dict[str, Figure]] = {}
        for kind, figure in rows:
            by_exercise.setdefault(figure.exercise_id, {})[kind] = figure
        exercises = [
            ExerciseRecords(
                exercise_id,
                label(exercise_id),
                kinds.get("top_set"),
                kinds.get(f"e1rm_{formula}"),
                kinds.get("best_set_volume"),
            )
            for exercise_id, kinds in sorted(by_exercise.items())
        ]
        return RecordsAnswer(exercises, formula, zone, positions.sessions)

    async def progress(
        self,
        account_id: str,
        exercise_id: str,
        metric: str,
        from_day: str,
        to_day: str,
        formula_name: str,
        time_zone: str,
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
    ) -> ProgressAnswer:
        """One point per session of ``metric`` between two local days."""
        if not exercise_id:
            raise InvalidArgument.for_field("exercise_id", "is required")
        if metric not in METRICS:
            raise InvalidArgument.for_field("metric", f"must be one of {', '.join(METRICS)}, not {metric!r}")
        formula = parse_formula(formula_name)
        zone = parse_zone(time_zone)
        first, last = day_range(from_day, to_day, self._today(zone), PROGRESS_DEFAULT_DAYS)
        figure = {"e1rm": f"e1rm_{formula}", "top_set": "top_set", "volume": None}[metric]
        async with self._follower.caught_up(account_id, wait_seconds) as positions:
            with self._follower.engine.connect() as conn:
                # Only the plotted figure's columns, on the driver's cursor: a 1-year series reads
                # hundreds of rows (decision 0121, "The progress series, columnar").
                series = store.series_columns(
                    conn,
                    account_id,
                    exercise_id,
                    zone.start_of(first),
                    zone.start_of(last + timedelta(days=1)),
                    figure,
                )
        return ProgressAnswer(
            exercise_id,
            metric,
            formula if metric == "e1rm" else None,
            first,
            last,
            series,
            zone,
            positions.sessions,
        )

    async def focus_balance(
        self,
        account_id: str,
        from_day: str,
        to_day: str,
        time_zone: str,
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
    ) -> BalanceAnswer:
        """Weighted sets per muscle group per ISO week between two local days."""
        zone = parse_zone(time_zone)
        first, last = day_range(from_day, to_day, self._today(zone), BALANCE_DEFAULT_DAYS)
        async with self._follower.caught_up(account_id, wait_seconds) as positions:
            return self._balance(account_id, zone, first, last, positions.sessions)

    def _balance(self, account_id: str, zone: Zone, first: date, last: date, sequence: int) -> BalanceAnswer:
        with self._follower.engine.connect() as conn:
            rows = store.points(
                conn, account_id, zone.start_of(first), zone.start_of(last + timedelta(days=1))
            )
            links = session_reads.links(conn, account_id)
        counted = [focus.CountedSets(p.exercise_id, zone.day(p.started_at), p.balance_sets) for p in rows]

        def muscles(exercise_id: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
            # A gym exercise takes the muscles of the catalog exercise it maps to (decision 0024).
            found = self._catalog.get(exercise_id) or self._catalog.get(links.get(exercise_id, ""))
            return None if found is None else (found.primary, found.secondary)

        return BalanceAnswer(first, last, focus.focus_balance(counted, muscles, first, last), sequence)

    async def insights(
        self, account_id: str, time_zone: str, formula_name: str, wait_seconds: float = DEFAULT_WAIT_SECONDS
    ) -> InsightsAnswer:
        """Trends and suggestions over eight weeks, balance over four, and proposals."""
        formula = parse_formula(formula_name)
        zone = parse_zone(time_zone)
        last = self._today(zone)
        first = last - timedelta(days=INSIGHT_DAYS - 1)
        kind = f"e1rm_{formula}"
        start, end = zone.start_of(first), zone.start_of(last + timedelta(days=1))
        async with self._follower.caught_up(account_id, wait_seconds) as positions:
            with self._follower.engine.connect() as conn:
                rows = store.points(conn, account_id, start, end)
                library = read_workout_insights(conn, account_id, start, end, first, last)
                label = self._labels(conn, account_id)
            balance = self._balance(
                account_id, zone, last - timedelta(days=BALANCE_DEFAULT_DAYS - 1), last, positions.sessions
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
        short: list[ShortSeries] = []
        for exercise_id, points in series.items():
            figures = trends.trend(points)
            if figures is None:
                short.append(ShortSeries(exercise_id, label(exercise_id), points))
                continue
            deload = trends.deload_load(points, figures)
            exercises.append(
                ExerciseInsight(
                    exercise_id,
                    label(exercise_id),
                    points,
                    figures,
                    trends.suggest(points, formula),
                    deload,
                    self._deload_targets(library, exercise_id, deload),
                )
            )
        exercises.sort(key=lambda e: (-e.points[-1].started_at.timestamp(), e.exercise_id))
        short.sort(key=lambda s: (-s.points[-1].started_at.timestamp(), s.exercise_id))
        add_sets = focus.undertrained(balance.balance)
        return InsightsAnswer(
            exercises[:MAX_INSIGHT_EXERCISES],
            balance,
            add_sets,
            formula,
            zone,
            first,
            last,
            positions.sessions,
            positions.training,
            library,
            self._add_sets_target(library, add_sets),
            short[:MAX_INSIGHT_EXERCISES],
        )

    def _labels(self, conn: Connection, account_id: str) -> ExerciseLabels:
        return ExerciseLabels(self._catalog, session_reads.logged_names(conn, account_id))

    @staticmethod
    def _deload_targets(
        library: WorkoutInsights, exercise_id: str, deload_kg: float | None
    ) -> list[plan_targets.PlanTarget]:
        if deload_kg is None:
            return []
        prescribed = {exercise_id} | ({library.links[exercise_id]} if exercise_id in library.links else set())
        return plan_targets.deload_targets(library.workouts.values(), library.plans, prescribed, deload_kg)

    def _add_sets_target(
        self, library: WorkoutInsights, proposal: focus.AddSetsProposal | None
    ) -> plan_targets.PlanTarget | None:
        if proposal is None:
            return None

        def primary(exercise_id: str) -> tuple[str, ...]:
            found = self._catalog.get(exercise_id)
            return found.primary if found else ()

        return plan_targets.add_sets_target(
            library.workouts.values(), library.plans, proposal.muscle, primary, proposal.extra_sets_per_week
        )
