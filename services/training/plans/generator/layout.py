"""One week's workouts from its ``WeekSpec``: which day holds what, and how far each run goes.

Days (decision 0065, "The week"): the long run on Sunday, quality on Tuesday and Thursday (never
two hard days in a row: Wednesday is easy or rest), easy runs filling the other running days,
Monday a recovery run only at 7 days a week. Near the race: nothing hard the day before it (a
short recovery run instead), no long run in its last 5 days, nothing after it.
"""

from __future__ import annotations

import math
from datetime import date, timedelta
from typing import Final, Literal

from knowledge.plan_generation.events import Event
from services.training.plans.generator.paces import ZonePaces
from services.training.plans.generator.progression import JUDGED_WEEK_KM, WeekSpec
from services.training.plans.generator.workouts import Workout, quality_session, race_day, steady_run

Slot = Literal["Q1", "Q2", "EASY", "RECOVERY", "LONG"]
SteadyType = Literal["EASY", "RECOVERY", "LONG"]

# Weekday (Monday 0) -> what it holds, by days a week.
WEEK_SLOTS: Final[dict[int, dict[int, Slot]]] = {
    3: {1: "Q1", 3: "Q2", 6: "LONG"},
    4: {1: "Q1", 3: "Q2", 5: "EASY", 6: "LONG"},
    5: {1: "Q1", 2: "EASY", 3: "Q2", 5: "EASY", 6: "LONG"},
    6: {1: "Q1", 2: "EASY", 3: "Q2", 4: "EASY", 5: "EASY", 6: "LONG"},
    7: {0: "RECOVERY", 1: "Q1", 2: "EASY", 3: "Q2", 4: "EASY", 5: "EASY", 6: "LONG"},
}
# The shortest easy run worth lacing up for; below it, an easy day is dropped.
MIN_RUN_KM: Final = 3.0
# A recovery run is 60 % of an easy one.
RECOVERY_WEIGHT: Final = 0.6
# A long run is at least this many easy runs long (so it stays the week's longest).
LONG_OVER_EASY: Final = 1.25
# Rounds of ``within_share``: the cap settles to a millimetre well within them.
FIT_ROUNDS: Final = 60
SETTLED_KM: Final = 0.001
# No long run in the last days before a race.
NO_LONG_BEFORE_RACE_DAYS: Final = 5
# Easy days given up first when a week is too small for all of them: Monday, Saturday, Friday,
# Wednesday, then a quality day turned easy.
DROP_ORDER: Final = (0, 5, 4, 2, 3, 1, 6)


def week_workouts(
    spec: WeekSpec, days_per_week: int, race_date: date, event: Event, paces: ZonePaces
) -> list[Workout]:
    slots = _slots(spec, days_per_week, race_date)
    days = {weekday: spec.monday + timedelta(days=weekday) for weekday in slots}
    quality: list[Workout] = []
    for weekday, slot in sorted(slots.items()):
        if slot in ("Q1", "Q2"):
            kind = spec.quality[0 if slot == "Q1" else 1]
            quality.append(quality_session(days[weekday], kind, spec.volume_km, spec.quality_scale, paces))
    long_day = next((weekday for weekday, slot in slots.items() if slot == "LONG"), None)
    long_km = spec.long_km if long_day is not None else 0.0
    easy_days: dict[int, SteadyType] = {
        weekday: "RECOVERY" if slot == "RECOVERY" else "EASY"
        for weekday, slot in slots.items()
        if slot in ("EASY", "RECOVERY")
    }
    quality_km = math.fsum(w.distance_m for w in quality) / 1000
    remaining = spec.volume_km - long_km - quality_km
    easy_days = _affordable(easy_days, remaining)
    weights = {weekday: RECOVERY_WEIGHT if slot == "RECOVERY" else 1.0 for weekday, slot in easy_days.items()}
    per_weight = remaining / math.fsum(weights.values()) if weights else 0.0
    # A cut-back week's long run steps back to an easy run's length at least; others stay longer.
    over_easy = 1.0 if spec.cutback else LONG_OVER_EASY
    if long_day is not None and weights and long_km < over_easy * per_weight:
        # The long run stays the week's longest (issue 30: a 6 km "long run" beside 7 km easy runs):
        # the steady kilometres are shared again with the long run at 1.25 easy runs.
        pool = remaining + long_km
        per_weight = pool / (math.fsum(weights.values()) + over_easy)
        long_km = min(spec.long_cap_km, round(per_weight * over_easy, 1))
        per_weight = (pool - long_km) / math.fsum(weights.values())
    steady: dict[int, tuple[SteadyType, float]] = {
        weekday: (slot, min(spec.easy_cap_km, max(MIN_RUN_KM, per_weight * weights[weekday])))
        for weekday, slot in easy_days.items()
    }
    if long_day is not None:
        steady[long_day] = ("LONG", long_km)
    cap = within_share(quality_km, [km for _, km in steady.values()], spec.long_share)
    runs = [
        steady_run(days[weekday], math.floor(min(km, cap) * 10) / 10, slot, paces)
        for weekday, (slot, km) in steady.items()
    ]
    workouts = sorted([*quality, *runs], key=lambda w: w.day)
    if spec.monday <= race_date < spec.monday + timedelta(weeks=1):
        workouts.append(race_day(race_date, event, paces))
    return workouts


def within_share(fixed_km: float, runs_km: list[float], share: float) -> float:
    """The longest any of ``runs_km`` may be so that none is over ``share`` of the week they make
    with ``fixed_km`` (the quality sessions) once the week is judged (30 km): capping runs shortens
    the week, which lowers the cap, so it is found by repeating until it settles. Never below a
    third of 30 km, which a week under 30 km may always hold."""
    cap = max(runs_km, default=0.0)
    for _ in range(FIT_ROUNDS):
        total = fixed_km + math.fsum(min(km, cap) for km in runs_km)
        lower = max(share * total, share * JUDGED_WEEK_KM)
        if lower >= cap - SETTLED_KM:
            break
        cap = lower
    return cap


def _slots(spec: WeekSpec, days_per_week: int, race_date: date) -> dict[int, Slot]:
    """The week's slots, without quality the spec does not ask for, and shaped around the race."""
    slots: dict[int, Slot] = {}
    for weekday, slot in WEEK_SLOTS[days_per_week].items():
        day = spec.monday + timedelta(days=weekday)
        before_race = (race_date - day).days
        if before_race <= 0:
            continue  # race day and after: the race alone
        if slot in ("Q1", "Q2"):
            wanted = len(spec.quality) > (0 if slot == "Q1" else 1)
            slot = slot if wanted and before_race > 1 else "EASY"
        if slot == "LONG" and (spec.long_km <= 0 or before_race <= NO_LONG_BEFORE_RACE_DAYS):
            slot = "EASY"
        if before_race == 1:
            slot = "RECOVERY"  # a short shake-out the day before
        slots[weekday] = slot
    return slots


def _affordable(easy_days: dict[int, SteadyType], remaining_km: float) -> dict[int, SteadyType]:
    """The easy days the remaining volume fills with runs of at least ``MIN_RUN_KM``."""
    days = dict(easy_days)
    for weekday in DROP_ORDER:
        weights = math.fsum(RECOVERY_WEIGHT if slot == "RECOVERY" else 1.0 for slot in days.values())
        smallest = min(
            (RECOVERY_WEIGHT if slot == "RECOVERY" else 1.0 for slot in days.values()), default=1.0
        )
        if not days or remaining_km / weights * smallest >= MIN_RUN_KM:
            break
        days.pop(weekday, None)
    return days
