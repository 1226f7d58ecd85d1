"""The endurance reads: training load, activity stress, athlete figures, power curve, readiness.

Like every analytics read, each catches up first and reads while holding the account's lock: with
the sessions feed only, the one whose projection these reads use (decision 0090), so
``as_of_sequence`` is exactly the sessions sequence the answer reflects (decisions 0021 and 0035).
Days are local days in the request's time zone. Rules and formulas:
docs/decisions/0055-endurance-analytics.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import Connection, Engine

from kinetic.errors import InvalidArgument
from knowledge.endurance import heart_rate, power, running, swimming
from knowledge.endurance.heart_rate import HeartRateZones
from knowledge.endurance.load import PmcDay, PmcSeed
from knowledge.endurance.plausibility import implausible_speed
from knowledge.endurance.power import EstimatedFtp, PowerZone
from knowledge.endurance.running import EffectiveVdot, RacePrediction, RunEffort, TrainingPaces
from knowledge.endurance.swimming import CriticalSwimSpeed, SwimZone
from knowledge.limits.endurance_plans import MAX_PLANNED_TSS
from knowledge.plan_safety import Advisory, GoalRace, TrainingHistory, evaluate_plan_safety
from services.analytics.adapters import cursors
from services.analytics.adapters import endurance_store as store
from services.analytics.domain import completion
from services.analytics.domain.coaching.decision import DailyDecision, daily_decision
from services.analytics.domain.coaching.inputs import PlannedWorkout
from services.analytics.domain.coaching.status import TrainingStatus, training_status
from services.analytics.domain.completion import Assessment
from services.analytics.domain.endurance_changes import SPORTS, ActivityFacts, ReadinessEntry, ThresholdValue
from services.analytics.domain.plan_loads import (
    UNSET_FIRST_WEEKDAY,
    PlanLoad,
    history_start,
    planned_workouts,
    week_starts_on,
)
from services.analytics.domain.training_stress import (
    ActivityStress,
    ThresholdHistory,
    ThresholdsInForce,
    activity_stress,
    threshold_heart_rate,
)
from services.analytics.service_layer import coaching_reads, plan_safety_reads, training_load
from services.analytics.service_layer.catch_up import DEFAULT_WAIT_SECONDS, SESSIONS, AccountFeeds
from services.analytics.service_layer.queries import Zone, parse_zone
from services.analytics.service_layer.training_load import SeedToStore

# The longest range a read covers: ten years and a bit, as the other analytics reads.
MAX_RANGE_DAYS = 3700
TSB_CONVENTION = "previous_day"
POWER_CURVE_SPORT = "ride"  # FTP and the power curve are cycling figures
# Coaching reads look weeks back from the day: keep every window inside what dates can hold.
COACHING_YEARS = (1900, 2999)


def parse_day(field: str, value: str) -> date:
    """A YYYY-MM-DD day; INVALID_ARGUMENT naming ``field`` otherwise."""
    try:
        return date.fromisoformat(value)
    except ValueError as error:
        raise InvalidArgument.for_field(field, f"must be a day as YYYY-MM-DD, not {value[:32]!r}") from error


def day_range(from_value: str, to_value: str, today: date) -> tuple[date, date]:
    """``from_day`` (empty: today) to ``to_day`` (empty: ``from_day``), both included, at most
    ``MAX_RANGE_DAYS`` apart."""
    first = parse_day("from_day", from_value) if from_value else today
    last = parse_day("to_day", to_value) if to_value else first
    check_range(first, last)
    return first, last


def check_range(first: date, last: date) -> None:
    """INVALID_ARGUMENT unless ``first`` is on or before ``last`` and at most 3700 days before."""
    if first > last:
        raise InvalidArgument.for_field("from_day", f"must not be after to_day ({first} is after {last})")
    if (last - first).days > MAX_RANGE_DAYS:
        raise InvalidArgument.for_field(
            "from_day", f"must be at most {MAX_RANGE_DAYS} days before to_day (it is {(last - first).days})"
        )


def check_sports(sports: Sequence[str]) -> list[str]:
    """The sports asked for; INVALID_ARGUMENT naming an unknown one."""
    for sport in sports:
        if sport not in SPORTS:
            raise InvalidArgument.for_field(
                "sports", f"must each be one of {', '.join(SPORTS)}, not {sport[:32]!r}"
            )
    return sorted(set(sports))


@dataclass(frozen=True)
class TrainingLoadAnswer:
    """The chart of each day from ``first`` to ``last``, per sport and combined."""

    first: date
    last: date
    by_sport: list[tuple[str, tuple[PmcDay, ...]]]
    combined: tuple[PmcDay, ...]
    as_of_sequence: int
    tsb_convention: str = TSB_CONVENTION


@dataclass(frozen=True)
class StressedActivity:
    """An activity with its local day and training stress."""

    activity: ActivityFacts
    day: date
    stress: ActivityStress


@dataclass(frozen=True)
class ActivityStressAnswer:
    activities: list[StressedActivity]
    as_of_sequence: int


@dataclass(frozen=True)
class RunningAnswer:
    """VDOT in force, effective VDOT, and the predictions and paces of whichever is known (the VDOT
    in force first)."""

    vdot: float | None
    effective: EffectiveVdot | None
    effective_activity_id: str
    predictions: tuple[RacePrediction, ...]
    paces: TrainingPaces | None


@dataclass(frozen=True)
class AthleteFiguresAnswer:
    day: date
    thresholds: ThresholdsInForce
    running: RunningAnswer
    power_zones: tuple[PowerZone, ...]
    heart_rate_zones: HeartRateZones | None
    css: CriticalSwimSpeed | None
    swim_zones: tuple[SwimZone, ...]
    body_weight_kg: float | None
    as_of_sequence: int


@dataclass(frozen=True)
class CurvePoint:
    duration_s: int
    watts: float
    activity_id: str
    all_time_peak_watts: float


@dataclass(frozen=True)
class PowerCurveAnswer:
    points: list[CurvePoint]
    eftp: EstimatedFtp | None
    body_weight_kg: float | None
    as_of_sequence: int


@dataclass(frozen=True)
class ReadinessAnswer:
    entries: list[ReadinessEntry]
    as_of_sequence: int


@dataclass(frozen=True)
class DecisionAnswer:
    day: date
    decision: DailyDecision
    generated_at: datetime
    as_of_sequence: int


@dataclass(frozen=True)
class StatusAnswer:
    as_of: datetime
    status: TrainingStatus
    as_of_sequence: int


@dataclass(frozen=True)
class PlanSafetyAnswer:
    """The engine's advisories, in its order (by day, then rule, then what each is about)."""

    advisories: tuple[Advisory, ...]
    as_of_sequence: int


