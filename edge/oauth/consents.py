"""The two consents the account page gives and withdraws, said in plain words (decision 0048).

Auth stores them on the account (``Account.logging_consent`` and ``health_data_consent``); the
profiles read them there before an assistant logs a workout or changes health data. Each consent is
its own form, so giving one never touches the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from edge.oauth.render import Safe, fragment, join
from kinetic.auth.v1 import auth_pb2

# The form's ``given`` field: the button says which way the person decided.
GIVE = "yes"
WITHDRAW = "no"
_GIVEN = {GIVE: True, WITHDRAW: False}


@dataclass(frozen=True)
class Consent:
    """One consent: its form value, the account field that stores it, and what it means."""

    key: str
    account_field: str
    title: str
    allows: str
    withdrawn: str

    def given_on(self, account: auth_pb2.Account) -> bool:
        """Whether ``account`` has given this consent."""
        return bool(getattr(account, self.account_field))

    def update(self, account_id: str, given: bool) -> auth_pb2.UpdateAccountRequest:
        """The request that gives (``given``) or withdraws this consent and changes nothing else."""
        request = auth_pb2.UpdateAccountRequest(account_id=account_id)
        setattr(request, self.account_field, given)
        return request


LOGGING = Consent(
    key="logging",
    account_field="logging_consent",
    title="Workout logging by assistants",
    allows="Lets the assistants you connect, or give an API key, log the workouts you tell them "
    "about into your workout log.",
    withdrawn="Withdraw it and assistants can no longer log workouts for you. Workouts already "
    "logged stay in your log.",
)
HEALTH_DATA = Consent(
    key="health-data",
    account_field="health_data_consent",
    title="Health data through assistants",
    allows="Your training goals, equipment, limitations (such as injuries) and training days can say "
    "something about your health. This lets assistants save and change them when you tell them to.",
    withdrawn="Withdraw it and your goals, equipment, limitations and training days can no longer be "
    "changed through assistants. What is already saved is not erased.",
)
CONSENTS = (LOGGING, HEALTH_DATA)


def consent_named(key: str) -> Consent | None:
    """The consent a form names, or None for a value no form sends."""
    return next((consent for consent in CONSENTS if consent.key == key), None)


def decision_of(value: str) -> bool | None:
    """True to give, False to withdraw, None for a value no form sends."""
    return _GIVEN.get(value)


def consent_rows(account: auth_pb2.Account, csrf_token: str) -> Safe:
    """One list item per consent: what it allows, whether it is given, and the button to change it."""
    rows = []
    for consent in CONSENTS:
        given = consent.given_on(account)
        rows.append(
            fragment(
                "consent.html",
                key=consent.key,
                title=consent.title,
                allows=consent.allows,
                withdrawn=consent.withdrawn,
                state="You have given this consent." if given else "You have not given this consent.",
                csrf_token=csrf_token,
                given=WITHDRAW if given else GIVE,
                button_class="secondary" if given else "primary",
                button="Withdraw consent" if given else "Give consent",
            )
        )
    return join(rows)
