"""Zone times filled in when thresholds arrive after the activities (decision 0088), on a real
sessions server over SQLite and PostgreSQL.

The ride is a constant 200 W and 150 bpm for 1 200 s (1 201 samples): with an FTP of 250 W it is all
power zone 3 (80 %); with a threshold heart rate of 160 bpm all heart-rate zone 3 (144-150.4 bpm).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kinetic.sessions.v1 import endurance_pb2 as en
from tests.integration.sessions.endurance_support import constant_ride, endurance_stack, summary
from tests.integration.sessions.session_support import ACCOUNT

ZONE_3_POWER = [(1, 0), (2, 0), (3, 1201), (4, 0), (5, 0), (6, 0), (7, 0)]
ZONE_3_HEART_RATE = [(1, 0), (2, 0), (3, 1200), (4, 0), (5, 0), (6, 0)]


@pytest.fixture
async def stack(engines, tmp_path):
    async with endurance_stack(engines, tmp_path) as running:
        yield running


async def figures_of(stack, activity_id: str) -> en.ActivityFigures:
    request = en.GetActivityRequest(account_id=ACCOUNT, activity_id=activity_id)
    return (await stack.endurance.GetActivity(request)).activity.summary.figures


def zones(listed) -> list[tuple[int, int]]:
    return [(zone.zone, zone.seconds) for zone in listed]


async def test_thresholds_set_after_the_import_fill_in_the_zone_times_the_activities_lack(stack):
    ride = (
        await stack.import_file(constant_ride(datetime(2026, 6, 10, 7, tzinfo=UTC), 1200, 200, 150))
    ).activity
    before = (
        await stack.import_file(constant_ride(datetime(2026, 5, 20, 7, tzinfo=UTC), 1200, 200, 150))
    ).activity
    assert zones(ride.figures.power_zones) == [] and zones(ride.figures.heart_rate_zones) == []
    changes = len(await stack.feed())

    await stack.set_threshold(kind="ftp", effective_day="2026-06-01", watts=250)

    figures = await figures_of(stack, ride.activity_id)
    assert (zones(figures.power_zones), figures.ftp_w) == (ZONE_3_POWER, 250)
    assert zones(figures.heart_rate_zones) == []  # no heart-rate threshold yet
    assert zones((await figures_of(stack, before.activity_id)).power_zones) == []  # before the FTP's day
    feed = await stack.feed()
    # The threshold's change, then the filled ride's, for analytics to follow.
    assert [(c.kind, c.record_id) for c in feed[changes:]][1:] == [("activity.recorded", ride.activity_id)]

    await stack.set_threshold(kind="threshold_hr", effective_day="2026-06-01", bpm=160)

    figures = await figures_of(stack, ride.activity_id)
    assert (zones(figures.heart_rate_zones), figures.threshold_hr) == (ZONE_3_HEART_RATE, 160)
    assert (zones(figures.power_zones), figures.ftp_w) == (ZONE_3_POWER, 250)


async def test_zone_times_already_there_are_kept_when_a_threshold_changes(stack):
    await stack.set_threshold(kind="ftp", effective_day="2026-06-01", watts=250)
    ride = (
        await stack.import_file(constant_ride(datetime(2026, 6, 10, 7, tzinfo=UTC), 1200, 200, 150))
    ).activity
    changes = len(await stack.feed())

    await stack.set_threshold(kind="ftp", effective_day="2026-06-01", watts=400)

    figures = await figures_of(stack, ride.activity_id)
    assert (zones(figures.power_zones), figures.ftp_w) == (ZONE_3_POWER, 250)  # decision 0054 stands
    assert [c.kind for c in (await stack.feed())[changes:]] == ["threshold.set"]


async def test_a_summary_without_streams_and_a_threshold_of_another_kind_fill_nothing(stack):
    recorded = await stack.endurance.RecordActivity(
        en.RecordActivityRequest(account_id=ACCOUNT, activity=summary(avg_hr=150))
    )
    ride = (
        await stack.import_file(constant_ride(datetime(2026, 6, 10, 7, tzinfo=UTC), 1200, 200, 150))
    ).activity
    changes = len(await stack.feed())

    await stack.set_threshold(kind="threshold_pace", effective_day="2026-01-01", seconds_per_km=240)
    assert zones((await figures_of(stack, ride.activity_id)).power_zones) == []
    await stack.set_threshold(kind="resting_hr", effective_day="2026-01-01", bpm=50)
    await stack.set_threshold(kind="max_hr", effective_day="2026-01-01", bpm=190)

    assert zones((await figures_of(stack, recorded.activity.activity_id)).heart_rate_zones) == []
    assert (
        sum(seconds for _, seconds in zones((await figures_of(stack, ride.activity_id)).heart_rate_zones))
        == 1200
    )
    assert [(c.kind, c.record_id) for c in (await stack.feed())[changes:] if c.kind != "threshold.set"] == [
        ("activity.recorded", ride.activity_id)
    ]
