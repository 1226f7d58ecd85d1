"""Metric's active view over the sessions service's live snapshot (seed 000): stale and absent
snapshots are labelled and never described as current progress."""

from __future__ import annotations

import re

import pytest
from google.protobuf import timestamp_pb2

from edge.profiles.metric.reads import STALE_LABEL, active_data
from kinetic.sessions.v1 import sessions_pb2

CURRENT = re.compile(r"(?<!no )(?<!not )\bcurrent progress\b", re.IGNORECASE)


def snapshot(age: int, *, stale: bool) -> sessions_pb2.GetLiveSnapshotResponse:
    updated = timestamp_pb2.Timestamp(seconds=1_790_000_000)
    session = sessions_pb2.Session(
        session_id="a" * 24, account_id="acct", status="in_progress", title="Push day"
    )
    return sessions_pb2.GetLiveSnapshotResponse(
        snapshot=sessions_pb2.LiveSnapshot(
            session=session,
            update_time=updated,
            age_seconds=age,
            stale=stale,
            label=STALE_LABEL if stale else "",
        )
    )


def test_no_snapshot_is_null_and_not_current():
    data = active_data(sessions_pb2.GetLiveSnapshotResponse())
    assert data["snapshot"] is None
    assert not CURRENT.search(data["note"]) and "no" in data["note"].lower()


def test_a_fresh_snapshot_carries_its_time_and_age():
    data = active_data(snapshot(12, stale=False))
    live = data["snapshot"]
    assert (live["ageSeconds"], live["stale"], live["label"]) == (12, False, None)
    assert live["updatedAt"] == "2026-09-21T14:13:20Z"
    assert live["session"]["sessionId"] == "a" * 24 and "accountId" not in live["session"]
    assert "12 seconds" in data["note"]


@pytest.mark.parametrize(("age", "service_says_stale"), [(61, True), (61, False), (3600, True)])
def test_older_than_60_seconds_is_stale_snapshot_whatever_the_service_says(age, service_says_stale):
    data = active_data(snapshot(age, stale=service_says_stale))
    assert data["snapshot"]["label"] == "stale_snapshot" and data["snapshot"]["stale"] is True
    assert "stale_snapshot" in data["note"] and "not current progress" in data["note"]
    assert not CURRENT.search(data["note"])


def test_exactly_60_seconds_is_not_yet_stale():
    assert active_data(snapshot(60, stale=False))["snapshot"]["label"] is None
