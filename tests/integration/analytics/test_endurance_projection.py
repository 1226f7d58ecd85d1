"""Endurance changes from an in-memory sessions feed into real storage (SQLite and PostgreSQL), read
back through the endurance use cases: what is stored, what deletions remove, the training load with
and without its seeds, and how a change to the past reaches every later day (decision 0055)."""

from __future__ import annotations

import math
import random
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import Engine, func, select

from kinetic.storage import upgrade
from services.analytics.adapters.tables import (
    ENDURANCE_TABLES,
    endurance_activities,
    endurance_power_points,
    training_load_seeds,
)
from services.analytics.bootstrap import MIGRATIONS
from services.analytics.service_layer.catch_up import AccountFeeds, FeedFollower
from services.analytics.service_layer.endurance_queries import EnduranceQueries
from services.analytics.service_layer.training_projection import apply_training_change
from tests.integration.analytics.analytics_support import ACCOUNT, LibraryFeed
from tests.integration.analytics.endurance_support import EnduranceFeed, summary, threshold

OTHER = "22222222-2222-4222-8222-222222222222"
NOW = datetime(2026, 3, 20, 12, tzinfo=UTC)
FIRST_DAY = date(2026, 1, 1)


def queries_over(engine: Engine, feeds: dict[str, EnduranceFeed], now: datetime = NOW) -> EnduranceQueries:
    """Endurance reads over a migrated ``engine`` following each account's own feed."""
    upgrade(engine, MIGRATIONS)

    class PerAccount(EnduranceFeed):
        async def read_after(self, account_id: str, after_sequence: int, page_size: int):
            return await feeds.setdefault(account_id, EnduranceFeed()).read_after(
                account_id, after_sequence, page_size
            )

    follower = AccountFeeds(
        engine,
        FeedFollower(engine, PerAccount()),
        FeedFollower(engine, LibraryFeed(), apply_training_change),
    )
    return EnduranceQueries(follower, lambda: now)


def at(day: date, hour: int = 7) -> datetime:
    return datetime(day.year, day.month, day.day, hour, tzinfo=UTC)


def ride(activity_id: str, day: date, tss: float, hour: int = 7):
    """A one-hour ride whose NP gives ``tss`` against an FTP of 250 W (TSS = IF² × 100)."""
    return summary(activity_id, "ride", at(day, hour), 3600, normalized_power_w=250 * math.sqrt(tss / 100))


def count(engine: Engine, table) -> int:
    with engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar_one())


