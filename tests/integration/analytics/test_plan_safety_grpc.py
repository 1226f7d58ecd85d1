"""EvaluatePlanSafety and AssessCompletion through a real analytics server on port 0, reading a fake
sessions feed over gRPC, on SQLite and PostgreSQL (decisions 0060 and 0062): the engine sees the
plan from today on, the completed weeks before it and yesterday's loads, and only the account's own
activities."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta
from typing import Any

import grpc
import pytest
from sqlalchemy import select

from kinetic.analytics.v1 import endurance_pb2 as pb
from kinetic.errors import RemoteError
from kinetic.proto_enums import enum_word
from services.analytics.adapters.tables import training_load_seeds
from tests.integration.analytics.analytics_support import ACCOUNT
from tests.integration.analytics.endurance_support import EnduranceFeed, endurance_stack, summary, threshold

OTHER = "22222222-2222-4222-8222-222222222222"
TODAY = date(2026, 3, 19)  # a Thursday; the plan's first week starts on Monday 16 March
NOW = datetime(2026, 3, 19, 12, tzinfo=UTC)  # 13:00 in Amsterdam
ZONE = "Europe/Amsterdam"


def at(day: date, hour: int = 7) -> datetime:
    return datetime(day.year, day.month, day.day, hour, tzinfo=UTC)


def days_from(day: date, count: int) -> list[date]:
    return [day + timedelta(days=n) for n in range(count)]


def load(
    day: date, sport: str = "run", kind: str = "easy", tss: float = 30.0, **fields: Any
) -> pb.PlannedLoad:
    return pb.PlannedLoad(
        workout_id=fields.pop("workout_id", f"wo_{day:%m%d}_{kind}"),
        day=day.isoformat(),
        sport=sport,
        workout_type=kind,
        planned_tss=tss,
        **fields,
    )


def safety(account: str, workouts: list[pb.PlannedLoad], **fields: Any) -> pb.EvaluatePlanSafetyRequest:
    return pb.EvaluatePlanSafetyRequest(
        account_id=account, time_zone=fields.pop("time_zone", ZONE), workouts=workouts, **fields
    )


def rules(answer: pb.EvaluatePlanSafetyResponse) -> list[tuple[str, str, str]]:
    return [(a.day, rule_of(a), enum_word(pb.AdvisoryLevel, a.level)) for a in answer.advisories]


def rule_of(advisory: pb.SafetyAdvisory) -> str:
    return enum_word(pb.AdvisoryRule, advisory.rule)


def outcome_of(answer: pb.AssessCompletionResponse) -> str:
    return enum_word(pb.CompletionOutcome, answer.outcome)


def thirty_km_weeks(feed: EnduranceFeed) -> None:
    """Four complete weeks of three 10 km runs (16 Feb to 15 Mar), then 10 km on Monday and
    Tuesday of the plan's first week. No threshold pace: the runs carry distance, no stress."""
    for monday in (date(2026, 2, 16) + timedelta(weeks=week) for week in range(4)):
        for offset in (1, 3, 5):
            day = monday + timedelta(days=offset)
            feed.record(summary(f"run_{day:%m%d}", "run", at(day), 3000, distance_m=10_000.0))
    for day in (date(2026, 3, 16), date(2026, 3, 17)):
        feed.record(summary(f"run_{day:%m%d}", "run", at(day), 3000, distance_m=10_000.0))


def daily_rides(feed: EnduranceFeed, count: int, tss: float = 100.0) -> None:
    """An hour's ride of ``tss`` on each of the ``count`` days before today (an hour at FTP is 100
    TSS, decision 0051; at NP = FTP x sqrt(tss / 100) it is ``tss``)."""
    feed.set_threshold(threshold("thr_ftp", "ftp", date(2025, 1, 1), watts=250))
    watts = 250.0 * math.sqrt(tss / 100)
    for day in days_from(TODAY - timedelta(days=count), count):
        feed.record(summary(f"ride_{day:%m%d}", "ride", at(day), 3600, normalized_power_w=watts))


