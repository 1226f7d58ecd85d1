"""Shared fixtures of the auth unit tests: one RSA key pair per session (generating one is slow)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from joserfc.jwk import RSAKey

from services.auth.domain.signing_keys import generate_signing_key, load_private_key


@pytest.fixture(scope="session")
def signing_key() -> RSAKey:
    return load_private_key(generate_signing_key(datetime(2030, 1, 1, tzinfo=UTC)))


@pytest.fixture(scope="session")
def other_signing_key() -> RSAKey:
    return load_private_key(generate_signing_key(datetime(2030, 1, 1, tzinfo=UTC)))
