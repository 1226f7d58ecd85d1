"""The demo account's endurance records for ``make run``: thresholds, twelve weeks of runs and rides
with streams, and a readiness entry for every morning (``activity_files/demo_season.py``).

Converges instead of creating: an activity is stored through the same path as a file import, which
stores nothing for one already there (same fingerprint); a threshold kind the account already has
and a day that already has an entry are left as the person left them. A start on a later day adds
that day's part of the season.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import date

from services.sessions.endurance.activity_files.demo_season import (
    CSS_200M_S,
    CSS_400M_S,
    DEVICE,
    FTP_W,
    MAX_HR,
    RESTING_HR,
    THRESHOLD_HR,
    THRESHOLD_PACE_S_PER_KM,
    demo_readiness,
    demo_season,
    season_start,
)
from services.sessions.endurance.bootstrap import EnduranceModule
from services.sessions.endurance.domain.endurance_model import ThresholdValue


@dataclass(frozen=True)
class DemoEndurance:
    """What one run of ``ensure_demo_endurance`` added."""

    activities: int
    thresholds: int
    readiness_days: int


def demo_thresholds(first_day: date) -> list[ThresholdValue]:
    """The athlete's thresholds, in force from the season's first day."""
    day = first_day.isoformat()
    return [
        ThresholdValue("ftp", day, "test", watts=FTP_W),
        ThresholdValue("threshold_pace", day, "test", seconds_per_km=THRESHOLD_PACE_S_PER_KM),
        ThresholdValue("css", day, "test", seconds_400m=CSS_400M_S, seconds_200m=CSS_200M_S),
        ThresholdValue("max_hr", day, "test", bpm=MAX_HR),
        ThresholdValue("resting_hr", day, "test", bpm=RESTING_HR),
        ThresholdValue("threshold_hr", day, "test", bpm=THRESHOLD_HR),
    ]


def ensure_demo_endurance(module: EnduranceModule, account_id: str, today: date) -> DemoEndurance:
    """Add what is missing of the demo season ending ``today`` to ``account_id``."""
    first = season_start(today)
    known_kinds = {t.value.kind for t in module.thresholds.list(account_id, "").history}
    # Thresholds first: each activity's figures use those in force on its day.
    missing = [value for value in demo_thresholds(first) if value.kind not in known_kinds]
    for value in missing:
        module.thresholds.set(account_id, value)
    added = sum(
        module.activities.import_recorded(account_id, activity, source_app=DEVICE).created
        for activity in demo_season(today)
    )
    stored = module.readiness.list(account_id, first.isoformat(), today.isoformat())
    recorded = {entry.day for entry in stored}
    days = 0
    for entry in demo_readiness(today):
        if entry.day.isoformat() in recorded:
            continue
        fields = {k: v for k, v in dataclasses.asdict(entry).items() if k != "day"}
        module.readiness.record(account_id, entry.day.isoformat(), fields)
        days += 1
    return DemoEndurance(added, len(missing), days)
