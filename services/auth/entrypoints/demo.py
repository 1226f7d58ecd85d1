"""Demo credentials for ``make run``: one account and one API key, the same on every start.

Values come from the settings (``KINETIC_DEMO_EMAIL``, ``KINETIC_DEMO_PASSWORD`` and
``KINETIC_DEMO_API_KEY``) when set, else from ``demo-credentials.json`` in the data directory, else
they are generated once. The file exists because storage keeps only hashes: without it a second
start could not show the password and key again. It is written owner-read-only, next to the
databases it unlocks.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import asdict, dataclass
from pathlib import Path

from kinetic.errors import InvalidArgument, Unauthenticated
from kinetic.settings import DemoSettings
from services.auth.bootstrap import AuthApp
from services.auth.domain.api_keys import KEY_SCOPES, is_well_formed, new_secret

CREDENTIALS_FILE = "demo-credentials.json"
DEFAULT_EMAIL = "demo@kinetic.local"
DISPLAY_NAME = "Demo Athlete"
KEY_NAME = "demo"


@dataclass(frozen=True)
class DemoCredentials:
    """What the run command prints so a person (or an MCP client) can sign in."""

    email: str
    password: str
    api_key: str
    account_id: str


def _stored(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}


def _write_private(path: Path, content: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(content)


def ensure_demo(app: AuthApp, data_dir: Path, demo: DemoSettings) -> tuple[DemoCredentials, list[str]]:
    """Create or reuse the demo account and key; returns them and any warnings to show."""
    path = data_dir / CREDENTIALS_FILE
    stored = _stored(path)
    email = demo.email or stored.get("email") or DEFAULT_EMAIL
    password = demo.password or stored.get("password") or secrets.token_urlsafe(15)
    api_key = demo.api_key or stored.get("api_key") or new_secret()
    # The settings check a configured key; this catches a hand-edited credentials file.
    if not is_well_formed(api_key):
        raise InvalidArgument.for_field(
            "KINETIC_DEMO_API_KEY", "must be 'rf_' followed by 64 lowercase hex characters"
        )

    warnings: list[str] = []
    account = app.accounts.ensure_demo_account(email, password, DISPLAY_NAME)
    try:
        app.accounts.verify_password(email, password)
    except Unauthenticated:
        warnings.append(f"the account {account.email} existed already with another password")
    # Every key scope: the demo key should open every profile that takes keys, now and as they are added.
    key = app.api_keys.import_api_key(account.account_id, api_key, KEY_NAME, KEY_SCOPES)
    if not key.active:
        warnings.append(
            f"the demo API key {key.prefix}... was revoked; unset KINETIC_DEMO_API_KEY or "
            f"delete {path} to get a new one"
        )

    credentials = DemoCredentials(account.email, password, api_key, account.account_id)
    _write_private(path, json.dumps(asdict(credentials), indent=2) + "\n")
    return credentials, warnings
