"""The 17 events of the plan contract ("all 17 race distances and durations", decision 0065)."""

from __future__ import annotations

from knowledge.endurance.running import MARATHON_M
from services.training.plans.generator import EVENTS, EVENTS_BY_ID, REQUEST_SCHEMA


def test_there_are_exactly_17_events_with_distinct_ids() -> None:
    assert len(EVENTS) == 17
    assert len(EVENTS_BY_ID) == 17
    assert list(EVENTS_BY_ID) == [event.id for event in EVENTS]


def test_fourteen_are_distances_in_order_and_three_are_timed() -> None:
    distances = [event.distance_m for event in EVENTS if event.distance_m is not None]
    timed = [event.duration_s for event in EVENTS if event.duration_s is not None]
    assert len(distances) == 14 and distances == sorted(distances)
    assert timed == [6 * 3600, 12 * 3600, 24 * 3600]
    for event in EVENTS:
        assert (event.distance_m is None) != (event.duration_s is None)


def test_the_classic_distances_of_the_issue_are_all_there() -> None:
    assert {
        "MILE", "5K", "10K", "15K", "10_MILE", "HALF_MARATHON", "MARATHON", "50K", "50_MILE", "100K",
        "100_MILE", "6H", "12H", "24H",
    } <= set(EVENTS_BY_ID)  # fmt: skip
    assert EVENTS_BY_ID["MARATHON"].distance_m == MARATHON_M
    assert EVENTS_BY_ID["100_MILE"].distance_m == 160_934.4


def test_each_event_is_self_consistent() -> None:
    for event in EVENTS:
        assert event.taper_weeks + 3 <= event.min_weeks <= event.max_weeks, event.id
        beginner, intermediate, advanced = event.peak_km
        assert beginner < intermediate < advanced, event.id
        assert event.ultra == (event.id in {"50K", "50_MILE", "100K", "100_MILE", "6H", "12H", "24H"})


def test_longer_events_taper_longer_and_allow_longer_long_runs() -> None:
    by_id = EVENTS_BY_ID
    assert by_id["5K"].taper_weeks < by_id["HALF_MARATHON"].taper_weeks < by_id["MARATHON"].taper_weeks
    assert by_id["5K"].long_run_km < by_id["HALF_MARATHON"].long_run_km < by_id["MARATHON"].long_run_km
    assert by_id["MARATHON"].long_run_minutes == 180
    assert by_id["100_MILE"].long_run_minutes > by_id["50K"].long_run_minutes


def test_the_published_schema_lists_the_17_events() -> None:
    assert REQUEST_SCHEMA["properties"]["event"]["enum"] == [event.id for event in EVENTS]
