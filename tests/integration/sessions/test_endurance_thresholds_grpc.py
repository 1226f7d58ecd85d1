"""SetThreshold, DeleteThreshold, ListThresholds, RecordReadiness and ListReadiness on a real
sessions server over SQLite and PostgreSQL: each kind's fields and derived values, dated values in
force per day, a same-day value replacing the first, readiness merged field by field, the typed
feed payloads and tenant isolation (decision 0054)."""

from __future__ import annotations

import grpc
import pytest

from kinetic.sessions.v1 import endurance_pb2 as en
from knowledge.endurance import running, swimming
from tests.integration.sessions.endurance_support import endurance_stack
from tests.integration.sessions.session_support import ACCOUNT, OTHER_ACCOUNT, failure, fields


@pytest.fixture
async def stack(engines, tmp_path):
    async with endurance_stack(engines, tmp_path) as running_stack:
        yield running_stack


async def listed(stack, as_of_day: str = "", account_id: str = ACCOUNT) -> en.ListThresholdsResponse:
    request = en.ListThresholdsRequest(account_id=account_id, as_of_day=as_of_day)
    return await stack.endurance.ListThresholds(request)


async def test_each_kind_is_stored_with_its_derived_values(stack):
    race = await stack.set_threshold(
        kind="race_result", effective_day="2026-04-12", distance_m=5000, seconds=1200, source="race", vdot=99
    )
    # 5 km in 20:00 is VDOT 49.8 in Daniels' tables; a vdot given in the request is recomputed.
    assert race.vdot == pytest.approx(running.vdot_from_race(5000, 1200)) == pytest.approx(49.8, abs=0.1)
    assert (race.source, race.threshold_id[:4], len(race.threshold_id)) == ("race", "thr_", 30)
    css = await stack.set_threshold(
        kind="css", effective_day="2026-04-12", seconds_400m=360, seconds_200m=170
    )
    # (400 - 200) m in (360 - 170) s is 1.0526 m/s: 95 s per 100 m.
    assert (
        css.seconds_per_100m
        == pytest.approx(95.0)
        == pytest.approx(swimming.critical_swim_speed(360, 170).seconds_per_100m)
    )
    short_race = await stack.set_threshold(
        kind="race_result", effective_day="2026-04-13", distance_m=800, seconds=150
    )
    assert not short_race.HasField("vdot")  # 800 m is below the equations' 1 500 m
    pace = await stack.set_threshold(kind="threshold_pace", effective_day="2026-04-12", seconds_per_km=255)
    assert (pace.seconds_per_km, pace.source) == (255, "manual")
    assert not pace.HasField("watts") and not pace.HasField("bpm")
    for kind, bpm in (("max_hr", 188), ("resting_hr", 48), ("threshold_hr", 168)):
        assert (await stack.set_threshold(kind=kind, effective_day="2026-04-12", bpm=bpm)).bpm == bpm
    history = (await listed(stack)).history
    assert [(t.kind, t.effective_day) for t in history] == [
        ("threshold_pace", "2026-04-12"),
        ("race_result", "2026-04-12"),
        ("race_result", "2026-04-13"),
        ("css", "2026-04-12"),
        ("max_hr", "2026-04-12"),
        ("resting_hr", "2026-04-12"),
        ("threshold_hr", "2026-04-12"),
    ]
    assert history[1] == race


