"""Rule 4, ``projected_tsb_overload`` (critical): "projected Training Stress Balance (TSB) drops
below -30" (the plan contract, section 4).

The projection is the performance management chart of ``knowledge.endurance.load`` (the exact
exponential step, CTL 42 days, ATL 7 days) carried forward from the athlete's loads with each day's
planned TSS, all sports together (0 on a day without a workout). TSB is the form going into a day
(yesterday's CTL - ATL), so it is judged from the plan's first day to the day after its last, the
first day whose form carries the last workout. One advisory per run of consecutive days below -30.
Days of recovery after a race (no planned workout since a RACE) are not judged: a race is meant to
leave the athlete tired, and an ultra always drives form far below -30; training on top of it is
judged again. Decision 0060, Projected TSB overload.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Final

from knowledge.endurance.load import PmcDay, PmcSeed, pmc_series
from knowledge.plan_safety.advisories import Advisory, TsbOverload
from knowledge.plan_safety.inputs import PlannedWorkout, TrainingHistory
from knowledge.plan_safety.text import day_text, percent

THRESHOLD: Final = -30.0


def projected_form(
    workouts: Sequence[PlannedWorkout], history: TrainingHistory | None, seed: PmcSeed | None
) -> tuple[PmcDay, ...]:
    """The chart from the plan's first day to the day after its last (``workouts`` sorted).

    With a seed, the pass starts the day after it: completed days after the seed and the planned
    days give the stress. Without one, loads start at 0 on the first completed day (or the plan's
    first day): fitness is then underestimated more than fatigue, so the form reads lower, on the
    side of caution.
    """
    amounts: dict[date, list[float]] = defaultdict(list)
    for done in history.days if history is not None else ():
        amounts[done.day].append(done.tss)
    for workout in workouts:
        amounts[workout.day].append(workout.planned_tss)
    # fsum: the same total whatever order a day's entries came in.
    stress = {day: math.fsum(values) for day, values in amounts.items()}
    return pmc_series(workouts[0].day, workouts[-1].day + timedelta(days=1), stress, seed)


def race_recovery_days(workouts: Sequence[PlannedWorkout]) -> frozenset[date]:
    """Days after a RACE, up to the next day with a planned workout (not included), through the day
    after the plan's last (``workouts`` sorted)."""
    planned_days = sorted({w.day for w in workouts})
    race_days = {w.day for w in workouts if w.workout_type == "RACE"}
    recovering: set[date] = set()
    ends = [*planned_days[1:], planned_days[-1] + timedelta(days=2)]  # the next planned day
    for day, following in zip(planned_days, ends, strict=True):
        if day in race_days:
            recovering.update(day + timedelta(days=n) for n in range(1, (following - day).days))
    return frozenset(recovering)


def tsb_overloads(chart: Sequence[PmcDay], recovering: frozenset[date] = frozenset()) -> list[Advisory]:
    """One advisory per run of judged days below the threshold; ``recovering`` days are not judged
    (they end a run)."""
    advisories: list[Advisory] = []
    run: list[PmcDay] = []
    for day in (*chart, None):
        if day is not None and day.day not in recovering and percent(day.tsb) < THRESHOLD:
            run.append(day)
        elif run:
            advisories.append(_advisory(run))
            run = []
    return advisories


def _advisory(run: Sequence[PmcDay]) -> Advisory:
    lowest = min(run, key=lambda day: (day.tsb, day.day))
    detail = TsbOverload(
        first_day=run[0].day,
        last_day=run[-1].day,
        first_tsb=run[0].tsb,
        lowest_tsb=lowest.tsb,
        lowest_day=lowest.day,
        threshold=THRESHOLD,
    )
    span = (
        f"on {day_text(detail.first_day)}"
        if detail.first_day == detail.last_day
        else f"from {day_text(detail.first_day)} to {day_text(detail.last_day)}"
    )
    message = (
        f"Projected form (TSB) is below {THRESHOLD:.0f} {span}: {detail.first_tsb:.1f} on the first "
        f"day, lowest {detail.lowest_tsb:.1f} on {day_text(detail.lowest_day)}. Fatigue that far "
        f"above fitness means the training of the days before is piling up faster than it can be "
        f"absorbed: a risk of illness, injury and overreaching. Lighten the sessions in the days "
        f"before {day_text(detail.first_day)} or add a rest day, so that form stays at "
        f"{THRESHOLD:.0f} or above."
    )
    return Advisory("critical", "projected_tsb_overload", message, detail.first_day, detail)
