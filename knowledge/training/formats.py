"""Formats and limits that protect Training data, defined once.

The training service enforces them (``services/training/domain/versions.py`` and ``calendar.py``);
a profile may publish them (each ``*_PATTERN`` is a string usable as a JSON Schema ``pattern``, the
same-named constant without the suffix is it compiled) or check them early, but never a copy.

Every pattern is anchored (``^...$``) because JSON Schema patterns are not, and it uses ``[0-9]``
rather than ``\\d``, which in Python also matches digits of other scripts. In Python, check with
``fullmatch``: ``$`` alone lets a trailing newline through.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Final, Literal

# --- Idempotency keys: one per intended change; a retry with the same key and body gets the first
# result back, the same key with another body is a conflict.
IDEMPOTENCY_KEY_MIN_CHARS: Final = 8
IDEMPOTENCY_KEY_MAX_CHARS: Final = 80
IDEMPOTENCY_KEY_PATTERN: Final = r"^[A-Za-z0-9._:-]{8,80}$"
IDEMPOTENCY_KEY: Final = re.compile(IDEMPOTENCY_KEY_PATTERN)

# --- Record versions "<counter>.<deviceID>": the counter grows by one on every change of a record,
# the device ID says which client wrote it last. Only the whole string is compared.
DEVICE_ID_MAX_CHARS: Final = 40
DEVICE_ID_PATTERN: Final = r"^[A-Za-z0-9-]{1,40}$"
DEVICE_ID: Final = re.compile(DEVICE_ID_PATTERN)
DEFAULT_DEVICE_ID: Final = "kinetic"  # the writer named in a version when the caller names none
VERSION_PATTERN: Final = r"^[1-9][0-9]{0,9}\.[A-Za-z0-9-]{1,40}$"
VERSION: Final = re.compile(VERSION_PATTERN)

# --- Version keys "workout:<id>" / "plan:<id>": how a write names the records whose versions it
# expects (``expectedVersions``) and how a read reports them. IDs are lowercase UUIDs.
VersionedKind = Literal["workout", "plan"]
VERSIONED_KINDS: Final[tuple[VersionedKind, ...]] = ("workout", "plan")
VERSION_KEY_PATTERN: Final = r"^(workout|plan):[0-9a-f-]{36}$"
VERSION_KEY: Final = re.compile(VERSION_KEY_PATTERN)

# --- Local days and weeks. Weekdays are numbered as the contracts count them: 1 = Sunday ...
# 7 = Saturday (``Schedule.weekdays`` and ``weekStartsOn`` both use it).
LOCAL_DAY_PATTERN: Final = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
LOCAL_DAY: Final = re.compile(LOCAL_DAY_PATTERN)
SUNDAY: Final = 1
MONDAY: Final = 2
SATURDAY: Final = 7

# --- Limits the training service enforces on every caller (seed 000).
CALENDAR_MAX_DAYS: Final = 93  # a calendar read covers at most this many days
HISTORY_MAX_DAYS: Final = 366  # a history read covers at most this many days
DELETION_PREVIEW_DAYS: Final = 93  # a deletion preview lists the occurrences of this many days ahead
# A deletion preview's token confirms only what was shown, and only for so long.
DELETION_PREVIEW_LIFETIME: Final = timedelta(minutes=5)
MAX_RECORDS_PER_WRITE: Final = 50  # workouts and plans one edit may create or change


def format_version(counter: int, device_id: str) -> str:
    """The version string of a record at ``counter`` written by ``device_id``."""
    return f"{counter}.{device_id}"


def version_key(kind: VersionedKind, record_id: str) -> str:
    """The key naming a record's version: ``workout:<id>`` or ``plan:<id>``."""
    return f"{kind}:{record_id}"


def weekday_number(day: date) -> int:
    """The weekday of ``day`` as the contracts number it: 1 = Sunday ... 7 = Saturday."""
    return day.isoweekday() % 7 + 1


def week_start(day: date, week_starts_on: int) -> date:
    """The first day of the week containing ``day``, for weeks starting on ``week_starts_on``.

    Raises ``ValueError`` unless ``week_starts_on`` is a weekday number, 1 (Sunday) to 7 (Saturday).
    """
    if isinstance(week_starts_on, bool) or not isinstance(week_starts_on, int):
        raise ValueError(f"week_starts_on must be an int from 1 to 7, not {week_starts_on!r}")
    if not SUNDAY <= week_starts_on <= SATURDAY:
        raise ValueError(f"week_starts_on must be 1 (Sunday) to 7 (Saturday), not {week_starts_on}")
    return day - timedelta(days=(weekday_number(day) - week_starts_on) % 7)
