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
