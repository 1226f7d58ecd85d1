"""log_text on the real edge: unsure entries become needs_confirmation questions with the log's
candidates while the clear ones are stored; one unsure exercise alone says how to retry; a load no
one lifts is asked about (issue 31, decisions 0103 and 0104)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
import pytest_asyncio

from kinetic.auth.v1 import auth_pb2
from tests.integration.edge.ows_calls import OWS_PATH, Ows, give_consents, ows_key

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(loop_scope="module")
async def ows(module_stack: Any) -> Ows:
    """A test's own account with both consents, called with a personal API key."""
    account = await module_stack.backends.auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email=f"ows-{uuid.uuid4().hex[:12]}@example.com",
            password="correct horse battery",
            display_name="Ada",
            time_zone="UTC",
        )
    )
    account_id = account.account.account_id
    await give_consents(module_stack.backends, account_id)
    return Ows(module_stack.base_url + OWS_PATH, await ows_key(module_stack.backends, account_id))


async def test_an_ambiguous_word_is_asked_about_and_the_clear_entries_are_stored(ows):
    logged = await ows(
        "log_text",
        {"text": "Squat: 5x5 @ 140kg. Bench: 5x5 @ 100kg. Row: 5x5 @ 80kg", "idempotency_key": "k1"},
    )
    squat, bench, row = logged["workout"]["entries"]
    assert (squat["exercise_id"], bench["exercise_id"]) == ("barbell-back-squat", "barbell-bench-press")
    (question,) = logged["needs_confirmation"]
    assert (question["entry_id"], question["exercise"]) == (row["id"], "row")
    offered = [c["exercise_id"] for c in question["candidates"]]
    assert offered[:2] == ["barbell-bent-over-row", "rowing-machine"]
    assert [(s["reps"], s["load"], s["unit"]) for s in row["sets"]] == [(5, 80, "kg")] * 5


async def test_a_typo_offers_the_exercise_and_the_persons_own_exercises_come_first(ows):
    pendlay = {"exercise_id": "pendlay-row", "sets": [{"reps": 5, "load": 60}]}
    await ows("log_workout", {"exercises": [pendlay], "idempotency_key": "k2"})
    logged = await ows("log_text", {"text": "sqaut 5x5 100, row 5x5 70", "idempotency_key": "k3"})
    typo, row = logged["needs_confirmation"]
    assert (typo["exercise"], typo["candidates"][0]["exercise_id"]) == ("sqaut", "barbell-back-squat")
    assert row["candidates"][0]["exercise_id"] == "pendlay-row"


async def test_one_ambiguous_exercise_alone_says_to_retry_with_log_workout(ows):
    text = await ows.error("log_text", {"text": "press 3x5 at 60"}, code="exercise_ambiguous")
    assert "Overhead Press (overhead-press)" in text
    assert "log_workout" in text and "log_text takes none" in text


async def test_a_load_no_one_lifts_is_asked_about_and_nothing_is_stored(ows):
    text = await ows.error("log_text", {"text": "bench 5x5 at 225"}, code="nothing_to_log")
    assert "225 kg for 5 reps of bench is more than almost anyone lifts" in text
    listed = await ows("get_workouts", {})
    assert listed["workouts"] == []


async def test_pounds_written_as_a_hash_are_pounds(ows):
    logged = await ows("log_text", {"text": "bench 3x5 at 225#", "idempotency_key": "k4"})
    (bench,) = logged["workout"]["entries"]
    assert [(s["reps"], s["load"], s["unit"]) for s in bench["sets"]] == [(5, 225, "lb")] * 3
