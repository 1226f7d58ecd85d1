"""GetDailyDecision and GetTrainingStatus through a real analytics server on port 0 reading a fake
sessions feed, on SQLite and PostgreSQL (decision 0058): the decision from readiness against the
athlete's baseline, a new decision ID when a readiness entry arrives, the status at a past instant
ignoring later data, no data at all, staleness and the refusals."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp
from sqlalchemy import select

from kinetic.analytics.v1 import endurance_pb2 as pb
from kinetic.errors import RemoteError
from kinetic.proto_enums import enum_word
from services.analytics.adapters.tables import training_load_seeds
from tests.integration.analytics.analytics_support import ACCOUNT, stamp
from tests.integration.analytics.endurance_support import EnduranceFeed, endurance_stack, summary, threshold

DAY = date(2026, 3, 20)
NOW = datetime(2026, 3, 20, 12, tzinfo=UTC)  # 13:00 in Amsterdam
ZONE = "Europe/Amsterdam"
RIDE = pb.PlannedSession(
    workout_id="wo_1", title="Threshold ride", sport="ride", duration_minutes=90.0,
    target_intensity="threshold",
    intervals=[pb.PlannedInterval(label="work", duration_seconds=600, target="95-100 % FTP", repeat=3)],
    planned_tss=95.0,
)  # fmt: skip


# The closed sets travel as enums; the tests read them as the contract's words (decision 0101).
def action_of(answer: pb.GetDailyDecisionResponse) -> str:
    return enum_word(pb.ActionType, answer.action_type)


def state_of(answer: pb.GetTrainingStatusResponse) -> str:
    return enum_word(pb.TrainingState, answer.training_state)


def recovery_of(answer: pb.GetTrainingStatusResponse) -> str:
    return enum_word(pb.RecoveryStatus, answer.recovery_status)


def load_of(answer: pb.GetTrainingStatusResponse) -> str:
    return enum_word(pb.LoadStatus, answer.load_status)


def at(day: date, hour: int = 6) -> datetime:
    return datetime(day.year, day.month, day.day, hour, tzinfo=UTC)


def fill(feed: EnduranceFeed) -> None:
    """120 days of an hour's ride (64 TSS) a day, a steady load (ratio 1.06), and 28 days of steady
    readiness (HRV 58/62 ms, resting HR 50, 8 h)."""
    feed.set_threshold(threshold("thr_ftp", "ftp", DAY - timedelta(days=200), watts=250))
    for n in range(120, 0, -1):
        day = DAY - timedelta(days=n)
        feed.record(summary(f"act_{n}", "ride", at(day, 16), 3600, normalized_power_w=200.0))
    for n in range(28, 0, -1):
        day = DAY - timedelta(days=n)
        feed.readiness(day, sleep_hours=8.0, resting_hr=50.0, hrv_ms=58.0 if n % 2 else 62.0,
                       update_time=stamp(at(day)))  # fmt: skip


def decision_request(**fields) -> pb.GetDailyDecisionRequest:
    return pb.GetDailyDecisionRequest(
        **({"account_id": ACCOUNT, "day": DAY.isoformat(), "time_zone": ZONE, "planned": [RIDE]} | fields)
    )


async def test_daily_decision_follows_readiness_and_its_id_follows_the_inputs(engines, tmp_path):
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        feed = stack.sessions.feed(ACCOUNT)
        fill(feed)
        plain = await stack.analytics.GetDailyDecision(decision_request())
        assert (action_of(plain), list(plain.reason_codes)) == ("execute_as_planned", ["no_readiness_data"])
        assert plain.session == RIDE and not plain.HasField("changed_from")
        assert plain.decision_id.startswith("dcd_") and len(plain.decision_id) == 24
        assert plain.data_synced_at.ToDatetime(tzinfo=UTC) == at(DAY - timedelta(days=1), 16)
        assert not plain.stale and plain.as_of_sequence == 149
        assert plain.generated_at.ToDatetime(tzinfo=UTC) == NOW
        again = await stack.analytics.GetDailyDecision(decision_request())
        assert again.decision_id == plain.decision_id

        # The morning's entry: 6.5 h of sleep, 1.5 h under the baseline: amber, adapted.
        feed.readiness(DAY, sleep_hours=6.5, hrv_ms=60.0, update_time=stamp(at(DAY)))
        amber = await stack.analytics.GetDailyDecision(decision_request())
        assert amber.decision_id != plain.decision_id
        assert action_of(amber) == "adapt_session" and amber.changed_from == RIDE
        assert list(amber.reason_codes) == ["sleep_below_baseline", "recovery_amber"]
        assert (amber.session.sport, amber.session.duration_minutes, amber.session.target_intensity) == (
            "ride", 63.0, "Z2 - Aerobic Endurance",
        )  # fmt: skip
        assert (amber.session.workout_id, amber.session.planned_tss, list(amber.session.intervals)) == (
            "wo_1", 51.5, [],
        )  # fmt: skip
        assert amber.data_synced_at.ToDatetime(tzinfo=UTC) == at(DAY)

        # A week of HRV far under the baseline (decision 0115: the 7-day mean of ln rMSSD, not the
        # one morning): red, a recovery spin.
        for n in range(6, 0, -1):
            day = DAY - timedelta(days=n)
            feed.readiness(day, sleep_hours=8.0, resting_hr=50.0, hrv_ms=45.0, update_time=stamp(at(day)))
        feed.readiness(DAY, sleep_hours=6.5, hrv_ms=45.0, update_time=stamp(at(DAY, 7)))
        red = await stack.analytics.GetDailyDecision(decision_request())
        assert red.decision_id not in (plain.decision_id, amber.decision_id)
        assert (action_of(red), red.session.title, red.session.duration_minutes) == (
            "substitute_recovery", "Recovery spin", 40.0,
        )  # fmt: skip
        assert list(red.reason_codes) == [
            "hrv_below_baseline", "sleep_below_baseline", "recovery_red",
        ]  # fmt: skip
        assert (
            "HRV 7-day mean 45 ms is 5.7 SD below the 60-day baseline of 60 ms (ln rMSSD; 7 readings "
            "this week, the smallest worthwhile change is 0.5 SD)."
        ) in red.reason_summary

        # No plan: rest. A changed plan is a new decision.
        rest = await stack.analytics.GetDailyDecision(decision_request(planned=[]))
        assert (action_of(rest), rest.reason_codes[0], rest.HasField("session")) == (
            "rest",
            "no_plan",
            False,
        )
        assert rest.decision_id != red.decision_id


async def test_training_status_now_and_at_a_past_instant(engines, tmp_path):
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        feed = stack.sessions.feed(ACCOUNT)
        fill(feed)
        feed.readiness(DAY, sleep_hours=8.0, resting_hr=62.0, hrv_ms=60.0, update_time=stamp(at(DAY, 7)))
        now = await stack.analytics.GetTrainingStatus(
            pb.GetTrainingStatusRequest(account_id=ACCOUNT, time_zone=ZONE)
        )
        assert now.as_of.ToDatetime(tzinfo=UTC) == NOW and not now.no_data and not now.stale
        assert (recovery_of(now), load_of(now)) == ("red", "optimal")
        codes = [d.code for d in now.drivers]
        assert "resting_hr_elevated" in codes
        assert now.data_freshness.ToDatetime(tzinfo=UTC) == at(DAY, 7)

        # At 06:30 UTC the entry of the day (recorded at 07:00) is data *for* the day: it counts,
        # as in the day's decision (decision 0112); it is synced as of the day's start.
        early = Timestamp()
        early.FromDatetime(at(DAY, 6) + timedelta(minutes=30))
        before = await stack.analytics.GetTrainingStatus(
            pb.GetTrainingStatusRequest(account_id=ACCOUNT, time_zone=ZONE, as_of=early)
        )
        assert recovery_of(before) == "red" and "resting_hr_elevated" in [d.code for d in before.drivers]
        assert before.data_freshness.ToDatetime(tzinfo=UTC) == datetime(2026, 3, 19, 23, tzinfo=UTC)

        # Ten days back: only what was there then; fresh within 48 hours of the last data.
        past = Timestamp()
        past.FromDatetime(at(DAY - timedelta(days=10), 20))
        then = await stack.analytics.GetTrainingStatus(
            pb.GetTrainingStatusRequest(account_id=ACCOUNT, time_zone=ZONE, as_of=past)
        )
        assert then.data_freshness.ToDatetime(tzinfo=UTC) == at(DAY - timedelta(days=10), 16)
        assert recovery_of(then) == "green" and not then.stale
        assert (state_of(then), load_of(then)) == ("maintaining", "optimal")  # CTL +0.8 a week

        # Four days after the last data: stale, the status still answered.
        later = Timestamp()
        later.FromDatetime(NOW + timedelta(days=4))
        stale = await stack.analytics.GetTrainingStatus(
            pb.GetTrainingStatusRequest(account_id=ACCOUNT, time_zone=ZONE, as_of=later)
        )
        assert stale.stale and not stale.no_data and state_of(stale)


async def test_the_loads_come_through_the_seeded_chart(engines, tmp_path):
    """A decision reads the chart of the day before through the seeds (decision 0055): the first
    stores one a week before it, so the next decision reads five weeks of activities, not all."""
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        fill(stack.sessions.feed(ACCOUNT))
        first = await stack.analytics.GetDailyDecision(decision_request())
        with engines.made[-1].connect() as conn:
            seeds = conn.execute(
                select(training_load_seeds.c.day, training_load_seeds.c.time_zone).where(
                    training_load_seeds.c.account_id == ACCOUNT
                )
            ).all()
        assert set(seeds) == {(DAY - timedelta(days=8), ZONE)}
        again = await stack.analytics.GetDailyDecision(decision_request())
        assert again.decision_id == first.decision_id


async def test_no_data_at_all(engines, tmp_path):
    async with endurance_stack(engines, tmp_path, NOW) as stack:
        status = await stack.analytics.GetTrainingStatus(pb.GetTrainingStatusRequest(account_id=ACCOUNT))
        assert (status.no_data, status.stale, status.HasField("data_freshness")) == (True, True, False)
        assert (state_of(status), recovery_of(status), load_of(status)) == ("", "", "")
        decided = await stack.analytics.GetDailyDecision(decision_request())
        assert action_of(decided) == "execute_as_planned" and decided.stale
        assert list(decided.reason_codes) == ["no_readiness_data", "data_stale"]
        assert not decided.HasField("data_synced_at")
        rest = await stack.analytics.GetDailyDecision(decision_request(planned=[], day=""))
        assert (rest.day, action_of(rest)) == (DAY.isoformat(), "rest")


async def test_as_of_out_of_range_is_refused(sqlite_engines, tmp_path):
    async with endurance_stack(sqlite_engines, tmp_path, NOW) as stack:
        request = pb.GetTrainingStatusRequest(account_id=ACCOUNT, as_of=Timestamp(seconds=-62135596800))
        error = await refusal(stack.analytics.GetTrainingStatus(request))
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "as_of" in error.message


async def refusal(call) -> RemoteError:
    with pytest.raises(grpc.aio.AioRpcError) as raised:
        await call
    return RemoteError.from_rpc(raised.value)


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"day": "2026-3-20"}, "day", "YYYY-MM-DD"),
        ({"day": "0001-01-02"}, "day", "years 1900 to 2999"),
        ({"time_zone": "Mars/Olympus"}, "time_zone", "IANA"),
        ({"planned": [pb.PlannedSession(sport="rowing")]}, "planned[0].sport",
         "run, ride, swim, strength, other"),
        ({"planned": [pb.PlannedSession(sport="run", duration_minutes=1441)]}, "planned[0].duration_minutes",
         "from 0 to 1440"),
        ({"planned": [pb.PlannedSession(sport="run", duration_minutes=-1)]}, "planned[0].duration_minutes",
         "from 0 to 1440"),
        ({"planned": [pb.PlannedSession(sport="run")] * 11}, "planned", "at most 10"),
        ({"planned": [pb.PlannedSession(sport="run", title="x" * 201)]}, "planned[0].title", "at most 200"),
        ({"planned": [RIDE, pb.PlannedSession(sport="swim",
                                              intervals=[pb.PlannedInterval(target="t" * 201)])]},
         "planned[1].intervals[0].target", "at most 200"),
        ({"account_id": ""}, "account_id", "required"),
    ],
)  # fmt: skip
async def test_refusals_name_the_field(sqlite_engines, tmp_path, fields, field, words):
    async with endurance_stack(sqlite_engines, tmp_path, NOW) as stack:
        error = await refusal(stack.analytics.GetDailyDecision(decision_request(**fields)))
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT
        assert field in error.message and words in error.message
    if set(fields) <= {"time_zone", "account_id"}:
        async with endurance_stack(sqlite_engines, tmp_path, NOW) as stack:
            request = pb.GetTrainingStatusRequest(**({"account_id": ACCOUNT} | fields))
            error = await refusal(stack.analytics.GetTrainingStatus(request))
            assert error.code == grpc.StatusCode.INVALID_ARGUMENT and field in error.message
