"""Comparable sessions, hand-computed: pace from sets with distance and time, rounds as the fewest
completed sets among a block's exercises, and each figure's change against the previous session."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from services.analytics.domain.comparable import (
    BlockRounds,
    LoggedSet,
    distance_and_pace,
    session_figures,
    with_changes,
)
from services.analytics.domain.lifting import SetFact
from services.analytics.domain.training_facts import BlockFact, MovementFact, WorkoutFact

START = datetime(2026, 3, 2, 7, tzinfo=UTC)
LINKS = {"64b64c0f2f5f4c0012345679": "pull-up"}  # a gym exercise mapped to the catalog's pull-up


def logged(
    exercise_id: str,
    number: int,
    *,
    meters: float | None = None,
    seconds: float | None = None,
    completed: bool = True,
    set_type: str = "N",
    estimated: bool = False,
) -> LoggedSet:
    fact = SetFact(f"p-{exercise_id}", number, set_type, None, None, completed, estimated, seconds, meters)
    return LoggedSet(exercise_id, fact)


def matches(logged_id: str, movement_id: str) -> bool:
    return logged_id == movement_id or LINKS.get(logged_id) == movement_id


def crossfit() -> WorkoutFact:
    """Block b1 (AMRAP) holds burpee and pull-up; b2 (for time) holds row; the run is outside both."""
    return WorkoutFact(
        "w1",
        "3.muse",
        "Engine",
        "crossFit",
        "",
        "",
        (
            MovementFact("m1", "burpee", 0, "b1"),
            MovementFact("m2", "pull-up", 1, "b1"),
            MovementFact("m3", "rowing", 2, "b2"),
            MovementFact("m4", "running", 3, None),
        ),
        (BlockFact("b1", 0, "amrap", 5, 1200), BlockFact("b2", 1, "forTime", 5, 1200)),
    )


def test_pace_counts_only_completed_measured_working_sets_with_distance_and_time():
    sets = [
        logged("running", 1, meters=1000, seconds=300),
        logged("running", 2, meters=2000, seconds=660),
        logged("running", 3, meters=500, seconds=200, set_type="W"),  # warm-up
        logged("running", 4, meters=1000, seconds=250, estimated=True),  # not measured
        logged("running", 5, meters=400),  # no time: would skew the pace
        logged("running", 6, meters=1000, seconds=200, completed=False),
    ]
    distance, pace = distance_and_pace(sets)
    assert distance == 3000  # 1000 + 2000
    assert pace == 320  # (300 + 660) s over 3 km
    assert distance_and_pace([logged("running", 1, meters=400)]) == (None, None)


def test_rounds_are_the_fewest_completed_sets_among_the_block_exercises():
    sets = [
        *(logged("burpee", n) for n in range(1, 6)),  # 5 done
        logged("burpee", 6, completed=False),
        *(logged("64b64c0f2f5f4c0012345679", n) for n in range(1, 5)),  # 4 done, as the mapped pull-up
        logged("64b64c0f2f5f4c0012345679", 5, set_type="W"),
    ]
    figures = session_figures(crossfit(), "s1", START, START + timedelta(minutes=25), sets, matches)
    assert figures.rounds == (
        BlockRounds("b1", "amrap", 4),  # min(5 burpees, 4 pull-ups)
        BlockRounds("b2", "forTime", 0),  # the row was not logged at all
    )
    assert figures.duration_seconds == 1500
    assert (figures.distance_meters, figures.pace_seconds_per_km) == (None, None)
    open_ended = session_figures(crossfit(), "s2", START, None, sets, matches)
    assert open_ended.duration_seconds is None


def test_changes_are_this_session_minus_the_previous():
    workout = crossfit()
    first = session_figures(
        workout,
        "s1",
        START,
        START + timedelta(minutes=30),
        [logged("burpee", 1), logged("pull-up", 1), logged("running", 1, meters=2000, seconds=600)],
        matches,
    )
    second = session_figures(
        workout,
        "s2",
        START + timedelta(days=7),
        START + timedelta(days=7, minutes=27),
        [
            *(logged("burpee", n) for n in (1, 2, 3)),
            *(logged("pull-up", n) for n in (1, 2, 3)),
            logged("rowing", 1),
            logged("running", 1, meters=2500, seconds=700),
        ],
        matches,
    )
    third = session_figures(workout, "s3", START + timedelta(days=14), None, [], matches)
    a, b, c = with_changes([first, second, third])
    assert a == first  # the first has nothing to compare with
    assert b.duration_change_seconds == -180  # 1620 - 1800
    assert b.distance_change_meters == 500  # 2500 - 2000
    assert b.pace_seconds_per_km == 280  # 700 s over 2.5 km
    assert b.pace_change_seconds_per_km == -20  # 280 - 300: faster
    assert b.rounds == (BlockRounds("b1", "amrap", 3, 2), BlockRounds("b2", "forTime", 1, 1))
    assert (c.duration_change_seconds, c.distance_change_meters, c.pace_change_seconds_per_km) == (
        None,
        None,
        None,
    )
    assert c.rounds == (BlockRounds("b1", "amrap", 0, -3), BlockRounds("b2", "forTime", 0, -1))
