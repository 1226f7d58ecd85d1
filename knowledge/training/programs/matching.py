"""Which one program a person's recent workouts look like, if any: only when they ask.

The score weighs two things a person would notice: the same exercises (how much of the program's
exercises they did, and how much of what they did is in the program) and the same number of
sessions a week. Below ``MIN_MATCH_SCORE`` there is no match, because a weak guess is worse than
none. Deterministic: the same sessions give the same answer, ties go to the smaller program ID.
Numbers are in fields of their own; the reasons repeat them in words for a normal view.
Why these weights and this threshold: docs/decisions/0046-programs-library.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from knowledge.training.programs.library import latest_programs
from knowledge.training.programs.model import LoggedSession, Program, chronological

EXERCISE_WEIGHT: Final = 0.8
FREQUENCY_WEIGHT: Final = 0.2
MIN_MATCH_SCORE: Final = 0.6
MIN_SESSIONS: Final = 2  # one workout is a workout, not a pattern


@dataclass(frozen=True)
class ProgramMatch:
    """The program the recent workouts look like, with the score and why."""

    program_id: str
    version: int
    name: str
    score: float  # 0..1, three decimals
    exercise_overlap: float  # 0..1: agreement of the exercise sets (F1 of coverage and precision)
    frequency_fit: float  # 0..1: 1 when sessions a week equal the program's days a week
    shared_exercises: tuple[str, ...]  # catalog IDs, sorted
    program_exercise_count: int
    logged_exercise_count: int
    sessions_per_week: float  # one decimal
    reasons: tuple[str, ...]


def suggest_program_match(recent: Sequence[LoggedSession]) -> ProgramMatch | None:
    """The best-scoring library program for ``recent`` (any order), or None below the threshold."""
    sessions = chronological(list(recent))
    logged = frozenset().union(*(session.exercise_ids() for session in sessions)) if sessions else frozenset()
    if len(sessions) < MIN_SESSIONS or not logged:
        return None
    # The gaps between sessions give the rate: six sessions on Monday, Wednesday and Friday of two
    # weeks are five gaps over eleven days, about three a week (counting whole weeks would say 3.5).
    span_days = max((sessions[-1].day - sessions[0].day).days, 1)
    per_week = (len(sessions) - 1) * 7 / span_days
    # A listing-only entry names no exercises, so nothing can look like it.
    candidates = [_score(program, logged, per_week) for program in latest_programs() if program.days]
    best = min(candidates, key=lambda match: (-match.score, match.program_id))
    return best if best.score >= MIN_MATCH_SCORE else None


def _score(program: Program, logged: frozenset[str], per_week: float) -> ProgramMatch:
    planned = program.exercise_ids()
    shared = planned & logged
    coverage, precision = len(shared) / len(planned), len(shared) / len(logged)
    overlap = 0.0 if not shared else 2 * coverage * precision / (coverage + precision)
    frequency = max(0.0, 1 - abs(per_week - program.days_per_week) / program.days_per_week)
    score = round(EXERCISE_WEIGHT * overlap + FREQUENCY_WEIGHT * frequency, 3)
    reasons = (
        f"{len(shared)} of the program's {len(planned)} exercises are in your recent workouts, "
        f"and {len(shared)} of the {len(logged)} exercises you logged are in the program.",
        f"About {per_week:.1f} sessions a week; the program has {program.days_per_week}.",
    )
    return ProgramMatch(
        program_id=program.program_id,
        version=program.version,
        name=program.name,
        score=score,
        exercise_overlap=round(overlap, 3),
        frequency_fit=round(frequency, 3),
        shared_exercises=tuple(sorted(shared)),
        program_exercise_count=len(planned),
        logged_exercise_count=len(logged),
        sessions_per_week=round(per_week, 1),
        reasons=reasons,
    )
