"""The 17 events of the plan contract ("all 17 race distances and durations", decision 0065)."""

from __future__ import annotations

from knowledge.endurance.running import MARATHON_M
from knowledge.plan_safety.long_run_caps import LONG_RUN_CAPS, long_run_cap
from services.training.plans.generator import EVENTS, EVENTS_BY_ID, EXPERIENCES, REQUEST_SCHEMA


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
    for level in EXPERIENCES:
        cap = {
            event: long_run_cap(event, level)
            for event in ("5K", "HALF_MARATHON", "MARATHON", "50K", "100_MILE")
        }
        assert cap["5K"].km < cap["HALF_MARATHON"].km < cap["MARATHON"].km
        assert cap["MARATHON"].minutes == 180
        assert cap["100_MILE"].minutes > cap["50K"].minutes


def test_the_long_run_table_has_every_event_and_level() -> None:
    """One table for the generator and the safety engine (decision 0114): a cell for each of the 17
    events at each level, none allowing less than the contract's 35 % nor half the week."""
    assert set(LONG_RUN_CAPS) == set(EVENTS_BY_ID)
    for cells in LONG_RUN_CAPS.values():
        assert set(cells) == set(EXPERIENCES)
        assert all(35 <= cell.share_pct < 50 for cell in cells.values())


def test_the_published_schema_lists_the_17_events() -> None:
    assert REQUEST_SCHEMA["properties"]["event"]["enum"] == [event.id for event in EVENTS]
