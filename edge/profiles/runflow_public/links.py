"""Signed plan links: the inputs of a plan, its issue day and expiry, under an HMAC-SHA256 (decision 0066).

Nothing is stored. ``export_plan_url`` signs the tool's arguments (the start date filled in, so
the plan is the same whenever the link is opened) and the page regenerates the plan from them: the
generator is deterministic. The link holds only training inputs (an event, a race date, weekly
kilometres, perhaps a race time), never an account or a name, and stops working after
``LINK_LIFETIME``. A token is ``v1.<payload>.<mac>``, both parts base64url without padding; the
payload is compact JSON ``{"a": arguments, "i": "YYYY-MM-DD", "e": expiry epoch seconds}``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, Final

LINK_LIFETIME: Final = timedelta(days=30)
VERSION: Final = "v1"
# A page link holds a handful of arguments; anything much longer is not one Kinetic signed.
MAX_TOKEN_CHARS: Final = 2048
# Three base64url parts (no padding) between two dots: anything else was not made by ``mint``.
TOKEN_SHAPE: Final = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+", re.ASCII)


class LinkRefused(Exception):
    """A token that does not open: ``expired`` tells a stale link from one Kinetic never signed."""

    def __init__(self, reason: str, *, expired: bool = False) -> None:
        super().__init__(reason)
        self.expired = expired


@dataclass(frozen=True)
class OpenedLink:
    """What a valid token carries."""

    arguments: Mapping[str, Any]
    issued: date
    expires_at: datetime


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PlanLinks:
    """Mints and opens plan tokens with one secret (``KINETIC_PLAN_LINK_SECRET``)."""

    def __init__(
        self,
        secret: bytes,
        lifetime: timedelta = LINK_LIFETIME,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        if len(secret) < 16:
            raise ValueError("a plan link secret needs at least 16 bytes")
        self._secret = secret
        self.lifetime = lifetime
        self._clock = clock

    def _mac(self, signed: str) -> str:
        return _b64(hmac.new(self._secret, signed.encode("ascii"), hashlib.sha256).digest())

    def mint(self, arguments: Mapping[str, Any], issued: date) -> tuple[str, datetime]:
        """A token for ``arguments`` and the moment it stops working (whole seconds, UTC)."""
        expires_at = (self._clock() + self.lifetime).replace(microsecond=0)
        body = {"a": dict(arguments), "i": issued.isoformat(), "e": int(expires_at.timestamp())}
        payload = _b64(json.dumps(body, separators=(",", ":"), sort_keys=True).encode())
        signed = f"{VERSION}.{payload}"
        return f"{signed}.{self._mac(signed)}", expires_at

    def open(self, token: str) -> OpenedLink:
        """The token's contents, or ``LinkRefused`` (not signed here, altered, or expired)."""
        if len(token) > MAX_TOKEN_CHARS or token.count(".") != 2:
            raise LinkRefused("this is not a plan link Kinetic made")
        if not TOKEN_SHAPE.fullmatch(token):
            # Checked before the MAC, which encodes the text as ASCII (a 500 once; decision 0068).
            raise LinkRefused(
                "this is not a plan link Kinetic made: a plan link holds only letters A-Z and a-z, "
                "digits, '-', '_' and two dots"
            )
        version, payload, mac = token.split(".")
        signed = f"{version}.{payload}"
        # The MAC is checked first, in constant time: nothing unsigned is ever parsed.
        if version != VERSION or not hmac.compare_digest(mac, self._mac(signed)):
            raise LinkRefused("this plan link is not one Kinetic made, or it was altered")
        try:
            body = json.loads(_unb64(payload))
            arguments, issued = body["a"], date.fromisoformat(body["i"])
            expires_at = datetime.fromtimestamp(int(body["e"]), UTC)
        except (ValueError, KeyError, TypeError, binascii.Error) as error:  # pragma: no cover - signed
            raise LinkRefused("this plan link cannot be read") from error
        if not isinstance(arguments, dict):  # pragma: no cover - only mint signs
            raise LinkRefused("this plan link cannot be read")
        if self._clock() >= expires_at:
            raise LinkRefused(
                f"this plan link expired on {expires_at:%Y-%m-%d %H:%M} UTC; ask for a new one", expired=True
            )
        return OpenedLink(arguments, issued, expires_at)
