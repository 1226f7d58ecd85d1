"""Reading protobuf fields for the profiles' JSON, shared by Metric's and Client AI's renderers."""

from __future__ import annotations

from typing import Any


def optional_field(message: Any, field: str) -> Any:
    """The value of an ``optional`` field, or None when unset (JSON ``null``, not the zero value)."""
    return getattr(message, field) if message.HasField(field) else None
