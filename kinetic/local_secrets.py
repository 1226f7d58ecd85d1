"""The edge's HMAC secrets for a local run (``make run``), kept in the data directory.

Primed's ``profile_id`` (KINETIC_PSEUDONYM_SECRET) and exported plan links (KINETIC_PLAN_LINK_SECRET)
are HMACs: with no secret set, the edge draws a random one per process and both change at every
restart. The launcher keeps one generated secret per variable in the data directory, as it keeps
the demo credentials, so a restart on the same data keeps them; a secret set in the environment
(a deployment's) is used as it is and nothing is written (decision 0078).
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Mapping
from pathlib import Path

SECRET_VARIABLES = ("KINETIC_PSEUDONYM_SECRET", "KINETIC_PLAN_LINK_SECRET")
SECRETS_FILE = "edge-secrets.json"
# 32 random bytes, as long as HMAC-SHA256's own output: nothing is gained beyond it.
SECRET_BYTES = 32


def local_secrets(data_dir: Path, environ: Mapping[str, str]) -> dict[str, str]:
    """The secrets to add to the children's environment: each variable not set in ``environ``, read
    from ``data_dir``'s secrets file, generated and stored there (owner-only) the first time."""
    missing = [name for name in SECRET_VARIABLES if not environ.get(name)]
    if not missing:
        return {}
    path = data_dir / SECRETS_FILE
    stored: dict[str, str] = json.loads(path.read_text()) if path.exists() else {}
    if any(not stored.get(name) for name in missing):
        for name in missing:
            stored.setdefault(name, secrets.token_urlsafe(SECRET_BYTES))
        _write_private(path, json.dumps(stored, indent=2) + "\n")
    return {name: stored[name] for name in missing}


def _write_private(path: Path, text: str) -> None:
    """Write ``text`` readable by the owner only, replacing the file in one step."""
    partial = path.with_suffix(".tmp")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write(text)
    partial.replace(path)