@dataclass(frozen=True)
class PlanningContextAnswer:
    """What a plan write needs of analytics: figures (None when not asked for), today, the
    completed training from today's history start and yesterday's loads."""

    figures: AthleteFiguresAnswer | None
    today: date
    history: TrainingHistory
    seed: PmcSeed
    as_of_sequence: int


@dataclass(frozen=True)
class CompletionAnswer:
    assessment: Assessment
    as_of_sequence: int


class EnduranceQueries:
    """Answers the endurance reads from the derived data, after catching up."""

    def __init__(self, feeds: AccountFeeds, clock: Callable[[], datetime]) -> None:
        self._feeds = feeds
        self._clock = clock

    @property
    def _engine(self) -> Engine:
        return self._feeds.engine

    def _today(self, zone: Zone) -> date:
        return zone.day(self._clock())

    async def training_load(
        self,
        account_id: str,
        from_day: str,
        to_day: str,
        time_zone: str,
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
        *,
        use_seeds: bool = True,
    ) -> TrainingLoadAnswer:
        """The chart from ``from_day`` to ``to_day``; ``use_seeds`` False (tests) reads every
        activity and stores no seed."""
        zone = parse_zone(time_zone)
        first, last = day_range(from_day, to_day, self._today(zone))
        async with self._feeds.caught_up(account_id, wait_seconds, SESSIONS) as positions:
            with self._engine.connect() as conn:
                found = training_load.chart(conn, account_id, zone, first, last, use_seeds=use_seeds)
            if use_seeds and found.seed_to_store is not None:
                self._store_seed(account_id, zone, found.seed_to_store, positions.sessions)
        return TrainingLoadAnswer(first, last, found.by_sport, found.combined, positions.sessions)

    def _store_seed(self, account_id: str, zone: Zone, seed: SeedToStore, sequence: int) -> None:
        with self._engine.begin() as conn:
            # Only when nothing was applied since the read: the cursor's row lock orders this after
            # (or before) any other replica's catch-up, whose changes would invalidate the seed.
            if sequence and cursors.read(conn, account_id, "sessions", for_update=True) == sequence:
                store.put_seed(conn, account_id, zone.name, seed.day, seed.loads)

    async def activity_stress(
        self,
        account_id: str,
        from_day: str,
        to_day: str,
        time_zone: str,
        sports: Sequence[str],
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
    ) -> ActivityStressAnswer:
        """The activities that started from ``from_day`` to ``to_day``, oldest first, with their stress."""
        zone = parse_zone(time_zone)
        first, last = day_range(from_day, to_day, self._today(zone))
        wanted = check_sports(sports)
        async with self._feeds.caught_up(account_id, wait_seconds, SESSIONS) as positions:
            with self._engine.connect() as conn:
                found = store.activities(
                    conn, account_id, zone.start_of(first), zone.start_of(last + timedelta(days=1)), wanted
                )
                history = ThresholdHistory(store.thresholds(conn, account_id))
        stressed = []
        for activity in found:
            day = zone.day(activity.start_time)
            stressed.append(StressedActivity(activity, day, activity_stress(activity, history.in_force(day))))
        return ActivityStressAnswer(stressed, positions.sessions)

    async def athlete_figures(
        self, account_id: str, day: str, time_zone: str, wait_seconds: float = DEFAULT_WAIT_SECONDS
    ) -> AthleteFiguresAnswer:
        """The figures the thresholds in force on ``day`` (empty: today) give."""
        zone = parse_zone(time_zone)
        on = parse_day("day", day) if day else self._today(zone)
        async with self._feeds.caught_up(account_id, wait_seconds, SESSIONS) as positions:
            with self._engine.connect() as conn:
                return _figures(conn, account_id, zone, on, positions.sessions)

    async def planning_context(
        self,
        account_id: str,
        time_zone: str,
        first_weekday: int = UNSET_FIRST_WEEKDAY,
        with_figures: bool = False,
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
        sessions_at_least: int = 0,
    ) -> PlanningContextAnswer:
        """What a plan write needs of analytics, after one catch-up (decision 0096): today's figures
        (when ``with_figures``) and what ``plan_safety`` reads, from the history start of today's
        week on; a plan starting later keeps only the days from its own history start."""
        zone = parse_zone(time_zone)
        today = self._today(zone)
        planned_workouts((), today, account_id, first_weekday)  # the same refusals as plan_safety's
        since = history_start(today, week_starts_on(first_weekday))
        async with self._feeds.caught_up(account_id, wait_seconds, SESSIONS, sessions_at_least) as positions:
            with self._engine.connect() as conn:
                # Thresholds and activities read once for the figures, the chart and the completed
                # days (decision 0123): the chart asks first (its start depends on its seed), then
                # the days since ``since`` and the figures' running window come from that read.
                thresholds = store.thresholds(conn, account_id)
                end = zone.start_of(today + timedelta(days=1))
                floor = min(zone.start_of(since), end - running.EFFECTIVE_VDOT_WINDOW)
                activities = store.ActivitiesOnce(floor, end)
                context = plan_safety_reads.read_context(
                    conn, account_id, zone, since, today, thresholds, activities
                )
                figures = None
                if with_figures:
                    figures = _figures(
                        conn, account_id, zone, today, positions.sessions, thresholds, activities
                    )
            if context.seed_to_store is not None:
                self._store_seed(account_id, zone, context.seed_to_store, positions.sessions)
        return PlanningContextAnswer(figures, today, context.history, context.seed, positions.sessions)

    async def power_curve(
        self,
        account_id: str,
        from_day: str,
        to_day: str,
        time_zone: str,
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
    ) -> PowerCurveAnswer:
        """The rides' power curve from ``from_day`` (empty: all time) to ``to_day`` (empty: today)."""
        zone = parse_zone(time_zone)
        last = parse_day("to_day", to_day) if to_day else self._today(zone)
        first = parse_day("from_day", from_day) if from_day else None
        if first is not None:
            check_range(first, last)
        start = zone.start_of(first) if first is not None else None
        async with self._feeds.caught_up(account_id, wait_seconds, SESSIONS) as positions:
            with self._engine.connect() as conn:
                in_range = store.best_power(
                    conn, account_id, POWER_CURVE_SPORT, start, zone.start_of(last + timedelta(days=1))
                )
                ever = store.best_power(conn, account_id, POWER_CURVE_SPORT, None, None)
                weight = store.body_weight_on(conn, account_id, last)
        curve = _curve(in_range)
        peaks = {point.duration_seconds: point.watts for point in _curve(ever)}
        points = [
            CurvePoint(point.duration_seconds, point.watts, point.activity_id, peaks[point.duration_seconds])
            for point in curve
        ]
        return PowerCurveAnswer(points, power.estimated_ftp(curve), weight, positions.sessions)

    async def daily_decision(
        self,
        account_id: str,
        day: str,
        time_zone: str,
        planned: Sequence[PlannedWorkout],
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
    ) -> DecisionAnswer:
        """The coaching decision for ``day`` (empty: today in the zone) with the planned sessions,
        from the data as stored now (decision 0058)."""
        zone = parse_zone(time_zone)
        now = self._clock()
        on = parse_day("day", day) if day else zone.day(now)
        if not COACHING_YEARS[0] <= on.year <= COACHING_YEARS[1]:
            raise InvalidArgument.for_field(
                "day", f"must be in the years {COACHING_YEARS[0]} to {COACHING_YEARS[1]}"
            )
        async with self._feeds.caught_up(account_id, wait_seconds, SESSIONS) as positions:
            with self._engine.connect() as conn:
                read = coaching_reads.read_inputs(conn, account_id, zone, on, now, planned)
            if read.seed_to_store is not None:
                self._store_seed(account_id, zone, read.seed_to_store, positions.sessions)
        return DecisionAnswer(on, daily_decision(read.inputs, now), now, positions.sessions)

    async def training_status(
        self,
        account_id: str,
        as_of: datetime | None,
        time_zone: str,
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
    ) -> StatusAnswer:
        """The status going into the local day of ``as_of`` (None: now), from the data recorded (or
        activities started) at or before it (decision 0058)."""
        zone = parse_zone(time_zone)
        at = as_of or self._clock()
        if not COACHING_YEARS[0] <= at.year <= COACHING_YEARS[1]:
            raise InvalidArgument.for_field(
                "as_of", f"must be in the years {COACHING_YEARS[0]} to {COACHING_YEARS[1]}"
            )
        async with self._feeds.caught_up(account_id, wait_seconds, SESSIONS) as positions:
            with self._engine.connect() as conn:
                read = coaching_reads.read_inputs(conn, account_id, zone, zone.day(at), at)
            if read.seed_to_store is not None:
                self._store_seed(account_id, zone, read.seed_to_store, positions.sessions)
        return StatusAnswer(at, training_status(read.inputs, at), positions.sessions)

    async def plan_safety(
        self,
        account_id: str,
        time_zone: str,
        loads: Sequence[PlanLoad],
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
        first_weekday: int = UNSET_FIRST_WEEKDAY,
        sessions_at_least: int = 0,
        goal: GoalRace | None = None,
    ) -> PlanSafetyAnswer:
        """Decision 0060's engine on the workouts from today (in the zone) on, in weeks starting on
        the athlete's ``first_weekday`` (ISO 1..7; 0 is Monday), with the completed days since the
        first day of the week four whole weeks before the plan's first week and yesterday's loads
        (decision 0062, Safety evaluation). Every bad field is refused at once. A caller that priced
        the loads with figures of sessions sequence ``sessions_at_least`` is judged against that
        history without a second catch-up (decision 0090). ``goal``: the event of a plan Kinetic
        generated, whose long runs are judged by the generator's table (decision 0114)."""
        zone = parse_zone(time_zone)
        today = self._today(zone)
        plan = planned_workouts(loads, today, account_id, first_weekday)
        weekday = week_starts_on(first_weekday)
        async with self._feeds.caught_up(account_id, wait_seconds, SESSIONS, sessions_at_least) as positions:
            if not plan:
                return PlanSafetyAnswer((), positions.sessions)
            since = history_start(min(workout.day for workout in plan), weekday)
            with self._engine.connect() as conn:
                context = plan_safety_reads.read_context(conn, account_id, zone, since, today)
            if context.seed_to_store is not None:
                self._store_seed(account_id, zone, context.seed_to_store, positions.sessions)
        advisories = evaluate_plan_safety(plan, context.history, context.seed, weekday, goal)
        return PlanSafetyAnswer(advisories, positions.sessions)

    async def completion(
        self,
        account_id: str,
        time_zone: str,
        planned_tss: float,
        activity_id: str,
        wait_seconds: float = DEFAULT_WAIT_SECONDS,
    ) -> CompletionAnswer:
        """How the linked activity compares with the planned workout (decision 0062, Completion
        assessment); an activity the account does not have is an outcome, not an error."""
        zone = parse_zone(time_zone)
        if not math.isfinite(planned_tss) or not 0 <= planned_tss <= MAX_PLANNED_TSS:
            raise InvalidArgument.for_field(
                "planned.planned_tss", f"must be from 0 to {MAX_PLANNED_TSS:g}, not {planned_tss:g}"
            )
        async with self._feeds.caught_up(account_id, wait_seconds, SESSIONS) as positions:
            if not activity_id:
                return CompletionAnswer(completion.no_activity(), positions.sessions)
            with self._engine.connect() as conn:
                found, tss = plan_safety_reads.activity_tss(conn, account_id, zone, activity_id)
        if not found:
            return CompletionAnswer(completion.activity_not_found(activity_id), positions.sessions)
        return CompletionAnswer(completion.compared(planned_tss, tss), positions.sessions)

    async def readiness_history(
        self, account_id: str, from_day: str, to_day: str, wait_seconds: float = DEFAULT_WAIT_SECONDS
    ) -> ReadinessAnswer:
        """The readiness entries from ``from_day`` to ``to_day`` (days as recorded), oldest first."""
        first, last = day_range(from_day, to_day, self._clock().date())
        async with self._feeds.caught_up(account_id, wait_seconds, SESSIONS) as positions:
            with self._engine.connect() as conn:
                entries = store.readiness(conn, account_id, first, last)
        return ReadinessAnswer(entries, positions.sessions)


