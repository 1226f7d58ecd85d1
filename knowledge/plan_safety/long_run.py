"""Rule 2, ``long_run_cap`` (warning): "a single long run exceeds 35 % of total weekly running
distance" (the plan contract, section 4).

A long run is any planned run, whatever its type, that carries more than 35 % of its week's running
distance (completed and planned runs together): the risk is the distance of one outing against
what the week prepares the legs for, not the label. A RACE is left out (its distance is the event's,
not a training choice) but counts in the week. Weeks under 30 km of running are not judged. The
share a run may take is the contract's 35 %, or for a plan towards a known event the share of the
table the generator builds by (``long_run_caps``). Decision 0060, Long run cap.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from knowledge.plan_safety.advisories import Advisory, LongRun
from knowledge.plan_safety.inputs import PlannedWorkout
from knowledge.plan_safety.long_run_caps import CONTRACT_SHARE_PCT, GoalRace, share_cap_pct
from knowledge.plan_safety.text import day_text, km_text, percent
from knowledge.plan_safety.weeks import Week

THRESHOLD_PCT: Final = CONTRACT_SHARE_PCT
# Under 30 km a week a runner runs two or three times, and half the week in one 10-15 km run is
# ordinary and safe: the share only measures a risk once there is volume to spread.
MINIMUM_WEEK_DISTANCE_M: Final = 30_000.0


def long_runs(weeks: Sequence[Week], goal: GoalRace | None = None) -> list[Advisory]:
    """Each run above the share of its judged week a plan towards ``goal`` allows
    (``long_run_caps.share_cap_pct``: the contract's 35 % without a known goal race)."""
    advisories: list[Advisory] = []
    for week in weeks:
        week_distance = week.totals["run_distance_m"]
        if week_distance < MINIMUM_WEEK_DISTANCE_M:
            continue
        threshold_pct = share_cap_pct(goal, week.run_days)
        for run in week.planned:
            if run.sport != "RUN" or run.workout_type == "RACE" or run.distance_m is None:
                continue
            share = percent(run.distance_m / week_distance * 100)
            if share > threshold_pct:
                advisories.append(_advisory(week, run, run.distance_m, week_distance, share, threshold_pct))
    return advisories


def _advisory(
    week: Week, run: PlannedWorkout, distance: float, week_distance: float, share: float, threshold_pct: float
) -> Advisory:
    detail = LongRun(
        week_start=week.start,
        run_day=run.day,
        workout_id=run.workout_id,
        workout_type=run.workout_type,
        run_distance_m=distance,
        week_run_distance_m=week_distance,
        share_pct=share,
        threshold_pct=threshold_pct,
        minimum_week_distance_m=MINIMUM_WEEK_DISTANCE_M,
    )
    # The longest this run may be with the week's other running unchanged: d <= cap x (rest + d).
    cap = threshold_pct / 100
    longest = cap * (week_distance - distance) / (1 - cap)
    message = (
        f"The {run.workout_type} run on {day_text(run.day)} ({km_text(distance)}) is {share:.1f} % of "
        f"the week's {km_text(week_distance)} of running (week of {day_text(week.start)}), above the "
        f"{threshold_pct:.0f} % cap. One run that large for the week loads the legs beyond what the "
        f"other days prepare them for. Shorten it to at most {km_text(longest)}, or move easy "
        f"distance from it to other days of the week."
    )
    return Advisory("warning", "long_run_cap", message, run.day, detail)
