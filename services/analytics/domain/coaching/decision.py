"""The day's decision: what to do with the planned session, from recovery and load.

First rule that applies (decision 0058, Decision):
1. nothing planned: ``rest`` (``no_plan``);
2. recovery red or training state overloaded: ``substitute_recovery``, a short Z1 session of the
   key session's sport, or ``rest`` when the key session is already easy and no longer than it;
3. a race on an amber morning or at an elevated load: ``execute_as_planned`` (``race_day``);
4. recovery amber or load elevated: ``adapt_session``, scaled to the session and the reason
   (decision 0112): a hard session is held at Z2 (30 % shorter for amber recovery or a high load
   risk, as long as planned for a moderate one); an easy session is 15 % shorter for amber recovery
   or a high load risk and stands as planned for a moderate one;
5. otherwise ``execute_as_planned``.
The key session is the planned session with the most planned TSS, then the longest, then the
first; the decision is about it (a day of two sessions gets one decision).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Final, Literal

from services.analytics.domain.coaching import identity
from services.analytics.domain.coaching.inputs import CoachingInputs, PlannedWorkout
from services.analytics.domain.coaching.status import (
    TSB_OVERLOADED_BELOW,
    TrainingStatus,
    load_risk,
    training_status,
)

ActionType = Literal["execute_as_planned", "adapt_session", "substitute_recovery", "rest"]

# How much of the key session an adaptation keeps (decision 0112): a hard session loses its
# intensity and, for amber recovery or a high load risk, 30 % of its time; an easy one, already
# the low-intensity day HRV-guided training prescribes on a poor morning (Kiviniemi et al. 2007),
# loses 15 %. A moderate load risk (Gabbett's 1.3-1.5, a ramp of 5-8) only takes the intensity out.
ADAPT_DURATION_SHARE: Final = 0.7
EASY_ADAPT_DURATION_SHARE: Final = 0.85
MODERATE_DURATION_SHARE: Final = 1.0
# Intensity factors for the TSS of a session the engine writes: Z1 (active recovery) about 0.55 of
# threshold, Z2 (endurance) about 0.70 (Coggan's power levels: under 55 %, 56-75 %).
RECOVERY_IF: Final = 0.55
ENDURANCE_IF: Final = 0.70
RECOVERY_INTENSITY: Final = "Z1 - Active Recovery"
ENDURANCE_INTENSITY: Final = "Z2 - Aerobic Endurance"
# Recovery session per sport: minutes, title, what to do.
RECOVERY_SESSIONS: Final = {
    "run": (30.0, "Recovery run", "Easy jog or run-walk at conversational effort, Z1."),
    "ride": (40.0, "Recovery spin", "Easy spin at low power and high cadence, Z1."),
    "swim": (30.0, "Recovery swim", "Easy technique swimming with long rests, Z1."),
    "strength": (30.0, "Mobility", "Mobility and light stretching; no loaded lifts."),
    "other": (30.0, "Easy movement", "Easy movement of your choice at Z1: walk, spin or mobility."),
}
_HARD: Final = re.compile(
    r"tempo|threshold|sweet ?spot|vo2|interval|anaerobic|sprint|race|hard|z(?:one)?\s*[3-7]\b"
)
_RACE: Final = re.compile(r"\brace\b")
_EASY: Final = re.compile(r"recovery|easy|endurance|aerobic|z(?:one)?\s*[12]\b")


@dataclass(frozen=True)
class DailyDecision:
    day_status: TrainingStatus
    decision_id: str
    action_type: ActionType
    session: PlannedWorkout | None
    changed_from: PlannedWorkout | None
    reason_codes: tuple[str, ...]
    reason_summary: str


def is_easy(session: PlannedWorkout) -> bool:
    """Easy when the target names Z1/Z2, recovery, easy, endurance or aerobic and nothing harder."""
    text = session.target_intensity.lower()
    return bool(_EASY.search(text)) and not _HARD.search(text)


def is_race(session: PlannedWorkout) -> bool:
    """A race: the target intensity or the title names a race ("Race effort", RunFlow's RACE)."""
    return bool(_RACE.search(f"{session.target_intensity} {session.title}".lower()))


def key_session(planned: tuple[PlannedWorkout, ...]) -> PlannedWorkout:
    """The most planned TSS, then the longest, then the first."""
    ranked = sorted(
        enumerate(planned),
        key=lambda item: (-(item[1].planned_tss or 0.0), -(item[1].duration_minutes or 0.0), item[0]),
    )
    return ranked[0][1]


def _tss(minutes: float, intensity_factor: float) -> float:
    return minutes / 60 * intensity_factor**2 * 100


def recovery_session(sport: str) -> PlannedWorkout:
    minutes, title, description = RECOVERY_SESSIONS.get(sport, RECOVERY_SESSIONS["other"])
    return PlannedWorkout(
        sport=sport,
        title=title,
        duration_minutes=minutes,
        target_intensity=RECOVERY_INTENSITY,
        description=description,
        planned_tss=_tss(minutes, RECOVERY_IF),
    )


def adapted(planned: PlannedWorkout, strong: bool = True) -> PlannedWorkout:
    """The same sport and workout, capped at Z2 and without intervals; a hard session 30 % shorter
    (``strong``) or as long as planned, an easy one 15 % shorter (whole minutes)."""
    easy = is_easy(planned)
    strong_share = ADAPT_DURATION_SHARE if strong else MODERATE_DURATION_SHARE
    share = EASY_ADAPT_DURATION_SHARE if easy else strong_share
    minutes = round(planned.duration_minutes * share) if planned.duration_minutes else None
    intensity = planned.target_intensity if easy else ENDURANCE_INTENSITY
    if easy and planned.planned_tss is not None:
        tss: float | None = planned.planned_tss * share
    else:
        tss = _tss(minutes, ENDURANCE_IF) if minutes is not None else None
    shorter = f"shortened by {round((1 - share) * 100)}%"
    if easy:
        what = shorter
    elif share < 1:
        what = f"{shorter} and held at Z2 endurance; skip the hard efforts"
    else:
        what = "held at Z2 endurance; skip the hard efforts"
    return replace(
        planned,
        title=f"{planned.title or planned.sport.capitalize()} (adapted)",
        duration_minutes=float(minutes) if minutes is not None else None,
        target_intensity=intensity,
        description=f"{planned.description} Adapted: {what}.".strip(),
        intervals=(),
        planned_tss=tss,
    )


def daily_decision(inputs: CoachingInputs, at: datetime) -> DailyDecision:
    """The decision for ``inputs.day``, evaluated at ``at`` (which only sets ``stale``)."""
    status = training_status(inputs, at)
    found = status.recovery
    signals = [s for s in found.signals if s.level != "green"]
    codes = [s.code for s in found.signals]
    if found.status != "green":
        codes.append(f"recovery_{found.status}")
    overloaded = status.training_state == "overloaded"
    elevated = status.load_status == "elevated"
    if elevated:
        codes.append("load_elevated")
    if inputs.load.tsb < TSB_OVERLOADED_BELOW:
        codes.append("tsb_very_low")
    if overloaded:
        codes.append("overloaded")
    why = " ".join(s.summary for s in signals)
    load_words = _load_words(status, inputs)
    action: ActionType
    session: PlannedWorkout | None = None
    changed: PlannedWorkout | None = None
    if not inputs.planned:
        action, summary = "rest", "Rest day: nothing planned."
        codes.insert(0, "no_plan")
    else:
        planned = key_session(inputs.planned)
        recovery_minutes = RECOVERY_SESSIONS.get(planned.sport, RECOVERY_SESSIONS["other"])[0]
        if found.status == "red" or overloaded:
            changed = planned
            short = planned.duration_minutes is not None and planned.duration_minutes <= recovery_minutes
            if is_easy(planned) and short:
                action, summary = "rest", "Rest instead of the planned easy session."
                codes.append("planned_session_easy")
            else:
                action, session = "substitute_recovery", recovery_session(planned.sport)
                summary = "Swapped for a short recovery session."
        elif is_race(planned) and (found.status == "amber" or elevated):
            # Decision 0112: a race is not shortened or slowed for an amber morning or a load
            # class; its day's signals are said (a red one still swaps it, above).
            action, session, summary = "execute_as_planned", planned, "Race day: race as planned."
            codes.append("race_day")
        elif found.status == "amber" or (elevated and load_risk(inputs.load) != "moderate"):
            action, session, changed = "adapt_session", adapted(planned), planned
            summary = "Planned session shortened and kept easy."
        elif elevated and not is_easy(planned):
            action, session, changed = "adapt_session", adapted(planned, strong=False), planned
            summary = "Planned session kept easy: no hard efforts today."
        elif elevated:
            action, session, summary = "execute_as_planned", planned, "The planned easy session stands."
        else:
            action, session, summary = "execute_as_planned", planned, ""
        if len(inputs.planned) > 1 and action != "execute_as_planned":
            summary += f" The day's other {len(inputs.planned) - 1} planned session(s) are dropped."
    if status.stale:
        codes.append("data_stale")
    summary = " ".join(part for part in (summary, why, load_words) if part)
    if not summary and "no_readiness_data" in codes:
        summary = "No readiness entry for the day: decided from training load only."
    return DailyDecision(
        day_status=status,
        decision_id=identity.decision_id(inputs),
        action_type=action,
        session=session,
        changed_from=changed,
        reason_codes=tuple(codes),
        reason_summary=summary,
    )


def _load_words(status: TrainingStatus, inputs: CoachingInputs) -> str:
    words = []
    if status.training_state == "overloaded":
        words.append("Training load is overloaded")
    elif status.load_status == "elevated":
        words.append("Training load is elevated")
    if words:
        ratio = inputs.load.workload_ratio
        ratio_text = f", workload ratio {ratio:.2f}" if ratio is not None else ""
        return f"{words[0]} (form {inputs.load.tsb:.0f}{ratio_text})."
    return ""
