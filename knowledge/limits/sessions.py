"""The sessions service's input limits: logged sets, the gym sessions and the workout log.

Sessions enforces them (``domain/session_rules.py``, ``workout_log/domain/``); Client AI (seed 002)
and the Open Workout Schema profile (seed 003) publish them in their tools' schemas. Ranges are
inclusive ``(lowest, highest)`` in kilograms, meters and seconds. Where the two published contracts
truly differ, both are kept by name with the seed that fixes them (decision 0091).
"""

from __future__ import annotations

from typing import Final

# IDs shaped like MongoDB ObjectIds, as seed 002 names them: 24 hexadecimal characters.
OBJECT_ID_PATTERN: Final = r"^[0-9a-fA-F]{24}$"

# --- a logged set, whichever room logs it -----------------------------------------------------------
MAX_LOAD_KG: Final = 1000
# The 1000 kg limit expressed in pounds (decision 0049).
MAX_LOAD_LB: Final = 2205
REPS: Final = (0, 1000)
SECONDS: Final = (0, 86_400)  # a set's time and its rest
METERS: Final = (0, 1_000_000)
# RPE: seed 002 (Client AI) says "rpe (number, 0-10)", seed 003 (OWS) says "1 to 10".
RPE_SEED_002: Final = (0, 10)
RPE_SEED_003: Final = (1, 10)

# --- gym sessions (Client AI, seed 002) --------------------------------------------------------------
MAX_SETS_PER_CALL: Final = 50  # seed 002: "1-50 set objects"
MAX_SET_NUMBER: Final = 100  # seed 002: "setNumber (integer, 1-100)"
MAX_NOTES: Final = 2000  # seed 002: "Max 2000 chars."
MAX_SET_NOTES: Final = 1000  # seed 002: "notes (string, max 1000 chars)"
MAX_TITLE: Final = 200
MAX_SETUP_VALUES: Final = 8
MAX_SETUP_KEY: Final = 64
MAX_SETUP_TEXT: Final = 200
MAX_REPS_TEXT: Final = 20
MAX_EXERCISE_ID: Final = 80  # Training catalog slugs and "custom-<uuid>" fit
MAX_WINDOW_DAYS: Final = 366  # seed 002: "Maximum window is 366 days."
MAX_PAGE_LIMIT: Final = 50  # seed 002: "Page size, max 50."
DEFAULT_PAGE_LIMIT: Final = 20

# --- the workout log (OWS, seed 003) -----------------------------------------------------------------
MAX_ENTRIES: Final = 50  # exercises in one logged workout
MAX_SETS_PER_ENTRY: Final = 100
MAX_IDEMPOTENCY_KEY: Final = 200
MAX_EXERCISE_NAME: Final = 200
MAX_GOALS: Final = 2000
MAX_LIMITATIONS: Final = 2000
MAX_EQUIPMENT_ITEMS: Final = 50
MAX_EQUIPMENT_ITEM: Final = 100
MAX_PROGRAM_ID: Final = 80  # library IDs (kp:/lcp: slugs) and the user's routine IDs fit
MAX_PROGRAM_DAY: Final = 80
MAX_ROUTINE_ID: Final = 80
# A workout history file (ImportWorkoutFile, the REST upload): five years of four workouts a week is
# 3.7 MiB (decision 0047, "Size"), so 20 MiB holds decades; it stays well under the sessions server's
# 65 MiB request bound (decision 0098).
MAX_WORKOUT_FILE_BYTES: Final = 20 * 1024 * 1024

# --- the endurance room: a day's readiness entry and dated thresholds (decision 0054) ------------
# By the proto's field names; RunFlow's log_daily_health and recalibrate_thresholds publish them.
READINESS: Final[dict[str, tuple[int, int]]] = {
    "sleep_hours": (0, 24),
    "resting_hr": (20, 150),
    "hrv_ms": (1, 300),
    "soreness": (1, 5),
    "fatigue": (1, 5),
    "sleep_quality": (1, 5),
    "stress": (1, 5),
    "mood": (1, 5),
    "body_weight_kg": (20, 400),
    "steps": (0, 200_000),
    "water_intake_ml": (0, 20_000),
    "active_calories": (0, 20_000),
}
# The value fields each threshold kind takes.
THRESHOLDS: Final[dict[str, dict[str, tuple[int, int]]]] = {
    # 2:00/km (faster than any world record's pace) to 15:00/km (a brisk walk).
    "threshold_pace": {"seconds_per_km": (120, 900)},
    # 800 m to 100 km; the time from a 1:40 800 m to 24 hours for the 100 km.
    "race_result": {"distance_m": (800, 100_000), "seconds": (90, 86_400)},
    "ftp": {"watts": (30, 700)},
    # A 400 m in 3 to 20 minutes, a 200 m in 1:20 to 10 minutes.
    "css": {"seconds_400m": (180, 1200), "seconds_200m": (80, 600)},
    "max_hr": {"bpm": (100, 250)},
    "resting_hr": {"bpm": (25, 120)},
    "threshold_hr": {"bpm": (80, 230)},
}
