"""Occurrences that writes take off the calendar, in the library change feed: over a real gRPC server,
on SQLite and PostgreSQL.

A schedule change, a deletion or a status set back to "scheduled" can hide an occurrence override a
feed reader holds; the write appends occurrence.lapsed for it, after the workout's own change, with
the occurrence as reads last showed it. A schedule change that gives the day back appends
occurrence.changed. A reader that applies both ends up holding what the calendar shows
(docs/decisions/0023-training-change-feed.md, "Lapsed occurrences").
"""

from __future__ import annotations

import pytest

from kinetic.training.v1 import training_pb2
from tests.integration.training.library_support import (
    LibraryClient,
    SettableClock,
    autumn_block,
    occurrence_key,
    strength_a,
    training_stub,
)

# 2026-09-20 is a Sunday (the clock's today); weekday numbers: 2 Monday, 4 Wednesday, 6 Friday.
MON_WED_FRI = [2, 4, 6]
WINDOW = ("2026-09-20", "2026-11-01")


@pytest.fixture
async def library(engines, tmp_path):
    async with training_stub(engines("training"), tmp_path, SettableClock()) as stub:
        yield LibraryClient(stub, "muse-lapse")


def kinds(changes: list[training_pb2.LibraryChange]) -> list[tuple[str, str]]:
    return [(c.kind, c.record_id) for c in changes]


def held_occurrences(changes: list[training_pb2.LibraryChange]) -> dict[str, training_pb2.Occurrence]:
    """What a simple feed reader holds: occurrence.changed puts the record, occurrence.lapsed drops
    it (and carries the record the reader held), library.erased drops everything."""
    held: dict[str, training_pb2.Occurrence] = {}
    for change in changes:
        if change.kind == "occurrence.changed":
            held[change.record_id] = change.occurrence
        elif change.kind == "occurrence.lapsed":
            assert held.pop(change.record_id) == change.occurrence, change.record_id
        elif change.kind == "library.erased":
            held.clear()
    return held


async def test_a_pending_move_lapses_when_a_schedule_change_drops_its_day(library):
    workout = await library.create("Strength A", MON_WED_FRI)
    moved = await library.move(workout, "2026-09-25", "2026-09-26")
    before = await library.latest()

    rescheduled = await library.reschedule(workout, "2026-09-24", [2, 4])

    changes = await library.changes_after(before)
    assert kinds(changes) == [
        ("workout.updated", workout.id),
        ("occurrence.lapsed", f"{workout.id}/2026-09-25"),
    ]
    assert changes[0].workout == rescheduled.workouts[0]
    assert changes[1].occurrence == moved  # as the calendar last showed it
    assert (changes[1].occurrence.status, changes[1].occurrence.day) == ("moved", "2026-09-26")
    assert changes[1].epoch == rescheduled.library.epoch
    calendar = await library.calendar(*WINDOW)
    assert f"{workout.id}/2026-09-25" not in {occurrence_key(o) for o in calendar}
    assert "2026-09-26" not in {o.day for o in calendar}


async def test_a_replacement_lapses_when_a_schedule_change_drops_its_day(library):
    workout = await library.create("Strength A", MON_WED_FRI)
    mobility = await library.create("Mobility", [3])
    replaced = await library.replace(workout, "2026-09-23", mobility)
    before = await library.latest()

    await library.reschedule(workout, "2026-09-22", [2, 6])

    changes = await library.changes_after(before)
    assert kinds(changes) == [
        ("workout.updated", workout.id),
        ("occurrence.lapsed", f"{workout.id}/2026-09-23"),
    ]
    lapsed = changes[1].occurrence
    assert lapsed == replaced
    assert (lapsed.status, lapsed.workout_name, lapsed.replacement_workout_id) == (
        "replaced",
        "Mobility",
        mobility.id,
    )
    assert f"{workout.id}/2026-09-23" not in {occurrence_key(o) for o in await library.calendar(*WINDOW)}


async def test_overrides_the_new_schedule_still_has_or_that_are_locked_append_nothing(library):
    workout = await library.create("Strength A", MON_WED_FRI)
    mobility = await library.create("Mobility", [3])
    await library.move(workout, "2026-09-21", "2026-09-29")  # before the change's day: kept
    await library.replace(workout, "2026-09-30", mobility)  # Wednesday stays on the schedule
    await library.move(workout, "2026-10-05", "2026-10-06")  # Monday stays on the schedule
    completed = (await library.mark(workout, "2026-09-25", "completed")).occurrence
    active = (await library.mark(workout, "2026-10-02", "active")).occurrence
    shown = {occurrence_key(o): o for o in await library.calendar(*WINDOW) if o.status != "scheduled"}
    assert len(shown) == 5
    before = await library.latest()

    await library.reschedule(workout, "2026-09-24", [2, 4])  # Fridays leave the schedule

    assert kinds(await library.changes_after(before)) == [("workout.updated", workout.id)]
    after = {occurrence_key(o): o for o in await library.calendar(*WINDOW) if o.status != "scheduled"}
    assert after == shown
    assert (
        after[occurrence_key(completed)].status == "completed"
        and after[occurrence_key(active)].status == "active"
    )


