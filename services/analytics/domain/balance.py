"""Weekly focus-area balance: counted sets per muscle group per ISO week, weighted.

Each counted set adds PRIMARY_WEIGHT to every primary muscle of its exercise and SECONDARY_WEIGHT
to every secondary muscle (decision 0021). Exercises without known muscles are counted apart.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta

PRIMARY_WEIGHT = 1.0
SECONDARY_WEIGHT = 0.5


@dataclass(frozen=True)
class CountedSets:
    """Sets of one exercise on one local day."""

    exercise_id: str
    day: date
    sets: int


@dataclass
class MuscleTally:
    """Weighted sets of one muscle group."""

    muscle: str
    primary_sets: int = 0
    secondary_sets: int = 0

    @property
    def weighted_sets(self) -> float:
        """Primary sets x PRIMARY_WEIGHT + secondary sets x SECONDARY_WEIGHT."""
        return self.primary_sets * PRIMARY_WEIGHT + self.secondary_sets * SECONDARY_WEIGHT


@dataclass
class WeekTally:
    """One ISO week's muscles and unmapped sets."""

    year: int
    week: int
    muscles: dict[str, MuscleTally] = field(default_factory=dict)
    unmapped_sets: int = 0

    @property
    def label(self) -> str:
        """ISO week label, e.g. "2026-W05"."""
        return f"{self.year}-W{self.week:02d}"

    @property
    def monday(self) -> date:
        """The week's first day."""
        return date.fromisocalendar(self.year, self.week, 1)

    def ranked(self) -> list[MuscleTally]:
        """Muscles, most weighted sets first, then by name."""
        return sorted(self.muscles.values(), key=lambda m: (-m.weighted_sets, m.muscle))


@dataclass(frozen=True)
class Balance:
    """Weeks with counted sets, the per-week average and the exercises with unknown muscles."""

    weeks: list[WeekTally]
    weekly_average: list[tuple[str, float, float, float]]  # muscle, weighted, primary, secondary
    unmapped_exercise_ids: list[str]


MuscleLookup = Callable[[str], tuple[tuple[str, ...], tuple[str, ...]] | None]


def weeks_touched(first: date, last: date) -> int:
    """How many ISO weeks the days ``first``..``last`` touch."""
    start = first - timedelta(days=first.weekday())
    end = last - timedelta(days=last.weekday())
    return (end - start).days // 7 + 1


def focus_balance(counted: list[CountedSets], muscles: MuscleLookup, first: date, last: date) -> Balance:
    """The balance of ``counted`` sets between ``first`` and ``last`` (inclusive local days)."""
    weeks: dict[tuple[int, int], WeekTally] = {}
    unmapped: set[str] = set()
    for entry in counted:
        if entry.sets <= 0 or not first <= entry.day <= last:
            continue
        year, week, _ = entry.day.isocalendar()
        tally = weeks.setdefault((year, week), WeekTally(year, week))
        found = muscles(entry.exercise_id)
        if found is None:
            tally.unmapped_sets += entry.sets
            unmapped.add(entry.exercise_id)
            continue
        primary, secondary = found
        for muscle in primary:
            tally.muscles.setdefault(muscle, MuscleTally(muscle)).primary_sets += entry.sets
        for muscle in secondary:
            tally.muscles.setdefault(muscle, MuscleTally(muscle)).secondary_sets += entry.sets
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for tally in weeks.values():
        for muscle_tally in tally.muscles.values():
            totals[muscle_tally.muscle][0] += muscle_tally.primary_sets
            totals[muscle_tally.muscle][1] += muscle_tally.secondary_sets
    span = weeks_touched(first, last)
    average = [
        (
            muscle,
            (p * PRIMARY_WEIGHT + s * SECONDARY_WEIGHT) / span,
            p / span,
            s / span,
        )
        for muscle, (p, s) in totals.items()
    ]
    average.sort(key=lambda row: (-row[1], row[0]))
    return Balance([weeks[k] for k in sorted(weeks)], average, sorted(unmapped))


UNDERTRAINED_FRACTION = 1 / 3


@dataclass(frozen=True)
class AddSetsProposal:
    """A muscle group trained far less than the most trained one."""

    muscle: str
    weekly_sets: float
    top_muscle: str
    top_weekly_sets: float
    extra_sets_per_week: int


def undertrained(balance: Balance) -> AddSetsProposal | None:
    """The least trained muscle group when it gets under a third of the top one's weekly sets."""
    if len(balance.weekly_average) < 2:
        return None
    top, low = balance.weekly_average[0], balance.weekly_average[-1]
    if low[1] >= top[1] * UNDERTRAINED_FRACTION:
        return None
    extra = max(1, math.ceil(top[1] * UNDERTRAINED_FRACTION - low[1]))
    return AddSetsProposal(low[0], low[1], top[0], top[1], extra)
