"""One store, every profile (issue 31, part 2): a lift logged in one profile shows in another's
history by name, with the exercise ID shape that profile's contract uses (decision 0108)."""

from __future__ import annotations

import re

import pytest

from tests.integration.edge.client_ai_gym import CLIENT_AI_PATH, ClientAi, client_ai_key, gym_admin, open_gym
from tests.integration.edge.conftest import Stack
from tests.integration.edge.ows_calls import OWS_PATH, Ows, give_consents, ows_key

pytestmark = pytest.mark.asyncio(loop_scope="module")

OBJECT_ID = re.compile(r"[0-9a-f]{24}")


async def test_lifts_logged_through_ows_are_in_client_ai_history_by_the_gyms_exercise(
    account_stack: Stack,
) -> None:
    channel, admin = gym_admin(account_stack.servers["sessions"].port)
    try:
        gym = await open_gym(admin, account_stack.account_id)
    finally:
        await channel.close(None)
    await give_consents(account_stack.backends, account_stack.account_id)
    ows = Ows(
        account_stack.base_url + OWS_PATH, await ows_key(account_stack.backends, account_stack.account_id)
    )
    client_ai = ClientAi(
        account_stack.base_url + CLIENT_AI_PATH,
        await client_ai_key(account_stack.backends, account_stack.account_id),
    )
    await ows(
        "log_workout",
        {
            "exercises": [
                {"exercise": "back squat", "sets": [{"reps": 5, "load": 100}] * 5},
                {"exercise": "bench press", "sets": [{"reps": 8, "load": 70}] * 3},
            ],
            "idempotency_key": "ows-legs",
        },
    )

    for short, name, sets in (("squat", "Back Squat", 5), ("bench", "Bench Press", 3)):
        history = await client_ai("client_ai_get_my_exercise_history", {"exerciseId": gym.exercises[short]})
        assert history["count"] == 1, history
        (entry,) = history["entries"]
        performance = entry["performance"]
        assert OBJECT_ID.fullmatch(performance["exerciseId"]), performance["exerciseId"]
        assert performance["exerciseId"] == gym.exercises[short]
        assert performance["exerciseName"] == name
        assert len(performance["sets"]) == sets

    # And back: a set logged through Client AI is in the log by the catalog's ID, by name.
    started = await client_ai("client_ai_start_or_resume_my_workout_session", {})
    session_id = started["session"]["id"]
    await client_ai(
        "client_ai_log_my_workout_performance",
        {
            "sessionId": session_id,
            "exerciseId": gym.exercises["bench"],
            "sets": [{"setNumber": 1, "weight": 75, "reps": 6, "completed": True}],
        },
    )
    await client_ai("client_ai_complete_my_workout_session", {"sessionId": session_id})
    benches = await ows("get_workouts", {"exercise": "bench press"})
    entries = [e for w in benches["workouts"] for e in w["entries"]]
    assert len(entries) == 2, entries
    assert {e["exercise_id"] for e in entries} == {"barbell-bench-press"}
    assert all("Bench Press" in e["exercise"] for e in entries)
    gym_history = await client_ai("client_ai_get_my_exercise_history", {"exerciseId": gym.exercises["bench"]})
    assert gym_history["count"] == 2
    assert {e["performance"]["exerciseId"] for e in gym_history["entries"]} == {gym.exercises["bench"]}
