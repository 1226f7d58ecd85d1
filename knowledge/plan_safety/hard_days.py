"""Rule 3, ``consecutive_hard_days`` (critical): "hard workouts (INTERVALS, TEMPO, REPETITIONS,
RIDE_INTERVALS, RACE) occur on back-to-back calendar days" (the plan contract, section 4).

Any sports: a hard ride the day after a hard run still leaves no easy day between them. One
advisory per pair of adjacent days that both hold a hard planned workout, naming every hard workout
of the two days; three hard days in a row are two pairs. Two hard sessions on one day are not this
rule's concern. Decision 0060, Consecutive hard days.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import date, timedelta

from knowledge.plan_safety.advisories import Advisory, ConsecutiveHardDays, HardSession
from knowledge.plan_safety.inputs import HARD_TYPES, PlannedWorkout
from knowledge.plan_safety.text import day_text


def consecutive_hard_days(workouts: Sequence[PlannedWorkout]) -> list[Advisory]:
    """``workouts`` in date order."""
    hard: dict[date, list[HardSession]] = defaultdict(list)
    for workout in workouts:
        if workout.workout_type in HARD_TYPES:
            session = HardSession(workout.day, workout.sport, workout.workout_type, workout.workout_id)
            hard[workout.day].append(session)
    advisories: list[Advisory] = []
    for day in sorted(hard):
        next_day = day + timedelta(days=1)
        if next_day in hard:
            detail = ConsecutiveHardDays(day, next_day, (*hard[day], *hard[next_day]))
            advisories.append(Advisory("critical", "consecutive_hard_days", _message(detail), day, detail))
    return advisories


def _message(pair: ConsecutiveHardDays) -> str:
    def sessions_on(day: date) -> str:
        return " and ".join(f"{s.workout_type} {s.sport.lower()}" for s in pair.sessions if s.day == day)

    return (
        f"Hard sessions on back-to-back days: {sessions_on(pair.first_day)} on "
        f"{day_text(pair.first_day)}, then {sessions_on(pair.second_day)} on "
        f"{day_text(pair.second_day)}. A hard session needs at least a day of easy training or "
        f"rest after it to recover and adapt; the second one would be done tired, at more risk of "
        f"injury and with less benefit. Move one of them, or make the second day easy."
    )
