"""ImportActivityFile on a real sessions server over SQLite and PostgreSQL: every fixture file
stored once with its streams and laps, a re-import that changes nothing, refused files that store
nothing, and the figures computed from the streams with the thresholds in force (decision 0054)."""

from __future__ import annotations

import asyncio
import gzip
import math
from datetime import UTC, datetime
from pathlib import Path

import grpc
import pytest

from edge.deadlines import deadline_for
from kinetic.sessions.v1 import endurance_pb2 as en
from knowledge.endurance import heart_rate
from knowledge.endurance.power import MMP_DURATIONS_SECONDS
from services.sessions.endurance.activity_files import read_activity_file
from services.sessions.endurance.bootstrap import build_endurance
from services.sessions.endurance.domain.endurance_errors import ImportNotFinished
from tests.fixtures import hostile_files
from tests.integration.sessions.endurance_support import (
    BROKEN,
    READABLE,
    constant_ride,
    endurance_stack,
    fixture,
)
from tests.integration.sessions.session_support import ACCOUNT, failure

# A real Forerunner 70 run recorded with its clock not set (decision 0093).
UNSET_CLOCK_RUN = (
    Path(__file__).resolve().parents[2] / "fixtures" / "real_activities" / "corpus" / "garmin-fr70-run.fit"
)
EMPTY = {"activities": 0, "activity_streams": 0, "athlete_thresholds": 0, "daily_readiness": 0}


@pytest.fixture
async def stack(engines, tmp_path):
    async with endurance_stack(engines, tmp_path) as running:
        yield running


async def test_each_fixture_file_is_stored_once_and_a_reimport_changes_nothing(stack):
    first = {}
    for name in READABLE:
        answer = await stack.import_file(fixture(name), filename=name)
        read = read_activity_file(fixture(name))
        summary = answer.activity
        assert answer.created, name
        assert summary.activity_id.startswith("act_") and len(summary.activity_id) == 30
        assert (summary.sport, summary.source, summary.has_streams) == (read.sport, "file", True)
        assert summary.start_time.ToDatetime(tzinfo=UTC) == read.start
        assert summary.duration_s == read.duration_s
        assert summary.source_app == read.device
        first[name] = summary
    rows = stack.rows()
    feed = await stack.feed()
    assert rows["activities"] == rows["activity_streams"] == len(READABLE)
    assert [c.kind for c in feed] == ["activity.recorded"] * len(READABLE)

    for name in READABLE:
        again = await stack.import_file(fixture(name), filename=name, source_app="Another app")
        assert not again.created
        assert again.activity == first[name]
    assert stack.rows() == rows
    assert await stack.feed() == feed


async def test_a_file_with_a_sport_override_is_stored_as_that_sport(stack):
    answer = await stack.import_file(fixture("run_plain.gpx"), sport="swim", source_app="Pool watch")
    assert (answer.activity.sport, answer.activity.source_app) == ("swim", "Pool watch")
    error = await failure(stack.import_file(fixture("ride.tcx"), sport="rowing"))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["sport"]


@pytest.mark.parametrize("name", BROKEN)
async def test_an_unreadable_file_is_refused_and_nothing_is_stored(stack, name):
    error = await failure(stack.import_file(fixture(name), filename=name))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "UNREADABLE_ACTIVITY_FILE")
    with pytest.raises(ValueError) as read:
        read_activity_file(fixture(name), filename=name)
    assert error.message == str(read.value)
    assert stack.rows() == EMPTY
    assert await stack.feed() == []


async def test_two_imports_of_one_file_at_once_store_one_activity(stack):
    answers = await asyncio.gather(*(stack.import_file(fixture("ride.fit")) for _ in range(3)))
    assert sorted(a.created for a in answers) == [False, False, True]
    assert len({a.activity.activity_id for a in answers}) == 1
    assert stack.rows()["activities"] == 1
    assert [c.kind for c in await stack.feed()] == ["activity.recorded"]


async def test_streams_and_laps_read_back_as_the_file_holds_them(stack):
    data = fixture("ride.fit")
    read = read_activity_file(data)
    stored = await stack.import_file(data)
    request = en.GetActivityRequest(account_id=ACCOUNT, activity_id=stored.activity.activity_id)

    without = (await stack.endurance.GetActivity(request)).activity
    assert without.summary == stored.activity
    assert len(without.streams.power_w) == 0
    assert len(without.laps) == len(read.laps)
    assert [lap.start_time.ToDatetime(tzinfo=UTC) for lap in without.laps] == [lap.start for lap in read.laps]

    request.include_streams = True
    streams = (await stack.endurance.GetActivity(request)).activity.streams
    for stored_stream, read_stream in (
        (streams.power_w, read.streams.power),
        (streams.heart_rate, read.streams.heart_rate),
        (streams.speed_mps, read.streams.speed_mps),
        (streams.cadence, read.streams.cadence),
        (streams.altitude_m, read.streams.altitude_m),
        (streams.distance_m, read.streams.distance_m),
    ):
        assert len(stored_stream) == len(read.streams.time_s)
        for value, expected in zip(stored_stream, read_stream, strict=True):
            if expected is None:
                assert math.isnan(value)
            else:
                assert value == pytest.approx(expected, rel=1e-6, abs=1e-3)
    # The fixture ride has a timer pause: its seconds are gaps in every stream.
    assert any(math.isnan(value) for value in streams.power_w)