async def test_a_schedule_change_that_gives_the_day_back_shows_the_override_again(library):
    workout = await library.create("Strength A", MON_WED_FRI)
    moved = await library.move(workout, "2026-09-25", "2026-09-26")
    await library.reschedule(workout, "2026-09-24", [2, 4])
    before = await library.latest()

    await library.reschedule(workout, "2026-09-24", MON_WED_FRI)

    changes = await library.changes_after(before)
    assert kinds(changes) == [
        ("workout.updated", workout.id),
        ("occurrence.changed", f"{workout.id}/2026-09-25"),
    ]
    (shown,) = [o for o in await library.calendar(*WINDOW) if occurrence_key(o) == occurrence_key(moved)]
    assert changes[1].occurrence == shown == moved


async def test_deleting_a_workout_lapses_its_moved_replaced_and_active_occurrences(library):
    workout = await library.create("Strength A", MON_WED_FRI)
    mobility = await library.create("Mobility", [3])
    moved = await library.move(workout, "2026-09-25", "2026-09-27")
    replaced = await library.replace(workout, "2026-09-23", mobility)
    active = (await library.mark(workout, "2026-09-28", "active")).occurrence
    await library.mark(workout, "2026-09-21", "completed")  # history: stays, gets nothing
    before = await library.latest()

    await library.delete("workout", workout.id)

    changes = await library.changes_after(before)
    assert kinds(changes) == [
        ("workout.deleted", workout.id),
        ("occurrence.lapsed", f"{workout.id}/2026-09-23"),
        ("occurrence.lapsed", f"{workout.id}/2026-09-25"),
        ("occurrence.lapsed", f"{workout.id}/2026-09-28"),
    ]
    assert [c.occurrence for c in changes[1:]] == [replaced, moved, active]


async def test_deleting_a_plan_with_its_workouts_follows_each_deletion_with_its_lapses(library):
    plan_input = autumn_block(strength_a()["workout"], strength_a(name="Strength B")["workout"])
    planned = await library.edit(plan_input)
    plan, (first, second) = planned.plans[0], planned.workouts
    replaced = await library.replace(first, "2026-09-21", second)  # the replacement goes too
    moved = await library.move(second, "2026-09-23", "2026-09-24")
    assert (replaced.plan_id, moved.plan_id) == (plan.id, plan.id)
    before = await library.latest()

    await library.delete("plan", plan.id, delete_workouts=True)

    changes = await library.changes_after(before)
    assert kinds(changes) == [
        ("workout.deleted", first.id),
        ("occurrence.lapsed", occurrence_key(replaced)),
        ("workout.deleted", second.id),
        ("occurrence.lapsed", occurrence_key(moved)),
        ("plan.deleted", plan.id),
    ]
    assert (changes[1].occurrence, changes[3].occurrence) == (replaced, moved)
    assert changes[1].occurrence.workout_name == "Strength B"


async def test_an_active_occurrence_set_back_to_scheduled_on_a_dropped_day_lapses(library):
    workout = await library.create("Strength A", MON_WED_FRI)
    active = (await library.mark(workout, "2026-09-25", "active")).occurrence
    await library.reschedule(workout, "2026-09-24", [2, 4])  # locked: still shown
    assert occurrence_key(active) in {occurrence_key(o) for o in await library.calendar(*WINDOW)}
    before = await library.latest()

    undone = await library.mark(workout, "2026-09-25", "scheduled")

    assert not undone.HasField("occurrence")
    changes = await library.changes_after(before)
    assert kinds(changes) == [("occurrence.lapsed", occurrence_key(active))]
    assert changes[0].occurrence == active
    assert occurrence_key(active) not in {occurrence_key(o) for o in await library.calendar(*WINDOW)}


async def test_a_simple_reader_of_the_feed_holds_what_the_calendar_shows(library):
    strength = await library.create("Strength A", MON_WED_FRI)
    mobility = await library.create("Mobility", [3, 5])
    gone = await library.create("Gone", [7])
    await library.move(strength, "2026-09-25", "2026-09-26")  # lapses: Fridays leave
    replaced = await library.replace(strength, "2026-09-28", mobility)  # lapses, then shows again
    await library.move(strength, "2026-09-30", "2026-10-01")  # stays
    await library.mark(strength, "2026-09-21", "completed")  # stays
    await library.mark(strength, "2026-10-02", "active")  # locked, then set back: lapses
    await library.move(mobility, "2026-09-22", "2026-09-23")  # before the stop: stays
    await library.move(mobility, "2026-10-08", "2026-10-09")  # lapses: the schedule stops
    await library.move(gone, "2026-09-26", "2026-09-27")  # lapses: its workout is deleted

    await library.reschedule(strength, "2026-09-24", [4])
    await library.reschedule(mobility, "2026-10-01", None)
    await library.delete("workout", gone.id)
    await library.reschedule(strength, "2026-09-24", [2, 4])
    await library.mark(strength, "2026-10-02", "scheduled")

    changes = await library.changes_after(0)
    assert sorted(c.record_id for c in changes if c.kind == "occurrence.lapsed") == sorted(
        [
            f"{strength.id}/2026-09-25",
            f"{strength.id}/2026-09-28",
            f"{strength.id}/2026-10-02",
            f"{mobility.id}/2026-10-08",
            f"{gone.id}/2026-09-26",
        ]
    )
    held = held_occurrences(changes)
    calendar = await library.calendar(*WINDOW)
    overridden = {
        occurrence_key(o): o for o in calendar if o.status != "scheduled" or occurrence_key(o) in held
    }
    assert held == overridden
    assert held[occurrence_key(replaced)] == replaced
    assert sorted(o.status for o in held.values()) == ["completed", "moved", "moved", "replaced"]
