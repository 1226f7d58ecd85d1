"""The account's endurance attributes on the account page (decision 0048, "Endurance attributes").

The person changes their primary sport, distance unit and first weekday here, and chooses their
plan tier: Kinetic has no billing, so the plan is the person's choice (decision 0063; a paid tier
opens RunFlow). The status is shown only, since operators set it. Each form sends just its own
fields, so nothing on this page can lift a suspension. Auth checks the values: the lists below only
say what to offer and in which words. A plan change is pushed to the edges like a revocation, so an
assistant's next call sees it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from edge.oauth.render import EMPTY, Safe, fragment, join
from kinetic.auth.v1 import auth_pb2

# (stored value, words), in the order the page offers them; auth's lists are the rule.
SPORTS = (
    ("running", "Running"),
    ("cycling", "Cycling"),
    ("swimming", "Swimming"),
    ("triathlon", "Triathlon"),
    ("strength", "Strength training"),
)
DISTANCE_UNITS = (("km", "Kilometres (km)"), ("mi", "Miles (mi)"))
# An empty distance unit follows the account's units.
FOLLOW_UNITS = ""
_UNIT_DISTANCE = {"metric": "km", "imperial": "mi"}
PLANS = {"free": "Free", "pro": "Pro", "coach": "Coach"}
PLAN_CHOICES = (("free", "Free"), ("pro", "Pro (opens RunFlow)"), ("coach", "Coach (opens RunFlow)"))
PLAN_FIELD = "plan_tier"
STATUSES = {"active": "Active", "trial": "Trial", "suspended": "Suspended"}
SUSPENDED_NOTE = (
    "Assistants cannot use your account while it is suspended. You can still sign in here, "
    "download your data and delete the account."
)
# ISO weekday numbers as auth stores them (1 = Monday ... 7 = Sunday): the week the plan safety
# advisories count volume in (decision 0060, Weeks).
WEEKDAYS = tuple(
    (str(number), name)
    for number, name in enumerate(
        ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"), start=1
    )
)
FIRST_WEEKDAY_FIELD = "first_weekday"
# An account read from an auth without the field carries proto3's 0: auth's default is Monday.
DEFAULT_FIRST_WEEKDAY = 1
# The only fields the page's form may change.
FORM_FIELDS = ("primary_sport", "distance_unit", FIRST_WEEKDAY_FIELD)
# A posted weekday auth can judge: digits that fit the proto's int32. Anything else (only a forged
# form sends it) goes as 0, which auth refuses naming the field and the seven values to send.
_WEEKDAY_NUMBER = re.compile(r"-?[0-9]{1,9}")


def _options(choices: tuple[tuple[str, str], ...], current: str) -> Safe:
    """``<option>`` elements with ``current`` selected; a stored value the page does not know is
    offered too, so saving the other field never changes it behind the person's back."""
    if current not in (value for value, _ in choices):
        choices = ((current, current), *choices)
    return join([_option(value, label, value == current) for value, label in choices])


def _option(value: str, label: str, selected: bool) -> Safe:
    return fragment("option.html", value=value, label=label, selected=Safe(" selected" if selected else ""))


def endurance_card(account: auth_pb2.Account, csrf_token: str) -> Safe:
    """The "Sport and distances" card: the form with the account's current choices selected."""
    follow = f"Same as my units ({_UNIT_DISTANCE.get(account.units, 'km')})"
    return fragment(
        "endurance.html",
        csrf_token=csrf_token,
        sports=_options(SPORTS, account.primary_sport),
        distance_units=_options(((FOLLOW_UNITS, follow), *DISTANCE_UNITS), account.distance_unit),
        weekdays=_options(WEEKDAYS, str(account.first_weekday or DEFAULT_FIRST_WEEKDAY)),
    )


def plan_and_status(account: auth_pb2.Account, csrf_token: str) -> Safe:
    """The plan tier and status in words, the form choosing the plan; a suspended account is told
    what that means."""
    suspended = account.account_status == "suspended"
    return fragment(
        "plan_status.html",
        plan=PLANS.get(account.plan_tier, account.plan_tier),
        status=STATUSES.get(account.account_status, account.account_status),
        csrf_token=csrf_token,
        plans=_options(PLAN_CHOICES, account.plan_tier),
        note=fragment("note.html", text=SUSPENDED_NOTE) if suspended else EMPTY,
    )


def plan_update(account_id: str, form: Mapping[str, str]) -> auth_pb2.UpdateAccountRequest | None:
    """The request changing the plan tier alone (whatever else the form carries), or None when the
    form posted no plan."""
    if PLAN_FIELD not in form:
        return None
    return auth_pb2.UpdateAccountRequest(account_id=account_id, plan_tier=form[PLAN_FIELD])


def endurance_update(account_id: str, form: Mapping[str, str]) -> auth_pb2.UpdateAccountRequest | None:
    """The request changing exactly the form's fields that were posted (nothing else, whatever else
    the form carries), or None when it posted neither."""
    posted = [name for name in FORM_FIELDS if name in form]
    if not posted:
        return None
    request = auth_pb2.UpdateAccountRequest(account_id=account_id)
    for name in posted:
        if name == FIRST_WEEKDAY_FIELD:
            request.first_weekday = _weekday_number(form[name])
        else:
            setattr(request, name, form[name])
    return request


def _weekday_number(posted: str) -> int:
    """The posted weekday as a number for auth to check; 0 (refused there) when it is none."""
    posted = posted.strip()
    return int(posted) if _WEEKDAY_NUMBER.fullmatch(posted) else 0