async def test_figures_of_a_constant_ride_are_those_worked_by_hand(stack):
    start = datetime(2026, 6, 10, 7, 0, tzinfo=UTC)
    await stack.set_threshold(kind="ftp", effective_day="2026-06-01", watts=250)
    await stack.set_threshold(kind="threshold_hr", effective_day="2026-06-01", bpm=160)
    # A later FTP is not in force on the ride's day.
    await stack.set_threshold(kind="ftp", effective_day="2026-06-11", watts=400)

    summary = (await stack.import_file(constant_ride(start, 1200, watts=200, bpm=150))).activity
    figures = summary.figures

    # NP of a constant 200 W is 200 W; so is every best mean power the ride is long enough for.
    assert summary.normalized_power_w == pytest.approx(200)
    assert [(p.duration_s, p.watts) for p in figures.power_points] == [
        (d, pytest.approx(200)) for d in MMP_DURATIONS_SECONDS if d <= 1201
    ]
    # 200 W is 80 % of 250: zone 3 (tempo, 76-90 %), all 1 201 one-second samples.
    assert [(z.zone, z.seconds) for z in figures.power_zones] == [
        (1, 0),
        (2, 0),
        (3, 1201),
        (4, 0),
        (5, 0),
        (6, 0),
        (7, 0),
    ]
    # 150 bpm on a 160 threshold: Z3 is 144 to 150.4 bpm; 1 200 seconds between 1 201 samples.
    assert heart_rate.zones_from_threshold(160).zone_of(150) == 3
    assert [(z.zone, z.seconds) for z in figures.heart_rate_zones] == [
        (1, 0),
        (2, 0),
        (3, 1200),
        (4, 0),
        (5, 0),
        (6, 0),
    ]
    assert (figures.ftp_w, figures.threshold_hr) == (250, 160)

    # The day after, the later FTP is in force: 200 W is 50 % of 400, zone 1.
    later = await stack.import_file(constant_ride(datetime(2026, 6, 11, 7, tzinfo=UTC), 600, 200, 150))
    assert later.activity.figures.ftp_w == 400
    assert later.activity.figures.power_zones[0].seconds == 601


async def test_without_thresholds_only_the_power_curve_is_computed(stack):
    start = datetime(2026, 6, 10, 7, 0, tzinfo=UTC)
    figures = (await stack.import_file(constant_ride(start, 60, watts=300, bpm=170))).activity.figures
    assert [p.duration_s for p in figures.power_points] == [5, 10, 30, 60]
    assert list(figures.power_zones) == [] and list(figures.heart_rate_zones) == []
    assert (figures.ftp_w, figures.threshold_hr) == (0, 0)


async def test_heart_rate_zones_fall_back_on_resting_and_maximum(stack):
    await stack.set_threshold(kind="resting_hr", effective_day="2026-01-01", bpm=50)
    await stack.set_threshold(kind="max_hr", effective_day="2026-01-01", bpm=190)
    start = datetime(2026, 6, 10, 7, 0, tzinfo=UTC)
    figures = (await stack.import_file(constant_ride(start, 100, watts=150, bpm=150))).activity.figures
    estimated = heart_rate.estimated_threshold_hr(50, 190)  # 50 + 0.85 × 140 = 169
    assert figures.threshold_hr == pytest.approx(estimated)
    zone = heart_rate.zones_from_reserve(50, 190).zone_of(150)
    assert figures.heart_rate_zones[zone - 1].seconds == 100


async def test_files_above_grpcs_default_limit_arrive_and_above_64_mib_are_refused(sqlite_engines, tmp_path):
    async with endurance_stack(sqlite_engines, tmp_path) as small_stack:
        # 5 MiB is over gRPC's default 4 MiB request: the server was opened wider, the reader refuses it.
        padded = fixture("ride.tcx") + b" " * (5 * 1024 * 1024)
        refused = await failure(small_stack.import_file(b"\x00" * (5 * 1024 * 1024)))
        assert refused.reason == "UNREADABLE_ACTIVITY_FILE"
        assert (await small_stack.import_file(padded)).created
        too_big = await failure(small_stack.import_file(b"\x00" * (64 * 1024 * 1024 + 1)))
        assert (too_big.code, [v.field for v in too_big.violations]) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            ["data"],
        )
        assert "at most 64 MiB" in too_big.message


