"""Record versions ``<counter>.<deviceID>`` and the other identifiers a write carries.

The counter grows by one on every change of a record; the device ID says which client wrote it
last. Only the whole string is compared: a caller sends back exactly what it read. The formats
themselves are defined once in ``knowledge.training.formats`` (decision 0026); these checks
turn a mismatch into the field error callers see.
"""

from __future__ import annotations

from kinetic.errors import InvalidArgument
from knowledge.training.formats import (
    DEFAULT_DEVICE_ID,
    DEVICE_ID,
    IDEMPOTENCY_KEY,
    VERSION,
    VERSION_KEY,
)
from knowledge.training.formats import format_version as format_version


def check_device_id(value: str) -> str:
    """The device ID, or ``kinetic`` when none was given; refuses anything that is not [A-Za-z0-9-]."""
    if not value:
        return DEFAULT_DEVICE_ID
    # fullmatch: "$" alone would let a trailing newline through.
    if not DEVICE_ID.fullmatch(value):
        raise InvalidArgument.for_field("deviceID", "must be 1-40 letters, digits or hyphens")
    return value


def check_idempotency_key(value: str, field: str = "idempotencyKey") -> str:
    """An idempotency key of 8-80 safe characters."""
    if not IDEMPOTENCY_KEY.fullmatch(value or ""):
        raise InvalidArgument.for_field(
            field, "must be 8-80 characters of letters, digits and . _ : - (one key per intended change)"
        )
    return value


def check_expected_versions(versions: dict[str, str]) -> dict[str, str]:
    """``{"workout:<id>": "<counter>.<deviceID>"}``; keys and values checked."""
    for key, version in versions.items():
        if not VERSION_KEY.fullmatch(key):
            raise InvalidArgument.for_field(
                f"expectedVersions[{key[:80]}]", 'keys are "workout:<id>" or "plan:<id>" from a Training read'
            )
        if not VERSION.fullmatch(version):
            raise InvalidArgument.for_field(
                f"expectedVersions[{key}]", "must be a version of the form <counter>.<deviceID> from a read"
            )
    return versions
