"""Migration 0003 on a database that already has libraries, on SQLite and PostgreSQL: each library's
current records become its first changes (plans, then workouts, then occurrences, numbered from 1),
the next write continues the sequence, a library without records gets nothing, and it downgrades
(docs/decisions/0023-training-change-feed.md)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, inspect, text

from kinetic.training.v1 import training_pb2
from services.training.adapters.feed_backfill import current_state_entries
from services.training.bootstrap import MIGRATIONS, prepare
from services.training.domain.model import (
    OccurrenceOverride,
    Schedule,
    ScheduleSegment,
    Workout,
    WorkoutContent,
)
from services.training.entrypoints.library_pb import record_to_pb
from tests.integration.training.library_support import (
    ACCOUNT,
    OTHER_ACCOUNT,
    ZONE,
    SettableClock,
    edit_command,
    edit_request,
    edited,
    library_changes,
    strength_a,
    training_stub,
)

EPOCH = "11111111-0000-4000-8000-000000000000"


def migrate(engine: Engine, revision: str, *, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)


def assert_at_0002(engine: Engine) -> None:
    schema = inspect(engine)
    assert "library_changes" not in schema.get_table_names()
    assert "change_sequence" not in {c["name"] for c in schema.get_columns("libraries")}


def fold(changes: list[training_pb2.LibraryChange]) -> dict[str, Any]:
    """What a reader holds after applying ``changes``: each record's last state, deleted records and
    lapsed occurrences removed."""
    held: dict[str, Any] = {}
    for change in changes:
        if change.kind.endswith(".deleted") or change.kind == "occurrence.lapsed":
            del held[change.record_id]
        else:
            which = change.WhichOneof("record")
            assert which is not None
            held[change.record_id] = getattr(change, which)
    return held


def versions(*records: training_pb2.Workout | training_pb2.Plan) -> dict[str, str]:
    return {f"{'plan' if isinstance(r, training_pb2.Plan) else 'workout'}:{r.id}": r.version for r in records}


def status(workout_id: str, day: str, value: str, at: datetime | None = None):
    request = training_pb2.SetOccurrenceStatusRequest(
        account_id=ACCOUNT, workout_id=workout_id, original_scheduled_day=day, status=value, device_id="muse"
    )
    if at is not None:
        request.complete_time.FromDatetime(at)
    return request


async def build_library(stub, clock: SettableClock) -> tuple[str, str]:
    """A library with a plan, workouts, moved, replaced, completed and lapsed occurrences, and a
    completed occurrence of a deleted workout. Returns its epoch and the lapsed occurrence's ID."""
    epoch = (await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=ACCOUNT))).library.epoch

    async def edit(key: str, body: dict[str, Any], expected: dict[str, str] | None = None):
        clock.advance(minutes=1)
        return await stub.EditTraining(edit_request(epoch, key, body, expected))

    planned = await edit(
        "muse-plan-0001",
        {
            "action": "createPlan",
            "plan": {
                "name": "Autumn block",
                "phases": [
                    {
                        "name": "Base",
                        "startDay": "2026-09-21",
                        "endDayExclusive": "2026-10-19",
                        "workouts": [strength_a()["workout"], strength_a(name="Strength B")["workout"]],
                    }
                ],
            },
        },
    )
    strength_a_pb, strength_b = planned.workouts
    mobility = (await edit("muse-create-0001", strength_a(name="Mobility"))).workouts[0]
    gone = (await edit("muse-create-0002", strength_a(name="Gone"))).workouts[0]

    moved = await edit(
        "muse-move-0001",
        {
            "action": "moveOccurrence",
            "workoutID": strength_a_pb.id,
            "originalScheduledDay": "2026-09-25",
            "destinationDay": "2026-09-27",
        },
        versions(strength_a_pb),
    )
    await edit(
        "muse-replace-0001",
        {
            "action": "replaceOccurrence",
            "workoutID": strength_a_pb.id,
            "originalScheduledDay": "2026-09-23",
            "replacementWorkoutID": mobility.id,
        },
        versions(moved.workouts[0]),
    )
    done = datetime(2026, 9, 23, 22, 30, tzinfo=UTC)
    await stub.SetOccurrenceStatus(status(strength_a_pb.id, "2026-09-23", "completed", done))
    await stub.SetOccurrenceStatus(status(strength_b.id, "2026-09-21", "completed", done))
    await stub.SetOccurrenceStatus(status(gone.id, "2026-09-21", "completed", done))

    # Mobility's Monday move lapses when its schedule leaves Mondays from today (2026-09-20) on.
    lapsing = await edit(
        "muse-move-0002",
        {
            "action": "moveOccurrence",
            "workoutID": mobility.id,
            "originalScheduledDay": "2026-09-21",
            "destinationDay": "2026-09-22",
        },
        versions(mobility),
    )
    await edit(
        "muse-sched-0001",
        {
            "action": "changeSchedule",
            "workoutID": mobility.id,
            "effectiveDay": "2026-09-20",
            "schedule": {"type": "weekdays", "weekdays": [3]},
        },
        versions(lapsing.workouts[0]),
    )

    preview = await stub.PreviewDeletion(
        training_pb2.PreviewDeletionRequest(account_id=ACCOUNT, kind="workout", id=gone.id, time_zone=ZONE)
    )
    await stub.CommitDeletion(
        training_pb2.CommitDeletionRequest(
            account_id=ACCOUNT,
            preview_token=preview.preview_token,
            confirmed=True,
            idempotency_key="muse-delete-0001",
            device_id="muse",
        )
    )
    return epoch, f"{mobility.id}/2026-09-21"