async def test_activities_thresholds_and_readiness_are_stored_and_deletions_remove_them(engines):
    engine = engines("analytics")
    feed = EnduranceFeed()
    queries = queries_over(engine, {ACCOUNT: feed})
    feed.set_threshold(threshold("thr_ftp", "ftp", FIRST_DAY, watts=250))
    feed.record(
        summary(
            "act_1",
            "ride",
            at(date(2026, 3, 2)),
            3600,
            normalized_power_w=250.0,
            avg_power_w=230.0,
            name="Morning ride",
            power_points={5: 900.0, 1200: 270.0, 3600: 250.0},
            heart_rate_zones={1: 600, 2: 3000},
        )
    )
    feed.record(summary("act_2", "run", at(date(2026, 3, 3)), 1800, distance_m=5000.0, name="Strava secret",
                        external_provider=True, source="sync", source_app="Strava"))  # fmt: skip
    feed.readiness(date(2026, 3, 2), body_weight_kg=70.5, sleep_hours=7.5, mood=4)

    listed = await queries.activity_stress(ACCOUNT, "2026-03-01", "2026-03-31", "", [])
    assert [(a.activity.activity_id, a.stress.method) for a in listed.activities] == [
        ("act_1", "power"),
        ("act_2", "none"),
    ]
    first, second = listed.activities
    assert first.stress.tss == pytest.approx(100.0) and first.activity.name == "Morning ride"
    assert [(z.zone, z.seconds) for z in first.activity.heart_rate_zones] == [(1, 600), (2, 3000)]
    assert second.activity.name == "" and second.activity.external_provider
    assert listed.as_of_sequence == 4
    readiness = await queries.readiness_history(ACCOUNT, "2026-03-01", "2026-03-31")
    (entry,) = readiness.entries
    assert (entry.day, entry.body_weight_kg, entry.sleep_hours, entry.mood, entry.fatigue) == (
        date(2026, 3, 2),
        70.5,
        7.5,
        4,
        None,
    )
    curve = await queries.power_curve(ACCOUNT, "", "", "")
    assert [(p.duration_s, p.watts) for p in curve.points] == [(5, 900.0), (1200, 270.0), (3600, 250.0)]

    # The ride re-recorded with a corrected name and without power points replaces the stored one.
    feed.record(summary("act_1", "ride", at(date(2026, 3, 2)), 3600, name="Evening ride"))
    feed.delete_activity("act_2", "run", at(date(2026, 3, 3)))
    feed.delete_threshold("thr_ftp", "ftp", FIRST_DAY)
    listed = await queries.activity_stress(ACCOUNT, "2026-03-01", "2026-03-31", "", [])
    assert [(a.activity.activity_id, a.activity.name, a.stress.method) for a in listed.activities] == [
        ("act_1", "Evening ride", "none")
    ]
    assert count(engine, endurance_power_points) == 0
    assert count(engine, endurance_activities) == 1


async def test_a_threshold_on_the_same_kind_and_day_replaces_the_first(engines):
    engine = engines("analytics")
    feed = EnduranceFeed()
    queries = queries_over(engine, {ACCOUNT: feed})
    feed.record(ride("act_1", date(2026, 3, 2), 64))  # NP 200 W
    feed.set_threshold(threshold("thr_a", "ftp", FIRST_DAY, watts=250))
    feed.set_threshold(threshold("thr_b", "ftp", FIRST_DAY, watts=200))
    (found,) = (await queries.activity_stress(ACCOUNT, "2026-03-02", "", "", [])).activities
    assert found.stress.tss == pytest.approx(100.0)
    figures = await queries.athlete_figures(ACCOUNT, "2026-03-02", "")
    assert figures.thresholds.ftp_w == 200.0


async def test_100_tss_every_day_for_42_days(engines):
    """Banister's impulse-response model as Coggan's chart uses it (decision 0051): each day closes
    1 - e^(-1/42) of the gap to the day's TSS for CTL and 1 - e^(-1/7) for ATL. From zero, 100 TSS a
    day for n days gives 100 × (1 - e^(-n/τ)): after 42 days CTL = 100 × (1 - e^(-1)) = 63.21 and ATL
    = 100 × (1 - e^(-6)) = 99.75; TSB on day 42 is CTL - ATL at the end of day 41:
    100 × (e^(-41/7) - e^(-41/42)) = 100 × (0.00286 - 0.37674) = -37.39."""
    engine = engines("analytics")
    feed = EnduranceFeed()
    queries = queries_over(engine, {ACCOUNT: feed})
    feed.set_threshold(threshold("thr_ftp", "ftp", FIRST_DAY, watts=250))
    for n in range(42):
        feed.record(ride(f"act_{n}", FIRST_DAY + timedelta(days=n), 100))
    last = FIRST_DAY + timedelta(days=41)
    answer = await queries.training_load(ACCOUNT, last.isoformat(), "", "")
    (day,) = answer.combined
    assert day.ctl == pytest.approx(100 * (1 - math.exp(-1)))
    assert day.atl == pytest.approx(100 * (1 - math.exp(-6)))
    assert day.tsb == pytest.approx(100 * (math.exp(-41 / 7) - math.exp(-41 / 42)))
    assert round(day.ctl, 2) == 63.21 and round(day.atl, 2) == 99.75 and round(day.tsb, 2) == -37.39
    ((sport, days),) = answer.by_sport
    assert sport == "ride" and days == answer.combined
    assert answer.tsb_convention == "previous_day"


