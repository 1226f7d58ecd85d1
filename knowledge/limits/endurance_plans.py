"""Training's limits of a planned endurance workout and of a plan (decisions 0056 and 0062).

Training enforces them (``domain/endurance_rules.py``, ``plans/rules.py``); analytics checks the
loads it is given against the same figures, so whatever training stores passes; RunFlow publishes
them in its plan tools' schemas. Ranges are inclusive ``(lowest, highest)``.
"""

from __future__ import annotations

from typing import Final

# --- a workout's endurance part ------------------------------------------------------------------
MAX_TOP_LEVEL_STEPS: Final = 50
MAX_REPEAT_STEPS: Final = 50
MAX_REPEAT_COUNT: Final = 50
# A repeat may hold a repeat (3 x (4 x 400 m, 3 min rest)), which may not hold another.
MAX_REPEAT_DEPTH: Final = 2
MAX_DURATION_SECONDS: Final = 86_400  # a day
MAX_DISTANCE_METERS: Final = 300_000  # 300 km
MAX_LABEL_CHARS: Final = 40
# 24 hours at threshold (100 an hour): nothing plannable scores more.
MAX_PLANNED_TSS: Final = 2400

# A step target's ranges, by the target's field (the proto's names).
PACE_SECONDS_PER_KM: Final = (120, 1200)
WATTS: Final = (1, 2000)
FTP_PERCENT: Final = (1, 300)
BPM: Final = (30, 230)
HEART_RATE_ZONE: Final = (1, 6)
RPE: Final = (1, 10)
TARGET_RANGES: Final[dict[str, tuple[int, int]]] = {
    "pace_low_seconds_per_km": PACE_SECONDS_PER_KM,
    "pace_high_seconds_per_km": PACE_SECONDS_PER_KM,
    "watts_low": WATTS,
    "watts_high": WATTS,
    "ftp_percent_low": FTP_PERCENT,
    "ftp_percent_high": FTP_PERCENT,
    "bpm_low": BPM,
    "bpm_high": BPM,
    "heart_rate_zone": HEART_RATE_ZONE,
    "rpe": RPE,
}

# --- a plan ----------------------------------------------------------------------------------------
MAX_BATCH: Final = 200
MAX_SUMMARY_CHARS: Final = 1000
MAX_TEXT_CHARS: Final = 400  # race type, focus, phase names and focus
MAX_RACE_TYPE_CHARS: Final = 40
MAX_DELTA_DAYS: Final = 365
MAX_WEEKLY_SESSIONS: Final = 28
MAX_STRENGTH_PER_WEEK: Final = 14
MAX_PHASE_BLOCKS: Final = 52
MAX_ORDER: Final = 99  # a workout's position within its day
# A phase target's weekly figures.
MAX_WEEKLY_DISTANCE_METERS: Final = 2_000_000
MAX_WEEKLY_DURATION_SECONDS: Final = 7 * 86_400
MAX_WEEKLY_TSS: Final = 5000
