"""Records, progress and balance from the feed, on SQLite and PostgreSQL, against hand-computed values.

Also: a rebuild from sequence 0 of both feeds (sessions and training) equals the incremental result,
a replayed feed changes nothing, and corrections and deletions in sessions correct the records.
"""

from __future__ import annotations

from datetime import timedelta
from itertools import zip_longest
from typing import Any

import pytest
from sqlalchemy import update

from kinetic.errors import InvalidArgument
from kinetic.training.v1 import training_pb2 as tpb
from services.analytics.adapters.tables import feed_cursors
from tests.integration.analytics.analytics_support import (
    ACCOUNT,
    DAY1,
    LibraryFeed,
    ListFeed,
    a_set,
    days,
    dump,
    make_queries,
)

BENCH = "barbell-bench-press"
SQUAT = "barbell-back-squat"


def two_bench_sessions() -> ListFeed:
    """Session A (day 1) and B (day 8) of bench press; the figures are worked out in the tests."""
    feed = ListFeed()
    feed.start("sA", DAY1)
    feed.log(
        "pA",
        "sA",
        BENCH,
        [
            a_set(1, 60, 10, "W"),  # warm-up: never a record
            a_set(2, 100, 5),  # volume 500; e1RM 116.667 (Epley), 112.5 (Brzycki)
            a_set(3, 100, 6, "F"),  # volume 600; e1RM 120 (Epley), 116.129 (Brzycki)
            a_set(4, 120, 2, estimated=True),  # estimated: never a record
            a_set(5, 80, "AMRAP"),  # reps as text: no e1RM, no volume
        ],
    )
    feed.start("sA", DAY1, "completed")
    feed.start("sB", DAY1 + days(7))
    feed.log(
        "pB",
        "sB",
        BENCH,
        [
            a_set(1, 105, 3),  # volume 315; e1RM 115.5 (Epley), 111.176 (Brzycki)
            a_set(2, 90, 9),  # volume 810; e1RM 117 (Epley), 115.714 (Brzycki)
        ],
    )
    return feed


def summary(answer):
    """(value, session, set number) per record kind of each exercise."""
    out = {}
    for e in answer.exercises:
        for kind in ("heaviest_load", "estimated_one_rep_max", "best_set_volume"):
            figure = getattr(e, kind)
            out[(e.exercise_id, kind)] = (
                None
                if figure is None
                else (round(figure.best.value, 3), figure.session_id, figure.best.set_number)
            )
    return out


async def test_records_by_both_formulas(engines):
    feed = two_bench_sessions()
    queries = make_queries(engines("analytics"), feed)

    epley = await queries.personal_records(ACCOUNT, [], "", "")
    assert epley.formula == "epley" and epley.as_of_sequence == 5
    assert summary(epley) == {
        (BENCH, "heaviest_load"): (105.0, "sB", 1),
        (BENCH, "estimated_one_rep_max"): (120.0, "sA", 3),
        (BENCH, "best_set_volume"): (810.0, "sB", 2),
    }
    assert epley.exercises[0].label.name == "Barbell Bench Press"
    assert epley.exercises[0].label.catalog_exercise_id == BENCH
    brzycki = await queries.personal_records(ACCOUNT, [BENCH], "brzycki", "")
    assert summary(brzycki)[(BENCH, "estimated_one_rep_max")] == (116.129, "sA", 3)  # 100 x 36/31
    assert (await queries.personal_records(ACCOUNT, [SQUAT], "", "")).exercises == []


async def test_a_corrected_set_corrects_the_records(engines):
    feed = two_bench_sessions()
    queries = make_queries(engines("analytics"), feed)
    await queries.personal_records(ACCOUNT, [], "", "")

    # B's set 2 was 60 x 9, not 90 x 9: the volume record goes back to A's 600.
    feed.log("pB", "sB", BENCH, [a_set(1, 105, 3), a_set(2, 60, 9)])
    assert summary(await queries.personal_records(ACCOUNT, [], "", ""))[(BENCH, "best_set_volume")] == (
        600.0,
        "sA",
        3,
    )
    # B's set 1 was 95 kg: the heaviest load is A's 100 kg x 6 (same load, more reps than set 2).
    feed.log("pB", "sB", BENCH, [a_set(1, 95, 3), a_set(2, 60, 9)])
    records = summary(await queries.personal_records(ACCOUNT, [], "", ""))
    assert records[(BENCH, "heaviest_load")] == (100.0, "sA", 3)
    # A higher load later takes the record again.
    feed.log("pB", "sB", BENCH, [a_set(1, 110, 2), a_set(2, 60, 9)])
    assert summary(await queries.personal_records(ACCOUNT, [], "", ""))[(BENCH, "heaviest_load")] == (
        110.0,
        "sB",
        1,
    )