def random_history(feed: EnduranceFeed, rng: random.Random, days: int) -> None:
    """A year or so of mixed activities and thresholds, some set late with early effective days."""
    feed.set_threshold(threshold("thr_ftp0", "ftp", FIRST_DAY, watts=240))
    for n in range(days):
        day = FIRST_DAY + timedelta(days=n)
        if rng.random() < 0.7:
            sport = rng.choice(["run", "ride", "swim", "strength"])
            seconds = rng.randint(1200, 7200)
            hour = rng.choice([1, 7, 23])  # near midnight: local days differ by zone
            if sport == "ride":
                feed.record(
                    summary(f"a{n}", sport, at(day, hour), seconds, normalized_power_w=rng.uniform(120, 300))
                )
            elif sport == "run":
                feed.record(
                    summary(
                        f"a{n}", sport, at(day, hour), seconds, distance_m=seconds * rng.uniform(2.5, 4.5)
                    )
                )
            elif sport == "swim":
                feed.record(
                    summary(f"a{n}", sport, at(day, hour), seconds, distance_m=seconds * 0.9, rpe=5.0)
                )
            else:
                feed.record(summary(f"a{n}", sport, at(day, hour), seconds, rpe=float(rng.randint(3, 9))))
        if n == days // 2:
            feed.set_threshold(
                threshold("thr_pace", "threshold_pace", FIRST_DAY + timedelta(days=30), seconds_per_km=250)
            )


async def chart_both_ways(queries: EnduranceQueries, engine: Engine, first: date, last: date, zone: str):
    seeded = await queries.training_load(ACCOUNT, first.isoformat(), last.isoformat(), zone)
    plain = await queries.training_load(ACCOUNT, first.isoformat(), last.isoformat(), zone, use_seeds=False)
    return seeded, plain


@pytest.mark.parametrize("zone", ["", "Pacific/Kiritimati", "America/Los_Angeles"])
async def test_the_chart_is_the_same_with_and_without_seeds(engines, zone):
    """Property: whatever seeds earlier charts left, a chart equals the one computed from every
    activity, float for float, per sport and combined; also after changes to the past."""
    engine = engines("analytics")
    feed = EnduranceFeed()
    queries = queries_over(engine, {ACCOUNT: feed})
    rng = random.Random(17)
    random_history(feed, rng, 400)
    end = FIRST_DAY + timedelta(days=420)
    for round_number in range(25):
        first = FIRST_DAY + timedelta(days=rng.randint(0, 400))
        last = min(end, first + timedelta(days=rng.randint(0, 60)))
        seeded, plain = await chart_both_ways(queries, engine, first, last, zone)
        assert seeded.combined == plain.combined, (round_number, first, last)
        assert seeded.by_sport == plain.by_sport, (round_number, first, last)
        if round_number % 5 == 4:  # a change to the past, between charts
            past = FIRST_DAY + timedelta(days=rng.randint(0, 400))
            choice = round_number % 3
            if choice == 0:
                feed.record(ride(f"late{round_number}", past, rng.uniform(20, 150), hour=12))
            elif choice == 1:
                feed.delete_activity(f"a{(past - FIRST_DAY).days}")
            else:
                feed.set_threshold(
                    threshold(f"thr_late{round_number}", "ftp", past, watts=rng.uniform(200, 300))
                )
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(training_load_seeds)).scalar_one() > 0


