"""Planned TSS and zone-named paces of plan workouts, from the caller's thresholds
(``services.training.domain.planned_stress``; docs/decisions/0062-endurance-plans.md)."""

from __future__ import annotations

from dataclasses import replace

from services.training.domain.endurance import EnduranceTarget
from services.training.domain.planned_stress import Thresholds, planned_tss, with_resolved_paces


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
