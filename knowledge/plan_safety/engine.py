"""``evaluate_plan_safety``: the four rules over one plan, in a stable order. Decision 0060."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from knowledge.endurance.load import PmcSeed
from knowledge.plan_safety.advisories import Advisory, LongRun, Rule, VolumeSpike
from knowledge.plan_safety.hard_days import consecutive_hard_days
from knowledge.plan_safety.inputs import PlannedWorkout, TrainingHistory, plan_order
from knowledge.plan_safety.long_run import long_runs
from knowledge.plan_safety.long_run_caps import GoalRace
from knowledge.plan_safety.tsb_overload import projected_form, race_recovery_days, tsb_overloads
from knowledge.plan_safety.volume_spike import volume_spikes
from knowledge.plan_safety.weeks import MONDAY, VOLUME_METRICS, check_week_starts_on, record_weeks, week_start

# The contract's numbering of the rules: the order of advisories filed under the same day.
RULE_ORDER: tuple[Rule, ...] = (
    "weekly_volume_spike",
    "long_run_cap",
    "consecutive_hard_days",
    "projected_tsb_overload",
)


def evaluate_plan_safety(
    workouts: Iterable[PlannedWorkout],
    history: TrainingHistory | None = None,
    load_seed: PmcSeed | None = None,
    week_starts_on: int = MONDAY,
    goal: GoalRace | None = None,
) -> tuple[Advisory, ...]:
    """Every advisory the plan raises, by day, then rule (contract order), then what it is about.

    ``history`` is the completed training before the plan's first day; ``load_seed`` the athlete's
    combined CTL and ATL at the end of a day before it (usually the day before). Neither is
    required. ``week_starts_on`` is the athlete's first weekday (ISO: 1 = Monday, the default, ...
    7 = Sunday): the weekly rules (volume spike, long-run cap) count volume in those weeks. ``goal``
    is the race the plan prepares for and the athlete's level, when known: the long-run rule then
    allows the share of ``long_run_caps`` for it (the generator's table), else the contract's 35 %. The
    order of ``workouts`` does not matter; the same inputs give the same answer. Raises ValueError
    when the history or the seed reach into the plan, or for a weekday outside 1..7. No plan, no
    advisory.
    """
    check_week_starts_on(week_starts_on)
    plan = sorted(workouts, key=plan_order)
    if not plan:
        return ()
    first_day = plan[0].day
    if history is not None:
        _check_history(history, first_day)
    if load_seed is not None and load_seed.day >= first_day:
        raise ValueError(
            f"the load seed is for a day before the plan's first day {first_day}, not {load_seed.day}"
        )
    weeks = record_weeks(plan, history, week_starts_on)
    plan_week = week_start(first_day, week_starts_on)
    first_plan_week = next(i for i, week in enumerate(weeks) if week.start == plan_week)
    advisories = [
        *volume_spikes(weeks, first_plan_week),
        *long_runs(weeks[first_plan_week:], goal),
        *consecutive_hard_days(plan),
        *tsb_overloads(projected_form(plan, history, load_seed), race_recovery_days(plan)),
    ]
    return tuple(sorted(advisories, key=_order))


def _check_history(history: TrainingHistory, first_day: date) -> None:
    if history.since > first_day:
        raise ValueError(f"the history starts on {history.since}, after the plan's first day {first_day}")
    late = [done.day for done in history.days if done.day >= first_day]
    if late:
        raise ValueError(
            f"completed day {min(late)} is not before the plan's first day {first_day}: the history "
            f"ends the day before the plan"
        )


def _order(advisory: Advisory) -> tuple[date, int, int, str]:
    detail = advisory.detail
    metric = VOLUME_METRICS.index(detail.metric) if isinstance(detail, VolumeSpike) else 0
    workout = detail.workout_id if isinstance(detail, LongRun) else ""
    return (advisory.day, RULE_ORDER.index(advisory.rule), metric, workout)
