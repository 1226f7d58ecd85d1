"""Workout text as people type it, read into the day, exercises and sets; and what is refused.

Each row is one phrasing and its whole expected reading, so a grammar change that moves any figure
of any phrasing fails here. The rules: docs/decisions/0045-log-text-parsing.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest

from services.sessions.workout_log.text.parse import (
    MAX_TEXT_CHARS,
    NothingToLog,
    ParsedEntry,
    ParsedSet,
    ParsedWorkout,
    Unit,
    parse_workout_text,
)

TODAY = date(2026, 12, 1)  # a Tuesday


def sets(count: int = 1, **fields: Any) -> tuple[ParsedSet, ...]:
    """``count`` identical sets; fields not given are empty (a bodyweight set of nothing)."""
    values: dict[str, Any] = {
        "reps": None,
        "load": None,
        "unit": None,
        "duration_s": None,
        "distance_m": None,
        "rpe": None,
        "warmup": False,
        "estimated": False,
    }
    values.update(fields)
    return (ParsedSet(**values),) * count


def entry(words: str, *groups: tuple[ParsedSet, ...]) -> ParsedEntry:
    return ParsedEntry(words, tuple(parsed for group in groups for parsed in group))


@dataclass(frozen=True)
class Phrasing:
    text: str
    entries: tuple[ParsedEntry, ...]
    day: date | None = None
    default_unit: Unit = "kg"


def kg(reps: int, load: float, count: int = 1, **fields: Any) -> tuple[ParsedSet, ...]:
    return sets(count, reps=reps, load=load, unit="kg", **fields)


def lb(reps: int, load: float, count: int = 1, **fields: Any) -> tuple[ParsedSet, ...]:
    return sets(count, reps=reps, load=load, unit="lb", **fields)


def bodyweight(reps: int, count: int = 1, **fields: Any) -> tuple[ParsedSet, ...]:
    return sets(count, reps=reps, **fields)


SQUAT_AND_BENCH = (entry("squat", kg(5, 100, 3)), entry("bench", kg(8, 80, 3)))

PHRASINGS = [
    # The contract's own examples and the everyday shapes.
    Phrasing(
        "squat 5x5 at 225, bench 3x8 at 185",
        (entry("squat", lb(5, 225, 5)), entry("bench", lb(8, 185, 3))),
        default_unit="lb",
    ),
    Phrasing(
        "bench 3x8 at 185, then 3x10 dips", (entry("bench", kg(8, 185, 3)), entry("dips", bodyweight(10, 3)))
    ),
    Phrasing("3x10 dips", (entry("dips", bodyweight(10, 3)),)),
    Phrasing("deadlift 1x5 @ 140kg", (entry("deadlift", kg(5, 140)),)),
    Phrasing("squat 5/5/5 at 100", (entry("squat", kg(5, 100, 3)),)),
    Phrasing("bench 80x8, 85x6, 90x4", (entry("bench", kg(8, 80), kg(6, 85), kg(4, 90)),)),
    Phrasing("pull-ups 3 sets of 8-10", (entry("pull-ups", bodyweight(8, 3, estimated=True)),)),
    Phrasing("plank 3x60s", (entry("plank", sets(3, duration_s=60)),)),
    Phrasing("row 2000m 7:45", (entry("row", sets(duration_s=465, distance_m=2000.0)),)),
    Phrasing("5x5 squat at 100", (entry("squat", kg(5, 100, 5)),)),
    # Units: written ones win, the default fills in.
    Phrasing("squat 3x5 at 100kgs", (entry("squat", kg(5, 100, 3)),), default_unit="lb"),
    Phrasing("bench 3x8 at 185 lbs", (entry("bench", lb(8, 185, 3)),)),
    Phrasing("bench 3x8 @ 185lb", (entry("bench", lb(8, 185, 3)),)),
    Phrasing("squat 3x5 at 100 kilos", (entry("squat", kg(5, 100, 3)),), default_unit="lb"),
    Phrasing("squat 3x5 at 225", (entry("squat", lb(5, 225, 3)),), default_unit="lb"),
    Phrasing("squat 1x5 at 102.5", (entry("squat", kg(5, 102.5)),)),
    Phrasing("lateral raise 3x12 at 7.5kg", (entry("lateral raise", kg(12, 7.5, 3)),)),
    # RPE: "@N" up to 10 without a unit, "rpe N"; a load otherwise.
    Phrasing("squat 3x5 @8", (entry("squat", bodyweight(5, 3, rpe=8.0)),)),
    Phrasing("squat 3x5 at 100 rpe 8", (entry("squat", kg(5, 100, 3, rpe=8.0)),)),
    Phrasing("squat 3x5 at 100 @ rpe 8.5", (entry("squat", kg(5, 100, 3, rpe=8.5)),)),
    Phrasing("bench 3x5 @ 100 @9", (entry("bench", kg(5, 100, 3, rpe=9.0)),)),
    Phrasing("squat 3x5 at 100kg @ 8", (entry("squat", kg(5, 100, 3, rpe=8.0)),)),
    Phrasing("squat 5x5 at 100 (rpe8)", (entry("squat", kg(5, 100, 5, rpe=8.0)),)),
    Phrasing("bench 60x10 @7, 80x5 @8.5", (entry("bench", kg(10, 60, rpe=7.0), kg(5, 80, rpe=8.5)),)),
    # Warm-ups.
    Phrasing(
        "warmup 2x5 at 60 then squat 3x5 at 100",
        (entry("squat", kg(5, 60, 2, warmup=True), kg(5, 100, 3)),),
    ),
    Phrasing("squat 2x5 at 60 warm-up", (entry("squat", kg(5, 60, 2, warmup=True)),)),
    Phrasing(
        "w/u squat 2x5 at 60, 3x5 at 100",
        (entry("squat", kg(5, 60, 2, warmup=True), kg(5, 100, 3)),),
    ),
    Phrasing(
        "squat warm up 2x5 at 60; squat 3x5 at 100",
        (entry("squat", kg(5, 60, 2, warmup=True), kg(5, 100, 3)),),
    ),
    Phrasing(
        "Warm-ups:\n2x5 at 40\nSquat 3x5 at 100",
        (entry("squat", kg(5, 40, 2, warmup=True), kg(5, 100, 3)),),
    ),
    # Every separator between exercises.
    Phrasing("squat 3x5 at 100, bench 3x8 at 80", SQUAT_AND_BENCH),
    Phrasing("squat 3x5 at 100 then bench 3x8 at 80", SQUAT_AND_BENCH),
    Phrasing("squat 3x5 at 100 and bench 3x8 at 80", SQUAT_AND_BENCH),
    Phrasing("squat 3x5 at 100\nbench 3x8 at 80", SQUAT_AND_BENCH),
    Phrasing("squat 3x5 at 100; bench 3x8 at 80", SQUAT_AND_BENCH),
    Phrasing("Squat 3x5 @ 100kg. Bench 3x8 @ 80kg.", SQUAT_AND_BENCH),
    Phrasing("- squat 3x5 at 100\n- bench 3x8 at 80", SQUAT_AND_BENCH),
    Phrasing("squat\n3x5 at 100\nbench\n3x8 at 80", SQUAT_AND_BENCH),
    Phrasing("SQUAT 3X5 AT 100, BENCH 3X8 AT 80", SQUAT_AND_BENCH),
    Phrasing("squat 3 \u00d7 5 at 100, bench 3 * 8 at 80", SQUAT_AND_BENCH),
    # "and" inside a name is kept.
    Phrasing("clean and press 3x5 at 40", (entry("clean and press", kg(5, 40, 3)),)),
    # Bodyweight and added weight.
    Phrasing("pull-ups 3x8", (entry("pull-ups", bodyweight(8, 3)),)),
    Phrasing("pull-ups 3x8 bw", (entry("pull-ups", bodyweight(8, 3)),)),
    Phrasing("chin-ups 3x6 @ bodyweight", (entry("chin-ups", bodyweight(6, 3)),)),
    Phrasing("bw squat 3x20", (entry("bw squat", bodyweight(20, 3)),)),
    Phrasing("dips 3x8 +20kg", (entry("dips", kg(8, 20, 3)),)),
    Phrasing("weighted pull-ups 3x5 +10", (entry("weighted pull-ups", kg(5, 10, 3)),)),
    Phrasing("pull-ups bw+10kg 3x5", (entry("pull-ups", kg(5, 10, 3)),)),
    # Days, anywhere in the text; today is Tuesday 2026-12-01.
    Phrasing("yesterday: squat 5x5 at 100", (entry("squat", kg(5, 100, 5)),), day=date(2026, 11, 30)),
    Phrasing("squat 5x5 at 100 yesterday", (entry("squat", kg(5, 100, 5)),), day=date(2026, 11, 30)),
    Phrasing("today squat 3x5 at 100", (entry("squat", kg(5, 100, 3)),), day=TODAY),
    Phrasing("monday: bench 3x5 at 80", (entry("bench", kg(5, 80, 3)),), day=date(2026, 11, 30)),
    Phrasing("Tuesday bench 3x5 at 80", (entry("bench", kg(5, 80, 3)),), day=TODAY),
    Phrasing("last tuesday bench 3x5 at 80", (entry("bench", kg(5, 80, 3)),), day=date(2026, 11, 24)),
    Phrasing("last friday deadlift 1x5 at 180", (entry("deadlift", kg(5, 180)),), day=date(2026, 11, 27)),
    Phrasing("on 2026-11-28 squat 1x3 at 150", (entry("squat", kg(3, 150)),), day=date(2026, 11, 28)),
    Phrasing(
        "3 days ago: run 5k 25:00",
        (entry("run", sets(distance_m=5000.0, duration_s=1500)),),
        day=date(2026, 11, 28),
    ),
    Phrasing(
        "last night squat 3x5 at 100, yesterday bench 3x8 at 80", SQUAT_AND_BENCH, day=date(2026, 11, 30)
    ),
    # Loads and reps together.
    Phrasing("squat 3x5x100", (entry("squat", kg(5, 100, 3)),)),
    Phrasing("225x5x3 squat", (entry("squat", lb(5, 225, 3)),), default_unit="lb"),
    Phrasing("bench 185 for 8", (entry("bench", lb(8, 185)),), default_unit="lb"),
    Phrasing("bench 100kg x 5", (entry("bench", kg(5, 100)),)),
    Phrasing("bench 100 x 5", (entry("bench", kg(5, 100)),)),
    Phrasing("squat 100kg for 3x5", (entry("squat", kg(5, 100, 3)),)),
    Phrasing("curl 10x10 at 12.5", (entry("curl", kg(10, 12.5, 10)),)),
    Phrasing("bench 3 sets of 5 at 100", (entry("bench", kg(5, 100, 3)),)),
    Phrasing("squat 3 sets x 5 at 100", (entry("squat", kg(5, 100, 3)),)),
    Phrasing("bench 3x5 at 100, 1x8 at 80", (entry("bench", kg(5, 100, 3), kg(8, 80)),)),
    Phrasing("Squat:\n100x5\n110x5\n120x3", (entry("squat", kg(5, 100), kg(5, 110), kg(3, 120)),)),
    Phrasing("pull-ups 8/8/7", (entry("pull-ups", bodyweight(8, 2), bodyweight(7)),)),
    Phrasing("squat 10 reps at 60", (entry("squat", kg(10, 60)),)),
    Phrasing("lunges 3x10 each leg at 20kg", (entry("lunges", kg(10, 20, 3)),)),
    # Rep ranges and estimates: the lower end, marked estimated.
    Phrasing("bench 3x8-10 at 60", (entry("bench", kg(8, 60, 3, estimated=True)),)),
    Phrasing("bench 8-10 reps at 60", (entry("bench", kg(8, 60, estimated=True)),)),
    Phrasing("curl 3x10 at about 20", (entry("curl", kg(10, 20, 3, estimated=True)),)),
    Phrasing("row 2000m ~8:00", (entry("row", sets(distance_m=2000.0, duration_s=480, estimated=True)),)),
    # Times and distances.
    Phrasing("plank 60s 45s", (entry("plank", sets(duration_s=60), sets(duration_s=45)),)),
    Phrasing("plank 3 sets of 45 seconds", (entry("plank", sets(3, duration_s=45)),)),
    Phrasing("plank +10kg 3x30s", (entry("plank", sets(3, duration_s=30, load=10.0, unit="kg")),)),
    Phrasing("dead hang 1 min 30 s", (entry("dead hang", sets(duration_s=90)),)),
    Phrasing("run 5k in 25 min", (entry("run", sets(distance_m=5000.0, duration_s=1500)),)),
    Phrasing("run 30 min", (entry("run", sets(duration_s=1800)),)),
    Phrasing("run 1 mile", (entry("run", sets(distance_m=1609.344)),)),
    Phrasing("row 2,000m 7:45", (entry("row", sets(distance_m=2000.0, duration_s=465)),)),
    Phrasing(
        "row 2000m 7:45 500m 1:40",
        (entry("row", sets(distance_m=2000.0, duration_s=465), sets(distance_m=500.0, duration_s=100)),),
    ),
    Phrasing("run 4x400m", (entry("run", sets(4, distance_m=400.0)),)),
    Phrasing("ski erg 500m 1:45", (entry("ski erg", sets(distance_m=500.0, duration_s=105)),)),
    Phrasing(
        "farmer walk 3x40m at 32kg", (entry("farmer walk", sets(3, distance_m=40.0, load=32.0, unit="kg")),)
    ),
    Phrasing("bike 1:02:03", (entry("bike", sets(duration_s=3723)),)),
    # Lead-ins and remarks that say nothing about the sets.
    Phrasing("did 3x10 push-ups", (entry("push-ups", bodyweight(10, 3)),)),
    Phrasing("I did squat 3x5 at 100, also 3x8 bench at 80", SQUAT_AND_BENCH),
    Phrasing("Back squat 3x5 at 140 kg (felt heavy)", (entry("back squat", kg(5, 140, 3)),)),
]


@pytest.mark.parametrize("phrasing", PHRASINGS, ids=[phrasing.text for phrasing in PHRASINGS])
def test_each_phrasing_reads_as_expected(phrasing: Phrasing) -> None:
    expected = ParsedWorkout(day=phrasing.day, entries=phrasing.entries)
    assert parse_workout_text(phrasing.text, default_unit=phrasing.default_unit, today=TODAY) == expected


def test_the_table_is_large_and_has_no_repeats() -> None:
    texts = [phrasing.text for phrasing in PHRASINGS]
    assert len(texts) >= 60
    assert len(set(texts)) == len(texts)


REFUSALS = [
    ("", "empty"),
    ("   \n ", "empty"),
    ("felt great today", "no sets found"),
    ("leg day", "no sets found"),
    ("5/5/5 at 100", "names no exercise"),
    ("squat 5x5 at 100 at 120", "two loads"),
    ("squat 3x5 at 100 bw", "two loads"),
    ("squat 3x5 @8 rpe 9", "two RPEs"),
    ("squat 100 5x5", "could not tell what '100' is"),
    ("squat 5x5 at 100 (5 felt easy)", "could not tell what '5' is"),
    ("squat at 100", "belongs to no sets"),
    ("squat 3 sets", "of what"),
    ("leg day\nsquat 5x5 at 100", "'leg day' has no sets"),
    ("run 4x400m 1:30", "which sets '1:30' belongs to"),
    ("squat 5x5 60s", "which sets"),
    ("squat 5 x 100kg", "write the load first"),
    ("squat 1x1001", "reps go from 1 to 1000"),
    ("squat 3x0", "reps go from 1 to 1000"),
    ("bench 3x8.5", "whole numbers"),
    ("squat 10-8 reps", "low to high"),
    ("squat 0x5", "number of sets"),
    ("squat 60 sets of 5", "number of sets"),
    ("squat 5x5 at 1001kg", "up to 1000 kg"),
    ("bench 3x5 at 2300 lb", "up to 1000 kg"),
    ("squat 3x5 at 0", "above 0"),
    ("squat 3x5 rpe 11", "RPE goes from 1 to 10"),
    ("squat 3x5 rpe 0.5", "RPE goes from 1 to 10"),
    ("squat 5x5 at 70%", "percentage"),
    ("squat 3x5 @", "'@'"),
    ("warm up 10 min then squat 3x5 at 100", "say what the warm-up was"),
    ("plank 1x25 hours", "24 hours"),
    ("run 600 km", "500 km"),
    ("monday squat 3x5 at 100, friday bench 3x5 at 80", "more than one day"),
    ("2026-12-05 squat 3x5 at 100", "after today"),
    ("2026-02-30 squat 3x5 at 100", "not a date"),
    ("squat 3x5 at 100 " * 400, f"longer than {MAX_TEXT_CHARS}"),
]


@pytest.mark.parametrize(("text", "reason"), REFUSALS, ids=[text[:40] for text, _ in REFUSALS])
def test_each_unsure_text_is_refused_saying_why(text: str, reason: str) -> None:
    with pytest.raises(NothingToLog) as refused:
        parse_workout_text(text, default_unit="kg", today=TODAY)
    assert reason in refused.value.reason
    assert str(refused.value) == refused.value.reason


def test_a_weekday_said_on_that_weekday_is_today_and_last_one_is_a_week_ago() -> None:
    said = "sunday squat 3x5 at 100"
    sunday = date(2026, 11, 29)
    assert parse_workout_text(said, default_unit="kg", today=sunday).day == sunday
    last = parse_workout_text(f"last {said}", default_unit="kg", today=sunday).day
    assert last == date(2026, 11, 22)


def test_naming_the_same_day_twice_is_no_contradiction() -> None:
    workout = parse_workout_text(
        "yesterday squat 3x5 at 100, monday bench 3x8 at 80", default_unit="kg", today=TODAY
    )
    assert workout.day == date(2026, 11, 30)
