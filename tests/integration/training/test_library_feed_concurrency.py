"""Concurrent writers and the library change feed, from real threads (SQLite and PostgreSQL).

Each writer runs its use case on its own connection, so the database's locking decides the order:
the feed must come out gapless, without duplicate sequences, with exactly the winners' changes
(docs/decisions/0023-training-change-feed.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kinetic.errors import Conflict
from kinetic.training.v1 import training_pb2
from services.training.adapters.library_repository import LibraryState
from services.training.bootstrap import prepare
from services.training.entrypoints.library_pb import change_to_pb
from tests.concurrency import run_together
from tests.integration.training.library_support import (
    ACCOUNT,
    SettableClock,
    edited,
    strength_a,
)
from tests.integration.training.library_support import edit_command as command

WRITERS = 8


@pytest.fixture
def app(engines):
    return prepare(engines("training"), SettableClock())


def all_changes(app) -> tuple[list[training_pb2.LibraryChange], int]:
    page = app.feed.list_changes(ACCOUNT, 0, 1000)
    return [change_to_pb(c) for c in page.changes], page.latest_sequence


def test_parallel_writers_get_gapless_unique_sequences(app):
    epoch = app.library.state(ACCOUNT).epoch
    seeded = edited(app, command(epoch, "seed-0001", strength_a(name="Seed")))
    seed_id = seeded.workouts[0].id

    def create(index: int) -> Callable[[], Any]:
        return lambda: edited(app, command(epoch, f"writer-{index:04d}", strength_a(name=f"W{index}")))

    def complete(day: str) -> Callable[[], Any]:
        return lambda: app.statuses.set_status(
            ACCOUNT, workout_id=seed_id, original_scheduled_day=day, status="completed", completed_at=None
        )

    days = ["2026-09-21", "2026-09-23", "2026-09-25", "2026-09-28"]
    results = run_together([create(i) for i in range(WRITERS)] + [complete(day) for day in days])
    assert not [r for r in results if isinstance(r, Exception)], results

    changes, latest = all_changes(app)
    assert [c.sequence for c in changes] == list(range(1, 2 + WRITERS + len(days)))
    assert latest == 1 + WRITERS + len(days)
    created = {c.record_id for c in changes if c.kind == "workout.created"}
    assert created == {seed_id} | {r.workouts[0].id for r in results[:WRITERS]}
    changed = sorted(c.record_id for c in changes if c.kind == "occurrence.changed")
    assert changed == [f"{seed_id}/{day}" for day in days]


def test_of_two_writers_with_the_same_version_only_the_winner_appends(app):
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
    (win,) = [r for r in results if isinstance(r, training_pb2.EditTrainingResponse)]
    assert [type(r) for r in results if not isinstance(r, training_pb2.EditTrainingResponse)] == [Conflict]

    changes, latest = all_changes(app)
    assert [(c.sequence, c.kind) for c in changes] == [
        (1, "workout.created"),
        (2, "workout.updated"),
        (3, "occurrence.changed"),
    ]
    assert latest == 3 and changes[2].occurrence.day == win.occurrence.day


def test_parallel_retries_of_one_request_append_once(app):
    epoch = app.library.state(ACCOUNT).epoch
    results = run_together([lambda: edited(app, command(epoch, "retry-0001", strength_a()))] * 6)
    assert all(isinstance(r, training_pb2.EditTrainingResponse) for r in results), results
    changes, latest = all_changes(app)
    assert [(c.sequence, c.kind) for c in changes] == [(1, "workout.created")] and latest == 1


def test_erasing_while_others_write_keeps_the_sequence_gapless(app):
    epoch = app.library.state(ACCOUNT).epoch

    def create(index: int) -> Callable[[], Any]:
        return lambda: edited(app, command(epoch, f"writer-{index:04d}", strength_a(name=f"W{index}")))

    results = run_together([create(i) for i in range(WRITERS)] + [lambda: app.statuses.erase(ACCOUNT)])
    erased = results[-1]
    assert isinstance(erased, LibraryState), erased
    # Writers ordered before the erasure succeeded (and were erased); those after it carry the old
    # epoch and are refused: either way, nothing of the old epoch stays readable.
    wrote_after = [r for r in results[:WRITERS] if isinstance(r, training_pb2.EditTrainingResponse)]
    refused = [r for r in results[:WRITERS] if not isinstance(r, training_pb2.EditTrainingResponse)]
    assert all(getattr(r, "reason", None) == "EPOCH_CHANGED" for r in refused), refused

    changes, latest = all_changes(app)
    (only,) = changes
    assert only.kind == "library.erased" and only.epoch == erased.epoch
    assert only.sequence == latest == len(wrote_after) + 1
