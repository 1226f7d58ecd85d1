"""Concurrent writers on one database, each on its own connection and thread (SQLite and PostgreSQL).

The gRPC tests exercise the API; these drive the use case from real threads so the database's
own locking decides who wins, as it does between replicas.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kinetic.errors import Conflict
from kinetic.training.v1 import training_pb2
from services.training.bootstrap import prepare
from tests.concurrency import run_together
from tests.integration.training.library_support import (
    ACCOUNT,
    SettableClock,
    edited,
    strength_a,
)
from tests.integration.training.library_support import edit_command as command


@pytest.fixture
def app(engines):
    return prepare(engines("training"), SettableClock())


def test_two_writers_with_the_same_expected_version_exactly_one_wins(app):
    epoch = app.library.state(ACCOUNT).epoch
    created = edited(app, command(epoch, "create-0001", strength_a()))
    workout = created.workouts[0]
    expected = {f"workout:{workout.id}": workout.version}

    def move(key: str, destination: str) -> Callable[[], Any]:
        body = {
            "action": "moveOccurrence",
            "workoutID": workout.id,
            "originalScheduledDay": "2026-09-23",
            "destinationDay": destination,
        }
        return lambda: edited(app, command(epoch, key, body, expected))

    results = run_together([move("writer-a-0001", "2026-09-24"), move("writer-b-0001", "2026-09-26")])
    wins = [r for r in results if isinstance(r, training_pb2.EditTrainingResponse)]
    losses = [r for r in results if isinstance(r, Conflict)]
    assert len(wins) == 1 and len(losses) == 1, results
    assert losses[0].reason == "STALE_VERSION"
    assert app.library.state(ACCOUNT).source_sequence == 2


def test_parallel_retries_of_one_request_write_once(app):
    epoch = app.library.state(ACCOUNT).epoch
    results = run_together([lambda: edited(app, command(epoch, "retry-0001", strength_a()))] * 6)
    assert all(isinstance(r, training_pb2.EditTrainingResponse) for r in results), results
    assert len({r.workouts[0].id for r in results}) == 1
    assert sum(not r.replayed for r in results) == 1
    page = app.library.workouts(ACCOUNT, workout_ids=[])
    assert page.total_size == 1 and page.state.source_sequence == 1
