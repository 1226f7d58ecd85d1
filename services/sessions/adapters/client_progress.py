"""The gyms hexagon's ``ClientProgress`` port, answered from the session tables.

It implements ``services/sessions/gyms/service_layer/progress.py`` structurally (the core never
imports gyms, decision 0029); ``services/sessions/bootstrap.py`` plugs it in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlalchemy import Engine, func, select

from services.sessions.adapters.performance_repository import aware
from services.sessions.adapters.read_engine import read_engine
from services.sessions.adapters.session_codec import setup_values_from_json
from services.sessions.adapters.session_tables import performances, sessions
from services.sessions.domain.session_model import SetupScalar

_S = sessions.c
_P = performances.c
_NONE_KEPT = "[]"  # setup_values_to_json of an empty list


class SqlClientProgress:
    """Completed plan days and kept setup values of one account, read from the session tables."""

    def __init__(self, engine: Engine) -> None:
        self._engine = read_engine(engine)  # reads only

    def last_completed_days(
        self, account_id: str, plan_ids: Sequence[str]
    ) -> Mapping[str, tuple[str, datetime]]:
        """For each of ``plan_ids`` with a completed plan-day session: (its day's ID, when it ended)."""
        if not plan_ids:
            return {}
        done = (
            _S.account_id == account_id,
            _S.source_kind == "plan_day",
            _S.status == "completed",
            _S.plan_id.in_(list(plan_ids)),
        )
        latest = (
            select(_S.plan_id, func.max(_S.ended_at).label("ended_at"))
            .where(*done)
            .group_by(_S.plan_id)
            .subquery()
        )
        query = (
            select(_S.plan_id, _S.plan_moment_id, _S.ended_at)
            .join(latest, (latest.c.plan_id == _S.plan_id) & (latest.c.ended_at == _S.ended_at))
            .where(*done)
            .order_by(_S.session_id)
        )
        found: dict[str, tuple[str, datetime]] = {}
        with self._engine.connect() as conn:
            for row in conn.execute(query):
                # Two sessions of one plan ending at the same instant: the later-created one wins.
                found[row.plan_id] = (row.plan_moment_id, aware(row.ended_at))
        return found

    def next_setup_values(self, account_id: str, exercise_id: str) -> Sequence[tuple[str, SetupScalar]]:
        """The next_setup_values of the account's latest performance of the exercise that has some."""
        query = (
            select(_P.next_setup_values)
            .where(
                _P.account_id == account_id,
                _P.exercise_id == exercise_id,
                _P.next_setup_values != _NONE_KEPT,
            )
            .order_by(_P.updated_at.desc(), _P.performance_id.desc())
            .limit(1)
        )
        with self._engine.connect() as conn:
            stored = conn.execute(query).scalar_one_or_none()
        if stored is None:
            return ()
        return tuple((value.key, value.value) for value in setup_values_from_json(stored))
