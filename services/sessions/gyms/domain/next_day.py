"""Which plan day comes next for a client: the answer to "what's on my plan today".

The next day is the visible day after the one of the client's latest completed session of the plan,
wrapping from the last day to the first. With nothing completed, or when the completed day has since
been removed, it is the first visible day. A day started but not completed is still the next one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from services.sessions.gyms.domain.model import Plan, PlanDay


@dataclass(frozen=True)
class NextDay:
    """The day to do next, its position among all the plan's days (from 1), and why."""

    day: PlanDay
    position: int
    last_completed_day_id: str = ""
    last_completed_at: datetime | None = None


def next_day(plan: Plan, last_completed: tuple[str, datetime] | None) -> NextDay | None:
    """The next visible day of ``plan`` after ``(day ID, completed at)``; None without visible days."""
    visible = [(position, day) for position, day in enumerate(plan.days, start=1) if day.visible]
    if not visible:
        return None
    if last_completed is None:
        position, day = visible[0]
        return NextDay(day, position)
    done_id, done_at = last_completed
    done_position = next((p for p, d in enumerate(plan.days, start=1) if d.id == done_id), None)
    if done_position is None:
        position, day = visible[0]
    else:
        position, day = next(((p, d) for p, d in visible if p > done_position), visible[0])
    return NextDay(day, position, done_id, done_at)
