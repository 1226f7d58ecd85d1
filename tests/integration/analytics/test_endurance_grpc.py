"""EnduranceAnalyticsService through a real analytics server on port 0, reading a fake sessions
feed over gRPC (SessionsService.ListChanges from a list), on SQLite and PostgreSQL: every RPC, its
rounding, its refusals, and that another account sees nothing (decision 0055)."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta

import grpc
import pytest

from kinetic.analytics.v1 import endurance_pb2 as pb
from kinetic.errors import RemoteError
from tests.integration.analytics.analytics_support import ACCOUNT
from tests.integration.analytics.endurance_support import endurance_stack, summary, threshold

OTHER = "22222222-2222-4222-8222-222222222222"
NOW = datetime(2026, 3, 20, 12, tzinfo=UTC)  # 13:00 in Amsterdam
FIRST_DAY = date(2026, 1, 1)
ZONE = "Europe/Amsterdam"


def at(day: date, hour: int = 7) -> datetime:
    return datetime(day.year, day.month, day.day, hour, tzinfo=UTC)


async def test_training_load_of_100_tss_a_day_for_42_days(engines, tmp_path):
    """Coggan's chart on Banister's model (decision 0051): after 42 days of 100 TSS from nothing,
    CTL = 100 × (1 - e^(-1)) = 63.2, ATL = 100 × (1 - e^(-6)) = 99.8, TSB (previous day) =
    100 × (e^(-41/7) - e^(-41/42)) = -37.4; ramp = CTL_42 - CTL_35 = 100 × (e^(-35/42) - e^(-1)) =
    6.7; ratio 99.75 / 63.21 = 1.58, high (Gabbett 2016: from 1.5)."""
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        feed = stack.sessions.feed(ACCOUNT)
        feed.set_threshold(threshold("thr_ftp", "ftp", FIRST_DAY, watts=250))
        for n in range(42):
            feed.record(
                summary(f"act_{n}", "ride", at(FIRST_DAY + timedelta(days=n)), 3600, normalized_power_w=250.0)
            )
        last = FIRST_DAY + timedelta(days=41)
        answer = await stack.analytics.GetTrainingLoad(
            pb.GetTrainingLoadRequest(
                account_id=ACCOUNT,
                from_day=(last - timedelta(days=1)).isoformat(),
                to_day=last.isoformat(),
                time_zone=ZONE,
            )
        )
        assert answer.as_of_sequence == 43 and answer.tsb_convention == "previous_day"
        day = answer.combined[-1]
        assert (day.day, day.stress, day.ctl, day.atl, day.tsb) == (
            last.isoformat(),
            100.0,
            63.2,
            99.8,
            -37.4,
        )
        assert day.ramp_rate == round(100 * (math.exp(-35 / 42) - math.exp(-1)), 1) == 6.7
        # The same stress every day: a week is the weekly mean of four (decision 0112); the ramp
        # rate of 6.7 is a moderate build.
        assert (day.workload_ratio, day.overtraining_risk) == (1.0, "moderate")
        assert [(s.sport, len(s.days)) for s in answer.by_sport] == [("ride", 2)]
        assert list(answer.by_sport[0].days) == list(answer.combined)

        # The day before the first ride: nothing yet, no ratio (CTL below 1).
        empty = await stack.analytics.GetTrainingLoad(
            pb.GetTrainingLoadRequest(account_id=ACCOUNT, from_day="2025-12-31", time_zone=ZONE)
        )
        (before,) = empty.combined
        assert (before.ctl, before.HasField("workload_ratio"), before.overtraining_risk) == (
            0.0,
            False,
            "low",
        )
        assert [s.sport for s in empty.by_sport] == []


async def test_activity_stress_lists_each_activity_with_its_method(engines, tmp_path):
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        feed = stack.sessions.feed(ACCOUNT)
        feed.set_threshold(threshold("thr_ftp", "ftp", FIRST_DAY, watts=250))
        feed.set_threshold(threshold("thr_pace", "threshold_pace", FIRST_DAY, seconds_per_km=240))
        feed.record(summary("act_ride", "ride", at(date(2026, 3, 2)), 7200, normalized_power_w=200.0,
                            avg_power_w=180.0, name="Long ride", heart_rate_zones={1: 1200, 2: 6000},
                            source="file", source_app="Garmin Edge 530"))  # fmt: skip
        feed.record(summary("act_run", "run", at(date(2026, 3, 3), 23), 3000, distance_m=10_000.0,
                            name="Secret", external_provider=True, source="sync",
                            source_app="Strava"))  # fmt: skip
        feed.record(summary("act_gym", "strength", at(date(2026, 3, 5)), 5400, rpe=6.0))

        answer = await stack.analytics.ListActivityStress(
            pb.ListActivityStressRequest(
                account_id=ACCOUNT, from_day="2026-03-01", to_day="2026-03-31", time_zone=ZONE
            )
        )
        ride, run, gym = answer.activities
        assert (
            ride.activity_id,
            ride.stress_method,
            ride.tss,
            ride.intensity_factor,
            ride.variability_index,
        ) == (
            "act_ride",
            "power",
            128.0,  # 2 h × 0.8² × 100
            0.8,
            1.11,  # 200 / 180
        )
        assert (ride.name, ride.source, ride.source_app, ride.duration_s, ride.day) == (
            "Long ride", "file", "Garmin Edge 530", 7200.0, "2026-03-02",
        )  # fmt: skip
        assert [(z.zone, z.seconds) for z in ride.heart_rate_zones] == [(1, 1200), (2, 6000)]
        assert not ride.HasField("trimp") and not ride.HasField("distance_m")
        # 23:00 UTC is the next day in Amsterdam; an external provider's name is never answered.
        assert (run.day, run.name, run.external_provider, run.stress_method, run.tss) == (
            "2026-03-04", "", True, "pace", 53.3,
        )  # fmt: skip
        assert (gym.stress_method, gym.tss, gym.intensity_factor) == ("rpe", 54.0, 0.6)
        assert answer.as_of_sequence == 5

        runs = await stack.analytics.ListActivityStress(
            pb.ListActivityStressRequest(
                account_id=ACCOUNT, from_day="2026-03-01", to_day="2026-03-31", sports=["run"]
            )
        )
        assert [a.activity_id for a in runs.activities] == ["act_run"] and runs.activities[
            0
        ].day == "2026-03-03"


async def test_athlete_figures_from_the_thresholds_in_force(engines, tmp_path):
    """Daniels' Running Formula, VDOT 50 (a 19:57 5 km): T pace 4:15/km, I pace 3:55/km, 10 km in
    41:21 (the equations give 41:20); Coggan's zones for FTP 250 W at 70 kg; Friel's zones from
    LTHR 170 (Z2 from 81 %: 137.7, so 138 bpm); CSS from 6:00 / 2:50: 200 / 190 m/s, 1:35 per 100 m."""
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        feed = stack.sessions.feed(ACCOUNT)
        feed.set_threshold(
            threshold("thr_race", "race_result", FIRST_DAY, distance_m=5000, seconds=1197, vdot=50.0)
        )
        feed.set_threshold(threshold("thr_ftp", "ftp", FIRST_DAY, watts=250))
        feed.set_threshold(threshold("thr_ftp_later", "ftp", date(2026, 4, 1), watts=300))
        feed.set_threshold(threshold("thr_lthr", "threshold_hr", FIRST_DAY, bpm=170))
        feed.set_threshold(threshold("thr_max", "max_hr", FIRST_DAY, bpm=190))
        feed.set_threshold(threshold("thr_css", "css", FIRST_DAY, seconds_400m=360, seconds_200m=170))
        feed.readiness(date(2026, 3, 1), body_weight_kg=72.0)
        feed.readiness(date(2026, 3, 10), body_weight_kg=70.0)
        feed.readiness(date(2026, 3, 25), body_weight_kg=68.0)  # after the day asked for
        # A hard 10 km in 40:00 two weeks ago (VDOT 51.9), and an easy one that does not count.
        feed.record(summary("act_hard", "run", at(date(2026, 3, 6)), 2400, distance_m=10_000.0, avg_hr=175.0))
        feed.record(summary("act_easy", "run", at(date(2026, 3, 8)), 3000, distance_m=10_000.0, avg_hr=140.0))

        answer = await stack.analytics.GetAthleteFigures(
            pb.GetAthleteFiguresRequest(account_id=ACCOUNT, time_zone=ZONE)
        )
        assert answer.day == "2026-03-20" and answer.as_of_sequence == 11 and answer.body_weight_kg == 70.0
        running = answer.running
        assert running.vdot == 50.0 and running.effective_vdot == 51.9
        assert running.effective_vdot_activity_id == "act_hard"
        assert (running.threshold.per_km, running.threshold.per_mile, running.interval.per_km) == (
            "4:15",
            "6:51",
            "3:55",
        )
        ten_k = next(p for p in running.predictions if p.distance == "10 km")
        assert (ten_k.meters, ten_k.time, ten_k.pace.per_km) == (10_000.0, "41:20", "4:08")
        assert running.predictions[0].distance == "1500 m" and len(running.predictions) == 7

        cycling = answer.cycling
        assert (cycling.ftp_w, cycling.ftp_w_per_kg) == (250.0, 3.57)
        z2 = cycling.zones[1]
        assert (z2.zone, z2.name, z2.floor_watts, z2.ceiling_watts, z2.ceiling_watts_per_kg) == (
            2, "Endurance", 137.5, 187.5, 2.68,
        )  # fmt: skip
        assert not cycling.zones[6].HasField("ceiling_watts") and len(cycling.zones) == 7

        hr = answer.heart_rate
        assert (hr.threshold_hr, hr.max_hr, hr.estimated, hr.HasField("resting_hr")) == (
            170.0,
            190.0,
            False,
            False,
        )
        assert [(z.zone, z.lowest_bpm) for z in hr.zones] == [
            (1, 0),
            (2, 138),
            (3, 153),
            (4, 160),
            (5, 170),
            (6, 176),
        ]
        assert not hr.zones[5].HasField("highest_bpm")

        swim = answer.swimming
        assert (swim.css_seconds_per_100m, swim.css_per_100m) == (95.0, "1:35")
        assert [(z.zone, z.name) for z in swim.zones][3] == (4, "threshold")

        # In April the later FTP is in force.
        april = await stack.analytics.GetAthleteFigures(
            pb.GetAthleteFiguresRequest(account_id=ACCOUNT, day="2026-04-02")
        )
        assert (april.cycling.ftp_w, april.body_weight_kg) == (300.0, 68.0)

        nothing = await stack.analytics.GetAthleteFigures(
            pb.GetAthleteFiguresRequest(account_id=OTHER, day="2026-03-20")
        )
        assert not nothing.running.HasField("vdot") and not nothing.running.HasField("threshold")
        assert list(nothing.cycling.zones) == [] and list(nothing.heart_rate.zones) == []
        assert not nothing.HasField("body_weight_kg") and nothing.as_of_sequence == 0


async def test_power_curve_over_a_range_with_all_time_peaks_and_eftp(engines, tmp_path):
    """Allen & Coggan: eFTP is 95 % of the best 20-minute power (300 W gives 285 W) unless the best
    hour is higher. A longer duration never shows more than a shorter one (the curve is monotonic)."""
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        feed = stack.sessions.feed(ACCOUNT)
        feed.readiness(date(2026, 1, 1), body_weight_kg=75.0)
        feed.record(
            summary(
                "act_old",
                "ride",
                at(date(2026, 1, 10)),
                4000,
                power_points={5: 1100.0, 1200: 320.0, 3600: 290.0},
            )
        )
        feed.record(
            summary(
                "act_new",
                "ride",
                at(date(2026, 3, 10)),
                4000,
                power_points={5: 900.0, 60: 400.0, 1200: 300.0, 1800: 305.0},
            )
        )
        feed.record(
            summary("act_run", "run", at(date(2026, 3, 11)), 4000, power_points={5: 2000.0})
        )  # not a ride

        answer = await stack.analytics.GetPowerCurve(
            pb.GetPowerCurveRequest(account_id=ACCOUNT, from_day="2026-03-01", to_day="2026-03-31")
        )
        assert [(p.duration_s, p.watts, p.activity_id, p.all_time_peak_watts) for p in answer.points] == [
            (5, 900.0, "act_new", 1100.0),
            (60, 400.0, "act_new", 400.0),
            (1200, 305.0, "act_new", 320.0),  # the 30-minute 305 W holds for 20 minutes too
            (1800, 305.0, "act_new", 305.0),
        ]
        assert answer.points[0].watts_per_kg == 12.0
        assert (answer.eftp_w, answer.eftp_from_duration_s) == (289.8, 1200)  # 0.95 × 305

        ever = await stack.analytics.GetPowerCurve(pb.GetPowerCurveRequest(account_id=ACCOUNT))
        assert [(p.duration_s, p.watts) for p in ever.points] == [
            (5, 1100.0),
            (60, 400.0),
            (1200, 320.0),
            (1800, 305.0),
            (3600, 290.0),
        ]
        assert (ever.eftp_w, ever.eftp_from_duration_s) == (304.0, 1200)  # 0.95 × 320 > 290

        assert (
            list((await stack.analytics.GetPowerCurve(pb.GetPowerCurveRequest(account_id=OTHER))).points)
            == []
        )


async def test_readiness_history_answers_each_day_as_recorded(engines, tmp_path):
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        feed = stack.sessions.feed(ACCOUNT)
        feed.readiness(
            date(2026, 3, 1), sleep_hours=7.5, resting_hr=48.0, hrv_ms=65.0, soreness=2, mood=4, steps=9000
        )
        feed.readiness(date(2026, 3, 2), body_weight_kg=70.25)
        feed.readiness(date(2026, 3, 1), sleep_hours=8.0, soreness=1)  # the whole day's entry again
        answer = await stack.analytics.ListReadinessHistory(
            pb.ListReadinessHistoryRequest(account_id=ACCOUNT, from_day="2026-03-01", to_day="2026-03-31")
        )
        first, second = answer.entries
        assert (first.day, first.sleep_hours, first.soreness) == ("2026-03-01", 8.0, 1)
        assert not first.HasField("mood") and not first.HasField("hrv_ms")
        assert (second.day, second.body_weight_kg) == ("2026-03-02", 70.25)
        assert answer.as_of_sequence == 3
        other = await stack.analytics.ListReadinessHistory(
            pb.ListReadinessHistoryRequest(account_id=OTHER, from_day="2026-03-01", to_day="2026-03-31")
        )
        assert list(other.entries) == [] and other.as_of_sequence == 0


async def refusal(call) -> RemoteError:
    with pytest.raises(grpc.aio.AioRpcError) as raised:
        await call
    return RemoteError.from_rpc(raised.value)


@pytest.mark.parametrize(
    ("request_fields", "field", "words"),
    [
        ({"from_day": "2026-13-01"}, "from_day", "YYYY-MM-DD"),
        ({"from_day": "2026-03-02", "to_day": "2026-03-01"}, "from_day", "must not be after to_day"),
        ({"from_day": "2016-01-01", "to_day": "2026-02-18"}, "from_day", "at most 3700 days"),
        ({"from_day": "2026-03-01", "time_zone": "Mars/Olympus"}, "time_zone", "IANA"),
        ({"account_id": ""}, "account_id", "required"),
    ],
)
async def test_bad_days_ranges_and_zones_are_invalid_argument_naming_the_field(
    sqlite_engines, tmp_path, request_fields, field, words
):
    async with endurance_stack(sqlite_engines, tmp_path, NOW) as stack:
        fields = {"account_id": ACCOUNT} | request_fields
        for call in (
            stack.analytics.GetTrainingLoad(pb.GetTrainingLoadRequest(**fields)),
            stack.analytics.ListActivityStress(pb.ListActivityStressRequest(**fields)),
        ):
            error = await refusal(call)
            assert error.code == grpc.StatusCode.INVALID_ARGUMENT
            assert field in error.message and words in error.message


async def test_other_refusals(sqlite_engines, tmp_path):
    async with endurance_stack(sqlite_engines, tmp_path, NOW) as stack:
        error = await refusal(
            stack.analytics.ListActivityStress(
                pb.ListActivityStressRequest(account_id=ACCOUNT, sports=["rowing"])
            )
        )
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "sports" in error.message
        error = await refusal(
            stack.analytics.GetAthleteFigures(pb.GetAthleteFiguresRequest(account_id=ACCOUNT, day="soon"))
        )
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "day" in error.message
        error = await refusal(
            stack.analytics.ListReadinessHistory(
                pb.ListReadinessHistoryRequest(account_id=ACCOUNT, to_day="2026-3-1")
            )
        )
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "to_day" in error.message
        # 3700 days apart is still allowed.
        answer = await stack.analytics.GetTrainingLoad(
            pb.GetTrainingLoadRequest(account_id=ACCOUNT, from_day="2016-01-01", to_day="2026-02-17")
        )
        assert len(answer.combined) == 3701