async def test_back_to_back_hard_days_from_nothing_are_one_critical_advisory(engines, tmp_path):
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        plan = [
            load(date(2026, 3, 20), kind="intervals", tss=60.0, distance_meters=4000.0),
            load(date(2026, 3, 21), kind="tempo", tss=60.0, distance_meters=4000.0),
        ]
        answer = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan))
        assert rules(answer) == [("2026-03-20", "consecutive_hard_days", "critical")]
        assert "INTERVALS run" in answer.advisories[0].message and answer.as_of_sequence == 0


async def test_completed_days_and_the_planned_week_add_up_to_a_spike(engines, tmp_path):
    """30 km a week for four weeks; this week 20 km done (Mon, Tue) and 18 km planned: 38 km is
    26.7 % over both the prior week and the average. The planned 18 km alone would be no spike."""
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        thirty_km_weeks(stack.sessions.feed(ACCOUNT))
        plan = [
            load(date(2026, 3, 19), distance_meters=10_000.0),
            load(date(2026, 3, 21), distance_meters=8000.0),
        ]
        answer = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan))
        assert rules(answer) == [("2026-03-16", "weekly_volume_spike", "warning")]
        message = answer.advisories[0].message
        assert "38.0 km" in message and "30.0 km" in message and "26.7" in message
        assert answer.as_of_sequence == 14

        # 2 km planned instead: the week (22 km) is below the one before, no spike.
        calm = await stack.analytics.EvaluatePlanSafety(
            safety(ACCOUNT, [load(date(2026, 3, 20), distance_meters=2000.0)])
        )
        assert rules(calm) == []


async def test_another_accounts_activities_never_count(engines, tmp_path):
    """B ran 30 km a week; A ran nothing. 25 km planned is a spike from A's nothing (above the
    15 km minimum base by more than 10 %), and none for B."""
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        thirty_km_weeks(stack.sessions.feed(OTHER))
        plan = [
            load(date(2026, 3, 23), distance_meters=12_500.0),
            load(date(2026, 3, 25), distance_meters=12_500.0),
        ]
        mine = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan))
        theirs = await stack.analytics.EvaluatePlanSafety(safety(OTHER, plan))
        assert rules(mine) == [("2026-03-23", "weekly_volume_spike", "warning")]
        assert rules(theirs) == [] and (mine.as_of_sequence, theirs.as_of_sequence) == (0, 14)


async def test_yesterdays_loads_are_the_seed(engines, tmp_path):
    """Four days of 100 TSS. After 100 days of 100 TSS (CTL 90.8, ATL 100) form stays near -9; from
    nothing it falls to -34.4 the day after the last. The history window alone (five weeks) would
    give CTL about 57 and form about -45: only the seed keeps the trained athlete clear."""
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        daily_rides(stack.sessions.feed(ACCOUNT), 100)
        plan = [load(day, sport="ride", kind="ride_endurance", tss=100.0) for day in days_from(TODAY, 4)]
        trained = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan))
        untrained = await stack.analytics.EvaluatePlanSafety(safety(OTHER, plan))
        assert "projected_tsb_overload" not in [rule_of(a) for a in trained.advisories]
        overload = [a for a in untrained.advisories if rule_of(a) == "projected_tsb_overload"]
        assert [(a.day, a.level) for a in overload] == [("2026-03-23", pb.ADVISORY_LEVEL_CRITICAL)]
        assert "-34.4" in overload[0].message

        # The chart stored a seed a week before yesterday, so the next evaluation reads one week of
        # activities, not a hundred days (decision 0055).
        with engines.made[-1].connect() as conn:
            seeds = conn.execute(
                select(training_load_seeds.c.day).where(training_load_seeds.c.account_id == ACCOUNT)
            ).scalars()
            assert set(seeds) == {TODAY - timedelta(days=8)}
        again = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan))
        assert again == trained

        # The seed is yesterday's combined chart, as GetTrainingLoad answers it.
        chart = await stack.analytics.GetTrainingLoad(
            pb.GetTrainingLoadRequest(account_id=ACCOUNT, from_day="2026-03-18", time_zone=ZONE)
        )
        assert (chart.combined[0].ctl, chart.combined[0].atl) == (90.8, 100.0)


