"""LogPerformance through a real server: upserts, retries, concurrency and every limit."""

from __future__ import annotations

import asyncio
from typing import Any

import grpc
import pytest

from kinetic.sessions.v1 import sessions_pb2
from services.sessions.domain.object_ids import is_object_id
from tests.integration.sessions.session_support import (
    ACCOUNT,
    BENCH,
    BENCH_IN_PLAN,
    DEADLIFT,
    HIDDEN,
    OTHER_ACCOUNT,
    PLAN,
    PUSH_DAY,
    bench_set,
    changes,
    failure,
    fields,
    log_request,
    session_stack,
    start_freestyle,
)


async def stored(stack, session_id: str) -> sessions_pb2.Session:
    response = await stack.sessions.GetSession(
        sessions_pb2.GetSessionRequest(account_id=ACCOUNT, session_id=session_id)
    )
    return response.session


async def test_sets_are_upserted_by_set_number_and_a_retry_writes_nothing(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        first = log_request(
            session.session_id,
            [bench_set(1), bench_set(2), bench_set(3)],
            notes="Grip a bit wider",
            rest_seconds=120,
            setup_values=sessions_pb2.SetupValues(
                values=[
                    sessions_pb2.SetupValue(key="bench", string_value="flat"),
                    sessions_pb2.SetupValue(key="pins", number_value=4),
                    sessions_pb2.SetupValue(key="spotter", bool_value=True),
                ]
            ),
            show_set_rpe=True,
        )
        logged = await stack.sessions.LogPerformance(first)
        stack.clock.advance(seconds=20)
        retried = await stack.sessions.LogPerformance(first)

        performance = logged.performance
        assert is_object_id(performance.performance_id)
        assert not logged.replayed and retried.replayed
        assert retried.performance == performance
        assert [s.set_number for s in performance.sets] == [1, 2, 3]
        assert performance.sets[0].weight_kg == 80 and performance.sets[0].reps_number == 8
        assert [v.WhichOneof("value") for v in performance.setup_values] == [
            "string_value",
            "number_value",
            "bool_value",
        ]
        assert logged.session.performance_count == 1

        # Set 2 again with other numbers replaces it; set 4 is added; unset fields keep their values.
        amrap = sessions_pb2.PerformanceSet(set_number=4, set_type="F", weight_kg=70, reps_text="AMRAP")
        updated = await stack.sessions.LogPerformance(
            log_request(
                session.session_id,
                [bench_set(2, weight=82.5, reps=7, rpe=9), amrap],
                performance_id=performance.performance_id,
                is_completed=True,
            )
        )
        after = updated.performance
        assert after.performance_id == performance.performance_id
        assert [(s.set_number, s.weight_kg) for s in after.sets] == [(1, 80), (2, 82.5), (3, 80), (4, 70)]
        assert after.sets[3].reps_text == "AMRAP" and after.sets[3].set_type == "F"
        assert not after.sets[3].HasField("rpe")
        assert (after.notes, after.rest_seconds, after.show_set_rpe, after.is_completed) == (
            "Grip a bit wider",
            120,
            True,
            True,
        )
        assert len(after.setup_values) == 3

        # A second exercise is a second performance; the session counts both.
        other = await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)], DEADLIFT))
        assert other.performance.performance_id != performance.performance_id
        assert other.session.performance_count == 2

        read = await stored(stack, session.session_id)
        assert [p.exercise_id for p in read.performances] == [BENCH, DEADLIFT]
        assert read.performances[0] == after
        feed = await changes(stack)
        assert [c.kind for c in feed] == [
            "session.started",
            "performance.logged",
            "performance.logged",
            "performance.logged",
        ]
        assert [c.sequence for c in feed] == [1, 2, 3, 4]
        # The typed payload is the performance exactly as LogPerformance answered it.
        logged = feed[2].performance_logged
        assert logged.performance == after
        assert (logged.session_id, logged.catalog_exercise_id) == (session.session_id, "barbell-bench-press")
        # The untyped JSON form is no longer sent (decision 0101).
        assert "payload_json" not in {f.name for f in type(feed[2]).DESCRIPTOR.fields}


