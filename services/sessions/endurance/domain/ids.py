"""IDs of activities and threshold values: a prefix and 26 characters that sort by creation time.

The 26 characters are ten of milliseconds since the epoch and sixteen random ones, in Crockford's
base 32 (no I, L, O or U, so no ID reads as a word or mistypes as another), the layout of a ULID:
IDs made later sort after, and two made in the same millisecond do not collide in practice.
"""

from __future__ import annotations

import os
from datetime import datetime

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
ACTIVITY_PREFIX = "act_"
THRESHOLD_PREFIX = "thr_"


def _base32(value: int, length: int) -> str:
    digits = []
    for _ in range(length):
        value, digit = divmod(value, 32)
        digits.append(_ALPHABET[digit])
    return "".join(reversed(digits))


def new_id(prefix: str, now: datetime) -> str:
    """``prefix`` and 26 characters stamped with ``now``."""
    millis = int(now.timestamp() * 1000) & ((1 << 50) - 1)
    return prefix + _base32(millis, 10) + _base32(int.from_bytes(os.urandom(10), "big"), 16)