async def test_workouts_before_today_are_left_out(engines, tmp_path):
    """Yesterday's intervals and 2000 TSS would make back-to-back hard days with today's and a deep
    overload; the plan is judged from today on. Just before local midnight is still that day."""
    plan = [
        load(date(2026, 3, 18), kind="intervals", tss=2000.0),
        load(date(2026, 3, 19), kind="intervals", tss=60.0),
    ]
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        answer = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan))
        assert rules(answer) == []
        past = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan[:1]))
        assert rules(past) == [] and list(past.advisories) == []
        empty = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, []))
        assert list(empty.advisories) == []
    # 22:30 UTC on the 18th is 23:30 in Amsterdam, still the 18th there: both days count. In UTC
    # too; one hour later (the 19th in Amsterdam) only the 19th would.
    late = datetime(2026, 3, 18, 22, 30, tzinfo=UTC)
    async with endurance_stack(engines, tmp_path, late) as stack:
        answer = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan))
        assert ("2026-03-18", "consecutive_hard_days", "critical") in rules(answer)
        tokyo = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan, time_zone="Asia/Tokyo"))
        assert rules(tokyo) == []  # 07:30 on the 19th in Tokyo


async def refusal(call: Any) -> RemoteError:
    with pytest.raises(grpc.aio.AioRpcError) as raised:
        await call
    return RemoteError.from_rpc(raised.value)


async def test_every_bad_workout_field_is_named_at_once(sqlite_engines, tmp_path):
    async with endurance_stack(sqlite_engines, tmp_path, NOW) as stack:
        plan = [
            load(date(2026, 3, 20)),
            pb.PlannedLoad(day="2026-3-20", sport="run", workout_type="easy"),
            load(date(2026, 3, 21), sport="rowing"),
            load(date(2026, 3, 22), kind="EASY"),
            load(date(2026, 3, 23), tss=-1.0),
            load(date(2026, 3, 24), sport="strength", kind="strength", distance_meters=1000.0),
            load(date(2026, 3, 25), distance_meters=float("nan"), duration_seconds=-5),
            load(date(2037, 1, 1)),
            load(date(2026, 3, 10), kind="sprint"),  # before today, still checked
        ]
        error = await refusal(stack.analytics.EvaluatePlanSafety(safety("", plan)))
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT
        assert [v.field for v in error.violations] == [
            "account_id",
            "workouts[1].day",
            "workouts[2].sport",
            "workouts[3].workout_type",
            "workouts[4].planned_tss",
            "workouts[5].distance_meters",
            "workouts[6].distance_meters",
            "workouts[6].duration_seconds",
            "workouts[7].day",
            "workouts[8].workout_type",
        ]
        assert (
            "workouts[2].sport: must be one of run, ride, swim, strength, other, not 'rowing'"
            in error.message
        )
        assert "workouts[7].day: must be at most 3700 days after today (2026-03-19)" in error.message
        assert "easy, recovery, long, tempo" in error.message

        error = await refusal(
            stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, [], time_zone="Mars/Olympus"))
        )
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "time_zone" in error.message


def thirty_km_sunday_weeks(feed: EnduranceFeed) -> None:
    """Four weeks of 10 km on Sunday, Tuesday and Thursday from Sunday 15 February, then 10 km on
    Sunday 15 and Tuesday 17 March: 30 km in every Sunday week, and in every Monday week too."""
    for sunday in (date(2026, 2, 15) + timedelta(weeks=week) for week in range(4)):
        for offset in (0, 2, 4):
            day = sunday + timedelta(days=offset)
            feed.record(summary(f"run_{day:%m%d}", "run", at(day), 3000, distance_m=10_000.0))
    for day in (date(2026, 3, 15), date(2026, 3, 17)):
        feed.record(summary(f"run_{day:%m%d}", "run", at(day), 3000, distance_m=10_000.0))


