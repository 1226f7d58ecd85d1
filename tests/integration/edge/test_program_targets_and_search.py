"""Program targets and search through the Open Workout Schema profile (issue 31, part 3): a single
heavier set does not set the working weight, a target never credits the person with a starting load
they did not give, and search finds a program by its scheme and an exercise despite a typo
(decision 0108)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.integration.edge.conftest import Stack
from tests.integration.edge.ows_calls import OWS_PATH, Ows, give_consents, ows_key

pytestmark = pytest.mark.asyncio(loop_scope="module")

PROGRAM = "kp:five-by-five"


async def _ows(account_stack: Stack) -> Ows:
    await give_consents(account_stack.backends, account_stack.account_id)
    return Ows(
        account_stack.base_url + OWS_PATH, await ows_key(account_stack.backends, account_stack.account_id)
    )


def _squat_targets(targets: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        exercise
        for day in targets["targets"]["days"]
        for exercise in day["exercises"]
        if exercise["exercise_id"] == "barbell-back-squat"
    ]


async def test_one_heavier_single_does_not_set_the_working_weight(account_stack: Stack) -> None:
    ows = await _ows(account_stack)
    await ows("start_program", {"id": PROGRAM})
    await ows(
        "log_workout",
        {
            "exercises": [
                {
                    "exercise_id": "barbell-back-squat",
                    "sets": [{"reps": 5, "load": 105}] * 5 + [{"reps": 3, "load": 120}],
                }
            ],
            "program": {"program_id": PROGRAM, "day": "A"},
            "idempotency_key": "heavy-triple",
        },
    )
    targets = await ows("get_program_targets")
    for squat in _squat_targets(targets):
        assert squat["load_kg"] == 107.5, squat
        assert squat["last_logged_kg"] == 105
        assert "0 of 5" not in squat["how"] and "all sets done" in squat["how"]


async def test_targets_never_say_a_starting_load_was_given_when_none_was(account_stack: Stack) -> None:
    ows = await _ows(account_stack)
    await ows(
        "log_workout",
        {
            "exercises": [{"exercise_id": "barbell-back-squat", "sets": [{"reps": 5, "load": 100}] * 3}],
            "idempotency_key": "before-the-program",
        },
    )
    await ows("start_program", {"id": PROGRAM})
    targets = await ows("get_program_targets")
    assert "you gave" not in str(targets)
    for squat in _squat_targets(targets):
        assert squat["load_kg"] == 100 and squat["basis"] == "starting_load"
        assert "logged before you started the program" in squat["how"], squat["how"]


@pytest.mark.parametrize("query", ["5x5", "5×5", "5 x 5", "3x5"])
async def test_search_programs_finds_a_program_by_its_scheme(account_stack: Stack, query: str) -> None:
    ows = await _ows(account_stack)
    found = await ows("search_programs", {"query": query, "limit": 100})
    ids = [p["id"] for p in found["programs"]]
    expected = PROGRAM if query != "3x5" else "kp:starting-strength-style"
    assert expected in ids, ids
    assert "kp:push-pull-legs" not in ids


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("sqaut", "barbell-back-squat"),
        ("bench pres", "barbell-bench-press"),
        ("deadlfit", "barbell-deadlift"),
    ],
)
async def test_search_exercises_finds_an_exercise_despite_a_typo(
    account_stack: Stack, query: str, expected: str
) -> None:
    ows = await _ows(account_stack)
    found = await ows("search_exercises", {"query": query, "limit": 25})
    ids = [e["exercise_id"] for e in found["exercises"]]
    assert expected in ids, ids
    assert found["total_matches"] >= 1
    nothing = await ows("search_exercises", {"query": "zzzqqq"})
    assert nothing["exercises"] == []
