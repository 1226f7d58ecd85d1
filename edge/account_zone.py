"""The caller's account time zone, the one every profile reads the caller's days in (decision 0105)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from edge.guard import Principal
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc


def zone_of(account: auth_pb2.Account) -> str:
    """The account's IANA zone, "UTC" when unset."""
    return account.time_zone or "UTC"


def today_in_zone(zone: str) -> date:
    """Today's date in ``zone``; in UTC when the name is not one this machine knows (auth checks
    names on write, so only a zone database older than auth's gets here)."""
    try:
        return datetime.now(ZoneInfo(zone)).date()
    except (ZoneInfoNotFoundError, ValueError):
        return datetime.now(ZoneInfo("UTC")).date()


async def account_time_zone(principal: Principal, auth: Callable[[], auth_pb2_grpc.AuthServiceStub]) -> str:
    """The account's IANA zone ("UTC" when unset): the credential's when it carries one (decision
    0090, no call to auth), else read from the account."""
    if principal.time_zone is not None:
        return principal.time_zone or "UTC"
    reply = await auth().GetAccount(auth_pb2.GetAccountRequest(account_id=principal.account_id))
    return zone_of(reply.account)
