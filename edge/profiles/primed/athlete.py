"""Who a Primed call is for: the account as auth holds it, refused when suspended, and its pseudonym.

Every tool reads the account first (its time zone makes "today"); a suspended account is refused
with ``FORBIDDEN`` by every tool (seed 001, section 4; ``Account.account_status``).
``profile_id`` is ``prm_`` + base32 of HMAC-SHA256(the edge's pseudonym secret, account ID): stable
for an athlete while the secret is, never the account ID itself (decision 0059).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from edge.guard import Principal
from edge.problems import EdgeProblem
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc

SUSPENDED = "suspended"
MONDAY = 1
PROFILE_ID_PREFIX = "prm_"
# 20 of HMAC-SHA256's 32 bytes: 32 base32 characters, far beyond any chance of two athletes colliding.
PROFILE_ID_BYTES = 20


def profile_id(secret: bytes, account_id: str) -> str:
    """The athlete's pseudonymous, stable identifier."""
    digest = hmac.new(secret, account_id.encode(), hashlib.sha256).digest()[:PROFILE_ID_BYTES]
    return PROFILE_ID_PREFIX + base64.b32encode(digest).decode().lower()


@dataclass(frozen=True)
class Athlete:
    """The caller's account, as one call sees it."""

    account_id: str
    account: auth_pb2.Account

    @property
    def timezone(self) -> str:
        """The IANA time zone local days are counted in ("UTC" when unset)."""
        return self.account.time_zone or "UTC"

    @property
    def zone(self) -> ZoneInfo:
        """The account's time zone."""
        return ZoneInfo(self.timezone)

    def today(self) -> date:
        """Today in the athlete's time zone."""
        return datetime.now(self.zone).date()

    @property
    def first_weekday(self) -> int:
        """The ISO weekday the athlete's weeks start on, 1 (Monday) to 7 (Sunday); Monday when auth
        sends none (proto3's 0). Weekly plan safety rules count in these weeks (decision 0060)."""
        return self.account.first_weekday or MONDAY


class Athletes:
    """Reads a call's ``Athlete`` from auth, refusing a suspended account."""

    def __init__(self, auth: Callable[[], auth_pb2_grpc.AuthServiceStub]) -> None:
        self._auth = auth

    async def of(self, principal: Principal) -> Athlete:
        """The caller's account; ``FORBIDDEN`` (403) when it is suspended."""
        response = await self._auth().GetAccount(auth_pb2.GetAccountRequest(account_id=principal.account_id))
        if response.account.account_status == SUSPENDED:
            raise EdgeProblem(
                "forbidden",
                "this Kinetic account is suspended: assistants cannot read it until it is active again; "
                "the athlete can contact Kinetic support",
                403,
            )
        return Athlete(principal.account_id, response.account)

    async def settings_of(self, principal: Principal) -> Athlete:
        """The caller's account as far as its time zone, first weekday and status go: from the
        credential when it carries them and the account is active (no call to auth, decision
        0090), else read as ``of`` reads it. Only for callers that use nothing else of it."""
        if (
            principal.account_status is not None
            and principal.account_status != SUSPENDED
            and principal.time_zone is not None
            and principal.first_weekday is not None
        ):
            settings = auth_pb2.Account(
                account_id=principal.account_id,
                time_zone=principal.time_zone,
                first_weekday=principal.first_weekday,
                account_status=principal.account_status,
            )
            return Athlete(principal.account_id, settings)
        return await self.of(principal)
