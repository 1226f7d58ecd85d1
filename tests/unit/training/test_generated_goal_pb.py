"""A generated goal's drafts made from the plan (``generated_goal_pb.workout_drafts``) are what
``commands_pb.workout_draft`` reads from the ``CreateGoal`` message made of it, type for type: a
double read back is a float, so 8000 metres is 8000.0 and is stored so (decision 0123, third pass).
``repr`` tells 8000 from 8000.0, which ``==`` does not."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from services.training.plans.commands_pb import workout_draft
from services.training.plans.generated_goal_pb import goal_of, workout_drafts
from services.training.plans.generator import EVENTS, generate_plan, parse_request
from services.training.plans.generator.paces import vdot_for_threshold_pace

TODAY = date(2026, 3, 2)


def plans() -> list[tuple[str, dict[str, object], float | None]]:
    asked = []
    for event in EVENTS:
        # The shortest build and the longest (a timed event is among the events).
        for weeks in (event.min_weeks, event.max_weeks - 1):
            for days, experience in ((3, "beginner"), (5, "intermediate"), (7, "advanced")):
                arguments: dict[str, object] = {
                    "event": event.id,
                    "raceDate": (TODAY + timedelta(weeks=weeks, days=2)).isoformat(),
                    "weeklyVolumeKm": max(event.min_weekly_km, 25 if experience == "beginner" else 60),
                    "daysPerWeek": days,
                    "experience": experience,
                }
                for vdot in (None, vdot_for_threshold_pace(250)):
                    asked.append(
                        (f"{event.id}-{weeks}w-{days}d-{experience}-{vdot is not None}", arguments, vdot)
                    )
    return asked


@pytest.mark.parametrize(
    ("arguments", "vdot"), [(a, v) for _, a, v in plans()], ids=[n for n, _, _ in plans()]
)
def test_the_drafts_made_from_the_plan_are_those_read_from_its_message(
    arguments: dict[str, object], vdot: float | None
) -> None:
    plan = generate_plan(parse_request(arguments, TODAY), vdot)
    read = tuple(workout_draft(message) for message in goal_of(plan, activate=True).workouts)

    made = workout_drafts(plan)

    assert made and repr(made) == repr(read)