async def test_deleted_and_cancelled_sessions_stop_counting(engines):
    feed = two_bench_sessions()
    queries = make_queries(engines("analytics"), feed)
    feed.add("session.deleted", "sB")
    records = summary(await queries.personal_records(ACCOUNT, [], "", ""))
    assert records[(BENCH, "heaviest_load")] == (100.0, "sA", 3)
    assert records[(BENCH, "best_set_volume")] == (600.0, "sA", 3)

    feed.start("sA", DAY1, "cancelled")
    assert (await queries.personal_records(ACCOUNT, [], "", "")).exercises == []
    feed.add("performance.deleted", "pA")  # nothing left to drop
    assert (await queries.personal_records(ACCOUNT, [], "", "")).as_of_sequence == 8


def long_history() -> ListFeed:
    """Twelve sessions of squat and bench with a correction, a cancellation and a deletion; odd weeks
    come from occurrences of the Training workout "wL" (see long_library)."""
    feed = ListFeed()
    for week in range(12):
        session = f"s{week:02d}"
        day = (DAY1 + days(7 * week)).date().isoformat()
        source: dict[str, Any] = (
            {"source": "occurrence", "workout_id": "wL", "original_day": day} if week % 2 else {}
        )
        feed.start(session, DAY1 + days(7 * week), **source)
        feed.log(f"q{week}", session, SQUAT, [a_set(1, 100 + 2.5 * week, 5), a_set(2, 100 + 2.5 * week, 4)])
        feed.log(f"b{week}", session, BENCH, [a_set(1, 70 + week % 4, 8), a_set(2, 50, 12, "W")])
        if week % 3 == 0:  # a correction of an earlier session
            feed.log(f"q{week // 2}", f"s{week // 2:02d}", SQUAT, [a_set(1, 90, 5)])
        feed.start(
            session,
            DAY1 + days(7 * week),
            "completed",
            ended_at=DAY1 + days(7 * week) + timedelta(minutes=50),
            **source,
        )
    feed.start("s05", DAY1 + days(35), "cancelled")
    feed.add("session.deleted", "s07")
    return feed


def long_library() -> LibraryFeed:
    """Workouts created, updated and deleted, occurrences moved, replaced and done, an erasure and a
    library built again after it."""
    feed = LibraryFeed()

    def workout(workout_id: str, version: str, squat_kg: float, plan: str = "") -> tpb.Workout:
        return tpb.Workout(
            id=workout_id,
            version=version,
            name=f"Workout {workout_id}",
            kind="strength",
            plan_id=plan,
            exercises=[
                tpb.WorkoutExercise(id=f"{workout_id}-m1", exercise_id=SQUAT, target_weight_kg=squat_kg)
            ],
        )

    def occurrence(workout_id: str, week: int, moved: int = 0, status: str = "completed", by: str = ""):
        original = DAY1 + days(7 * week)
        return tpb.Occurrence(
            workout_id=workout_id,
            original_scheduled_day=original.date().isoformat(),
            day=(original + days(moved)).date().isoformat(),
            status=status,
            replacement_workout_id=by,
        )

    feed.plan(tpb.Plan(id="P", version="1.x", name="Old plan"))
    feed.workout(workout("wOld", "1.x", 80, "P"))
    feed.occurrence(occurrence("wOld", 0))
    feed.append("library.erased", "epoch-2")
    feed.plan(tpb.Plan(id="P2", version="1.x", name="Block"))
    feed.workout(workout("wL", "1.x", 100, "P2"))
    feed.workout(workout("wT", "1.x", 60))
    feed.workout(workout("wGone", "1.x", 50))
    for week in range(1, 12, 2):
        feed.occurrence(occurrence("wL", week, moved=week % 3))
    feed.occurrence(occurrence("wL", 3, status="completed", by="wT"))
    feed.occurrence(occurrence("wT", 4, moved=1, status="moved"))
    feed.workout(workout("wL", "2.x", 102.5, "P2"), "workout.updated")
    feed.plan(tpb.Plan(id="P2", version="2.x", name="Block, renamed"), "plan.updated")
    feed.occurrence(occurrence("wGone", 2))
    feed.append("workout.deleted", "wGone")
    feed.append("plan.deleted", "P")
    return feed


