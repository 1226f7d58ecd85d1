"""A stack whose sessions clock a test sets, and accounts in chosen time zones: each test logs a
workout at a local late-evening or early-morning time and reads it back by its local day
(decision 0105)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from edge.backends import Backends
from kinetic.auth.v1 import auth_pb2


@dataclass(frozen=True)
class LocalMoment:
    """A zone and a local time of day whose UTC day differs from its local day."""

    zone: str
    local_time: time

    def on(self, day: date) -> datetime:
        """The instant of ``local_time`` on ``day`` in the zone, in UTC."""
        return datetime.combine(day, self.local_time, tzinfo=ZoneInfo(self.zone)).astimezone(UTC)

    def yesterday(self) -> date:
        """The day before today in the zone: in the past for every clock, however late it is."""
        return datetime.now(ZoneInfo(self.zone)).date() - timedelta(days=1)


# Three zones either side of UTC and UTC itself: late evenings west (the UTC day is the next one),
# early mornings east (the UTC day is the previous one).
MOMENTS = (
    LocalMoment("America/New_York", time(22, 5)),
    LocalMoment("Etc/GMT+12", time(22, 5)),
    LocalMoment("America/Los_Angeles", time(23, 40)),
    LocalMoment("Pacific/Kiritimati", time(0, 30)),
    LocalMoment("Asia/Kolkata", time(1, 10)),
    LocalMoment("Asia/Tokyo", time(6, 15)),
    LocalMoment("UTC", time(23, 55)),
)
MOMENT_IDS = [m.zone for m in MOMENTS]


class SettableClock:
    """The sessions service's clock: real time until a test sets it."""

    def __init__(self) -> None:
        self.moment: datetime | None = None

    def __call__(self) -> datetime:
        return self.moment or datetime.now(UTC)


async def zoned_account(backends: Backends, zone: str, scopes: list[str]) -> tuple[str, str]:
    """A new account in ``zone`` with both consents given, and an API key with ``scopes``."""
    created = await backends.auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email=f"zoned-{uuid.uuid4().hex[:12]}@example.com",
            password="correct horse battery",
            display_name="Ada",
            time_zone=zone,
        )
    )
    account_id = created.account.account_id
    await backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account_id, logging_consent=True, health_data_consent=True)
    )
    key = await backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name="zoned", scopes=scopes)
    )
    return account_id, str(key.secret)
