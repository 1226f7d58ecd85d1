"""Deleting a workout that replaces occurrences of another, over a real gRPC server, on SQLite and
PostgreSQL.

A replacement not done yet goes with the workout that replaces: the occurrence is its own workout's
again (scheduled, or moved if it was moved), the preview lists it under restored_occurrences, and
the feed appends occurrence.changed for it after the workout.deleted. A completed one is history and
keeps the replacement's name; one in progress stops the deletion with OCCURRENCE_LOCKED
(docs/decisions/0023-training-change-feed.md, "Deleted replacements").
"""

from __future__ import annotations

import grpc
import pytest

from kinetic.training.v1 import training_pb2
from tests.integration.training.library_support import (
    ACCOUNT,
    ZONE,
    LibraryClient,
    SettableClock,
    autumn_block,
    by_key,
    failure,
    occurrence_key,
    strength_a,
    training_stub,
)

# The clock's today is Sunday 2026-09-20; weekday numbers: 2 Monday, 4 Wednesday, 6 Friday, 7 Saturday.
MON_WED_FRI = [2, 4, 6]
SATURDAYS = [7]


@pytest.fixture
async def library(engines, tmp_path):
    async with training_stub(engines("training"), tmp_path, SettableClock()) as stub:
        yield LibraryClient(stub, "muse-replaced")


def summary(occurrence: training_pb2.Occurrence) -> tuple[str, str, str, str]:
    return (occurrence.day, occurrence.status, occurrence.workout_name, occurrence.replacement_workout_id)


async def replaced_library(library: LibraryClient) -> tuple[training_pb2.Workout, training_pb2.Workout]:
    """Strength A (Mon/Wed/Fri) with occurrences Mobility (Saturdays) replaces: pending on a past
    day (Fri 18 Sep), in the window (Wed 23 Sep; Fri 25 Sep, moved to Sat 26 Sep first) and after it
    (Mon 28 Dec), and one completed (Mon 21 Sep). Mobility has a moved occurrence of its own."""
    strength = await library.create("Strength A", MON_WED_FRI)
    mobility = await library.create("Mobility", SATURDAYS)
    await library.move(strength, "2026-09-25", "2026-09-26")
    for day in ("2026-09-18", "2026-09-21", "2026-09-23", "2026-09-25", "2026-12-28"):
        await library.replace(strength, day, mobility)
    await library.mark(strength, "2026-09-21", "completed")
    await library.move(mobility, "2026-10-03", "2026-10-04")
    return strength, mobility


async def test_the_preview_lists_the_occurrences_given_back_in_its_window(library):
    strength, mobility = await replaced_library(library)

    preview = (await library.preview("workout", mobility.id)).preview

    assert [(occurrence_key(o), *summary(o)) for o in preview.restored_occurrences] == [
        (f"{strength.id}/2026-09-23", "2026-09-23", "scheduled", "Strength A", ""),
        (f"{strength.id}/2026-09-25", "2026-09-26", "moved", "Strength A", ""),
    ]
    assert {o.workout_id for o in preview.removed_occurrences} == {mobility.id}
    assert "Sessions of Strength A" in preview.recurrence_effect
    # 18 Sep lies before the window, 28 Dec after it: they go back too.
    assert "2 in the next 93 days (restoredOccurrences) and 2 on other days." in preview.recurrence_effect


async def test_after_the_commit_the_calendar_shows_them_as_their_own_workouts(library):
    strength, mobility = await replaced_library(library)
    version = (await library.workout(strength.id)).version

    done = await library.commit(await library.preview("workout", mobility.id))

    assert len(done.deleted.restored_occurrences) == 2  # the commit returns the preview it carried out
    shown = by_key(
        await library.calendar("2026-09-14", "2026-12-15")
        + await library.calendar("2026-12-15", "2027-01-04")
    )
    at = {
        day: shown[f"{strength.id}/{day}"] for day in ("2026-09-18", "2026-09-23", "2026-09-25", "2026-12-28")
    }
    assert summary(at["2026-09-18"]) == ("2026-09-18", "scheduled", "Strength A", "")
    assert summary(at["2026-09-23"]) == ("2026-09-23", "scheduled", "Strength A", "")
    assert summary(at["2026-09-25"]) == ("2026-09-26", "moved", "Strength A", "")
    assert summary(at["2026-12-28"]) == ("2026-12-28", "scheduled", "Strength A", "")
    assert all(o.workout_id != mobility.id for o in shown.values())
    # The deletion, not an edit of Strength A, changed them: its version stays.
    assert (await library.workout(strength.id)).version == version


async def test_a_completed_replaced_occurrence_keeps_the_replacements_name(library):
    strength, mobility = await replaced_library(library)
    completed_key = f"{strength.id}/2026-09-21"
    before = by_key(await library.calendar("2026-09-14", "2026-10-01"))[completed_key]

    await library.commit(await library.preview("workout", mobility.id))

    after = by_key(await library.calendar("2026-09-14", "2026-10-01"))[completed_key]
    assert after == before
    assert summary(after) == ("2026-09-21", "completed", "Mobility", mobility.id)
    history = await library.stub.ListHistory(
        training_pb2.ListHistoryRequest(
            account_id=ACCOUNT, time_zone=ZONE, from_day="2026-09-01", to_day="2026-10-01"
        )
    )
    assert [(o.workout_name, o.replacement_workout_id) for o in history.occurrences] == [
        ("Mobility", mobility.id)
    ]


