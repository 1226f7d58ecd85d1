"""The reader's readings added for issue 31 (decision 0103), each with its whole reading: units and
decimal commas, RPE and RIR, remarks and trailing names, counts, bare loads, separators, openings,
other languages' words, and names that keep every letter. Refusals that stay refusals are here too."""

from __future__ import annotations

from datetime import date

import pytest

from services.sessions.workout_log.text.parse import NothingToLog, parse_workout_text

TODAY = date(2026, 12, 1)  # a Tuesday


def read(text: str) -> list[tuple[str, int, tuple[object, ...]]]:
    """Each entry's words, its number of sets and its first set's reps, load, unit, RPE, warm-up,
    time and distance."""
    parsed = parse_workout_text(text, default_unit="kg", today=TODAY)
    readings: list[tuple[str, int, tuple[object, ...]]] = []
    for e in parsed.entries:
        first = e.sets[0]
        figures = (
            first.reps,
            first.load,
            first.unit,
            first.rpe,
            first.warmup,
            first.duration_s,
            first.distance_m,
        )
        readings.append((e.words, len(e.sets), figures))
    return readings


def lift(
    reps: int, load: float | None = None, unit: str | None = "kg", rpe: float | None = None
) -> tuple[object, ...]:
    return (reps, load, unit if load is not None else None, rpe, False, None, None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bench 3x5 at 225#", [("bench", 3, lift(5, 225, "lb"))]),
        ("deadlift 405# x 3", [("deadlift", 1, lift(3, 405, "lb"))]),
        ("lateral raises 3x15 at 7,5 kg", [("lateral raises", 3, lift(15, 7.5))]),
        ("bench 3x8 at 80, 2 rir", [("bench", 3, lift(8, 80, rpe=8))]),
        ("rdl 3x10 at 80 3rir", [("rdl", 3, lift(10, 80, rpe=7))]),
        ("squat 3x5 120kg @8 rpe", [("squat", 3, lift(5, 120, rpe=8))]),
        ("deadlifts 3x3 at 180kg felt heavy", [("deadlifts", 3, lift(3, 180))]),
        ("bench 3x5 at 100 paused", [("paused bench", 3, lift(5, 100))]),
        ("3 sets of 12 lunges with 20kg dumbbells", [("dumbbells lunges", 3, lift(12, 20))]),
        ("did 100 push-ups", [("push-ups", 1, lift(100))]),
        ("sqaut 5x5 100", [("sqaut", 5, lift(5, 100))]),
        ("rower 500m x 4", [("rower", 4, (None, None, None, None, False, None, 500.0))]),
        ("Today I squatted 5x5 at 100", [("squatted", 5, lift(5, 100))]),
        (
            "superset: 3x12 bicep curls 15kg and 3x12 tricep pushdowns 20kg",
            [("bicep curls", 3, lift(12, 15)), ("tricep pushdowns", 3, lift(12, 20))],
        ),
        ("squat 5x5 at 100 / bench 3x8 at 80", [("squat", 5, lift(5, 100)), ("bench", 3, lift(8, 80))]),
        ("1. squat 5x5 100\n2. bench 5x5 80", [("squat", 5, lift(5, 100)), ("bench", 5, lift(5, 80))]),
        ("Kniebeugen 3 Sätze à 10 Wiederholungen mit 80 kg", [("kniebeugen", 3, lift(10, 80))]),
        ("développé couché 3x10 à 60 kg", [("développé couché", 3, lift(10, 60))]),
        ("Bankdrücken 3x8 80kg", [("bankdrücken", 3, lift(8, 80))]),
        (
            "squats 5x5 met 100 kg en bankdrukken 5x5 met 80 kg",
            [("squats", 5, lift(5, 100)), ("bankdrukken", 5, lift(5, 80))],
        ),
        ("corrí 5 km en 25 min", [("corrí", 1, (None, None, None, None, False, 1500, 5000.0))]),
        ("bench wu 2x8 at 40, 3x5 at 85", [("bench", 5, (8, 40, "kg", None, True, None, None))]),
        ("3 rounds: 10 pullups, 20 pushups", [("pullups", 3, lift(10)), ("pushups", 3, lift(20))]),
        (
            "circuit: 10 burpees, 20 kb swings at 16, 5 pull-ups x3",
            [("burpees", 3, lift(10)), ("kb swings", 3, lift(20, 16)), ("pull-ups", 3, lift(5))],
        ),
        ("4 rounds of 12 kb swings 24kg", [("kb swings", 4, lift(12, 24))]),
    ],
)
def test_each_new_reading(text: str, expected: list[tuple[str, int, tuple[object, ...]]]) -> None:
    assert read(text) == expected


def test_a_french_yesterday_is_a_day_and_a_german_here_is_not() -> None:
    assert parse_workout_text("hier squat 5x5 à 100 kg", default_unit="kg", today=TODAY).day == date(
        2026, 11, 30
    )
    here = parse_workout_text("hier ist mein Training: Kniebeugen 5x5", default_unit="kg", today=TODAY)
    assert here.day is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("squat 5x5 at 100 failed last rep", "which words name the exercise"),
        ("2 plates squat 5x5", "could not tell what '2' is"),
        ("20 sit-ups x3", "could not tell what '20' is"),
        ("3 rounds of squat 5x5", "an exercise has more than one set a round"),
        ("squat 5x5 at 100, felt great", "'felt great' has no sets"),
    ],
)
def test_what_stays_refused(text: str, reason: str) -> None:
    with pytest.raises(NothingToLog) as refused:
        parse_workout_text(text, default_unit="kg", today=TODAY)
    assert reason in refused.value.reason
