"""RSA signing keys and the JSON Web Key Set that publishes them.

A key's ``kid`` is its RFC 7638 JWK thumbprint, so the same key always has the same ID and a
verifier can tell keys apart without any registry. Keys are never deleted: a retired key simply
leaves the key set (see docs/decisions/0003-signing-keys-and-api-keys.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from joserfc.jwk import RSAKey

ALGORITHM = "RS256"
KEY_BITS = 2048


@dataclass(frozen=True)
class SigningKey:
    """One stored key pair. ``retired_at`` is set once the key no longer verifies anything."""

    kid: str
    private_pem: str
    created_at: datetime
    retired_at: datetime | None = None


def generate_signing_key(now: datetime) -> SigningKey:
    """A fresh RSA-2048 key pair named by its thumbprint."""
    key = RSAKey.generate_key(KEY_BITS, private=True)
    pem = key.as_pem(private=True).decode("ascii")
    return SigningKey(kid=key.thumbprint(), private_pem=pem, created_at=now)


def load_private_key(key: SigningKey) -> RSAKey:
    """Parse the stored PEM into a JWK carrying ``kid``, ``alg`` and ``use``."""
    return RSAKey.import_key(key.private_pem, parameters={"kid": key.kid, "alg": ALGORITHM, "use": "sig"})


def public_jwk(key: RSAKey) -> dict[str, object]:
    """The public half of ``key`` as a JWK dict (``n``, ``e``, ``kty``, ``kid``, ``alg``, ``use``)."""
    return dict(key.as_dict(private=False))


def jwks_json(keys: Iterable[RSAKey]) -> str:
    """A JWKS document listing the public half of each key."""
    return json.dumps({"keys": [public_jwk(key) for key in keys]}, separators=(",", ":"), sort_keys=True)
