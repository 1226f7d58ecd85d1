"""Rules of the log's preferences and programs (decision 0049); field names as in the proto."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from knowledge.limits.sessions import MAX_EQUIPMENT_ITEM, MAX_EQUIPMENT_ITEMS, MAX_GOALS, MAX_LIMITATIONS
from knowledge.limits.sessions import MAX_ROUTINE_ID as MAX_ROUTINE_ID
from services.sessions.domain.session_rules import Violations
from services.sessions.workout_log.domain.log_model import CurrentProgram, ProfileChange
from services.sessions.workout_log.domain.log_rules import (
    MAX_PROGRAM_ID,
    check_day,
    check_name,
    check_text,
)

MAX_ROUTINES = 50

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def _check_list(
    out: Violations, field: str, values: Sequence[str], most: int, longest: int
) -> tuple[str, ...]:
    if len(values) > most:
        out.add(field, f"must hold at most {most} items (got {len(values)})")
    kept: list[str] = []
    for i, value in enumerate(values):
        item = check_name(out, f"{field}[{i}]", value, longest, required=True)
        if item in kept:
            out.add(f"{field}[{i}]", f"repeats {item!r}")
        kept.append(item)
    return tuple(kept)


def check_profile_change(change: ProfileChange) -> ProfileChange:
    """The change with its texts stripped where names are; raises InvalidArgument naming bad fields."""
    out = Violations()
    goals = None if change.goals is None else check_text(out, "goals", change.goals, MAX_GOALS)
    limitations = (
        None
        if change.limitations is None
        else check_text(out, "limitations", change.limitations, MAX_LIMITATIONS)
    )
    equipment = (
        None
        if change.equipment is None
        else _check_list(out, "equipment", change.equipment, MAX_EQUIPMENT_ITEMS, MAX_EQUIPMENT_ITEM)
    )
    days = None
    if change.training_days is not None:
        days = _check_list(out, "training_days", change.training_days, len(WEEKDAYS), 3)
        for i, day in enumerate(days):
            if day not in WEEKDAYS:
                out.add(f"training_days[{i}]", f"must be one of {', '.join(WEEKDAYS)}")
        days = tuple(sorted(days, key=lambda d: WEEKDAYS.index(d) if d in WEEKDAYS else 7))
    out.raise_if_any()
    return ProfileChange(
        goals=goals,
        equipment=equipment,
        limitations=limitations,
        training_days=days,
        calm_mode=change.calm_mode,
        program_suggestions=change.program_suggestions,
    )


def check_program_start(program: CurrentProgram, today: date) -> CurrentProgram:
    """StartProgram's fields; an empty ``started_on`` is ``today``."""
    out = Violations()
    program_id = check_name(out, "program_id", program.program_id, MAX_PROGRAM_ID, required=True)
    if program.version < 1:
        out.add("version", "must be 1 or more (the program version followed)")
    started = check_day(out, "started_on", program.started_on)
    routines = _check_list(out, "routine_ids", program.routine_ids, MAX_ROUTINES, MAX_ROUTINE_ID)
    out.raise_if_any()
    return CurrentProgram(program_id, program.version, (started or today).isoformat(), routines)