async def test_weeks_start_on_the_athlete_s_first_weekday(engines, tmp_path):
    """The same runs and plan, judged in Sunday weeks and in Monday weeks. Sunday weeks: Sun 15 -
    Sat 21 March holds 20 km done and 18 km planned, 38 km after four 30 km weeks, a spike. Monday
    weeks: Mon 16 - Sun 22 March holds 10 km done (Sunday 15 was the week before) and 18 km
    planned, 28 km, no spike. The history starts on the first day of the athlete's week four whole
    weeks back: Sunday 15 February, so all four Sunday weeks are complete (a 4-week average)."""
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        thirty_km_sunday_weeks(stack.sessions.feed(ACCOUNT))
        plan = [
            load(date(2026, 3, 19), distance_meters=10_000.0),
            load(date(2026, 3, 21), distance_meters=8000.0),
        ]
        sunday = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan, first_weekday=7))
        assert rules(sunday) == [("2026-03-15", "weekly_volume_spike", "warning")]
        message = sunday.advisories[0].message
        assert message.startswith("Week of Sun 15 Mar 2026: planned running distance of 38.0 km")
        assert "26.7 % above the 4-week average (30.0 km)" in message
        assert sunday.as_of_sequence == 14

        monday = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan, first_weekday=1))
        unset = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan))
        assert rules(monday) == rules(unset) == []


async def test_a_first_weekday_outside_zero_to_seven_is_named_with_the_other_problems(
    sqlite_engines, tmp_path
):
    async with endurance_stack(sqlite_engines, tmp_path, NOW) as stack:
        for weekday in (8, -1):
            request = safety("", [load(date(2026, 3, 20), sport="rowing")], first_weekday=weekday)
            error = await refusal(stack.analytics.EvaluatePlanSafety(request))
            assert error.code == grpc.StatusCode.INVALID_ARGUMENT
            assert [v.field for v in error.violations] == ["account_id", "first_weekday", "workouts[0].sport"]
            assert (
                "first_weekday: must be an ISO weekday, 1 (Monday) to 7 (Sunday), or 0 for Monday; "
                f"not {weekday}"
            ) in error.message


async def test_other_sport_counts_its_stress_not_its_distance(engines, tmp_path):
    """A 40 km "other" session (a long row) is no running, cycling or swimming kilometre; a hard
    one is hard all the same."""
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        plan = [
            load(date(2026, 3, 23), sport="other", kind="cross_training", tss=40.0, distance_meters=40_000.0),
            load(date(2026, 3, 24), sport="other", kind="intervals", tss=50.0),
            load(date(2026, 3, 25), sport="run", kind="tempo", tss=50.0),
        ]
        answer = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan))
        assert rules(answer) == [("2026-03-24", "consecutive_hard_days", "critical")]


def assess(account: str, planned_tss: float, activity_id: str = "") -> pb.AssessCompletionRequest:
    planned = load(date(2026, 3, 18), sport="ride", kind="ride_endurance", tss=planned_tss)
    return pb.AssessCompletionRequest(
        account_id=account, time_zone=ZONE, planned=planned, activity_id=activity_id
    )


