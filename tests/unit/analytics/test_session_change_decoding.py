"""The sessions feed's typed Change messages decoded into the facts analytics keeps (the adapter's
contract, decision 0029)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.sessions.v1 import sessions_pb2
from services.analytics.adapters.sessions_feed import change_from_pb
from services.analytics.domain.lifting import SetFact
from services.analytics.domain.session_changes import LoggedPerformance, SessionState

STARTED = datetime(2026, 3, 2, 17, 30, tzinfo=UTC)
WRITTEN = datetime(2026, 3, 2, 18, 5, tzinfo=UTC)


def stamp(moment: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(moment)
    return out


def change(kind: str, record_id: str, **payload: Any) -> sessions_pb2.Change:
    return sessions_pb2.Change(
        sequence=4, kind=kind, record_id=record_id, create_time=stamp(WRITTEN), **payload
    )


def test_a_session_change_keeps_its_start_status_and_source():
    session = sessions_pb2.Session(
        session_id="s1",
        status="completed",
        source="occurrence",
        workout_id="w1",
        original_scheduled_day="2026-03-02",
        start_time=stamp(STARTED),
        end_time=stamp(WRITTEN),
        experience_points=30,
    )
    decoded = change_from_pb(change("session.completed", "s1", session=session))
    assert (decoded.sequence, decoded.kind, decoded.record_id, decoded.created_at) == (
        4,
        "session.completed",
        "s1",
        WRITTEN,
    )
    assert decoded.session == SessionState(
        "s1", "completed", STARTED, WRITTEN, "occurrence", "w1", "2026-03-02"
    )
    assert decoded.performance is None and decoded.record is None


def test_a_session_without_start_or_end_starts_when_the_change_was_written():
    decoded = change_from_pb(change("session.started", "s1", session=sessions_pb2.Session(session_id="s1")))
    assert decoded.session == SessionState("s1", "in_progress", WRITTEN, None, "", "", "")


def test_a_logged_performance_keeps_its_sets_and_text_reps_count_as_unknown():
    performance = sessions_pb2.Performance(
        performance_id="p1",
        exercise_id="e1",
        exercise_name="Bench Press",
        update_time=stamp(WRITTEN),
        sets=[
            sessions_pb2.PerformanceSet(
                set_number=1, set_type="W", weight_kg=40, reps_number=10, completed=True
            ),
            sessions_pb2.PerformanceSet(set_number=2, reps_text="AMRAP", estimated=True),
            sessions_pb2.PerformanceSet(set_number=3, distance_meters=400, time_seconds=95, completed=True),
        ],
    )
    logged = sessions_pb2.PerformanceLogged(
        session_id="s1", performance=performance, catalog_exercise_id="barbell-bench-press"
    )
    decoded = change_from_pb(change("performance.logged", "p1", performance_logged=logged))
    assert decoded.session is None
    assert decoded.performance == LoggedPerformance(
        performance_id="p1",
        session_id="s1",
        exercise_id="e1",
        catalog_exercise_id="barbell-bench-press",
        exercise_name="Bench Press",
        updated_at=WRITTEN,
        sets=(
            SetFact("p1", 1, "W", 40.0, 10.0, completed=True, estimated=False),
            SetFact("p1", 2, "N", None, None, completed=False, estimated=True),
            SetFact("p1", 3, "N", None, None, True, False, time_seconds=95.0, distance_meters=400.0),
        ),
    )


def test_deletions_need_nothing_but_their_record_id():
    deleted = sessions_pb2.SessionDeleted(
        session=sessions_pb2.Session(session_id="s1"), performance_ids=["p1"]
    )
    for decoded in (
        change_from_pb(change("session.deleted", "s1", session_deleted=deleted)),
        change_from_pb(change("performance.deleted", "p1")),
    ):
        assert decoded.session is None and decoded.performance is None
