"""What every Open Workout Schema call needs to know about its account, asked once per call.

The account's own attributes (name, time zone, units, consents) are the auth service's, one value
for every profile (decision 0048); the log's preferences (calm mode, goals, remembered exercise
words, the program followed) are the sessions service's workout log (decision 0049). Both are
asked at once, in parallel, so a tool pays one round trip for them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal
from zoneinfo import ZoneInfo

from edge.guard import Principal
from edge.problems import EdgeProblem
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.sessions.v1 import workout_log_pb2, workout_log_pb2_grpc

Unit = Literal["kg", "lb"]
# The account's display units (auth) as the workout log's load unit, and back.
UNIT_OF_ACCOUNT: dict[str, Unit] = {"metric": "kg", "imperial": "lb"}
ACCOUNT_UNITS: dict[Unit, str] = {"kg": "metric", "lb": "imperial"}


@dataclass(frozen=True)
class LogContext:
    """The caller's account and workout-log profile, as one call sees them."""

    account_id: str
    account: auth_pb2.Account
    profile: workout_log_pb2.LogProfile

    @property
    def unit(self) -> Unit:
        """The default unit for loads given without one."""
        return UNIT_OF_ACCOUNT.get(self.account.units, "kg")

    @property
    def time_zone(self) -> str:
        """The account's IANA time zone ("UTC" when unset)."""
        return self.account.time_zone or "UTC"

    @property
    def zone(self) -> ZoneInfo:
        """The account's time zone."""
        return ZoneInfo(self.time_zone)

    @property
    def calm(self) -> bool:
        """Records, totals, progress numbers and program counts are withheld."""
        return self.profile.calm_mode

    def today(self) -> date:
        """Today in the account's time zone."""
        return datetime.now(self.zone).date()

    def require_logging_consent(self) -> None:
        """Refuse a write to the workout log the person has not allowed."""
        if not self.account.logging_consent:
            raise EdgeProblem(
                "consent_required",
                "the user has not allowed workouts to be logged; they can allow it on their Kinetic "
                "account page (Consents), then try again",
                403,
            )

    def require_health_consent(self, field: str) -> None:
        """Refuse a change to health data (goals, equipment, limitations, training days)."""
        if not self.account.health_data_consent:
            raise EdgeProblem(
                "consent_required",
                f"{field}: saving it needs the user's health-data consent, which they give on their "
                "Kinetic account page (Consents); nothing was changed",
                403,
                {"field": field},
            )


class ContextSource:
    """Fetches a call's ``LogContext`` from auth and the workout log, concurrently."""

    def __init__(
        self,
        auth: Callable[[], auth_pb2_grpc.AuthServiceStub],
        log: Callable[[], workout_log_pb2_grpc.WorkoutLogServiceStub],
    ) -> None:
        self._auth = auth
        self._log = log

    async def of(self, principal: Principal) -> LogContext:
        """The context of ``principal``'s account."""
        account_id = principal.account_id
        account, profile = await asyncio.gather(
            self._auth().GetAccount(auth_pb2.GetAccountRequest(account_id=account_id)),
            self._log().GetLogProfile(workout_log_pb2.GetLogProfileRequest(account_id=account_id)),
        )
        return LogContext(account_id, account.account, profile.profile)