@pytest.mark.parametrize(
    ("given", "bad"),
    [
        ({"kind": "vo2max", "effective_day": "2026-04-12"}, ["threshold.kind"]),
        ({"kind": "ftp", "effective_day": "2026-04-12"}, ["threshold.watts"]),
        ({"kind": "ftp", "effective_day": "2026-04-12", "watts": 29}, ["threshold.watts"]),
        ({"kind": "ftp", "effective_day": "2026-04-12", "watts": 701}, ["threshold.watts"]),
        ({"kind": "ftp", "effective_day": "12/04/2026", "watts": 250}, ["threshold.effective_day"]),
        ({"kind": "ftp", "effective_day": "2026-04-12", "watts": 250, "bpm": 160}, ["threshold.bpm"]),
        (
            {"kind": "ftp", "effective_day": "2026-04-12", "watts": 250, "source": "guess"},
            ["threshold.source"],
        ),
        (
            {"kind": "threshold_pace", "effective_day": "2026-04-12", "seconds_per_km": 100},
            ["threshold.seconds_per_km"],
        ),
        (
            {"kind": "race_result", "effective_day": "2026-04-12", "distance_m": 500, "seconds": 100},
            ["threshold.distance_m"],
        ),
        # 10 km in 15 minutes: a VDOT beyond any runner's, refused with the equations' words.
        (
            {"kind": "race_result", "effective_day": "2026-04-12", "distance_m": 10_000, "seconds": 900},
            ["threshold.seconds"],
        ),
        (
            {"kind": "css", "effective_day": "2026-04-12", "seconds_400m": 330, "seconds_200m": 170},
            ["threshold.seconds_400m"],
        ),
        ({"kind": "max_hr", "effective_day": "2026-04-12", "bpm": 260}, ["threshold.bpm"]),
        ({"kind": "resting_hr", "effective_day": "2026-04-12", "bpm": 20}, ["threshold.bpm"]),
        ({"kind": "threshold_hr", "effective_day": "2026-04-12", "bpm": float("inf")}, ["threshold.bpm"]),
    ],
)
async def test_a_bad_threshold_is_refused_naming_the_field(stack, given, bad):
    error = await failure(stack.set_threshold(**given))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert fields(error) == bad
    assert stack.rows()["athlete_thresholds"] == 0


async def test_values_are_in_force_from_their_day_and_a_same_day_value_replaces(stack):
    first = await stack.set_threshold(kind="ftp", effective_day="2026-03-01", watts=240)
    later = await stack.set_threshold(kind="ftp", effective_day="2026-05-01", watts=250)
    replaced = await stack.set_threshold(kind="ftp", effective_day="2026-05-01", watts=260, source="test")
    assert replaced.threshold_id == later.threshold_id
    await stack.set_threshold(kind="threshold_hr", effective_day="2026-04-01", bpm=165)

    assert [t.watts for t in (await listed(stack)).history if t.kind == "ftp"] == [240, 260]
    assert list((await listed(stack)).in_force) == []  # no day asked for
    assert [(t.kind, t.watts or t.bpm) for t in (await listed(stack, "2026-02-28")).in_force] == []
    assert [(t.kind, t.watts or t.bpm) for t in (await listed(stack, "2026-03-01")).in_force] == [
        ("ftp", 240)
    ]
    assert [(t.kind, t.watts or t.bpm) for t in (await listed(stack, "2026-04-30")).in_force] == [
        ("ftp", 240),
        ("threshold_hr", 165),
    ]
    assert [(t.kind, t.watts or t.bpm) for t in (await listed(stack, "2026-05-01")).in_force] == [
        ("ftp", 260),
        ("threshold_hr", 165),
    ]

    await stack.endurance.DeleteThreshold(
        en.DeleteThresholdRequest(account_id=ACCOUNT, threshold_id=replaced.threshold_id)
    )
    assert [t.watts for t in (await listed(stack, "2026-06-01")).in_force if t.kind == "ftp"] == [240]
    gone = await failure(
        stack.endurance.DeleteThreshold(
            en.DeleteThresholdRequest(account_id=ACCOUNT, threshold_id=replaced.threshold_id)
        )
    )
    assert (gone.code, gone.reason) == (grpc.StatusCode.NOT_FOUND, "THRESHOLD_NOT_FOUND")
    assert fields(await failure(listed(stack, "May 1"))) == ["as_of_day"]

    feed = await stack.feed()
    assert [c.kind for c in feed] == ["threshold.set"] * 4 + ["threshold.deleted"]
    assert feed[0].threshold == first
    assert feed[2].threshold.watts == 260 and feed[2].record_id == later.threshold_id
    deleted = feed[4].threshold_deleted
    assert (deleted.threshold_id, deleted.kind, deleted.effective_day) == (
        later.threshold_id,
        "ftp",
        "2026-05-01",
    )


