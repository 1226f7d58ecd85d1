"""The performance management chart of an account, per sport and combined, from stored seeds.

A chart of any range needs the loads carried in from every day before it. Reading ten years of
activities for the last month would make a long-trained athlete's chart cost ten years; instead the
loads at the end of a day are cached as seeds (per account, time zone and sport). A chart reads
the latest seed on or before ``first - 7`` (so the week before ``first`` is in the pass and every
ramp rate in the range is known, exactly as without a seed), then only the activities after it,
and stores a seed at ``first - 7`` when it had to start earlier. The projection deletes seeds from
the first day a change to an activity or a threshold can touch on, so a seed is always what a pass
from the start would give. Decision 0055 (Training load).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy import Connection

from knowledge.endurance import load
from knowledge.endurance.load import PmcDay, PmcSeed, SportLoads
from services.analytics.adapters import endurance_store as store
from services.analytics.domain.endurance_changes import SPORTS, ThresholdValue
from services.analytics.domain.training_stress import ThresholdHistory, activity_stress
from services.analytics.service_layer.queries import Zone

# A seed this many days before the range's first day leaves the ramp rate (CTL against CTL a week
# earlier) known on every day of the range.
SEED_LEAD_DAYS = load.RAMP_DAYS


@dataclass(frozen=True)
class SeedToStore:
    """Loads at the end of ``day`` a chart passed through, to be stored for the next chart."""

    day: date
    loads: Mapping[str, tuple[float, float]]


@dataclass(frozen=True)
class Chart:
    """Each sport's days (sports in answer order) and the combined days, from ``first`` to ``last``."""

    by_sport: list[tuple[str, tuple[PmcDay, ...]]]
    combined: tuple[PmcDay, ...]
    seed_to_store: SeedToStore | None


def sport_order(sport: str) -> tuple[int, str]:
    """Known sports in ``SPORTS`` order, anything else after them by name."""
    return (SPORTS.index(sport) if sport in SPORTS else len(SPORTS), sport)


def chart(
    conn: Connection,
    account_id: str,
    zone: Zone,
    first: date,
    last: date,
    *,
    use_seeds: bool = True,
    thresholds: Sequence[ThresholdValue] | None = None,
    activities: store.ActivityReader = store.activities,
) -> Chart:
    """The chart from ``first`` to ``last`` in ``zone``; ``use_seeds`` False reads every activity;
    ``thresholds``: the account's threshold values, when the caller has read them on ``conn``;
    ``activities``: how it reads them (a planning context reads them once, decision 0123)."""
    target = first - timedelta(days=SEED_LEAD_DAYS)
    found = store.latest_seed(conn, account_id, zone.name, target) if use_seeds else None
    seed_day = found[0] if found else None
    seeds = {sport: PmcSeed(found[0], ctl, atl) for sport, (ctl, atl) in found[1].items()} if found else {}
    start = zone.start_of(seed_day + timedelta(days=1)) if seed_day else None
    if start is not None:
        # The workload ratio's 28-day sums reach back before the seed (decision 0112): the pass
        # ignores those days' stress, the rolling sums read it.
        start = min(start, zone.start_of(first - timedelta(days=load.CHRONIC_DAYS - 1)))
    found_activities = activities(conn, account_id, start, zone.start_of(last + timedelta(days=1)), ())
    history = ThresholdHistory(store.thresholds(conn, account_id) if thresholds is None else thresholds)
    stress: dict[str, dict[date, float]] = {sport: {} for sport in seeds}
    for activity in found_activities:
        day = zone.day(activity.start_time)
        tss = activity_stress(activity, history.in_force(day)).tss
        days = stress.setdefault(activity.sport, {})
        days[day] = days.get(day, 0.0) + tss
    # Start the pass at the seed target when no seed stands there yet, to store one.
    store_seed = seed_day is None or seed_day < target
    pass_first = target if store_seed else first
    loads = load.pmc_by_sport(pass_first, last, stress, seeds)
    skip = (first - pass_first).days
    sports = sorted(loads.by_sport, key=sport_order)
    return Chart(
        [(sport, loads.by_sport[sport][skip:]) for sport in sports],
        loads.combined[skip:],
        _seed_at(target, loads, seeds, stress) if store_seed else None,
    )


def _seed_at(
    target: date, loads: SportLoads, seeds: Mapping[str, PmcSeed], stress: Mapping[str, Mapping[date, float]]
) -> SeedToStore | None:
    """Each sport's loads at the end of ``target`` (the pass's first day), for the sports that had
    begun by then; None when none had (a seed of nothing saves no reading)."""
    begun = [sport for sport, days in stress.items() if sport in seeds or any(day <= target for day in days)]
    if not begun:
        return None
    return SeedToStore(
        target, {sport: (loads.by_sport[sport][0].ctl, loads.by_sport[sport][0].atl) for sport in begun}
    )
