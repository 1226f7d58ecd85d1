"""GetSession, ListSessions, GetExerciseHistory, GetLiveSnapshot and the feed's order, over gRPC."""

from __future__ import annotations

import grpc

from kinetic.sessions.v1 import sessions_pb2
from tests.integration.sessions.session_support import (
    ACCOUNT,
    BENCH,
    DEADLIFT,
    OTHER_ACCOUNT,
    Stack,
    bench_set,
    changes,
    failure,
    fields,
    log_request,
    session_stack,
    start_freestyle,
)


async def complete(stack: Stack, session_id: str) -> None:
    await stack.sessions.CompleteSession(
        sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=session_id)
    )


async def workout(stack: Stack, exercise_id: str, weights: list[float]) -> str:
    """A completed freestyle session with one set per weight."""
    session = await start_freestyle(stack)
    sets = [bench_set(n, weight=w) for n, w in enumerate(weights, start=1)]
    await stack.sessions.LogPerformance(log_request(session.session_id, sets, exercise_id))
    await complete(stack, session.session_id)
    return session.session_id


def listing(**kwargs) -> sessions_pb2.ListSessionsRequest:
    kwargs.setdefault("account_id", ACCOUNT)
    return sessions_pb2.ListSessionsRequest(**kwargs)


async def test_get_session_returns_its_performances_to_its_owner_only(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1), bench_set(2)]))
        await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)], DEADLIFT))

        mine = await stack.sessions.GetSession(
            sessions_pb2.GetSessionRequest(account_id=ACCOUNT, session_id=session.session_id)
        )
        theirs = await failure(
            stack.sessions.GetSession(
                sessions_pb2.GetSessionRequest(account_id=OTHER_ACCOUNT, session_id=session.session_id)
            )
        )
        bad = await failure(stack.sessions.GetSession(sessions_pb2.GetSessionRequest(account_id=ACCOUNT)))

        assert [p.exercise_id for p in mine.session.performances] == [BENCH, DEADLIFT]
        assert [len(p.sets) for p in mine.session.performances] == [2, 1]
        assert (theirs.code, theirs.reason) == (grpc.StatusCode.NOT_FOUND, "SESSION_NOT_FOUND")
        assert fields(bad) == ["sessionId"]