async def test_the_feed_gives_each_occurrence_back_after_the_workout_deleted(library):
    strength, mobility = await replaced_library(library)
    before = await library.latest()

    await library.commit(await library.preview("workout", mobility.id))

    changes = await library.changes_after(before)
    assert [(c.kind, c.record_id) for c in changes] == [
        ("workout.deleted", mobility.id),
        ("occurrence.lapsed", f"{mobility.id}/2026-10-03"),
        ("occurrence.changed", f"{strength.id}/2026-09-18"),
        ("occurrence.changed", f"{strength.id}/2026-09-23"),
        ("occurrence.changed", f"{strength.id}/2026-09-25"),
        ("occurrence.changed", f"{strength.id}/2026-12-28"),
    ]
    # Each record is what the calendar now shows, so a reader replacing by record_id holds it.
    shown = by_key(
        await library.calendar("2026-09-14", "2026-12-15")
        + await library.calendar("2026-12-15", "2027-01-04")
    )
    for change in changes[2:]:
        assert change.occurrence == shown[change.record_id]
        assert (change.occurrence.workout_name, change.occurrence.replacement_workout_id) == (
            "Strength A",
            "",
        )


async def test_a_replacement_in_progress_stops_the_deletion(library):
    strength = await library.create("Strength A", MON_WED_FRI)
    mobility = await library.create("Mobility", SATURDAYS)
    await library.replace(strength, "2026-09-23", mobility)
    await library.mark(strength, "2026-09-23", "active")

    error = await failure(library.preview("workout", mobility.id))

    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "OCCURRENCE_LOCKED")
    assert "2026-09-23" in error.message and strength.id in error.message and "Mobility" in error.message
    assert error.metadata["workoutID"] == strength.id
    assert error.metadata["originalScheduledDay"] == "2026-09-23"


async def test_a_session_started_after_the_preview_stops_the_commit(library):
    strength = await library.create("Strength A", MON_WED_FRI)
    mobility = await library.create("Mobility", SATURDAYS)
    await library.replace(strength, "2026-09-23", mobility)
    preview = await library.preview("workout", mobility.id)
    await library.mark(strength, "2026-09-23", "active")
    before = await library.latest()

    error = await failure(library.commit(preview))

    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "OCCURRENCE_LOCKED")
    assert (await library.workout(mobility.id)).id == mobility.id  # nothing was deleted
    assert await library.latest() == before
    shown = by_key(await library.calendar("2026-09-20", "2026-10-01"))[f"{strength.id}/2026-09-23"]
    assert summary(shown) == ("2026-09-23", "active", "Mobility", mobility.id)


async def test_a_replacement_made_after_the_preview_makes_it_stale(library):
    strength = await library.create("Strength A", MON_WED_FRI)
    mobility = await library.create("Mobility", SATURDAYS)
    preview = await library.preview("workout", mobility.id)
    assert not preview.preview.restored_occurrences
    await library.replace(strength, "2026-09-23", mobility)  # the preview did not show this

    error = await failure(library.commit(preview))

    assert (error.code, error.reason) == (grpc.StatusCode.ABORTED, "PREVIEW_STALE")


async def test_deleting_a_plan_with_its_workouts_gives_back_what_they_replace(library):
    strength = await library.create("Strength A", MON_WED_FRI)
    intervals_body = strength_a(name="Intervals", schedule={"type": "weekdays", "weekdays": [3]})["workout"]
    plan_input = autumn_block(intervals_body)
    planned = await library.edit(plan_input)
    plan, intervals = planned.plans[0], planned.workouts[0]
    await library.replace(strength, "2026-09-25", intervals)
    kept = await library.preview("plan", plan.id)  # keeping the workouts keeps the replacement
    assert not kept.preview.restored_occurrences
    before = await library.latest()

    preview = await library.preview("plan", plan.id, delete_workouts=True)
    await library.commit(preview)

    (restored,) = preview.preview.restored_occurrences
    assert summary(restored) == ("2026-09-25", "scheduled", "Strength A", "")
    changes = await library.changes_after(before)
    assert [(c.kind, c.record_id) for c in changes] == [
        ("workout.deleted", intervals.id),
        ("occurrence.changed", f"{strength.id}/2026-09-25"),
        ("plan.deleted", plan.id),
    ]
    assert changes[1].occurrence == restored


async def test_undoing_a_completion_whose_replacement_was_deleted_gives_the_occurrence_back(library):
    strength = await library.create("Strength A", MON_WED_FRI)
    mobility = await library.create("Mobility", SATURDAYS)
    await library.replace(strength, "2026-09-21", mobility)
    await library.mark(strength, "2026-09-21", "completed")
    await library.commit(await library.preview("workout", mobility.id))

    undone = (await library.mark(strength, "2026-09-21", "scheduled")).occurrence

    assert summary(undone) == ("2026-09-21", "scheduled", "Strength A", "")
    shown = by_key(await library.calendar("2026-09-20", "2026-10-01"))[f"{strength.id}/2026-09-21"]
    assert shown == undone
    (change,) = await library.changes_after(await library.latest() - 1)
    assert (change.kind, change.occurrence) == ("occurrence.changed", undone)


async def test_a_plan_preview_names_the_workout_that_replaced_a_removed_occurrence(library):
    # Issue 14: the plan's Wednesday session replaced by a run outside the plan was listed with
    # workoutName "", so the user could not see which session disappears.
    planned = await library.edit(
        autumn_block(strength_a(name="Plan day", schedule={"type": "weekdays", "weekdays": [4]})["workout"])
    )
    plan, workout = planned.plans[0], planned.workouts[0]
    run = await library.create("Easy run", SATURDAYS)
    await library.replace(workout, "2026-09-23", run)

    preview = (await library.preview("plan", plan.id, delete_workouts=True)).preview

    removed = {o.original_scheduled_day: o for o in preview.removed_occurrences}
    assert summary(removed["2026-09-23"]) == ("2026-09-23", "replaced", "Easy run", run.id)
    assert all(o.workout_name for o in preview.removed_occurrences)
