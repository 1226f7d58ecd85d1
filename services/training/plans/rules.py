"""Pure rules of endurance plans: what a goal and a workout draft may hold, update masks, batch
sizes and the order of workouts within a day (docs/decisions/0062-endurance-plans.md).

Checks collect every problem with the path of the field to fix (``workouts[136].scheduledDate``), as
the library's input rules do, so one round trip shows them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

# Training's plan limits, shared as data with the edge that publishes them (decision 0091).
from knowledge.limits.endurance_plans import (
    MAX_BATCH,
    MAX_ORDER,
    MAX_PHASE_BLOCKS,
    MAX_RACE_TYPE_CHARS,
    MAX_STRENGTH_PER_WEEK,
    MAX_SUMMARY_CHARS,
    MAX_TEXT_CHARS,
    MAX_WEEKLY_DISTANCE_METERS,
    MAX_WEEKLY_DURATION_SECONDS,
    MAX_WEEKLY_SESSIONS,
    MAX_WEEKLY_TSS,
)
from services.training.domain.endurance import EnduranceTarget
from services.training.domain.endurance_rules import check_endurance
from services.training.domain.input_values import (
    Violations,
    check_count,
    read_choice,
    read_day,
    read_int,
    read_name,
    read_notes,
    read_number,
)
from services.training.plans.commands import GoalDraft, WorkoutDraft
from services.training.plans.goal import PhaseBlock, PhaseTarget, SportFrequency

GOAL_SPORTS = ("run", "ride", "swim", "triathlon", "duathlon", "other")
TARGET_SPORTS = ("run", "ride", "swim", "strength", "other")
STATUSES = ("active", "completed", "archived")
CREATION_MODES = ("AI_ASSISTED", "STANDARD_BUILDER", "MANUAL")
WORKOUT_TYPES = (
    "easy",
    "recovery",
    "long",
    "tempo",
    "intervals",
    "repetitions",
    "ride_endurance",
    "ride_intervals",
    "swim_technique",
    "strength",
    "cross_training",
    "race",
)
# The Goal fields UpdateGoal may name (the proto's field names).
GOAL_MASK_FIELDS = (
    "name",
    "plan_start_date",
    "race_date",
    "sport",
    "race_type",
    "training_focus",
    "frequencies",
    "strength_per_week",
    "rest_days",
    "phase_blocks",
    "notes",
)
# The WorkoutDraft fields ModifyWorkouts may name, plus planned_tss (which also locks it).
WORKOUT_MASK_FIELDS = ("name", "notes", "scheduled_date", "order", "workout_type", "endurance", "planned_tss")
# A goal created whole may hold a little more than a batch: the plan generator's longest plans
# (30 weeks at 7 days a week, decision 0065) stored in one transaction.
MAX_GOAL_WORKOUTS = 210


def default_workout_type(sport: str) -> str:
    """The type of a workout sent without one: what its sport most often is."""
    return {"strength": "strength", "other": "cross_training", "ride": "ride_endurance"}.get(sport, "easy")


def library_kind(sport: str) -> str:
    """The library kind a plan workout of ``sport`` is stored with (``WORKOUT_KINDS``)."""
    return {"strength": "fullBody", "other": "custom"}.get(sport, "cardio")


# --- goals -------------------------------------------------------------------------------------


def check_goal(problems: Violations, path: str, draft: GoalDraft, fields: Iterable[str]) -> None:
    """The goal fields among ``fields`` (mask names) as sent; the goal's name is required when named."""
    wanted = set(fields)
    goal = draft.fields
    if "name" in wanted:
        read_name(problems, f"{path}.name", draft.name)
    if "notes" in wanted:
        read_notes(problems, f"{path}.notes", draft.notes)
    if "sport" in wanted and goal.sport:
        read_choice(problems, f"{path}.sport", goal.sport, GOAL_SPORTS)
    if "race_type" in wanted:
        _token(problems, f"{path}.raceType", goal.race_type)
    if "training_focus" in wanted:
        _short_text(problems, f"{path}.trainingFocus", goal.training_focus)
    start = _optional_day(problems, f"{path}.planStartDate", goal.plan_start_date, "plan_start_date", wanted)
    race = _optional_day(problems, f"{path}.raceDate", goal.race_date, "race_date", wanted)
    if start and race and race < start:
        problems.add(f"{path}.raceDate", f"must be on or after planStartDate ({start}), not {race}")
    if "strength_per_week" in wanted:
        read_int(
            problems,
            f"{path}.strengthPerWeek",
            goal.strength_per_week,
            0,
            MAX_STRENGTH_PER_WEEK,
            "sessions a week",
        )
    if "rest_days" in wanted:
        _rest_days(problems, f"{path}.restDays", goal.rest_days)
    if "frequencies" in wanted:
        _frequencies(problems, f"{path}.frequencies", goal.frequencies)
    if "phase_blocks" in wanted:
        _phase_blocks(problems, f"{path}.phaseBlocks", goal.phase_blocks)


