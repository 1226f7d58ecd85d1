"""Record versions ``<counter>.<deviceID>`` and the other identifiers a write carries.

The counter grows by one on every change of a record; the device ID says which client wrote it
last. Only the whole string is compared: a caller sends back exactly what it read.
"""

from __future__ import annotations

import re

from kinetic.errors import InvalidArgument

DEVICE_ID = re.compile(r"^[A-Za-z0-9-]{1,40}$")
VERSION = re.compile(r"^[1-9][0-9]{0,9}\.[A-Za-z0-9-]{1,40}$")
IDEMPOTENCY_KEY = re.compile(r"^[A-Za-z0-9._:-]{8,80}$")
RECORD_KEY = re.compile(r"^(workout|plan):[0-9a-f-]{36}$")


def format_version(counter: int, device_id: str) -> str:
    """The version string of a record at ``counter`` written by ``device_id``."""
    return f"{counter}.{device_id}"


def check_device_id(value: str) -> str:
    """The device ID, or ``kinetic`` when none was given; refuses anything that is not [A-Za-z0-9-]."""
    if not value:
        return "kinetic"
    if not DEVICE_ID.match(value):
        raise InvalidArgument.for_field("deviceID", "must be 1-40 letters, digits or hyphens")
    return value


def check_idempotency_key(value: str, field: str = "idempotencyKey") -> str:
    """An idempotency key of 8-80 safe characters."""
    if not IDEMPOTENCY_KEY.match(value or ""):
        raise InvalidArgument.for_field(
            field, "must be 8-80 characters of letters, digits and . _ : - (one key per intended change)"
        )
    return value


def check_expected_versions(versions: dict[str, str]) -> dict[str, str]:
    """``{"workout:<id>": "<counter>.<deviceID>"}``; keys and values checked."""
    for key, version in versions.items():
        if not RECORD_KEY.match(key):
            raise InvalidArgument.for_field(
                f"expectedVersions[{key[:80]}]", 'keys are "workout:<id>" or "plan:<id>" from a Training read'
            )
        if not VERSION.match(version):
            raise InvalidArgument.for_field(
                f"expectedVersions[{key}]", "must be a version of the form <counter>.<deviceID> from a read"
            )
    return versions
