"""Targets, run progress and the program match, worked through with small logs."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from datetime import date, timedelta
from typing import Any

import pytest

from knowledge.training.programs import (
    LoggedEntry,
    LoggedSession,
    LoggedSet,
    Program,
    get_program,
    program_progress,
    program_targets,
    suggest_program_match,
)
from knowledge.training.programs.matching import MIN_MATCH_SCORE
from knowledge.training.programs.model import TIMES
from knowledge.training.programs.targets import ExerciseTarget, round_load

MONDAY = date(2026, 11, 2)
SQUAT, BENCH, ROW = "barbell-back-squat", "barbell-bench-press", "barbell-bent-over-row"
PRESS, DEADLIFT = "overhead-press", "barbell-deadlift"


def sets(load: float | None, *reps: int, warmups: Sequence[tuple[int, float]] = ()) -> LoggedEntry:
    """Working sets at one load (the entry's exercise is filled in by ``entry``)."""
    warm = tuple(LoggedSet(count, kg, warmup=True) for count, kg in warmups)
    return LoggedEntry("", warm + tuple(LoggedSet(count, load) for count in reps))


def entry(exercise_id: str, logged: LoggedEntry) -> LoggedEntry:
    return dataclasses.replace(logged, exercise_id=exercise_id)


def session(
    number: int, day_key: str | None, entries: dict[str, LoggedEntry], on: date | None = None
) -> LoggedSession:
    day = on or MONDAY + timedelta(days=2 * number)
    return LoggedSession(
        f"w{number}", day, day_key, tuple(entry(exercise_id, e) for exercise_id, e in entries.items())
    )


def five_by_five(number: int, day_key: str, load: float, on: date | None = None) -> LoggedSession:
    """A whole 5x5 day as written, every lift at ``load``."""
    program = get_program("kp:five-by-five")
    day = next(d for d in program.days if d.key == day_key)
    return session(number, day_key, {p.exercise_id: sets(load, *([5] * p.sets)) for p in day.exercises}, on)


def target(program: Program, day_key: str, exercise_id: str, **kwargs: Any) -> ExerciseTarget:
    kwargs.setdefault("starting_loads_kg", {})
    kwargs.setdefault("logged", [])
    result = program_targets(program, **kwargs)
    day = next(d for d in result.days if d.key == day_key)
    return next(e for e in day.exercises if e.exercise_id == exercise_id)


def strings(value: Any) -> Iterator[str]:
    """Every string inside a result, however deeply nested."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from strings(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from strings(item)


# Targets


def test_without_a_starting_load_or_a_log_there_is_no_number() -> None:
    found = target(get_program("kp:five-by-five"), "A", SQUAT)
    assert found.load_kg is None and found.basis == "none"
    assert set(found.set_loads_kg) == {None}
    assert "log a session of Barbell Back Squat or give a starting load" in found.how


def test_a_starting_load_is_rounded_to_two_and_a_half_kilograms_and_says_so() -> None:
    found = target(get_program("kp:five-by-five"), "A", SQUAT, starting_loads_kg={SQUAT: 61.0})
    assert found.load_kg == 60.0 and found.basis == "starting_load"
    assert found.how == "From the starting load you gave, 61 kg. Rounded to 60 kg (nearest 2.5 kg)."


@pytest.mark.parametrize(("kg", "rounded"), [(61.0, 60.0), (61.25, 62.5), (63.7, 62.5), (100.0, 100.0)])
def test_rounding_goes_to_the_nearest_step_with_halves_up(kg: float, rounded: float) -> None:
    assert round_load(kg) == rounded


def test_after_a_session_with_every_set_done_the_load_goes_up() -> None:
    program = get_program("kp:five-by-five")
    logged = [five_by_five(0, "A", 100.0), five_by_five(1, "B", 100.0)]
    squat = target(program, "A", SQUAT, logged=logged)
    assert squat.load_kg == 102.5 and squat.basis == "logged"
    assert squat.last_logged_kg == 100.0 and squat.change_kg == 2.5
    assert squat.how == f"From your last logged 100 kg for 5{TIMES}5, all sets done: +2.5 kg."
    assert target(program, "B", DEADLIFT, logged=logged).load_kg == 105.0


def test_warm_up_sets_do_not_count_as_the_working_load() -> None:
    logged = [session(0, "A", {SQUAT: sets(100.0, 5, 5, 5, 5, 5, warmups=[(5, 20.0), (3, 120.0)])})]
    assert target(get_program("kp:five-by-five"), "A", SQUAT, logged=logged).load_kg == 102.5


def test_after_a_session_short_of_the_plan_the_load_stays() -> None:
    logged = [session(0, "A", {SQUAT: sets(100.0, 5, 5, 5, 4, 3)})]
    found = target(get_program("kp:five-by-five"), "A", SQUAT, logged=logged)
    assert found.load_kg == 100.0 and found.change_kg == 0.0
    assert "3 of 5 sets as written: the same load again" in found.how


@pytest.mark.parametrize(("version", "expected"), [(1, 80.0), (2, 90.0)])
def test_three_short_sessions_in_a_row_at_one_load_bring_it_down(version: int, expected: float) -> None:
    logged = [session(n, "A", {SQUAT: sets(100.0, 5, 5, 4, 4, 3)}) for n in range(3)]
    found = target(get_program("kp:five-by-five", version), "A", SQUAT, logged=logged)
    assert found.load_kg == expected
    assert f"3 sessions in a row short of 5{TIMES}5 at that load" in found.how


def test_short_sessions_at_an_earlier_load_do_not_count_toward_the_step_back() -> None:
    logged = [
        session(0, "A", {SQUAT: sets(97.5, 5, 5, 4, 4, 3)}),
        session(1, "A", {SQUAT: sets(100.0, 5, 5, 4, 4, 3)}),
        session(2, "A", {SQUAT: sets(100.0, 5, 5, 4, 4, 3)}),
    ]
    assert target(get_program("kp:five-by-five"), "A", SQUAT, logged=logged).load_kg == 100.0


def test_a_rep_range_adds_load_only_when_every_set_reaches_its_top() -> None:
    program = get_program("kp:push-pull-legs")
    building = [session(0, "push", {BENCH: sets(80.0, 10, 10, 9, 8)})]
    topped = [session(0, "push", {BENCH: sets(80.0, 10, 10, 10, 10)})]
    assert target(program, "push", BENCH, logged=building).load_kg == 80.0
    assert "not every set reached 10 yet" in target(program, "push", BENCH, logged=building).how
    assert target(program, "push", BENCH, logged=topped).load_kg == 82.5


def test_a_day_specific_rule_follows_only_that_days_sessions() -> None:
    program = get_program("kp:gzclp-style")
    logged = [session(0, "A1", {SQUAT: sets(100.0, 3, 3, 3, 3, 6)})]
    assert target(program, "A1", SQUAT, logged=logged).load_kg == 105.0
    volume_day = target(program, "A2", SQUAT, logged=logged, starting_loads_kg={SQUAT: 70.0})
    assert volume_day.load_kg == 70.0 and volume_day.basis == "starting_load"


def test_a_training_max_rule_gives_a_load_per_set() -> None:
    found = target(get_program("kp:531-style"), "w1d4", SQUAT, starting_loads_kg={SQUAT: 140.0})
    assert found.set_loads_kg == (90.0, 105.0, 120.0) and found.load_kg == 120.0
    assert found.basis == "training_max" and found.reps_text == f"3{TIMES}5+"
    assert found.how.startswith("Training max 140 kg (the 140 kg you gave): 65%, 75%, 85% of it")


def test_a_training_max_rule_without_a_number_asks_for_one() -> None:
    found = target(get_program("kp:531-style"), "w1d4", SQUAT)
    assert found.load_kg is None and "give a training max for Barbell Back Squat" in found.how


def squat_wave(first: int, last_set_reps: int) -> list[LoggedSession]:
    return [
        session(first, "w1d4", {SQUAT: sets(100.0, 5, 5, last_set_reps)}),
        session(first + 1, "w2d4", {SQUAT: sets(110.0, 3, 3, 5)}),
        session(first + 2, "w3d4", {SQUAT: sets(120.0, 5, 3, 2)}),
    ]


def test_a_complete_wave_raises_the_training_max_and_a_short_one_keeps_it() -> None:
    program = get_program("kp:531-style")
    raised = target(program, "w1d4", SQUAT, starting_loads_kg={SQUAT: 140.0}, logged=squat_wave(0, 8))
    kept = target(program, "w1d4", SQUAT, starting_loads_kg={SQUAT: 140.0}, logged=squat_wave(0, 4))
    half_wave = target(program, "w1d4", SQUAT, starting_loads_kg={SQUAT: 140.0}, logged=squat_wave(0, 8)[:2])
    assert raised.how.startswith(
        "Training max 145 kg (the 140 kg you gave, +5 kg for each of 1 complete wave)"
    )
    assert kept.how.startswith("Training max 140 kg")
    assert half_wave.how.startswith("Training max 140 kg")


def test_two_short_waves_in_a_row_lower_the_training_max() -> None:
    logged = squat_wave(0, 4) + squat_wave(3, 4)
    found = target(
        get_program("kp:531-style"), "w1d4", SQUAT, starting_loads_kg={SQUAT: 140.0}, logged=logged
    )
    assert found.how.startswith("Training max 126 kg")
    assert found.set_loads_kg == (82.5, 95.0, 107.5)


def test_a_share_of_another_day_follows_that_days_last_logged_load() -> None:
    program = get_program("kp:texas-method-style")
    logged = [session(0, "volume", {SQUAT: sets(120.0, 5, 5, 5, 5, 5)})]
    found = target(program, "recovery", SQUAT, logged=logged)
    assert found.load_kg == 95.0 and found.basis == "other_day"
    assert found.how == "80% of your last logged 120 kg on the volume day. Rounded to 95 kg (nearest 2.5 kg)."
    assert target(program, "recovery", SQUAT, starting_loads_kg={SQUAT: 100.0}).load_kg == 80.0


def test_an_effort_rule_suggests_no_number_but_says_what_was_logged() -> None:
    logged = [session(0, "lower-heavy", {SQUAT: sets(150.0, 4, 4, 4)})]
    found = target(get_program("kp:candito-style"), "lower-heavy", SQUAT, logged=logged)
    assert found.load_kg is None and found.basis == "effort" and found.rpe == 8.0
    assert found.last_logged_kg == 150.0 and "RPE 8" in found.how


def test_a_bodyweight_rule_has_no_load_and_says_how_to_progress() -> None:
    found = target(get_program("kp:bodyweight-basics"), "A", "pull-up")
    assert found.load_kg is None and found.basis == "bodyweight"
    assert "once every set reaches 8, move to a harder version" in found.how


def test_targets_say_they_are_rounded_suggestions_not_weights_lifted() -> None:
    result = program_targets(get_program("kp:five-by-five"), starting_loads_kg={}, logged=[])
    assert result.rounding_kg == 2.5 and "not weights lifted" in result.note
    assert [day.key for day in result.days] == ["A", "B"]


def test_targets_do_not_depend_on_the_order_sessions_are_given_in() -> None:
    program = get_program("kp:five-by-five")
    logged = [five_by_five(n, "AB"[n % 2], 100.0 + 2.5 * n) for n in range(6)]
    shuffled = list(logged)
    random.Random(7).shuffle(shuffled)
    assert program_targets(program, starting_loads_kg={}, logged=logged) == program_targets(
        program, starting_loads_kg={}, logged=shuffled
    )


# Progress


def progress(program: Program, linked: Sequence[LoggedSession], started_on: date = MONDAY) -> Any:
    return program_progress(program, started_on=started_on, linked=linked, today=MONDAY + timedelta(days=60))


def test_a_session_with_fewer_sets_is_partly_done() -> None:
    program = get_program("kp:five-by-five")
    partly = session(
        0,
        "A",
        {SQUAT: sets(100.0, 5, 5, 5), BENCH: sets(60.0, 5, 5, 5, 5, 5), ROW: sets(60.0, 5, 5, 5, 5, 5)},
    )
    review = progress(program, [partly]).recent[0]
    assert review.status == "partly_done"
    assert (review.sets_written, review.sets_done) == (15, 13)
    assert review.detail == "Partly done: fewer sets or reps than written."


def test_a_session_leaving_a_lift_out_is_partly_done_and_names_it() -> None:
    program = get_program("kp:five-by-five")
    review = progress(program, [session(0, "A", {SQUAT: sets(100.0, 5, 5, 5, 5, 5)})]).recent[0]
    assert review.status == "partly_done" and review.left_out == (BENCH, ROW)
    assert "not logged: Barbell Bench Press, Barbell Bent-Over Row" in review.detail


def test_a_session_with_another_exercise_is_changed() -> None:
    program = get_program("kp:five-by-five")
    swapped = session(
        0,
        "A",
        {SQUAT: sets(100.0, *[5] * 5), BENCH: sets(60.0, *[5] * 5), "pendlay-row": sets(60.0, *[5] * 5)},
    )
    review = progress(program, [swapped]).recent[0]
    assert review.status == "changed" and review.other_exercises == ("pendlay-row",)
    assert review.detail == "Changed: other exercises (Pendlay Row)."


def test_a_session_at_another_load_than_suggested_is_changed() -> None:
    program = get_program("kp:five-by-five")
    reviews = progress(program, [five_by_five(0, "A", 100.0), five_by_five(1, "A", 90.0)]).recent
    assert [r.status for r in reviews] == ["changed", "as_written"]
    assert "other loads than suggested (Barbell Back Squat" in reviews[0].detail


def test_the_suggested_next_load_is_as_written() -> None:
    program = get_program("kp:five-by-five")
    reviews = progress(program, [five_by_five(0, "A", 100.0), five_by_five(1, "B", 102.5)]).recent
    assert [r.status for r in reviews] == ["as_written", "as_written"]


def test_no_result_calls_a_session_missed_late_or_failed() -> None:
    program = get_program("kp:five-by-five")
    linked = [
        session(0, "A", {SQUAT: sets(100.0, 2)}),
        session(9, "B", {"pendlay-row": sets(60.0, 1)}),
        session(30, None, {SQUAT: sets(100.0, 5, 5, 1)}),
    ]
    words = " ".join(strings(progress(program, linked))).lower()
    assert "partly done" in words
    for forbidden in ("miss", "late", "fail", "overdue", "behind"):
        assert forbidden not in words


def test_the_first_day_comes_first_when_nothing_is_linked() -> None:
    result = progress(get_program("kp:gzclp-style"), [])
    assert result.next_day == "A1" and result.sessions_linked == 0 and result.lifts == ()
    assert result.left_this_round == ("A1", "B1", "A2", "B2")


def test_days_done_out_of_order_are_skipped_in_the_rotation() -> None:
    program = get_program("kp:gzclp-style")
    done = [session(0, "A1", {SQUAT: sets(100.0, 3)}), session(1, "B2", {DEADLIFT: sets(120.0, 3)})]
    result = progress(program, done)
    assert result.next_day == "B1"
    assert result.done_this_round == ("A1", "B2") and result.left_this_round == ("B1", "A2")
    assert "days can be done in any order" in result.next_day_reason


def test_a_finished_round_carries_on_after_the_last_day() -> None:
    program = get_program("kp:five-by-five")
    result = progress(program, [five_by_five(0, "B", 100.0), five_by_five(1, "A", 100.0)])
    assert result.next_day == "B" and result.done_this_round == ()


def test_lift_progress_compares_first_and_latest_load_within_the_run() -> None:
    program = get_program("kp:five-by-five")
    before = five_by_five(0, "A", 80.0, on=MONDAY - timedelta(days=3))
    linked = [before, five_by_five(1, "A", 100.0), five_by_five(2, "B", 102.5), five_by_five(3, "A", 105.0)]
    result = progress(program, linked)
    squat = next(lift for lift in result.lifts if lift.exercise_id == SQUAT)
    assert (squat.first_load_kg, squat.latest_load_kg, squat.change_kg) == (100.0, 105.0, 5.0)
    assert result.sessions_linked == 3
    assert [lift.exercise_id for lift in result.lifts] == list(program.main_lifts)


def test_recent_sessions_are_the_newest_ten_newest_first() -> None:
    program = get_program("kp:five-by-five")
    result = progress(program, [five_by_five(n, "AB"[n % 2], 100.0) for n in range(14)])
    assert [review.workout_id for review in result.recent] == [f"w{n}" for n in range(13, 3, -1)]
    assert result.sessions_linked == 14


# Match


def five_by_five_fortnight() -> list[LoggedSession]:
    """Two weeks of Monday, Wednesday, Friday: A, B, A then B, A, B."""
    days = [0, 2, 4, 7, 9, 11]
    return [
        five_by_five(n, key, 60.0 + 2.5 * n, on=MONDAY + timedelta(days=d))
        for n, (d, key) in enumerate(zip(days, "ABABAB", strict=True))
    ]


def test_a_log_of_five_by_five_workouts_matches_five_by_five() -> None:
    match = suggest_program_match(five_by_five_fortnight())
    assert match is not None and match.program_id == "kp:five-by-five" and match.version == 2
    assert match.score >= MIN_MATCH_SCORE and match.exercise_overlap == 1.0
    assert match.sessions_per_week == 3.2
    assert match.reasons[0].startswith("5 of the program's 5 exercises are in your recent workouts")


def test_unrelated_workouts_match_nothing() -> None:
    unrelated = [
        session(0, None, {"run": sets(None, 1)}),
        session(1, None, {"rowing-machine": sets(None, 1), "plank": sets(None, 1)}),
        session(2, None, {"worlds-greatest-stretch": sets(None, 3), "barbell-curl": sets(30.0, 10, 10)}),
    ]
    assert suggest_program_match(unrelated) is None


def test_one_workout_is_not_a_pattern() -> None:
    assert suggest_program_match(five_by_five_fortnight()[:1]) is None


def test_the_match_does_not_depend_on_the_order_sessions_are_given_in() -> None:
    sessions = five_by_five_fortnight()
    shuffled = list(sessions)
    random.Random(3).shuffle(shuffled)
    assert suggest_program_match(shuffled) == suggest_program_match(sessions)
