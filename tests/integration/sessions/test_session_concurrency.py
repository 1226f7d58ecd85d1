"""Concurrent identical writes from real threads against the use cases (SQLite and PostgreSQL).

The gRPC tests send parallel calls to one server; these drive the use cases from threads, each on
its own connection, so the database's own locking decides the order, as between replicas.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from services.sessions.adapters.change_feed import read_after
from services.sessions.bootstrap import prepare
from services.sessions.domain.session_model import LoggedSet
from services.sessions.service_layer.session_lifecycle import StartRequest
from services.sessions.service_layer.session_logging import PerformanceInput
from tests.concurrency import run_together
from tests.integration.sessions.session_support import ACCOUNT, BENCH, client_gym
from tests.integration.training.library_support import SettableClock


class NoTraining:
    """These tests start no occurrence sessions; a call here would be a bug."""

    async def mark(self, *args: Any, **kwargs: Any) -> None:
        raise AssertionError("training must not be called for freestyle sessions")


@pytest.fixture
def app(engines):
    return prepare(engines("sessions"), NoTraining(), client_gym(), SettableClock())


def test_twenty_threads_logging_the_same_sets_store_each_set_once(app):
    session = asyncio.run(app.lifecycle.start_or_resume(StartRequest(account_id=ACCOUNT))).session
    sets = tuple(LoggedSet(set_number=n, weight_kg=80, reps=8, rpe=8, completed=True) for n in (1, 2, 3))
    given = PerformanceInput(session_id=session.session_id, exercise_id=BENCH, sets=sets)

    results = run_together([lambda: app.log.log(ACCOUNT, given)] * 20)

    assert not [r for r in results if isinstance(r, Exception)]
    assert sorted(r.replayed for r in results) == [False] + [True] * 19
    stored = app.queries.get(ACCOUNT, session.session_id)
    assert [[s.set_number for s in p.sets] for p in stored.performances] == [[1, 2, 3]]
    with app.engine.connect() as conn:
        assert [c.kind for c in read_after(conn, ACCOUNT, 0, 100)] == [
            "session.started",
            "performance.logged",
        ]


def test_twenty_threads_starting_freestyle_get_one_session(app):
    def start() -> Any:
        return asyncio.run(app.lifecycle.start_or_resume(StartRequest(account_id=ACCOUNT)))

    results = run_together([start] * 20)

    assert not [r for r in results if isinstance(r, Exception)]
    assert len({r.session.session_id for r in results}) == 1
    assert sorted(r.resumed for r in results) == [False] + [True] * 19


def test_twenty_threads_completing_award_experience_once(app):
    session = asyncio.run(app.lifecycle.start_or_resume(StartRequest(account_id=ACCOUNT))).session
    sets = (LoggedSet(set_number=1, completed=True), LoggedSet(set_number=2, completed=True))
    app.log.log(ACCOUNT, PerformanceInput(session_id=session.session_id, exercise_id=BENCH, sets=sets))

    def complete() -> Any:
        return asyncio.run(app.lifecycle.complete(ACCOUNT, session.session_id, None))

    results = run_together([complete] * 20)

    assert not [r for r in results if isinstance(r, Exception)]
    assert sorted(r.replayed for r in results) == [False] + [True] * 19
    assert {(r.experience_points_awarded, r.total_experience_points) for r in results} == {(20, 20)}