async def test_an_activity_imported_for_a_past_day_changes_that_day_and_every_later_day_at_once(engines):
    engine = engines("analytics")
    feed = EnduranceFeed()
    queries = queries_over(engine, {ACCOUNT: feed})
    feed.set_threshold(threshold("thr_ftp", "ftp", FIRST_DAY, watts=250))
    for n in range(120):
        feed.record(ride(f"act_{n}", FIRST_DAY + timedelta(days=n), 60))
    first, last = FIRST_DAY + timedelta(days=90), FIRST_DAY + timedelta(days=119)
    before = await queries.training_load(ACCOUNT, first.isoformat(), last.isoformat(), "Europe/Amsterdam")
    with engine.connect() as conn:  # the chart left a seed a week before its first day
        seeded = conn.execute(select(training_load_seeds.c.day).distinct()).scalars().all()
    assert seeded == [first - timedelta(days=7)]

    past = FIRST_DAY + timedelta(days=100)
    feed.record(ride("act_import", past, 140, hour=18))
    after = await queries.training_load(ACCOUNT, first.isoformat(), last.isoformat(), "Europe/Amsterdam")
    changed = [b.day for b, a in zip(before.combined, after.combined, strict=True) if b != a]
    assert changed[0] == past and changed == [b.day for b in before.combined if b.day >= past]
    by_day = {d.day: d for d in after.combined}
    assert by_day[past].stress == pytest.approx(200.0)

    # A threshold set now, in force from an earlier day, changes the stress of every ride after it.
    feed.set_threshold(threshold("thr_ftp2", "ftp", FIRST_DAY + timedelta(days=110), watts=200))
    again = await queries.training_load(ACCOUNT, first.isoformat(), last.isoformat(), "Europe/Amsterdam")
    stresses = {d.day: d.stress for d in again.combined}
    assert stresses[FIRST_DAY + timedelta(days=109)] == pytest.approx(60.0)
    assert stresses[FIRST_DAY + timedelta(days=110)] == pytest.approx(60 * 250**2 / 200**2)


async def test_another_account_sees_nothing(engines):
    engine = engines("analytics")
    mine, theirs = EnduranceFeed(), EnduranceFeed()
    queries = queries_over(engine, {ACCOUNT: mine, OTHER: theirs})
    mine.set_threshold(threshold("thr_ftp", "ftp", FIRST_DAY, watts=250))
    mine.record(ride("act_1", date(2026, 3, 2), 100))
    mine.readiness(date(2026, 3, 2), body_weight_kg=70.0)
    assert (await queries.training_load(ACCOUNT, "2026-03-02", "", "")).combined[0].stress == 100.0

    answer = await queries.training_load(OTHER, "2026-03-02", "", "")
    assert answer.by_sport == [] and answer.combined[0].ctl == 0.0 and answer.as_of_sequence == 0
    assert (await queries.activity_stress(OTHER, "2026-01-01", "2026-12-31", "", [])).activities == []
    assert (await queries.readiness_history(OTHER, "2026-01-01", "2026-12-31")).entries == []
    figures = await queries.athlete_figures(OTHER, "2026-03-02", "")
    assert figures.thresholds.ftp_w is None and figures.body_weight_kg is None


async def test_erasure_sweeps_every_endurance_table(engines):
    from services.analytics.adapters.account_erasure import delete_account_rows

    engine = engines("analytics")
    feed = EnduranceFeed()
    queries = queries_over(engine, {ACCOUNT: feed})
    feed.set_threshold(threshold("thr_ftp", "ftp", FIRST_DAY, watts=250))
    for n in range(20):
        feed.record(ride(f"act_{n}", FIRST_DAY + timedelta(days=n), 50) if n else
                    summary("act_0", "ride", at(FIRST_DAY), 3600, power_points={5: 800.0}))  # fmt: skip
    feed.readiness(FIRST_DAY, body_weight_kg=70.0)
    await queries.training_load(ACCOUNT, (FIRST_DAY + timedelta(days=15)).isoformat(), "", "")
    assert all(count(engine, table) for table in ENDURANCE_TABLES)
    with engine.begin() as conn:
        delete_account_rows(conn, ACCOUNT)
    assert [count(engine, table) for table in ENDURANCE_TABLES] == [0] * len(ENDURANCE_TABLES)