async def test_twenty_parallel_identical_calls_store_each_set_once(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        request = log_request(session.session_id, [bench_set(1), bench_set(2), bench_set(3)])

        results = await asyncio.gather(*(stack.sessions.LogPerformance(request) for _ in range(20)))

        assert sorted(r.replayed for r in results) == [False] + [True] * 19
        assert len({r.performance.performance_id for r in results}) == 1
        read = await stored(stack, session.session_id)
        assert len(read.performances) == 1
        assert [s.set_number for s in read.performances[0].sets] == [1, 2, 3]
        assert [c.kind for c in await changes(stack)] == ["session.started", "performance.logged"]


async def test_plan_exercise_ids_must_belong_to_the_plan_day(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        started = await stack.sessions.StartOrResumeSession(
            sessions_pb2.StartOrResumeSessionRequest(
                account_id=ACCOUNT, plan_id=PLAN, plan_moment_id=PUSH_DAY
            )
        )
        session_id = started.session.session_id
        linked = await stack.sessions.LogPerformance(
            log_request(session_id, [bench_set(1)], plan_exercise_id=BENCH_IN_PLAN)
        )
        wrong = await failure(
            stack.sessions.LogPerformance(
                log_request(session_id, [bench_set(2)], DEADLIFT, plan_exercise_id=PLAN)
            )
        )
        freestyle = await start_freestyle(stack)
        not_a_plan = await failure(
            stack.sessions.LogPerformance(
                log_request(freestyle.session_id, [bench_set(1)], plan_exercise_id=BENCH_IN_PLAN)
            )
        )

        assert linked.performance.plan_exercise_id == BENCH_IN_PLAN
        assert fields(wrong) == ["planExerciseId"]
        assert fields(not_a_plan) == ["planExerciseId"]


def too_many_setup_values() -> sessions_pb2.SetupValues:
    return sessions_pb2.SetupValues(
        values=[sessions_pb2.SetupValue(key=f"k{i}", number_value=i) for i in range(9)]
    )


BAD_REQUESTS: dict[str, tuple[dict[str, Any], list[str]]] = {
    "no sets": ({"sets": []}, ["sets"]),
    "51 sets": ({"sets": [bench_set(n) for n in range(1, 52)]}, ["sets"]),
    "set number 0": ({"sets": [bench_set(0)]}, ["sets[0].setNumber"]),
    "set number 101": ({"sets": [bench_set(101)]}, ["sets[0].setNumber"]),
    "repeated set number": ({"sets": [bench_set(1), bench_set(1)]}, ["sets[1].setNumber"]),
    "rpe 10.5": ({"sets": [bench_set(1), bench_set(2, rpe=10.5)]}, ["sets[1].rpe"]),
    "negative weight": ({"sets": [bench_set(1, weight=-5)]}, ["sets[0].weight"]),
    "not a number": ({"sets": [bench_set(1, weight=float("nan"))]}, ["sets[0].weight"]),
    "set type": ({"sets": [bench_set(1, set_type="X")]}, ["sets[0].setType"]),
    "reps text": ({"sets": [bench_set(1, reps_text="as many reps as possible")]}, ["sets[0].reps"]),
    "set notes": ({"sets": [bench_set(1, notes="n" * 1001)]}, ["sets[0].notes"]),
    "notes": ({"notes": "n" * 2001}, ["notes"]),
    "rest": ({"rest_seconds": -1}, ["restSeconds"]),
    "9 setup values": ({"setup_values": too_many_setup_values()}, ["setupValues"]),
    "9 next setup values": ({"next_setup_values": too_many_setup_values()}, ["nextSetupValues"]),
    "repeated setup key": (
        {
            "setup_values": sessions_pb2.SetupValues(
                values=[sessions_pb2.SetupValue(key="pins", number_value=1)] * 2
            )
        },
        ["setupValues[1].key"],
    ),
    "exercise id": ({"exercise_id": "bench-press"}, ["exerciseId"]),
    "performance id": ({"performance_id": "nope"}, ["performanceId"]),
    "session id": ({"session_id": "123"}, ["sessionId"]),
    "language": ({"language": "fr"}, ["language"]),
    "several at once": ({"notes": "n" * 2001, "sets": [bench_set(1, rpe=11)]}, ["sets[0].rpe", "notes"]),
}


@pytest.mark.parametrize("case", list(BAD_REQUESTS), ids=list(BAD_REQUESTS))
async def test_bad_input_names_the_field_and_stores_nothing(sqlite_engines, tmp_path, case):
    overrides, expected = BAD_REQUESTS[case]
    async with session_stack(sqlite_engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        fields_given: dict[str, Any] = {"sets": [bench_set(1)]} | overrides
        request = log_request(fields_given.pop("session_id", session.session_id), **fields_given)

        error = await failure(stack.sessions.LogPerformance(request))

        assert error.code == grpc.StatusCode.INVALID_ARGUMENT
        assert fields(error) == expected
        assert (await stored(stack, session.session_id)).performance_count == 0
        assert [c.kind for c in await changes(stack)] == ["session.started"]


async def test_bad_input_is_refused_on_postgresql_too(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        error = await failure(
            stack.sessions.LogPerformance(
                log_request(session.session_id, [bench_set(1), bench_set(2, rpe=11)])
            )
        )
        assert fields(error) == ["sets[1].rpe"]
        assert (await stored(stack, session.session_id)).performance_count == 0


async def test_exercises_must_be_visible_and_performances_belong_to_their_session(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        hidden = await failure(
            stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)], HIDDEN))
        )
        logged = await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)]))
        wrong_exercise = await failure(
            stack.sessions.LogPerformance(
                log_request(
                    session.session_id,
                    [bench_set(2)],
                    DEADLIFT,
                    performance_id=logged.performance.performance_id,
                )
            )
        )
        unknown = await failure(
            stack.sessions.LogPerformance(
                log_request(session.session_id, [bench_set(2)], performance_id="f" * 24)
            )
        )
        stranger = await failure(
            stack.sessions.LogPerformance(
                log_request(session.session_id, [bench_set(2)], account_id=OTHER_ACCOUNT)
            )
        )
        missing = await failure(stack.sessions.LogPerformance(log_request("a" * 24, [bench_set(1)])))

        assert (hidden.code, hidden.reason) == (grpc.StatusCode.NOT_FOUND, "EXERCISE_NOT_VISIBLE")
        assert fields(wrong_exercise) == ["performanceId"]
        assert (unknown.code, unknown.reason) == (grpc.StatusCode.NOT_FOUND, "PERFORMANCE_NOT_FOUND")
        assert stranger.reason == "SESSION_NOT_FOUND"
        assert missing.reason == "SESSION_NOT_FOUND"
        read = await stored(stack, session.session_id)
        assert [s.set_number for s in read.performances[0].sets] == [1]


async def test_a_session_holds_at_most_100_performances(sqlite_engines, tmp_path):
    async with session_stack(sqlite_engines, tmp_path) as stack:
        for n in range(101):
            exercise = f"{n:024x}"
            stack.gyms.exercises[(ACCOUNT, exercise)] = stack.gyms.exercises[(ACCOUNT, BENCH)]
        session = await start_freestyle(stack)
        for n in range(100):
            await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)], f"{n:024x}"))

        error = await failure(
            stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)], f"{100:024x}"))
        )
        more_sets = await stack.sessions.LogPerformance(
            log_request(session.session_id, [bench_set(2)], f"{7:024x}")
        )

        assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TOO_MANY_PERFORMANCES")
        assert not more_sets.replayed  # existing performances still take sets
        read = await stored(stack, session.session_id)
        assert read.performance_count == 100 and len(read.performances) == 100
