"""UpdateSessionStatus through a real server, on SQLite and PostgreSQL: pause, resume, stop and
cancel, retries that change nothing, and transitions that are refused with the status named."""

from __future__ import annotations

import grpc

from kinetic.sessions.v1 import sessions_pb2
from tests.integration.sessions.session_support import (
    ACCOUNT,
    OTHER_ACCOUNT,
    bench_set,
    changes,
    failure,
    fields,
    log_request,
    session_stack,
    start_freestyle,
)


def status(session_id: str, value: str, account_id: str = ACCOUNT) -> sessions_pb2.UpdateSessionStatusRequest:
    return sessions_pb2.UpdateSessionStatusRequest(account_id=account_id, session_id=session_id, status=value)


async def test_pause_resume_and_stop_each_append_one_change_and_retries_change_nothing(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session_id = (await start_freestyle(stack)).session_id
        await stack.sessions.LogPerformance(log_request(session_id, [bench_set(1)]))

        stack.clock.advance(minutes=5)
        paused = await stack.sessions.UpdateSessionStatus(status(session_id, "paused"))
        paused_again = await stack.sessions.UpdateSessionStatus(status(session_id, "paused"))
        snapshot_while_paused = await stack.sessions.GetLiveSnapshot(
            sessions_pb2.GetLiveSnapshotRequest(account_id=ACCOUNT)
        )
        stack.clock.advance(minutes=5)
        resumed = await stack.sessions.UpdateSessionStatus(status(session_id, "in_progress"))
        stack.clock.advance(minutes=5)
        stopped = await stack.sessions.UpdateSessionStatus(status(session_id, "stopped"))
        stopped_again = await stack.sessions.UpdateSessionStatus(status(session_id, "stopped"))

        assert (paused.session.status, paused.replayed) == ("paused", False)
        assert (paused_again.session.status, paused_again.replayed) == ("paused", True)
        assert not snapshot_while_paused.HasField("snapshot")  # a paused session is not in progress
        assert (resumed.session.status, resumed.replayed) == ("in_progress", False)
        assert not resumed.session.HasField("end_time")
        assert (stopped.session.status, stopped.replayed) == ("stopped", False)
        assert stopped.session.end_time.ToDatetime() == stack.clock().replace(tzinfo=None)
        assert stopped.session.experience_points == 0  # only completion awards points
        assert [len(stopped.session.performances), stopped_again.replayed] == [1, True]

        feed = await changes(stack)
        assert [c.kind for c in feed] == [
            "session.started",
            "performance.logged",
            "session.paused",
            "session.resumed",
            "session.stopped",
        ]
        assert {c.record_id for c in feed if c.kind.startswith("session.")} == {session_id}
        assert feed[-1].session.status == "stopped"

        # A stopped session is over: a new freestyle start is a new session, sets are refused.
        fresh = await start_freestyle(stack)
        refused = await failure(stack.sessions.LogPerformance(log_request(session_id, [bench_set(2)])))
        assert fresh.session_id != session_id
        assert refused.reason == "SESSION_NOT_ACTIVE"


async def test_cancel_ends_an_active_session_and_it_no_longer_resumes(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        session_id = (await start_freestyle(stack)).session_id
        await stack.sessions.UpdateSessionStatus(status(session_id, "paused"))
        cancelled = await stack.sessions.UpdateSessionStatus(status(session_id, "cancelled"))
        fresh = await start_freestyle(stack)
        listed = await stack.sessions.ListSessions(
            sessions_pb2.ListSessionsRequest(account_id=ACCOUNT, status="cancelled")
        )

        assert (cancelled.session.status, cancelled.replayed) == ("cancelled", False)
        assert cancelled.session.HasField("end_time")
        assert fresh.session_id != session_id
        assert [s.session_id for s in listed.sessions] == [session_id]
        assert [c.kind for c in await changes(stack)][-3:] == [
            "session.paused",
            "session.cancelled",
            "session.started",
        ]


async def test_illegal_transitions_are_refused_naming_both_statuses_and_nothing_is_written(engines, tmp_path):
    async with session_stack(engines, tmp_path) as stack:
        running = (await start_freestyle(stack)).session_id
        resume_running = await stack.sessions.UpdateSessionStatus(status(running, "in_progress"))
        await stack.sessions.LogPerformance(log_request(running, [bench_set(1)]))
        await stack.sessions.CompleteSession(
            sessions_pb2.CompleteSessionRequest(account_id=ACCOUNT, session_id=running)
        )
        before = len(await changes(stack))

        refusals = {
            target: await failure(stack.sessions.UpdateSessionStatus(status(running, target)))
            for target in ("paused", "in_progress", "stopped", "cancelled")
        }
        stopped = (await start_freestyle(stack)).session_id
        await stack.sessions.UpdateSessionStatus(status(stopped, "stopped"))
        cancel_stopped = await failure(stack.sessions.UpdateSessionStatus(status(stopped, "cancelled")))
        resume_stopped = await failure(stack.sessions.UpdateSessionStatus(status(stopped, "in_progress")))

        assert resume_running.replayed  # resuming what runs is a retry, not an error
        for target, error in refusals.items():
            assert (error.code, error.reason) == (
                grpc.StatusCode.FAILED_PRECONDITION,
                "INVALID_STATUS_TRANSITION",
            ), target
            assert error.metadata == {"status": "completed", "requestedStatus": target}
        assert "is completed; it cannot be paused" in refusals["paused"].message
        assert (cancel_stopped.reason, resume_stopped.reason) == (
            "INVALID_STATUS_TRANSITION",
            "INVALID_STATUS_TRANSITION",
        )
        kinds = [c.kind for c in await changes(stack)]
        assert kinds[before:] == ["session.started", "session.stopped"]


async def test_bad_status_requests_name_the_field_and_other_accounts_sessions_are_not_found(
    engines, tmp_path
):
    async with session_stack(engines, tmp_path) as stack:
        session_id = (await start_freestyle(stack)).session_id
        complete = await failure(stack.sessions.UpdateSessionStatus(status(session_id, "completed")))
        unknown = await failure(stack.sessions.UpdateSessionStatus(status(session_id, "done")))
        both = await failure(stack.sessions.UpdateSessionStatus(status("nope", "")))
        other = await failure(
            stack.sessions.UpdateSessionStatus(status(session_id, "paused", account_id=OTHER_ACCOUNT))
        )
        no_account = await failure(stack.sessions.UpdateSessionStatus(status(session_id, "paused", "")))

        assert (complete.code, fields(complete)) == (grpc.StatusCode.INVALID_ARGUMENT, ["status"])
        assert "CompleteSession" in complete.message
        assert fields(unknown) == ["status"]
        assert fields(both) == ["sessionId", "status"]
        assert (other.code, other.reason) == (grpc.StatusCode.NOT_FOUND, "SESSION_NOT_FOUND")
        assert fields(no_account) == ["account_id"]
        assert [c.kind for c in await changes(stack)] == ["session.started"]