async def test_list_sessions_filters_by_status_and_window_and_pages_from_one(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        done = []
        for _ in range(3):
            done.append(await workout(stack, BENCH, [80]))
            stack.clock.advance(days=1)
        active = await start_freestyle(stack)

        everything = await stack.sessions.ListSessions(listing())
        completed = await stack.sessions.ListSessions(listing(status="completed", page_size=2))
        second_page = await stack.sessions.ListSessions(
            listing(status="completed", page_size=2, page_token=completed.next_page_token)
        )
        skipped = await stack.sessions.ListSessions(listing(status="completed", page_size=2, skip=1))
        in_progress = await stack.sessions.ListSessions(listing(status="in_progress"))
        first_day = await stack.sessions.ListSessions(listing(date_from="2026-09-20", date_to="2026-09-20"))
        from_only = await stack.sessions.ListSessions(listing(date_from="2026-09-21T00:00:00Z"))
        theirs = await stack.sessions.ListSessions(listing(account_id=OTHER_ACCOUNT))

        assert [s.session_id for s in everything.sessions] == [active.session_id, *reversed(done)]
        assert not everything.sessions[0].performances  # lists carry no performances
        assert completed.total_count == 3 and completed.next_page_token
        assert [s.session_id for s in completed.sessions] == [done[2], done[1]]
        assert [s.session_id for s in second_page.sessions] == [done[0]] and not second_page.next_page_token
        assert [s.session_id for s in skipped.sessions] == [done[1], done[0]] and not skipped.next_page_token
        assert [s.session_id for s in in_progress.sessions] == [active.session_id]
        assert [s.session_id for s in first_day.sessions] == [done[0]]
        assert from_only.total_count == 3
        assert theirs.total_count == 0


async def test_list_and_history_limits_name_the_field(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        cases = {
            "status": listing(status="done"),
            "page_size": listing(page_size=51),
            "skip": listing(skip=-1),
            "page_token": listing(page_token="not-a-token"),
            "dateFrom": listing(date_from="2025-09-01", date_to="2026-09-03"),
            "dateTo": listing(date_to="next week"),
            "sources": listing(sources=["plan_day", "wod"]),
        }
        for field, request in cases.items():
            error = await failure(stack.sessions.ListSessions(request))
            assert error.code == grpc.StatusCode.INVALID_ARGUMENT
            assert fields(error) == [field], field
        backwards = await failure(
            stack.sessions.ListSessions(listing(date_from="2026-09-03", date_to="2026-09-01"))
        )
        assert fields(backwards) == ["dateTo"]
        year = await stack.sessions.ListSessions(
            listing(date_from="2025-09-01", date_to="2026-09-02")
        )  # 366 days
        assert year.total_count == 0

        history = sessions_pb2.GetExerciseHistoryRequest
        too_many = await failure(
            stack.sessions.GetExerciseHistory(history(account_id=ACCOUNT, exercise_id=BENCH, limit=51))
        )
        too_long = await failure(
            stack.sessions.GetExerciseHistory(
                history(account_id=ACCOUNT, exercise_id=BENCH, date_from="2024-01-01", date_to="2026-01-01")
            )
        )
        no_exercise = await failure(stack.sessions.GetExerciseHistory(history(account_id=ACCOUNT)))
        assert fields(too_many) == ["limit"]
        assert fields(too_long) == ["dateFrom"]
        assert fields(no_exercise) == ["exerciseId"]


async def test_exercise_history_holds_completed_sessions_only_newest_first(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        old = await workout(stack, DEADLIFT, [140, 150])
        stack.clock.advance(days=40)
        recent = await workout(stack, DEADLIFT, [160, 170, 165])
        await workout(stack, BENCH, [80])
        unfinished = await start_freestyle(stack)
        await stack.sessions.LogPerformance(
            log_request(unfinished.session_id, [bench_set(1, weight=200)], DEADLIFT)
        )

        request = sessions_pb2.GetExerciseHistoryRequest(account_id=ACCOUNT, exercise_id=DEADLIFT)
        found = await stack.sessions.GetExerciseHistory(request)
        limited = await stack.sessions.GetExerciseHistory(
            sessions_pb2.GetExerciseHistoryRequest(account_id=ACCOUNT, exercise_id=DEADLIFT, limit=1)
        )
        window = await stack.sessions.GetExerciseHistory(
            sessions_pb2.GetExerciseHistoryRequest(
                account_id=ACCOUNT, exercise_id=DEADLIFT, date_from="2026-10-01", date_to="2026-12-31"
            )
        )
        theirs = await stack.sessions.GetExerciseHistory(
            sessions_pb2.GetExerciseHistoryRequest(account_id=OTHER_ACCOUNT, exercise_id=DEADLIFT)
        )

        assert [e.session_id for e in found.entries] == [recent, old]
        heaviest = max(s.weight_kg for e in found.entries for s in e.performance.sets)
        assert heaviest == 170  # the in-progress 200 kg set is not history
        assert found.entries[0].completed_time.ToDatetime() == stack.clock.now.replace(tzinfo=None)
        assert [e.session_id for e in limited.entries] == [recent]
        assert [e.session_id for e in window.entries] == [recent]
        assert list(theirs.entries) == []


async def test_live_snapshot_ages_goes_stale_after_60_seconds_and_is_absent_without_a_session(
    engines, tmp_path
):
    async with session_stack(engines, tmp_path) as stack:
        request = sessions_pb2.GetLiveSnapshotRequest(account_id=ACCOUNT)
        none = await stack.sessions.GetLiveSnapshot(request)
        assert not none.HasField("snapshot")

        session = await start_freestyle(stack)
        stack.clock.advance(seconds=10)
        await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)]))
        fresh = await stack.sessions.GetLiveSnapshot(request)
        stack.clock.advance(seconds=60)
        at_sixty = await stack.sessions.GetLiveSnapshot(request)
        stack.clock.advance(seconds=1)
        stale = await stack.sessions.GetLiveSnapshot(request)
        theirs = await stack.sessions.GetLiveSnapshot(
            sessions_pb2.GetLiveSnapshotRequest(account_id=OTHER_ACCOUNT)
        )

        snapshot = fresh.snapshot
        assert snapshot.session.session_id == session.session_id
        assert [len(p.sets) for p in snapshot.session.performances] == [1]
        assert (snapshot.age_seconds, snapshot.stale, snapshot.label) == (0, False, "")
        assert (at_sixty.snapshot.age_seconds, at_sixty.snapshot.stale) == (60, False)
        assert (stale.snapshot.age_seconds, stale.snapshot.stale, stale.snapshot.label) == (
            61,
            True,
            "stale_snapshot",
        )
        assert stale.snapshot.update_time == snapshot.update_time
        assert not theirs.HasField("snapshot")

        # A retry changes nothing, so it does not make a stale snapshot look fresh.
        await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)]))
        assert (await stack.sessions.GetLiveSnapshot(request)).snapshot.stale

        await complete(stack, session.session_id)
        after = await stack.sessions.GetLiveSnapshot(request)
        assert not after.HasField("snapshot")


