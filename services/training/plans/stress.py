"""Planned TSS and zone-named paces of plan workouts, from the caller's thresholds
(``services.training.domain.planned_stress``; docs/decisions/0062-endurance-plans.md)."""

from __future__ import annotations

from dataclasses import replace

from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from services.training.domain.endurance import EnduranceTarget
from services.training.domain.planned_stress import Thresholds, planned_tss, with_resolved_paces

_FIELDS = (
    "ftp_watts",
    "threshold_pace_seconds_per_km",
    "css_seconds_per_100m",
    "threshold_hr_bpm",
    "max_hr_bpm",
    "resting_hr_bpm",
    "vdot",
)


def thresholds_from_pb(message: plans_pb2.AthleteThresholds) -> Thresholds:
    """The request's thresholds; each unset one is unknown (None)."""
    return Thresholds(
        **{name: getattr(message, name) if message.HasField(name) else None for name in _FIELDS}
    )


def priced(
    endurance: EnduranceTarget, thresholds: Thresholds, *, keep_locked: bool = True
) -> EnduranceTarget:
    """``endurance`` with zone-named paces resolved and its planned TSS computed.

    A locked TSS is kept when ``keep_locked``; otherwise the computed value replaces it, unlocked.
    When nothing can be computed (no thresholds for the sport), the value sent is kept, unlocked.
    """
    resolved = with_resolved_paces(endurance, thresholds.vdot)
    if resolved.planned_tss_locked and keep_locked:
        return resolved
    computed = planned_tss(resolved, thresholds)
    if computed is None:
        return replace(resolved, planned_tss_locked=False)
    return replace(resolved, planned_tss=round(computed, 1), planned_tss_locked=False)
