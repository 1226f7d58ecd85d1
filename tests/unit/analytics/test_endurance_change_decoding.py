"""The sessions feed's endurance payloads (Change fields 10-14) decoded into analytics' facts: unset
optionals are None, never 0, and an external provider's name never gets past the adapter
(decision 0055)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.sessions.v1 import endurance_pb2, sessions_pb2
from services.analytics.adapters.sessions_feed import change_from_pb
from services.analytics.domain.endurance_changes import PowerPoint, ZoneSeconds

STARTED = datetime(2026, 3, 2, 7, 15, tzinfo=UTC)


def stamp(moment: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(moment)
    return out


def change(kind: str, record_id: str, **payload: Any) -> sessions_pb2.Change:
    return sessions_pb2.Change(
        sequence=9, kind=kind, record_id=record_id, create_time=stamp(STARTED), **payload
    )


def test_an_activity_keeps_its_summary_and_figures_and_unset_fields_are_none():
    summary = endurance_pb2.ActivitySummary(
        activity_id="act_1",
        sport="ride",
        start_time=stamp(STARTED),
        duration_s=3700,
        moving_time_s=3600,
        normalized_power_w=251.5,
        avg_hr=0,  # set, even at 0: kept as given
        name="Hill repeats",
        source="file",
        source_app="Garmin Edge 530",
        figures=endurance_pb2.ActivityFigures(
            power_points=[endurance_pb2.PowerPoint(duration_s=5, watts=900)],
            heart_rate_zones=[endurance_pb2.ZoneSeconds(zone=2, seconds=1800)],
            power_zones=[endurance_pb2.ZoneSeconds(zone=4, seconds=1200)],
        ),
    )
    decoded = change_from_pb(change("activity.recorded", "act_1", activity=summary))
    facts = decoded.activity
    assert facts is not None and decoded.performance is None and decoded.session is None
    assert (facts.activity_id, facts.sport, facts.start_time, facts.duration_s, facts.moving_time_s) == (
        "act_1",
        "ride",
        STARTED,
        3700,
        3600,
    )
    assert (facts.normalized_power_w, facts.avg_power_w, facts.distance_m, facts.rpe, facts.avg_hr) == (
        251.5,
        None,
        None,
        None,
        0.0,
    )
    assert facts.power_points == (PowerPoint(5, 900.0),)
    assert facts.heart_rate_zones == (ZoneSeconds(2, 1800),) and facts.power_zones == (ZoneSeconds(4, 1200),)
    assert (facts.name, facts.source, facts.source_app, facts.updated_at) == (
        "Hill repeats",
        "file",
        "Garmin Edge 530",
        None,
    )


def test_an_external_providers_name_is_dropped():
    summary = endurance_pb2.ActivitySummary(
        activity_id="act_2", sport="run", start_time=stamp(STARTED), name="Leaked", external_provider=True
    )
    facts = change_from_pb(change("activity.recorded", "act_2", activity=summary)).activity
    assert facts is not None and facts.name == "" and facts.external_provider


def test_deletions_thresholds_and_readiness():
    deleted = change_from_pb(
        change(
            "activity.deleted", "act_1", activity_deleted=endurance_pb2.ActivityDeleted(activity_id="act_1")
        )
    ).activity_deleted
    assert deleted is not None and (deleted.activity_id, deleted.start_time) == ("act_1", None)

    value = endurance_pb2.Threshold(
        threshold_id="thr_1",
        kind="race_result",
        effective_day="2026-02-01",
        distance_m=5000,
        seconds=1197,
        vdot=50,
    )
    threshold = change_from_pb(change("threshold.set", "thr_1", threshold=value)).threshold
    assert threshold is not None
    assert (threshold.effective_day, threshold.distance_m, threshold.vdot, threshold.watts) == (
        date(2026, 2, 1),
        5000.0,
        50.0,
        None,
    )
    assert (
        change_from_pb(
            change("threshold.set", "thr_2", threshold=endurance_pb2.Threshold(kind="ftp"))
        ).threshold
        is None
    )

    gone = endurance_pb2.ThresholdDeleted(threshold_id="thr_1", kind="ftp", effective_day="2026-02-01")
    removed = change_from_pb(change("threshold.deleted", "thr_1", threshold_deleted=gone)).threshold_deleted
    assert removed is not None and removed.effective_day == date(2026, 2, 1)

    entry = endurance_pb2.DailyReadiness(day="2026-03-02", body_weight_kg=70.5, soreness=2)
    readiness = change_from_pb(change("readiness.recorded", "2026-03-02", readiness=entry)).readiness
    assert readiness is not None
    assert (readiness.day, readiness.body_weight_kg, readiness.soreness, readiness.mood) == (
        date(2026, 3, 2),
        70.5,
        2,
        None,
    )