# --- Deadlines (decision 0069; issue 26, row 9) -------------------------------------------------


async def test_a_day_long_gpx_is_stored_within_the_edges_deadline(stack):
    data = hostile_files.day_long_gpx()
    answer = await stack.endurance.ImportActivityFile(
        en.ImportActivityFileRequest(account_id=ACCOUNT, data=data),
        timeout=deadline_for("ImportActivityFile"),
    )
    assert answer.created
    assert answer.activity.duration_s == 24 * 3600 - 1
    assert stack.rows()["activities"] == 1


async def test_an_import_answered_as_failed_stored_nothing_and_its_retry_stores_it_once(stack):
    # A whole day at 1 Hz: reading it alone takes over a second of CPU on any machine, so half a
    # second is never enough, however quiet the machine.
    data = hostile_files.day_long_gpx()
    request = en.ImportActivityFileRequest(account_id=ACCOUNT, data=data)
    with pytest.raises(grpc.aio.AioRpcError) as failed:
        await stack.endurance.ImportActivityFile(request, timeout=0.5)
    assert failed.value.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)
    # Told "failed", the caller retries: the retry stores the file (the failed call stored
    # nothing), and another retry finds it stored.
    first = await stack.endurance.ImportActivityFile(request, timeout=deadline_for("ImportActivityFile"))
    again = await stack.endurance.ImportActivityFile(request, timeout=deadline_for("ImportActivityFile"))
    assert (first.created, again.created) == (True, False)
    assert again.activity.activity_id == first.activity.activity_id
    assert stack.rows()["activities"] == 1
    assert [c.kind for c in await stack.feed()] == ["activity.recorded"]


async def test_a_store_whose_caller_has_gone_rolls_back(stack):
    activities = build_endurance(stack.engine).activities
    read = (read_activity_file(fixture("run.tcx")),)
    options = activities.check_file(ACCOUNT, 1)
    with pytest.raises(ImportNotFinished):
        activities.store_file(ACCOUNT, read, options, lambda: False)
    assert stack.rows() == EMPTY
    assert await stack.feed() == []
    assert activities.store_file(ACCOUNT, read, options, lambda: True).created
    assert not activities.store_file(ACCOUNT, read, options, lambda: True).created
    assert stack.rows()["activities"] == 1


# --- Twins (decision 0087) ---------------------------------------------------------------------


async def test_a_twin_from_a_richer_file_replaces_the_stored_data_under_its_id(stack):
    real = Path(__file__).parents[2] / "fixtures" / "real_activities" / "twins_multisport"
    fit = (real / "Edge810-Vector-2013-08-16-15-35-10.fit").read_bytes()
    tcx = gzip.decompress((real / "Edge810-Vector-2013-08-16-15-35-10.gpsbabel.tcx.gz").read_bytes())
    first = await stack.import_file(tcx, filename="ride.tcx")
    assert first.created and [a.outcome for a in first.activities] == ["created"]
    second = await stack.import_file(fit, filename="ride.fit")
    [replaced] = second.activities
    assert not second.created and replaced.outcome == "twin_replaced"
    assert replaced.activity.activity_id == first.activity.activity_id
    # GPSBabel's TCX leaves out the zero watts (average 291 W); the FIT's average is the device's.
    assert first.activity.avg_power_w == pytest.approx(291, abs=1)
    assert replaced.activity.avg_power_w == pytest.approx(276, abs=1)
    third = await stack.import_file(tcx, filename="ride.tcx")
    assert [(a.outcome, a.activity.activity_id) for a in third.activities] == [
        ("twin_kept", first.activity.activity_id)
    ]
    assert stack.rows()["activities"] == stack.rows()["activity_streams"] == 1
    assert [c.kind for c in await stack.feed()] == ["activity.recorded"] * 2


async def test_a_run_whose_watch_clock_was_not_set_is_stored_and_the_answer_says_so(stack):
    # A Forerunner 70 whose clock was not set writes times from power-on; its activity message's
    # local time places them, taken as UTC (decision 0093), and the answer says the start may be off.
    name = "garmin-fr70-run.fit"
    data = UNSET_CLOCK_RUN.read_bytes()
    answer = await stack.import_file(data, filename=name)
    assert answer.created
    assert answer.activity.start_time.ToDatetime(tzinfo=UTC).date() == datetime(2012, 2, 13).date()
    note = answer.activities[0].note
    assert "the watch's clock was not set" in note and "time zone" in note
    again = await stack.import_file(data, filename=name)
    assert not again.created and again.activity.activity_id == answer.activity.activity_id