async def test_rebuild_from_zero_equals_incremental(engines):
    history, library = long_history(), long_library()
    # Incremental: catch up after every change of either feed, as requests arrive between writes.
    live, live_library = ListFeed(), LibraryFeed()
    incremental = make_queries(engines("analytics"), live, training=live_library)
    for session_change, library_change in zip_longest(history.changes, library.changes):
        for feed, change in ((live, session_change), (live_library, library_change)):
            if change is not None:
                feed.changes.append(change)
                await incremental.personal_records(ACCOUNT, [], "", "")
    # Rebuild: a cold start over both whole feeds, three changes per page, in its own storage.
    rebuilt_engine = engines("analytics_rebuilt")
    rebuilt = make_queries(
        rebuilt_engine,
        ListFeed(list(history.changes), page_size=3),
        training=LibraryFeed(list(library.changes), page_size=3),
    )
    assert await rebuilt.personal_records(ACCOUNT, [], "", "") == await incremental.personal_records(
        ACCOUNT, [], "", ""
    )
    rebuilt_rows = dump(rebuilt_engine)
    assert rebuilt_rows == dump(incremental._follower.engine)
    # wGone's completed occurrence outlives its workout, as history does in training (0023).
    assert len(rebuilt_rows["training_workouts"]) == 2 and len(rebuilt_rows["training_occurrences"]) == 8
    insights = await rebuilt.insights(ACCOUNT, "", "")
    assert insights == await incremental.insights(ACCOUNT, "", "")
    assert insights.training_sequence == len(library.changes)
    for metric in ("e1rm", "top_set", "volume"):
        a = await rebuilt.progress(ACCOUNT, SQUAT, metric, "2026-01-01", "2026-06-30", "", "")
        b = await incremental.progress(ACCOUNT, SQUAT, metric, "2026-01-01", "2026-06-30", "", "")
        assert a == b and len(a.series.session_ids) == 10  # twelve weeks less the cancelled and deleted ones


async def test_a_replayed_feed_changes_nothing(engines):
    engine = engines("analytics")
    queries = make_queries(engine, long_history(), training=long_library())
    first = await queries.personal_records(ACCOUNT, [], "", "")
    first_insights = await queries.insights(ACCOUNT, "", "")
    before = dump(engine)
    with engine.begin() as conn:  # forget both cursors: every change arrives a second time
        conn.execute(update(feed_cursors).values(sequence=0))
    again = await queries.personal_records(ACCOUNT, [], "", "")
    assert dump(engine) == before
    assert again == first
    assert await queries.insights(ACCOUNT, "", "") == first_insights


async def test_progress_series_per_session(engines):
    feed = two_bench_sessions()
    queries = make_queries(engines("analytics"), feed)
    e1rm = await queries.progress(ACCOUNT, BENCH, "e1rm", "2026-03-01", "2026-03-31", "brzycki", "")
    assert (e1rm.formula, e1rm.as_of_sequence) == ("brzycki", 5)
    assert [(s, round(v, 3)) for s, v in zip(e1rm.series.session_ids, e1rm.series.values, strict=True)] == [
        ("sA", 116.129),
        ("sB", 115.714),  # 90 x 36/28 beats 105 x 36/34 = 111.176
    ]
    top = await queries.progress(ACCOUNT, BENCH, "top_set", "2026-03-01", "2026-03-31", "", "")
    assert top.formula is None
    assert top.series.values == [100, 105]
    volume = await queries.progress(ACCOUNT, BENCH, "volume", "2026-03-01", "2026-03-31", "", "")
    assert volume.series.values == [1100, 1125]  # 500 + 600; 315 + 810
    # Days are local: 17:30 UTC on 2 March is 3 March in Auckland, so from 3 March keeps session A.
    local = await queries.progress(
        ACCOUNT, BENCH, "volume", "2026-03-03", "2026-03-03", "", "Pacific/Auckland"
    )
    assert local.series.session_ids == ["sA"]
    utc = await queries.progress(ACCOUNT, BENCH, "volume", "2026-03-03", "2026-03-03", "", "")
    assert utc.series.session_ids == []
    # Defaults: the 90 days up to today.
    default = await queries.progress(ACCOUNT, BENCH, "volume", "", "", "", "")
    assert (default.first.isoformat(), default.last.isoformat(), len(default.series.session_ids)) == (
        "2025-12-21",
        "2026-03-20",
        2,
    )