async def test_existing_records_become_the_first_changes_and_the_sequence_goes_on(engines, tmp_path):
    engine = engines("training")
    clock = SettableClock()
    async with training_stub(engine, tmp_path, clock) as stub:
        epoch, lapsed = await build_library(stub, clock)
        await stub.GetLibrary(training_pb2.GetLibraryRequest(account_id=OTHER_ACCOUNT))  # no records
        held_live = fold(await library_changes(stub))
    # Back to 0002: the feed is gone, the libraries and their records stay.
    migrate(engine, "0002", down=True)
    assert_at_0002(engine)

    async with training_stub(engine, tmp_path, clock) as stub:  # starting upgrades to the newest revision
        changes = await library_changes(stub)
        page = await stub.ListLibraryChanges(training_pb2.ListLibraryChangesRequest(account_id=ACCOUNT))

        # The lapsed move is no longer an occurrence (no read shows it): the live feed dropped it
        # (occurrence.lapsed) and the backfill does not write it, so both leave a reader the same.
        assert lapsed not in held_live
        expected = held_live
        assert fold(changes) == expected
        assert [c.sequence for c in changes] == list(range(1, len(expected) + 1))
        assert page.latest_sequence == len(expected) == 8
        assert {c.epoch for c in changes} == {epoch}

        plans = [r for r in expected.values() if isinstance(r, training_pb2.Plan)]
        workouts = sorted(
            (r for r in expected.values() if isinstance(r, training_pb2.Workout)),
            key=lambda w: (w.create_time.ToDatetime(), w.id),
        )
        occurrence_ids = sorted(
            (i for i, r in expected.items() if isinstance(r, training_pb2.Occurrence)),
            key=lambda i: (i.split("/")[1], i.split("/")[0]),
        )
        assert [(c.kind, c.record_id) for c in changes] == (
            [("plan.created", p.id) for p in plans]
            + [("workout.created", w.id) for w in workouts]
            + [("occurrence.changed", i) for i in occurrence_ids]
        )
        statuses = sorted(
            (r.workout_name, r.status) for r in expected.values() if isinstance(r, training_pb2.Occurrence)
        )
        assert statuses == [
            ("Gone", "completed"),
            ("Mobility", "completed"),  # replaced, then done: the replacement's name
            ("Strength A", "moved"),
            ("Strength B", "completed"),
        ]

        other = await stub.ListLibraryChanges(
            training_pb2.ListLibraryChangesRequest(account_id=OTHER_ACCOUNT)
        )
        assert not other.changes and other.latest_sequence == 0

        clock.advance(minutes=1)
        created = await stub.EditTraining(edit_request(epoch, "muse-create-0009", strength_a(name="Next")))
        (after,) = await library_changes(stub, after=8)
        assert (after.sequence, after.kind, after.workout) == (9, "workout.created", created.workouts[0])

    migrate(engine, "0002", down=True)
    assert_at_0002(engine)


def test_a_library_without_records_starts_its_feed_at_zero(engines):
    engine = engines("training")
    migrate(engine, "0002")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO libraries (account_id, epoch, source_sequence, created_at) "
                "VALUES (:account, :epoch, 7, :now)"
            ),
            {"account": ACCOUNT, "epoch": EPOCH, "now": datetime.now(UTC)},
        )

    app = prepare(engine, SettableClock())  # upgrades to the newest revision
    page = app.feed.list_changes(ACCOUNT, 0)
    assert not page.changes and page.latest_sequence == 0
    created = edited(app, edit_command(EPOCH, "first-0001", strength_a()))
    page = app.feed.list_changes(ACCOUNT, 0)
    assert [(c.sequence, c.kind) for c in page.changes] == [(1, "workout.created")]
    assert page.latest_sequence == 1 and created.library.source_sequence == 8

    migrate(engine, "0002", down=True)
    assert_at_0002(engine)


def test_an_override_of_a_deleted_workout_that_was_not_completed_is_left_out():
    # Deleting a workout deletes its pending overrides; one left behind stands for no occurrence.
    weekly = Workout(
        id="w-1",
        version="1.muse",
        content=WorkoutContent(name="Kept", kind="fullBody", notes="", exercises=()),
        segments=(ScheduleSegment(None, Schedule(type="weekdays", weekdays=(2,))),),
    )
    pending = OccurrenceOverride("w-gone", date(2026, 9, 21), destination_day=date(2026, 9, 22))
    done = OccurrenceOverride(
        "w-gone", date(2026, 9, 14), status="completed", completed_at=datetime(2026, 9, 14, 9, tzinfo=UTC)
    )
    entries = current_state_entries([], [weekly], [(pending, "Gone"), (done, "Gone")], {}, date(2026, 9, 20))
    assert [(e.kind, e.record_id) for e in entries] == [
        ("workout.created", "w-1"),
        ("occurrence.changed", "w-gone/2026-09-14"),
    ]
    assert entries[1].record is not None
    kept = record_to_pb(entries[1].record).occurrence
    assert (kept.workout_name, kept.day, kept.plan_id) == ("Gone", "2026-09-14", "")