def _curve(rows: list[tuple[int, float, str, datetime]]) -> tuple[power.PowerCurvePoint, ...]:
    """The curve of the best rows per duration; on a tie the earliest ride (rows come that way)."""
    winners: dict[int, tuple[float, str]] = {}
    for duration, watts, activity_id, _ in rows:
        winners.setdefault(duration, (watts, activity_id))
    efforts: dict[str, list[power.BestEffort]] = {}
    for duration, (watts, activity_id) in winners.items():
        efforts.setdefault(activity_id, []).append(power.BestEffort(duration, watts, 0))
    return power.power_curve(efforts)


def _running(thresholds: ThresholdsInForce, runs: list[ActivityFacts], end: datetime) -> RunningAnswer:
    efforts: list[tuple[RunEffort, str]] = []
    for run in runs:
        if not run.distance_m or run.stress_seconds <= 0:
            continue
        if implausible_speed(run.sport, run.distance_m, run.moving_time_s) is not None:
            continue  # faster than any runner: its distance is not used (decision 0085)
        perceived = round(run.rpe) if run.rpe is not None and 1 <= run.rpe <= 10 else None
        try:
            effort = RunEffort(run.start_time, run.distance_m, run.stress_seconds, run.avg_hr, perceived)
        except ValueError:
            continue
        efforts.append((effort, run.activity_id))
    effective = running.effective_vdot(
        [effort for effort, _ in efforts], end - timedelta(microseconds=1), max_hr=thresholds.max_hr
    )
    effective_id = next((i for effort, i in efforts if effective and effort is effective.run), "")
    vdot = thresholds.running.vdot if thresholds.running else None
    basis = vdot if vdot is not None else (effective.vdot if effective else None)
    if basis is None:
        return RunningAnswer(vdot, effective, effective_id, (), None)
    return RunningAnswer(
        vdot, effective, effective_id, running.predict_races(basis), running.training_paces(basis)
    )


