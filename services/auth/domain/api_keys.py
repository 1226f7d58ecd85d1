"""Personal API keys: secret format, how secrets are stored, names and scopes.

A secret is ``rf_`` plus 64 lowercase hex characters: 256 bits from ``secrets``. Only its SHA-256
digest is stored. A fast hash is enough here, unlike for passwords: a KDF's cost exists to slow
down guessing of low-entropy human secrets, and nobody can enumerate 2**256 random values however
fast each guess is. A fast digest also lets a presented key be found with one indexed lookup.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from kinetic.errors import InvalidArgument
from kinetic.protected_resources import API_KEY_SCOPES, ISSUED_SCOPES, LEGACY_SCOPES

SECRET_PREFIX = "rf_"
SECRET_PATTERN = re.compile(r"^rf_[0-9a-f]{64}$")
DISPLAY_PREFIX_CHARS = 8  # "rf_" and five hex digits: enough to tell keys apart, useless to guess
MAX_NAME_CHARS = 100

# The scopes a key may carry: every resource's whose contract allows keys (not Primed's: seed 001
# takes RS256 JWTs only). A scope outside this set is a typo or needs OAuth.
KEY_SCOPES: tuple[str, ...] = API_KEY_SCOPES
# What an access token may carry: every scope issued today, and the old names older grants hold.
TOKEN_SCOPES: tuple[str, ...] = ISSUED_SCOPES + LEGACY_SCOPES


@dataclass(frozen=True)
class ApiKey:
    """A stored API key, without its secret."""

    key_id: str
    account_id: str
    name: str
    scopes: tuple[str, ...]
    prefix: str
    created_at: datetime
    revoked_at: datetime | None = None

    @property
    def active(self) -> bool:
        """Whether the key still authenticates."""
        return self.revoked_at is None


def new_secret() -> str:
    """A fresh secret: ``rf_`` and 32 random bytes in hex."""
    return SECRET_PREFIX + secrets.token_hex(32)


def is_well_formed(secret: str) -> bool:
    """Whether ``secret`` has the shape of a Kinetic API key."""
    return SECRET_PATTERN.fullmatch(secret) is not None


def secret_digest(secret: str) -> str:
    """The stored form of a secret: its SHA-256 digest in hex."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def display_prefix(secret: str) -> str:
    """The first characters of a secret, stored in clear so a person can tell keys apart."""
    return secret[:DISPLAY_PREFIX_CHARS]


def validate_name(name: str) -> str:
    """A trimmed label of 1 to 100 characters."""
    name = name.strip()
    if not name:
        raise InvalidArgument.for_field("name", "is required")
    if len(name) > MAX_NAME_CHARS:
        raise InvalidArgument.for_field("name", f"must be at most {MAX_NAME_CHARS} characters")
    return name


def validate_scopes(scopes: Iterable[str], allowed: tuple[str, ...] = KEY_SCOPES) -> tuple[str, ...]:
    """At least one scope of ``allowed`` (a key's, unless told); duplicates dropped, first-seen
    order kept."""
    unique = tuple(dict.fromkeys(scope.strip() for scope in scopes))
    if not unique:
        raise InvalidArgument.for_field("scopes", f"name at least one of {', '.join(allowed)}")
    unknown = [scope for scope in unique if scope not in allowed]
    if unknown:
        refused = unknown[0]
        why = "not available to API keys" if refused in TOKEN_SCOPES else "unknown scope"
        raise InvalidArgument.for_field("scopes", f"{why} {refused!r}; use any of {', '.join(allowed)}")
    return unique