async def test_weekly_focus_balance(engines):
    feed = ListFeed()
    feed.start("s1", DAY1)  # 2026-W10
    feed.log(
        "p1", "s1", SQUAT, [a_set(1, 60, 5, "W"), a_set(2, 100, 5), a_set(3, 100, 5), a_set(4, 100, "AMRAP")]
    )
    feed.log("p2", "s1", BENCH, [a_set(1, 80, 8), a_set(2, 80, 8, completed=False)])
    feed.start("s2", DAY1 + days(8))  # 2026-W11
    feed.log("p3", "s2", BENCH, [a_set(1, 80, 8, estimated=True), a_set(2, 80, 8)])
    feed.log("p4", "s2", "64b64c0f2f5f4c0012345679", [a_set(1, 20, 10)])
    queries = make_queries(engines("analytics"), feed)

    answer = await queries.focus_balance(ACCOUNT, "2026-03-02", "2026-03-15", "")
    assert answer.as_of_sequence == 6
    w10, w11 = answer.balance.weeks
    # W10: squat 3 counted sets (the warm-up is out; AMRAP counts), bench 1 (set 2 not done).
    assert {m.muscle: m.weighted_sets for m in w10.ranked()} == {
        "quads": 3.0,
        "glutes": 3.0,
        "adductors": 1.5,
        "lower_back": 1.5,
        "abs": 1.5,
        "chest": 1.0,
        "triceps": 0.5,
        "front_delts": 0.5,
    }
    # W11: bench 2 (an estimated set still happened), the gym exercise unmapped.
    assert {m.muscle: m.weighted_sets for m in w11.ranked()} == {
        "chest": 2.0,
        "triceps": 1.0,
        "front_delts": 1.0,
    }
    assert w11.unmapped_sets == 1 and answer.balance.unmapped_exercise_ids == ["64b64c0f2f5f4c0012345679"]
    average = {m: w for m, w, _, _ in answer.balance.weekly_average}
    assert average["chest"] == 1.5 and average["quads"] == 1.5


async def test_insights_suggest_from_the_trend_and_propose_only(engines):
    feed = ListFeed()
    for week, load in enumerate((100, 102.5, 105, 107.5)):
        feed.start(f"s{week}", DAY1 + days(7 * week - 7))
        feed.log(f"p{week}", f"s{week}", SQUAT, [a_set(1, load, 5), a_set(2, load, 5)])
    for week, load in enumerate((100, 97.5, 95, 92.5)):
        feed.start(f"t{week}", DAY1 + days(5 * week + 1))
        feed.log(f"r{week}", f"t{week}", BENCH, [a_set(1, load, 6)])
    queries = make_queries(engines("analytics"), feed)
    answer = await queries.insights(ACCOUNT, "Europe/Amsterdam", "")
    by_id = {e.exercise_id: e for e in answer.exercises}
    squat, bench = by_id[SQUAT], by_id[BENCH]
    assert squat.trend.direction == "rising" and squat.trend.sample_size == 4
    assert squat.suggestion is not None
    assert (squat.suggestion.kind, squat.suggestion.load_kg, squat.suggestion.reps) == (
        "increase_load",
        110,
        5,
    )
    assert (squat.trend.from_day, squat.trend.to_day) == ("2026-02-23", "2026-03-16")
    assert (
        bench.trend.direction == "falling"
        and bench.suggestion is not None
        and bench.suggestion.kind == "hold"
    )
    assert bench.deload_kg == 82.5  # 92.5 x 0.9 = 83.25, down to the 2.5 kg step
    assert (answer.first.isoformat(), answer.last.isoformat()) == ("2026-01-24", "2026-03-20")
    assert answer.as_of_sequence == len(feed.changes)


async def test_bad_arguments_name_the_field(sqlite_engines):
    queries = make_queries(sqlite_engines("analytics"), ListFeed())
    cases = [
        (queries.personal_records(ACCOUNT, [], "lombardi", ""), "formula"),
        (queries.personal_records(ACCOUNT, [], "", "Mars/Olympus"), "time_zone"),
        (queries.personal_records("", [], "", ""), "account_id"),
        (queries.progress(ACCOUNT, BENCH, "tonnage", "", "", "", ""), "metric"),
        (queries.progress(ACCOUNT, "", "e1rm", "", "", "", ""), "exercise_id"),
        (queries.progress(ACCOUNT, BENCH, "e1rm", "2026-03-10", "2026-03-01", "", ""), "from_day"),
        (queries.focus_balance(ACCOUNT, "", "03/01/2026", ""), "to_day"),
    ]
    for call, field in cases:
        with pytest.raises(InvalidArgument) as info:
            await call
        assert [v.field for v in info.value.violations] == [field]