def _heart_rate_zones(thresholds: ThresholdsInForce, hr: tuple[float, bool] | None) -> HeartRateZones | None:
    if hr is None:
        return None
    threshold, estimated = hr
    try:
        if estimated and thresholds.resting_hr is not None and thresholds.max_hr is not None:
            return heart_rate.zones_from_reserve(thresholds.resting_hr, thresholds.max_hr)
        return heart_rate.zones_from_threshold(threshold)
    except ValueError:
        return None


def _figures(
    conn: Connection,
    account_id: str,
    zone: Zone,
    on: date,
    sequence: int,
    values: Sequence[ThresholdValue] | None = None,
    activities: store.ActivityReader = store.activities,
) -> AthleteFiguresAnswer:
    """The figures the thresholds in force on ``on`` give, read on ``conn`` (the account's
    threshold ``values`` and the reader of its activities when the caller has read them already)."""
    end = zone.start_of(on + timedelta(days=1))
    if values is None:
        values = store.thresholds(conn, account_id)
    thresholds = ThresholdHistory(values).in_force(on)
    runs = activities(conn, account_id, end - running.EFFECTIVE_VDOT_WINDOW, end, ["run"])
    weight = store.body_weight_on(conn, account_id, on)
    ftp = thresholds.ftp_w
    hr = threshold_heart_rate(thresholds)
    css = thresholds.css
    return AthleteFiguresAnswer(
        day=on,
        thresholds=thresholds,
        running=_running(thresholds, runs, end),
        power_zones=power.power_zones(ftp, weight) if ftp is not None else (),
        heart_rate_zones=_heart_rate_zones(thresholds, hr),
        css=css,
        swim_zones=swimming.swim_zones(css) if css is not None else (),
        body_weight_kg=weight,
        as_of_sequence=sequence,
    )