async def test_readiness_merges_field_by_field_and_the_feed_carries_the_whole_entry(stack):
    async def record(**fields_given) -> en.DailyReadiness:
        request = en.RecordReadinessRequest(account_id=ACCOUNT, readiness=en.DailyReadiness(**fields_given))
        return (await stack.endurance.RecordReadiness(request)).readiness

    await record(day="2026-05-02", sleep_hours=7.5, soreness=2, steps=0)
    merged = await record(day="2026-05-02", hrv_ms=64, soreness=3)
    assert (merged.sleep_hours, merged.soreness, merged.hrv_ms, merged.steps) == (7.5, 3, 64, 0)
    assert merged.HasField("steps") and not merged.HasField("mood")
    await record(day="2026-05-04", body_weight_kg=71.2, water_intake_ml=2500, active_calories=640, mood=4)

    entries = (
        await stack.endurance.ListReadiness(
            en.ListReadinessRequest(account_id=ACCOUNT, from_day="2026-05-01", to_day="2026-05-04")
        )
    ).entries
    assert [e.day for e in entries] == ["2026-05-02", "2026-05-04"]
    assert entries[0] == merged
    assert stack.rows()["daily_readiness"] == 2
    feed = await stack.feed()
    assert [(c.kind, c.record_id) for c in feed] == [
        ("readiness.recorded", "2026-05-02"),
        ("readiness.recorded", "2026-05-02"),
        ("readiness.recorded", "2026-05-04"),
    ]
    assert feed[1].readiness == merged

    bad = await failure(
        record(day="2026-05-03", sleep_hours=25, hrv_ms=0, soreness=6, body_weight_kg=19, steps=200_001)
    )
    assert sorted(fields(bad)) == [
        "readiness.body_weight_kg",
        "readiness.hrv_ms",
        "readiness.sleep_hours",
        "readiness.soreness",
        "readiness.steps",
    ]
    assert fields(await failure(record(day="2026-05-03"))) == ["readiness"]
    assert fields(await failure(record(day="3 May", mood=3))) == ["readiness.day"]
    longest = en.ListReadinessRequest(account_id=ACCOUNT, from_day="2016-06-01", to_day="2026-07-19")
    assert len((await stack.endurance.ListReadiness(longest)).entries) == 2  # 3 700 days apart
    too_long = en.ListReadinessRequest(account_id=ACCOUNT, from_day="2016-01-01", to_day="2026-02-18")
    assert fields(await failure(stack.endurance.ListReadiness(too_long))) == ["to_day"]
    backwards = en.ListReadinessRequest(account_id=ACCOUNT, from_day="2026-05-04", to_day="2026-05-01")
    assert fields(await failure(stack.endurance.ListReadiness(backwards))) == ["to_day"]
    assert len(await stack.feed()) == 3


async def test_another_account_sees_none_of_the_thresholds_or_readiness(stack):
    mine = await stack.set_threshold(kind="ftp", effective_day="2026-03-01", watts=240)
    await stack.endurance.RecordReadiness(
        en.RecordReadinessRequest(account_id=ACCOUNT, readiness=en.DailyReadiness(day="2026-03-01", mood=2))
    )
    theirs = await listed(stack, "2026-06-01", account_id=OTHER_ACCOUNT)
    assert (list(theirs.history), list(theirs.in_force)) == ([], [])
    entries = await stack.endurance.ListReadiness(
        en.ListReadinessRequest(account_id=OTHER_ACCOUNT, from_day="2026-01-01", to_day="2026-12-31")
    )
    assert list(entries.entries) == []
    delete = en.DeleteThresholdRequest(account_id=OTHER_ACCOUNT, threshold_id=mine.threshold_id)
    assert (await failure(stack.endurance.DeleteThreshold(delete))).code == grpc.StatusCode.NOT_FOUND
    assert stack.rows()["athlete_thresholds"] == 1