async def test_the_snapshot_is_the_most_recently_updated_session_in_progress(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        freestyle = await start_freestyle(stack)
        stack.clock.advance(seconds=5)
        plan_day = await stack.sessions.StartOrResumeSession(
            sessions_pb2.StartOrResumeSessionRequest(
                account_id=ACCOUNT,
                plan_id="64b64c0f2f5f4c0012340001",
                plan_moment_id="64b64c0f2f5f4c0012340002",
            )
        )
        newest = await stack.sessions.GetLiveSnapshot(sessions_pb2.GetLiveSnapshotRequest(account_id=ACCOUNT))
        stack.clock.advance(seconds=5)
        await stack.sessions.LogPerformance(log_request(freestyle.session_id, [bench_set(1)]))
        touched = await stack.sessions.GetLiveSnapshot(
            sessions_pb2.GetLiveSnapshotRequest(account_id=ACCOUNT)
        )

        assert newest.snapshot.session.session_id == plan_day.session.session_id
        assert touched.snapshot.session.session_id == freestyle.session_id


async def test_the_feed_holds_every_change_in_order_and_pages(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)]))
        await stack.sessions.LogPerformance(
            log_request(session.session_id, [bench_set(1)])
        )  # retry: no change
        await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(2)]))
        await complete(stack, session.session_id)
        await complete(stack, session.session_id)  # retry: no change
        await start_freestyle(stack, OTHER_ACCOUNT)

        feed = await changes(stack)
        page = await stack.sessions.ListChanges(
            sessions_pb2.ListChangesRequest(account_id=ACCOUNT, after_sequence=2, page_size=1)
        )

        assert [(c.sequence, c.kind) for c in feed] == [
            (1, "session.started"),
            (2, "performance.logged"),
            (3, "performance.logged"),
            (4, "session.completed"),
        ]
        assert feed[0].record_id == session.session_id
        assert [s.set_number for s in feed[2].performance_logged.performance.sets] == [1, 2]
        assert feed[3].session.status == "completed"
        assert [c.sequence for c in page.changes] == [3] and page.latest_sequence == 4
        assert [c.sequence for c in await changes(stack, OTHER_ACCOUNT)] == [1]


async def test_the_feed_leaves_out_only_payloads_a_later_change_of_the_page_replaces(engines, tmp_path):
    # ListChangesRequest.omit_superseded_payloads (decision 0121): analytics' catch-up asks for it.
    async with session_stack(engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)]))
        await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)], DEADLIFT))
        await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(2)]))
        await complete(stack, session.session_id)

        async def read(after: int, size: int, omit: bool) -> list[sessions_pb2.Change]:
            request = sessions_pb2.ListChangesRequest(
                account_id=ACCOUNT, after_sequence=after, page_size=size, omit_superseded_payloads=omit
            )
            return list((await stack.sessions.ListChanges(request)).changes)

        whole = await read(0, 0, omit=False)
        lean = await read(0, 0, omit=True)
        split = await read(0, 2, omit=True)  # the bench's first change is the last of its page here

        assert [c.kind for c in whole] == [
            "session.started",
            "performance.logged",
            "performance.logged",
            "performance.logged",
            "session.completed",
        ]
        assert all(c.WhichOneof("payload") for c in whole)
        assert whole[1].record_id == whole[3].record_id != whole[2].record_id
        assert lean[1].WhichOneof("payload") is None
        assert (lean[1].sequence, lean[1].kind, lean[1].record_id, lean[1].create_time) == (
            whole[1].sequence,
            whole[1].kind,
            whole[1].record_id,
            whole[1].create_time,
        )
        assert [lean[0], *lean[2:]] == [whole[0], *whole[2:]]
        assert split == whole[:2]


async def test_a_reader_at_or_past_the_feeds_end_gets_no_changes_and_the_end(engines, tmp_path):
    # A reader already caught up is answered from the feed's end alone (decision 0123); one a
    # change behind still gets that change.
    async with session_stack(engines, tmp_path) as stack:
        session = await start_freestyle(stack)
        await stack.sessions.LogPerformance(log_request(session.session_id, [bench_set(1)]))
        await complete(stack, session.session_id)

        pages = {
            after: await stack.sessions.ListChanges(
                sessions_pb2.ListChangesRequest(account_id=ACCOUNT, after_sequence=after)
            )
            for after in (2, 3, 7)
        }
        empty = await stack.sessions.ListChanges(
            sessions_pb2.ListChangesRequest(account_id=OTHER_ACCOUNT, after_sequence=0)
        )

        assert [(c.sequence, c.kind) for c in pages[2].changes] == [(3, "session.completed")]
        assert [(len(page.changes), page.latest_sequence) for page in pages.values()] == [
            (1, 3),
            (0, 3),
            (0, 3),
        ]
        assert (len(empty.changes), empty.latest_sequence) == (0, 0)
