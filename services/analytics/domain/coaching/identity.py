"""The decision ID: "dcd_" and 20 characters of a digest of every input the engine used.

The inputs are written as canonical JSON (keys sorted, no spaces, floats as Python writes their
shortest exact form, instants as UTC ISO text), hashed with SHA-256 and written in lower-case
base32: the same inputs always give the same ID; any change (a new import, a readiness entry
recorded again, a changed plan) gives another. 20 base32 characters are 100 bits, so two different
inputs of one athlete meet the same ID with a probability no one will see (decision 0058).
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
from datetime import date, datetime
from typing import Any

from services.analytics.domain.coaching.inputs import CoachingInputs

PREFIX = "dcd_"
LENGTH = 20


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def canonical(inputs: CoachingInputs) -> bytes:
    """The inputs as canonical JSON bytes (``datetime`` values must be aware; they are UTC here)."""
    fields = _plain(dataclasses.asdict(inputs))
    return json.dumps(fields, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()


def decision_id(inputs: CoachingInputs) -> str:
    digest = hashlib.sha256(canonical(inputs)).digest()
    return PREFIX + base64.b32encode(digest).decode().lower()[:LENGTH]
