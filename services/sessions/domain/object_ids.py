"""24-hex-character IDs shaped like MongoDB ObjectIds, as the Client AI contract (seed 002) names them.

Layout: 4 bytes of seconds since the epoch (so IDs sort roughly by creation time and say when they
were made) followed by 8 random bytes (so IDs made in the same second, by any process, do not
collide in practice). No counter or machine ID: nothing here needs to coordinate.
"""

from __future__ import annotations

import os
import re
from datetime import datetime

from knowledge.limits.sessions import OBJECT_ID_PATTERN

OBJECT_ID = re.compile(OBJECT_ID_PATTERN)


def new_object_id(now: datetime) -> str:
    """A fresh ID stamped with ``now``."""
    seconds = int(now.timestamp()) & 0xFFFFFFFF
    return seconds.to_bytes(4, "big").hex() + os.urandom(8).hex()


def is_object_id(value: str) -> bool:
    """Whether ``value`` is 24 hex characters (callers store it lowercased)."""
    return bool(OBJECT_ID.match(value))
