"""Which logged sets count, one-rep max formulas and one session's figures for one exercise.

The rules are in docs/decisions/0021-analytics.md; the tests hand-compute every figure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Formula = Literal["epley", "brzycki"]
FORMULAS: tuple[Formula, ...] = ("epley", "brzycki")
DEFAULT_FORMULA: Formula = "epley"

# Beyond this many reps both formulas drift far from a tested single (and Brzycki breaks at 37).
MAX_E1RM_REPS = 12.0


@dataclass(frozen=True)
class SetFact:
    """One logged set as analytics stores it: the latest values the sessions feed gave for it."""

    performance_id: str
    set_number: int
    set_type: str  # N, W, D or F
    weight_kg: float | None
    reps: float | None  # None when missing or given as text ("AMRAP")
    completed: bool
    estimated: bool
    time_seconds: float | None = None  # only pace uses these two (decision 0024)
    distance_meters: float | None = None

    @property
    def counts_for_balance(self) -> bool:
        """A done working set: completed and not a warm-up (load and reps not needed)."""
        return self.completed and self.set_type != "W"

    @property
    def counts_for_records(self) -> bool:
        """A done, measured working set with a load and a whole number of reps to compare."""
        return (
            self.counts_for_balance
            and not self.estimated
            and self.weight_kg is not None
            and self.weight_kg > 0
            and self.reps is not None
            and self.reps >= 1
        )


def one_rep_max(weight_kg: float, reps: float, formula: Formula) -> float | None:
    """Estimated one-rep max of ``weight_kg`` x ``reps``; None outside 1..MAX_E1RM_REPS reps.

    A single is its own one-rep max under both formulas (Epley's 1.033 x w for r = 1 is dropped).
    """
    if reps < 1 or reps > MAX_E1RM_REPS:
        return None
    if reps == 1:
        return weight_kg
    if formula == "epley":
        return weight_kg * (1 + reps / 30)
    return weight_kg * 36 / (37 - reps)


def load_for(one_rep_max_kg: float, reps: float, formula: Formula) -> float:
    """The load whose ``reps`` give ``one_rep_max_kg`` (the inverse of :func:`one_rep_max`)."""
    return one_rep_max_kg / load_factor(reps, formula)


def load_factor(reps: float, formula: Formula) -> float:
    """One-rep max divided by load at ``reps``."""
    if reps <= 1:
        return 1.0
    if formula == "epley":
        return 1 + reps / 30
    return 36 / (37 - reps)


@dataclass(frozen=True)
class BestSet:
    """The set holding one of a session's figures."""

    value: float
    performance_id: str
    set_number: int
    weight_kg: float
    reps: float


@dataclass(frozen=True)
class SessionFigures:
    """One exercise in one session: what progress series, records and balance are made of."""

    top_set: BestSet | None  # heaviest load; more reps, then the lower set number, break ties
    e1rm_epley: BestSet | None
    e1rm_brzycki: BestSet | None
    best_set_volume: BestSet | None  # highest load x reps of one set
    volume: float | None  # sum of load x reps over the qualifying sets
    record_sets: int  # sets that count for records
    balance_sets: int  # sets that count for the focus balance


def session_figures(sets: list[SetFact]) -> SessionFigures:
    """The figures of one exercise's sets in one session (any number of performances)."""
    qualifying = sorted(
        (s for s in sets if s.counts_for_records), key=lambda s: (s.performance_id, s.set_number)
    )
    top: BestSet | None = None
    best: dict[Formula, BestSet | None] = {"epley": None, "brzycki": None}
    best_volume: BestSet | None = None
    total = 0.0
    for entry in qualifying:
        weight, reps = entry.weight_kg or 0.0, entry.reps or 0.0
        if top is None or (weight, reps) > (top.weight_kg, top.reps):
            top = BestSet(weight, entry.performance_id, entry.set_number, weight, reps)
        for formula in FORMULAS:
            value = one_rep_max(weight, reps, formula)
            current = best[formula]
            if value is not None and (current is None or value > current.value):
                best[formula] = BestSet(value, entry.performance_id, entry.set_number, weight, reps)
        volume = weight * reps
        total += volume
        if best_volume is None or volume > best_volume.value:
            best_volume = BestSet(volume, entry.performance_id, entry.set_number, weight, reps)
    return SessionFigures(
        top_set=top,
        e1rm_epley=best["epley"],
        e1rm_brzycki=best["brzycki"],
        best_set_volume=best_volume,
        volume=total if qualifying else None,
        record_sets=len(qualifying),
        balance_sets=sum(1 for s in sets if s.counts_for_balance),
    )


def check_formula(value: str) -> Formula | None:
    """The formula named by ``value`` ("" means the default); None when unknown."""
    if not value:
        return DEFAULT_FORMULA
    for formula in FORMULAS:
        if value == formula:
            return formula
    return None
