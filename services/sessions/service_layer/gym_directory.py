"""What the sessions core needs to know about gyms, and nothing more.

The gym module (companies, clients, coach-assigned Workout V2 plans, exercise visibility) lives in
the same service and implements :class:`GymDirectory`; the session use cases depend only on this
protocol, so the two parts can change independently.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class PlannedExercise:
    """One exercise of a plan day, with the coach's targets (units: kilograms, seconds)."""

    plan_exercise_id: str
    exercise_id: str
    exercise_name: str
    target_sets: int | None
    target_reps: str  # "8", "8-10", "AMRAP"
    target_weight_kg: float | None
    rest_seconds: int | None


@dataclass(frozen=True)
class PlanDay:
    """A visible day (moment) of a non-WOD plan assigned to a client, in the requested language."""

    company_id: str
    plan_id: str
    plan_moment_id: str
    plan_name: str
    day_name: str
    is_wod: bool
    exercises: tuple[PlannedExercise, ...]


@dataclass(frozen=True)
class VisibleExercise:
    """An exercise a client may log: allowlisted by the company, or the client's own."""

    exercise_id: str
    name: str
    catalog_exercise_id: str  # the Kinetic catalog slug it maps to, "" for a client's own exercise


@dataclass(frozen=True)
class GatedExercise:
    """The directory's answer about one exercise, read in the same query as the module's gate.

    ``visible(language)`` is what ``GymDirectory.visible_exercise`` would answer for
    ``exercise_id`` (a lowercased ObjectId) in that language. LogPerformance's gate reads it so the
    log need not ask again: one query and one round trip fewer per set (decision 0119).
    """

    exercise_id: str
    visible: Callable[[str], VisibleExercise | None]


class GymDirectory(Protocol):
    """Gym facts the sessions core reads; every method is scoped to the account's own client."""

    def plan_day(self, account_id: str, plan_id: str, plan_moment_id: str, language: str) -> PlanDay | None:
        """The plan day if it is assigned to the account's client and visible; None otherwise."""
        ...

    def visible_exercise(self, account_id: str, exercise_id: str, language: str) -> VisibleExercise | None:
        """The exercise if the account's client may see and log it; None otherwise."""
        ...
