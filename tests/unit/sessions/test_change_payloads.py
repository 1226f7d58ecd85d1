"""Stored feed entries read back as ListChanges' typed payloads, old rows included (decision 0029)."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import product
from typing import Any

from kinetic.sessions.v1 import sessions_pb2
from services.sessions.adapters.change_feed import ChangeRecord
from services.sessions.adapters.session_codec import set_from_dict
from services.sessions.entrypoints.change_pb import change_to_pb, set_message
from services.sessions.entrypoints.session_pb import set_to_pb

ACCOUNT = "11111111-1111-4111-8111-111111111111"
AT = datetime(2026, 3, 2, 17, 30, tzinfo=UTC)
LATER = datetime(2026, 3, 2, 18, 5, tzinfo=UTC)


def read(kind: str, record_id: str, payload: dict[str, Any]) -> sessions_pb2.Change:
    return change_to_pb(ACCOUNT, ChangeRecord(7, kind, record_id, LATER, payload))


def session_payload(**changes: Any) -> dict[str, Any]:
    return {
        "sessionId": "s1",
        "source": "occurrence",
        "planId": "",
        "planMomentId": "",
        "workoutId": "w1",
        "originalScheduledDay": "2026-03-02",
        "companyId": "",
        "status": "completed",
        "title": "Strength A",
        "notes": "",
        "startedAt": AT.isoformat(),
        "endedAt": LATER.isoformat(),
        "updatedAt": LATER.isoformat(),
        "experiencePoints": 30,
        "performanceCount": 1,
    } | changes


def test_a_session_change_carries_the_session():
    payload = session_payload(experiencePointsAwarded=30)
    change = read("session.completed", "s1", payload)
    assert change.WhichOneof("payload") == "session"
    session = change.session
    assert (session.session_id, session.account_id, session.source, session.workout_id) == (
        "s1",
        ACCOUNT,
        "occurrence",
        "w1",
    )
    assert (session.status, session.experience_points, session.performance_count) == ("completed", 30, 1)
    assert session.start_time.ToDatetime(tzinfo=UTC) == AT
    assert session.end_time.ToDatetime(tzinfo=UTC) == LATER


def test_an_active_session_has_no_end_time():
    change = read("session.started", "s1", session_payload(status="in_progress", endedAt=None))
    assert change.session.status == "in_progress" and not change.session.HasField("end_time")


def test_a_performance_logged_before_catalog_ids_existed_maps_to_no_catalog_exercise():
    payload = {
        "performanceId": "p1",
        "sessionId": "s1",
        "exerciseId": "barbell-bench-press",
        "planExerciseId": "",
        "notes": "",
        "restSeconds": 90.0,
        "isCompleted": False,
        "setupValues": [{"key": "seat", "value": 4.0}, {"key": "grip", "value": "wide"}],
        "nextSetupValues": [{"key": "belt", "value": True}],
        "setupSettingsEnabled": True,
        "showSetRpe": False,
        "sets": [
            {
                "setNumber": 1,
                "setType": "W",
                "completed": True,
                "estimated": False,
                "weight": 40.0,
                "reps": 10.0,
            },
            {
                "setNumber": 2,
                "setType": "N",
                "completed": False,
                "estimated": True,
                "reps": "AMRAP",
                "notes": "x",
            },
        ],
        "updatedAt": LATER.isoformat(),
    }
    logged = read("performance.logged", "p1", payload).performance_logged
    assert (logged.session_id, logged.catalog_exercise_id) == ("s1", "")
    performance = logged.performance
    assert (performance.performance_id, performance.exercise_id, performance.rest_seconds) == (
        "p1",
        "barbell-bench-press",
        90,
    )
    assert [(v.key, v.WhichOneof("value")) for v in performance.setup_values] == [
        ("seat", "number_value"),
        ("grip", "string_value"),
    ]
    assert performance.next_setup_values[0].bool_value is True
    assert performance.sets[0] == sessions_pb2.PerformanceSet(
        set_number=1, set_type="W", completed=True, weight_kg=40, reps_number=10
    )
    assert performance.sets[1] == sessions_pb2.PerformanceSet(
        set_number=2, set_type="N", estimated=True, reps_text="AMRAP", notes="x"
    )
    assert performance.update_time.ToDatetime(tzinfo=UTC) == LATER


def test_deletions_carry_what_went_and_when():
    deleted = read(
        "session.deleted", "s1", session_payload(deletedAt=LATER.isoformat(), performanceIds=["p1", "p2"])
    ).session_deleted
    assert deleted.session.session_id == "s1" and list(deleted.performance_ids) == ["p1", "p2"]
    assert deleted.delete_time.ToDatetime(tzinfo=UTC) == LATER
    gone = read(
        "performance.deleted",
        "p1",
        {"performanceId": "p1", "sessionId": "s1", "exerciseId": "e1", "deletedAt": AT.isoformat()},
    ).performance_deleted
    assert gone == sessions_pb2.PerformanceDeleted(
        performance_id="p1", session_id="s1", exercise_id="e1", delete_time=gone.delete_time
    )
    assert gone.delete_time.ToDatetime(tzinfo=UTC) == AT


def test_a_kind_of_no_known_family_carries_no_payload():
    unknown = read("badge.earned", "b1", {"badge": "first"})
    assert unknown.WhichOneof("payload") is None
    assert (unknown.kind, unknown.record_id) == ("badge.earned", "b1")


def test_a_set_reads_as_the_message_get_session_answers():
    # set_message skips the LoggedSet in between (decision 0121): every stored form of a set must
    # give the message set_to_pb(set_from_dict(...)) gives.
    optional = {
        "weight": (None, 60, 102.5),
        "reps": (None, 5, 7.5, "AMRAP"),
        "timeSeconds": (None, 45.5),
        "distanceMeters": (None, 400),
        "restSeconds": (None, 90),
        "rpe": (None, 8.5),
        "loadValue": (None, 225.0),
        "loadUnit": (None, "lb"),
        "notes": (None, "felt heavy"),
        "setType": (None, "W"),
        "completed": (None, True, False),
        "estimated": (None, True),
    }
    checked = 0
    for values in product(*optional.values()):
        entry = {"setNumber": 3} | {k: v for k, v in zip(optional, values, strict=True) if v is not None}
        assert set_message(entry) == set_to_pb(set_from_dict(entry)), entry
        checked += 1
    assert checked == 3 * 4 * 2**9 * 3
