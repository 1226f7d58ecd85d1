"""Account use cases: register, read, change, sign in with a password, seed the demo account.

Password hashing is deliberately slow (argon2id); callers on an event loop should run
``create_account``, ``verify_password`` and ``ensure_demo_account`` in a worker thread.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError

from kinetic.errors import AlreadyExists, NotFound, Unauthenticated
from services.auth.adapters import repository as repo
from services.auth.domain.accounts import (
    DEFAULT_ACCOUNT_STATUS,
    DEFAULT_DISTANCE_UNIT,
    DEFAULT_FIRST_WEEKDAY,
    DEFAULT_PLAN_TIER,
    DEFAULT_PRIMARY_SPORT,
    Account,
    normalize_email,
    require,
    validate_account_changes,
    validate_account_status,
    validate_new_account,
    validate_plan_tier,
    validate_primary_sport,
)
from services.auth.domain.passwords import PasswordHasher
from services.auth.domain.revocations import Revocation
from services.auth.service_layer.revocations import RevocationLog

# The demo account is a triathlete on an active pro plan, so `make run` shows the endurance side at
# once (decision 0048, "Endurance attributes").
DEMO_PRIMARY_SPORT = "triathlon"
DEMO_ACCOUNT_STATUS = "active"
DEMO_PLAN_TIER = "pro"

# One message for an unknown email and a wrong password, so sign-in does not reveal who has an account.
_BAD_CREDENTIALS = "email or password is incorrect"


def _account_not_found(account_id: str) -> NotFound:
    return NotFound(f"no account {account_id!r}", reason="ACCOUNT_NOT_FOUND")


class AccountService:
    """Accounts of one auth store."""

    def __init__(
        self,
        engine: Engine,
        hasher: PasswordHasher,
        clock: Callable[[], datetime],
        revocations: RevocationLog,
    ) -> None:
        self._engine = engine
        self._hasher = hasher
        self._clock = clock
        self._revocations = revocations

    def create_account(
        self,
        email: str,
        password: str,
        display_name: str,
        time_zone: str = "",
        units: str = "",
        *,
        consents: bool = False,
        primary_sport: str = DEFAULT_PRIMARY_SPORT,
        account_status: str = DEFAULT_ACCOUNT_STATUS,
        plan_tier: str = DEFAULT_PLAN_TIER,
    ) -> Account:
        """Register an account; a taken email is ALREADY_EXISTS ``EMAIL_TAKEN``.

        ``consents`` gives both consents at creation, and the endurance attributes may differ from
        their defaults: only the demo account does either (a person gives consents and picks a sport
        on the account page, decision 0048; ``CreateAccountRequest`` carries neither).
        """
        new = validate_new_account(email, password, display_name, time_zone, units)
        primary_sport = validate_primary_sport(primary_sport)
        account_status = validate_account_status(account_status)
        plan_tier = validate_plan_tier(plan_tier)
        # Hash before the transaction opens: the KDF is slow and needs no lock.
        password_hash = self._hasher.hash(new.password)
        account = Account(
            account_id=str(uuid.uuid4()),
            email=new.email,
            display_name=new.display_name,
            time_zone=new.time_zone,
            units=new.units,
            created_at=self._clock(),
            logging_consent=consents,
            health_data_consent=consents,
            primary_sport=primary_sport,
            account_status=account_status,
            plan_tier=plan_tier,
            distance_unit=DEFAULT_DISTANCE_UNIT,
            first_weekday=DEFAULT_FIRST_WEEKDAY,
        )
        try:
            with self._engine.begin() as conn:
                if repo.get_account_by_email(conn, new.email) is not None:
                    raise _email_taken(new.email)
                repo.add_account(conn, account, password_hash)
        except IntegrityError as exc:
            # Another request registered the same email between our check and our insert.
            raise _email_taken(new.email) from exc
        return account

    def get_account(self, account_id: str) -> Account:
        """The account with this ID; NOT_FOUND ``ACCOUNT_NOT_FOUND`` otherwise."""
        require("account_id", account_id)
        with self._engine.connect() as conn:
            account = repo.get_account(conn, account_id)
        if account is None:
            raise _account_not_found(account_id)
        return account

    def update_account(
        self,
        account_id: str,
        *,
        display_name: str | None = None,
        time_zone: str | None = None,
        units: str | None = None,
        logging_consent: bool | None = None,
        health_data_consent: bool | None = None,
        primary_sport: str | None = None,
        account_status: str | None = None,
        plan_tier: str | None = None,
        distance_unit: str | None = None,
        first_weekday: int | None = None,
    ) -> Account:
        """Change the fields given (None: unchanged) and return the account as stored.

        Every field is checked before anything is written: one invalid value is INVALID_ARGUMENT
        naming it, and nothing changes. An unknown account is NOT_FOUND ``ACCOUNT_NOT_FOUND``.

        A change of plan tier or status is appended to the revocation log in the same transaction,
        so the edge stops trusting the standing its credentials carry (decision 0063); so is a
        change of time zone or first weekday, which credentials carry too (decision 0090): the
        pushed standing carries no settings, so the edge reads them from the account meanwhile.
        """
        require("account_id", account_id)
        changes = validate_account_changes(
            display_name,
            time_zone,
            units,
            logging_consent,
            health_data_consent,
            primary_sport,
            account_status,
            plan_tier,
            distance_unit,
            first_weekday,
        )
        with self._engine.begin() as conn:
            before = repo.get_account(conn, account_id)
            account = repo.update_account(conn, account_id, changes)
            standing_changed = (
                before is not None
                and account is not None
                and (before.plan_tier, before.account_status, before.time_zone, before.first_weekday)
                != (account.plan_tier, account.account_status, account.time_zone, account.first_weekday)
            )
            if standing_changed:
                assert account is not None
                now = self._clock()
                entry = Revocation.of_standing(account_id, account.plan_tier, account.account_status, now)
                self._revocations.record(conn, [entry], now)
        if standing_changed:
            self._revocations.announce()
        if account is None:
            raise _account_not_found(account_id)
        return account

    def find_account_by_email(self, email: str) -> Account:
        """The account with this email (any case); NOT_FOUND ``ACCOUNT_NOT_FOUND`` otherwise."""
        email = normalize_email(email)
        with self._engine.connect() as conn:
            found = repo.get_account_by_email(conn, email)
        if found is None:
            raise NotFound(f"no account with email {email!r}", reason="ACCOUNT_NOT_FOUND")
        return found[0]

    def verify_password(self, email: str, password: str) -> Account:
        """The account if the password matches; UNAUTHENTICATED ``INVALID_CREDENTIALS`` otherwise.

        A hash made with older parameters is replaced by one made with the current parameters,
        using the password that just proved correct (the only moment it is available).
        """
        require("email", email.strip())
        require("password", password)
        with self._engine.connect() as conn:
            found = repo.get_account_by_email(conn, email.strip().lower())
        if found is None:
            self._hasher.waste_time(password)
            raise Unauthenticated(_BAD_CREDENTIALS, reason="INVALID_CREDENTIALS")
        account, stored_hash = found
        # The check runs outside any transaction (it takes a tenth of a second); the rehash below is
        # a compare-and-set, so a concurrent password change is never overwritten.
        if not self._hasher.verify(stored_hash, password):
            raise Unauthenticated(_BAD_CREDENTIALS, reason="INVALID_CREDENTIALS")
        if self._hasher.needs_rehash(stored_hash):
            new_hash = self._hasher.hash(password)
            with self._engine.begin() as conn:
                repo.replace_password_hash(conn, account.account_id, stored_hash, new_hash)
        return account

    def ensure_demo_account(self, email: str, password: str, display_name: str) -> Account:
        """The account with ``email``, created with these details, both consents and the demo's
        endurance attributes if missing (demo seeding).

        An existing account keeps its consents and primary sport: what the person changes on the
        account page outlives the next start. Its status and plan tier are set to the demo's again
        (operators' data that no page changes; an account made before migration 0006 got "free"),
        so every start serves an active pro account (decision 0048)."""
        try:
            account = self.find_account_by_email(email)
        except NotFound:
            try:
                return self.create_account(
                    email,
                    password,
                    display_name,
                    consents=True,
                    primary_sport=DEMO_PRIMARY_SPORT,
                    account_status=DEMO_ACCOUNT_STATUS,
                    plan_tier=DEMO_PLAN_TIER,
                )
            except AlreadyExists:
                # Two seeders raced; the other one created it.
                account = self.find_account_by_email(email)
        if (account.account_status, account.plan_tier) == (DEMO_ACCOUNT_STATUS, DEMO_PLAN_TIER):
            return account
        return self.update_account(
            account.account_id, account_status=DEMO_ACCOUNT_STATUS, plan_tier=DEMO_PLAN_TIER
        )


def _email_taken(email: str) -> AlreadyExists:
    return AlreadyExists(f"an account with email {email!r} exists already", reason="EMAIL_TAKEN")
