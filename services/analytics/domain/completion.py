"""How a completed planned workout compares with the activity linked to it, and what the next days
should take from it (the contract's ``adaptationResult`` of ``mark_workout_status``).

The comparison is training stress: the activity's TSS (as analytics computes it for every read)
against the planned TSS. Within 15 % either way is on target: planned TSS rests on threshold
estimates and an athlete's pacing, and a day's stress a few percent off the plan changes nothing in
the week. Ratios are judged at the precision the answer shows (0.01, so the message's whole
percentages never contradict the outcome). Decision 0062, Completion assessment.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

Outcome = Literal[
    "on_target", "harder_than_planned", "easier_than_planned", "no_activity", "activity_not_found"
]

ON_TARGET_LOWEST: Final = 0.85
ON_TARGET_HIGHEST: Final = 1.15
# From half as much again as planned, one easy day is not enough to absorb the extra fatigue.
MUCH_HARDER_FROM: Final = 1.5
# Under half the plan, the session was most likely cut short: why matters more than the load.
MUCH_EASIER_BELOW: Final = 0.5
_SHOWN_ID_CHARS: Final = 64


@dataclass(frozen=True)
class Assessment:
    """The outcome, the ratio and activity TSS when known (as answered: TSS to 0.1, ratio to 0.01),
    and the advice in plain words."""

    outcome: Outcome
    message: str
    tss_ratio: float | None = None
    activity_tss: float | None = None


def half_up(value: float, places: int) -> float:
    """Rounded as by hand, like every analytics figure (+ 0.0 turns -0.0 into 0.0)."""
    scale = 10.0**places
    return math.floor(value * scale + 0.5) / scale + 0.0


def no_activity() -> Assessment:
    return Assessment(
        "no_activity",
        "Marked completed without a linked activity, so there is nothing to compare with the plan. "
        "Link the recorded activity to see whether it was harder or easier than planned; until "
        "then the plan's next days stand as they are.",
    )


def activity_not_found(activity_id: str) -> Assessment:
    shown = activity_id[:_SHOWN_ID_CHARS]
    return Assessment(
        "activity_not_found",
        f"The workout is marked completed, but this account has no activity {shown!r} (it may not "
        f"have been imported yet), so it was not compared with the plan. The plan's next days stand "
        f"as they are.",
    )


def compared(planned_tss: float, activity_tss: float | None) -> Assessment:
    """The activity's stress (None: no method could work one out) against the planned stress."""
    if activity_tss is None:
        return Assessment(
            "on_target",
            "Counted as on target: the activity's training stress is unknown (no power, pace, "
            "heart rate or perceived exertion to work it out from), so it cannot be compared with "
            f"the planned {planned_tss:.0f} TSS. Carry on with the plan as it stands.",
        )
    shown = half_up(activity_tss, 1)
    if planned_tss <= 0:
        return Assessment(
            "on_target",
            f"Counted as on target: the workout had no planned training stress to compare the "
            f"activity's {shown:.0f} TSS with. Carry on with the plan as it stands.",
            activity_tss=shown,
        )
    ratio = half_up(activity_tss / planned_tss, 2)
    against = f"{shown:.0f} TSS against {planned_tss:.0f} planned"
    off = abs(round((ratio - 1) * 100))
    if ratio > ON_TARGET_HIGHEST:
        advice = (
            "keep the next two days easy (or rest) and do not add to the next hard session: the "
            "extra fatigue needs more than a day to clear."
            if ratio >= MUCH_HARDER_FROM
            else "keep tomorrow easy so the extra fatigue clears before the next hard session."
        )
        message = f"Harder than planned by {off} % ({against}): {advice}"
        return Assessment("harder_than_planned", message, ratio, shown)
    if ratio < ON_TARGET_LOWEST:
        advice = (
            "if it was cut short by fatigue, illness or pain, take tomorrow easy and see how you "
            "feel; otherwise carry on with the plan, without making up the missed load."
            if ratio < MUCH_EASIER_BELOW
            else "carry on with the plan as it stands; do not make up the missed load in the next sessions."
        )
        message = f"Easier than planned by {off} % ({against}): {advice}"
        return Assessment("easier_than_planned", message, ratio, shown)
    message = f"On target ({against}, {ratio * 100:.0f} % of the plan): carry on with the plan as it stands."
    return Assessment("on_target", message, ratio, shown)
