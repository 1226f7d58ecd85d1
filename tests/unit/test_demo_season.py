"""The demo account's endurance season (services/sessions/endurance/activity_files/demo_season.py)."""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta

from knowledge.endurance.power import normalized_power
from services.sessions.endurance.activity_files.demo_season import (
    MAX_HR,
    RESTING_HR,
    WEEKS,
    demo_readiness,
    demo_season,
    season_start,
)

TODAY = date(2026, 12, 1)  # a Tuesday


def test_the_season_is_twelve_whole_weeks_and_this_week_so_far_oldest_first():
    activities = list(demo_season(TODAY))
    days = [a.start.date() for a in activities]
    assert days == sorted(days)
    assert season_start(TODAY) == date(2026, 9, 7) and season_start(TODAY).weekday() == 0
    assert days[0] == date(2026, 9, 8) and days[-1] == TODAY
    weeks = Counter((day - season_start(TODAY)).days // 7 for day in days)
    assert [weeks[w] for w in range(WEEKS)] == [5] * WEEKS and weeks[WEEKS] == 1  # only Tuesday's run yet
    assert Counter(a.sport for a in activities[:-1]) == {"run": 36, "ride": 24}


def test_every_activity_has_whole_1_hz_streams_within_physiological_bounds():
    for activity in demo_season(TODAY):
        streams = activity.streams
        length = int(activity.duration_s) + 1
        columns = (streams.power, streams.heart_rate, streams.speed_mps, streams.cadence, streams.distance_m)
        assert {len(column) for column in (streams.time_s, *columns)} == {length}
        assert all(RESTING_HR <= hr <= MAX_HR for hr in streams.heart_rate if hr is not None)
        assert activity.distance_m == streams.distance_m[-1]
        if activity.sport == "ride":
            assert all(p is not None and p >= 0 for p in streams.power)
            np = normalized_power(streams.power)
            assert np is not None and activity.avg_power_w is not None and np >= activity.avg_power_w
        else:
            assert set(streams.power) == {None}


def test_the_same_day_gives_the_same_season_and_each_activity_its_own_source_key():
    first = [(a.source_key, a.avg_hr, a.distance_m) for a in demo_season(TODAY)]
    again = [(a.source_key, a.avg_hr, a.distance_m) for a in demo_season(TODAY)]
    assert first == again
    assert len({key for key, _, _ in first}) == len(first)


def test_readiness_covers_every_day_and_a_hard_day_shows_the_morning_after():
    entries = list(demo_readiness(TODAY))
    assert [e.day for e in entries] == [season_start(TODAY) + timedelta(days=n) for n in range(len(entries))]
    assert entries[-1].day == TODAY
    after_long_runs = [e for e in entries if e.day.weekday() == 0 and e.day > season_start(TODAY)]
    # Hard days are Tuesday, Saturday and Sunday; Tuesday and Friday mornings follow easy days.
    rest_mornings = [e for e in entries if e.day.weekday() in (1, 4)]
    average = lambda values: sum(values) / len(values)  # noqa: E731
    assert average([e.hrv_ms for e in after_long_runs]) < average([e.hrv_ms for e in rest_mornings])
    assert average([e.resting_hr for e in after_long_runs]) > average([e.resting_hr for e in rest_mornings])