def check_new_goal(problems: Violations, path: str, draft: GoalDraft) -> None:
    """A goal to create: every field, plus its status and creation mode."""
    check_goal(problems, path, draft, GOAL_MASK_FIELDS)
    goal = draft.fields
    if goal.status:
        read_choice(problems, f"{path}.status", goal.status, ("active", "completed"))
    if goal.creation_mode:
        read_choice(problems, f"{path}.creationMode", goal.creation_mode, CREATION_MODES)


def check_mask(problems: Violations, path: str, mask: Sequence[str], allowed: Sequence[str]) -> None:
    """An update mask: at least one name, each one of ``allowed``."""
    if not mask:
        problems.add(path, f"must name at least one field: {', '.join(allowed)}")
    for index, name in enumerate(mask):
        if name not in allowed:
            problems.add(f"{path}[{index}]", f"must be one of {', '.join(allowed)}, not {name!r}")


def _optional_day(problems: Violations, path: str, value: str, name: str, wanted: set[str]) -> date | None:
    return read_day(problems, path, value) if name in wanted and value else None


def _token(problems: Violations, path: str, value: str) -> None:
    if value and not (
        len(value) <= MAX_RACE_TYPE_CHARS and value.replace("_", "").isalnum() and value == value.upper()
    ):
        problems.add(
            path,
            f"must be an upper-case token of at most {MAX_RACE_TYPE_CHARS} letters, digits or _, "
            f"not {value!r}",
        )


def _short_text(problems: Violations, path: str, value: str) -> None:
    if len(value) > MAX_TEXT_CHARS:
        problems.add(path, f"must be at most {MAX_TEXT_CHARS} characters, not {len(value)}")


def _rest_days(problems: Violations, path: str, days: Sequence[int]) -> None:
    for index, day in enumerate(days):
        read_int(problems, f"{path}[{index}]", day, 1, 7, "ISO weekday")
    if len(set(days)) != len(days):
        problems.add(path, "lists a weekday twice; list each rest day once")


def _frequencies(problems: Violations, path: str, frequencies: Sequence[SportFrequency]) -> None:
    check_count(problems, path, frequencies, 0, len(TARGET_SPORTS), "sports")
    for index, frequency in enumerate(frequencies):
        read_choice(problems, f"{path}[{index}].sport", frequency.sport, TARGET_SPORTS)
        read_int(
            problems, f"{path}[{index}].sessionsPerWeek", frequency.sessions_per_week, 0, MAX_WEEKLY_SESSIONS
        )
    if len({f.sport for f in frequencies}) != len(frequencies):
        problems.add(path, "lists a sport twice; list each sport once")


def _phase_blocks(problems: Violations, path: str, blocks: Sequence[PhaseBlock]) -> None:
    check_count(problems, path, blocks, 0, MAX_PHASE_BLOCKS, "phase blocks")
    for index, block in enumerate(blocks):
        where = f"{path}[{index}]"
        read_name(problems, f"{where}.name", block.name)
        _short_text(problems, f"{where}.focus", block.focus)
        start = read_day(problems, f"{where}.startDate", block.start_date)
        end = read_day(problems, f"{where}.endDate", block.end_date)
        if start and end and end < start:
            problems.add(f"{where}.endDate", f"must be on or after startDate ({start}), not {end}")
        for position, target in enumerate(block.targets):
            _phase_target(problems, f"{where}.targets[{position}]", target)