async def test_completion_outcomes(engines, tmp_path):
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        feed = stack.sessions.feed(ACCOUNT)
        feed.set_threshold(threshold("thr_ftp", "ftp", date(2026, 1, 1), watts=250))
        yesterday = date(2026, 3, 18)
        feed.record(summary("act_hour", "ride", at(yesterday), 3600, normalized_power_w=250.0))  # 100
        feed.record(summary("act_long", "ride", at(yesterday), 4752, normalized_power_w=250.0))  # 132
        feed.record(summary("act_soft", "ride", at(yesterday), 3600, normalized_power_w=200.0))  # 64
        feed.record(summary("act_gym", "strength", at(yesterday), 3600))  # no method: no stress
        stack.sessions.feed(OTHER).record(summary("act_theirs", "ride", at(yesterday), 3600))

        on = await stack.analytics.AssessCompletion(assess(ACCOUNT, 100.0, "act_hour"))
        assert (outcome_of(on), on.tss_ratio, on.activity_tss, on.as_of_sequence) == (
            "on_target",
            1.0,
            100.0,
            5,
        )
        assert on.message.startswith("On target (100 TSS against 100 planned, 100 % of the plan)")
        edge = await stack.analytics.AssessCompletion(assess(ACCOUNT, 116.0, "act_hour"))  # 0.862
        assert (outcome_of(edge), edge.tss_ratio) == ("on_target", 0.86)

        harder = await stack.analytics.AssessCompletion(assess(ACCOUNT, 100.0, "act_long"))
        assert (outcome_of(harder), harder.tss_ratio, harder.activity_tss) == (
            "harder_than_planned",
            1.32,
            132.0,
        )
        assert harder.message.startswith(
            "Harder than planned by 32 % (132 TSS against 100 planned): keep tomorrow easy"
        )
        much = await stack.analytics.AssessCompletion(assess(ACCOUNT, 80.0, "act_long"))
        assert much.tss_ratio == 1.65 and "next two days easy" in much.message

        easier = await stack.analytics.AssessCompletion(assess(ACCOUNT, 100.0, "act_soft"))
        assert (outcome_of(easier), easier.tss_ratio, easier.activity_tss) == (
            "easier_than_planned",
            0.64,
            64.0,
        )
        assert easier.message.startswith("Easier than planned by 36 % (64 TSS against 100 planned)")
        assert "do not make up the missed load" in easier.message

        unplanned = await stack.analytics.AssessCompletion(assess(ACCOUNT, 0.0, "act_hour"))
        assert (outcome_of(unplanned), unplanned.HasField("tss_ratio"), unplanned.activity_tss) == (
            "on_target", False, 100.0,
        )  # fmt: skip
        assert "no planned training stress" in unplanned.message
        unknown = await stack.analytics.AssessCompletion(assess(ACCOUNT, 60.0, "act_gym"))
        assert (outcome_of(unknown), unknown.HasField("tss_ratio"), unknown.HasField("activity_tss")) == (
            "on_target", False, False,
        )  # fmt: skip
        assert "training stress is unknown" in unknown.message

        none = await stack.analytics.AssessCompletion(assess(ACCOUNT, 100.0))
        assert (outcome_of(none), none.HasField("tss_ratio"), none.as_of_sequence) == (
            "no_activity",
            False,
            5,
        )
        missing = await stack.analytics.AssessCompletion(assess(ACCOUNT, 100.0, "act_nowhere"))
        assert outcome_of(missing) == "activity_not_found" and "'act_nowhere'" in missing.message
        # Another account's activity is not found either, and theirs is there for them.
        theirs = await stack.analytics.AssessCompletion(assess(ACCOUNT, 100.0, "act_theirs"))
        assert (outcome_of(theirs), theirs.HasField("activity_tss")) == ("activity_not_found", False)
        own = await stack.analytics.AssessCompletion(assess(OTHER, 100.0, "act_theirs"))
        assert outcome_of(own) == "on_target"


@pytest.mark.parametrize(
    ("fields", "field"),
    [({"planned_tss": -1.0}, "planned.planned_tss"), ({"planned_tss": float("inf")}, "planned.planned_tss")],
)
async def test_completion_refusals(sqlite_engines, tmp_path, fields, field):
    async with endurance_stack(sqlite_engines, tmp_path, NOW) as stack:
        request = assess(ACCOUNT, fields["planned_tss"], "act_hour")
        error = await refusal(stack.analytics.AssessCompletion(request))
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and field in error.message
        error = await refusal(stack.analytics.AssessCompletion(assess("", 10.0)))
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "account_id" in error.message


async def test_a_24_week_build_is_judged_whole(engines, tmp_path):
    """168 workouts, each week easy, tempo, easy, intervals, recovery, long and easy at 50 TSS a
    day on average, 2 % more distance a week, for an athlete riding 50 TSS a day: no back-to-back
    hard days, no overload; the first week's running after none is a spike (over the 15 km base)."""
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        daily_rides(stack.sessions.feed(ACCOUNT), 100, tss=50.0)
        week = [("easy", 40.0, 8000.0), ("tempo", 60.0, 10_000.0), ("easy", 40.0, 8000.0),
                ("intervals", 70.0, 10_000.0), ("recovery", 20.0, 5000.0), ("long", 80.0, 16_000.0),
                ("easy", 40.0, 8000.0)]  # fmt: skip
        monday = date(2026, 3, 23)
        plan = [
            load(
                monday + timedelta(days=7 * w + d),
                kind=kind,
                tss=tss,
                distance_meters=round(metres * 1.02**w),
            )
            for w in range(24)
            for d, (kind, tss, metres) in enumerate(week)
        ]
        answer = await stack.analytics.EvaluatePlanSafety(safety(ACCOUNT, plan))
        assert len(plan) == 168
        assert {rule_of(a) for a in answer.advisories} <= {"weekly_volume_spike", "long_run_cap"}
        assert ("2026-03-23", "weekly_volume_spike", "warning") in rules(answer)
