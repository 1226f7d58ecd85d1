"""The ``ClientProgress`` port: what the client did in their sessions, as the client reads need it.

The gyms hexagon owns this port and the session core answers it (``services/sessions/adapters/
client_progress.py``, plugged in by ``services/sessions/bootstrap.py``), the mirror image of the
core's ``GymDirectory`` (decision 0029): gyms never read the session tables themselves. Plain
values cross it, so the core implements it without importing gyms.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol

SetupScalar = str | float | bool


class ClientProgress(Protocol):
    """The account's completed plan days and remembered machine setup."""

    def last_completed_days(
        self, account_id: str, plan_ids: Sequence[str]
    ) -> Mapping[str, tuple[str, datetime]]:
        """For each plan with a completed session of the account: (its day's ID, when completed)."""
        ...

    def next_setup_values(self, account_id: str, exercise_id: str) -> Sequence[tuple[str, SetupScalar]]:
        """The (key, value) pairs of the account's latest performance of the exercise that kept some."""
        ...


class NoProgress:
    """For tools that build the gym module without the session core (the gym CLI): nothing done yet."""

    def last_completed_days(
        self, account_id: str, plan_ids: Sequence[str]
    ) -> Mapping[str, tuple[str, datetime]]:
        return {}

    def next_setup_values(self, account_id: str, exercise_id: str) -> Sequence[tuple[str, SetupScalar]]:
        return ()