def _phase_target(problems: Violations, path: str, target: PhaseTarget) -> None:
    read_choice(problems, f"{path}.sport", target.sport, TARGET_SPORTS)
    if target.weekly_distance_meters is not None:
        if target.sport == "strength":
            problems.add(f"{path}.weeklyDistanceMeters", "does not apply to strength; plan a duration")
        else:
            read_number(
                problems,
                f"{path}.weeklyDistanceMeters",
                target.weekly_distance_meters,
                0,
                MAX_WEEKLY_DISTANCE_METERS,
                "m",
            )
    if target.weekly_duration_seconds is not None:
        read_int(
            problems,
            f"{path}.weeklyDurationSeconds",
            target.weekly_duration_seconds,
            0,
            MAX_WEEKLY_DURATION_SECONDS,
        )
    if target.weekly_tss is not None:
        read_number(problems, f"{path}.weeklyTss", target.weekly_tss, 0, MAX_WEEKLY_TSS, "TSS")
    if target.sessions_per_week is not None:
        read_int(problems, f"{path}.sessionsPerWeek", target.sessions_per_week, 0, MAX_WEEKLY_SESSIONS)


# --- workouts ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DraftValues:
    """A checked workout draft, or the checked fields of one (the others None)."""

    name: str | None = None
    notes: str | None = None
    day: date | None = None
    order: int | None = None
    workout_type: str | None = None
    endurance: EnduranceTarget | None = None


def check_draft(
    problems: Violations, path: str, draft: WorkoutDraft, fields: Iterable[str] = ()
) -> DraftValues:
    """A draft: every field of a new workout (empty ``fields``), or just the ``fields`` a change names.

    A new workout needs a name, a scheduled date and an endurance part (its sport); its type defaults
    to what its sport most often is (:func:`default_workout_type`).
    """
    new = not fields
    wanted = set(fields) or {"name", "notes", "scheduled_date", "order", "workout_type", "endurance"}
    name = read_name(problems, f"{path}.name", draft.name) if "name" in wanted else None
    notes = read_notes(problems, f"{path}.notes", draft.notes) if "notes" in wanted else None
    day = None
    if "scheduled_date" in wanted:
        day = read_day(problems, f"{path}.scheduledDate", draft.scheduled_date)
    order = (
        read_int(problems, f"{path}.order", draft.order, 0, MAX_ORDER, "position")
        if "order" in wanted
        else None
    )
    endurance = None
    if "endurance" in wanted:
        if draft.endurance is not None:
            endurance = check_endurance(problems, f"{path}.endurance", draft.endurance)
        else:
            problems.add(f"{path}.endurance", "is required: the workout's sport, totals and steps")
    workout_type = None
    if "workout_type" in wanted:
        if draft.workout_type:
            workout_type = read_choice(problems, f"{path}.workoutType", draft.workout_type, WORKOUT_TYPES)
        elif new:
            # An endurance part not sent has no sport, as the message's default said.
            workout_type = default_workout_type(draft.endurance.sport if draft.endurance else "")
        else:
            problems.add(f"{path}.workoutType", f"is required: one of {', '.join(WORKOUT_TYPES)}")
    return DraftValues(name, notes, day, order, workout_type, endurance)


def check_batch(
    problems: Violations, path: str, items: Sequence[object], low: int = 1, high: int = MAX_BATCH
) -> bool:
    """A batch of ``low``..``high`` (200) items."""
    return check_count(problems, path, items, low, high, "items")


def check_summary(problems: Violations, path: str, text: str) -> None:
    """A coaching summary's text (at ``path``): at most 1000 characters."""
    if len(text) > MAX_SUMMARY_CHARS:
        problems.add(path, f"must be at most {MAX_SUMMARY_CHARS} characters, not {len(text)}")


def in_window(day: date, first: date | None, last: date | None) -> bool:
    """Whether ``day`` lies in [first, last] (a missing bound is open)."""
    return (first is None or day >= first) and (last is None or day <= last)


# --- order within a day ------------------------------------------------------------------------


def arrange_day(current: Sequence[tuple[str, int]], placed: Mapping[str, int]) -> dict[str, int]:
    """The orders 1..n of one day's workouts after placing some of them.

    ``current`` is the day's workouts that stay where they are, with their orders; ``placed`` the
    ones put on the day by this write with the position asked for (0: after the day's last). A
    placed workout takes its position and the others make room; several placed ones keep the order
    they were given in.
    """
    ranked: list[tuple[int, int, int, str]] = []
    for sequence, (workout_id, order) in enumerate(sorted(current, key=lambda item: (item[1], item[0]))):
        ranked.append((order, 1, sequence, workout_id))
    for sequence, (workout_id, order) in enumerate(placed.items()):
        ranked.append((order if order > 0 else 10_000, 0, sequence, workout_id))
    ranked.sort()
    return {workout_id: position for position, (_, _, _, workout_id) in enumerate(ranked, start=1)}
