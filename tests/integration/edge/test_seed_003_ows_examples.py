"""Seed 003 (Open Workout Schema): its examples and its error sentences, sent verbatim to the real edge.

Only IDs, dates and tokens come from the live test account; every other byte is the seed's. Each test
quotes the sentence it sends (issue 27, decisions 0077 and 0079).

Examples sent: program IDs in the seed's ``lcp:`` form (``get_program``, ``start_program``,
``log_text``'s ``program``); ``log_text`` 'squat 5x5 at 225, bench 3x8 at 185' with the profile's
units kg and lb, and 'bench 3x8 at 185, then 3x10 dips'; ``search_exercises`` 'rdl' and 'cable fly',
equipment 'dumbbell', muscle 'chest'; ``get_program`` 'lcp:push-pull-legs' and 'current';
``update_entry`` ended_at '2026-10-28T18:45:00-05:00', and "later sets then start a new workout";
``update_profile`` timezone 'America/New_York', equipment barbell / dumbbells / pull-up bar,
training_days mon / wed / fri, units kg and lb; ``search_programs`` with each of the seven equipment
values and each of the three levels; ``get_progress`` with each metric and its formula; ``add_sets``
without ``workout_id``; ``delete_entry`` then ``undo``; ``link_workout_to_program`` with remove;
"retrying with the same key never logs twice" for ``log_text``, ``log_workout`` and ``add_sets``.

Error sentences tested ("A tool error's text starts with one of ..."), each a text that starts with
the code and says what to fix: consent_required (every logging write without the logging consent;
goals, equipment, limitations and training days without the health-data consent); invalid_input
(wrong types, missing required arguments, unknown arguments, limit over 100 / 25 / 100, rpe outside
1 to 10, a unit that is not kg or lb, days that are not YYYY-MM-DD days, ended_at that is not RFC
3339, an unknown metric); nothing_to_log; exercise_ambiguous with candidates on
get_personal_records, get_progress and get_workouts, and the retry with an ID; not_found;
undo_unavailable for a used token; rate_limited; idempotency_conflict. An expired undo token (after
10 minutes, on the sessions service's clock) and internal_error (a backend down) need their own
stack: ``test_seed_003_ows_errors.py``.

Not sendable, and why: "Confirm with the user before deleting a whole workout" (and "confirm the
program with them first", "ask the user") is advice to the assistant, not something a server can
check: delete_entry deletes what it is given, and the undo test shows it can be taken back. The
instructions' "Never invent numbers" and "treat them as data" are the same kind of advice.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx2
import pytest
import pytest_asyncio

from kinetic.auth.v1 import auth_pb2
from tests.integration.edge.ows_calls import OWS_PATH, Ows, give_consents, ows_key

pytestmark = pytest.mark.asyncio(loop_scope="module")

SQUAT_AND_BENCH = "squat 5x5 at 225, bench 3x8 at 185"
BENCH_THEN_DIPS = "bench 3x8 at 185, then 3x10 dips"
ENDED_AT = "2026-10-28T18:45:00-05:00"
PROGRAM_EQUIPMENT = ("barbell", "bench", "bodyweight", "cable", "dumbbell", "machine", "pull-up-bar")
LEVELS = ("beginner", "intermediate", "advanced")
METRICS = ("e1rm", "top_set", "volume")


class PostedOws(Ows):
    """The tools called as one JSON-RPC ``tools/call`` POST each, as the seed's examples are sent: the
    edge is stateless, so no handshake is needed, and a test spends one request of its account's
    budget (300 a minute) per call. The first test keeps the official mcp client."""

    async def raw(self, tool: str, arguments: dict[str, Any]) -> tuple[bool, str]:
        call = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": tool, "arguments": arguments},
        }
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json, text/event-stream"}
        async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
            answer = await http.post(self.url, json=call)
        body = answer.json()
        assert answer.status_code == 200 and "result" in body, (answer.status_code, body)
        result = body["result"]
        text: str = result["content"][0]["text"]
        if not result.get("isError"):
            assert result["structuredContent"] == json.loads(text)
        return bool(result.get("isError")), text


@dataclass
class Person:
    """An account on the module's stack with both consents, called with a personal API key."""

    ows: Ows
    account_id: str
    backends: Any


async def new_person(stack: Any) -> Person:
    account = await stack.backends.auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email=f"ows-{uuid.uuid4().hex[:12]}@example.com",
            password="correct horse battery",
            display_name="Ada",
            time_zone="UTC",
        )
    )
    account_id = account.account.account_id
    await give_consents(stack.backends, account_id)
    ows = PostedOws(stack.base_url + OWS_PATH, await ows_key(stack.backends, account_id))
    return Person(ows, account_id, stack.backends)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared(module_stack) -> Person:
    """One account for the tests that change nothing another test reads (units, time zone,
    consents, programs, the session in progress) and never count on an empty log."""
    return await new_person(module_stack)


@pytest_asyncio.fixture(loop_scope="module")
async def person(module_stack) -> Person:
    """A test's own account: for tests that change the profile or consents, start a session, count
    the workouts, or spend the budget."""
    return await new_person(module_stack)


@pytest.fixture
def ows(shared: Person) -> Ows:
    return shared.ows


async def _squat(ows: Ows, key: str, *, load: float = 100, date: str | None = None) -> dict[str, Any]:
    arguments: dict[str, Any] = {
        "exercises": [{"exercise_id": "barbell-back-squat", "sets": [{"reps": 5, "load": load}] * 3}],
        "idempotency_key": key,
    }
    if date is not None:
        arguments["date"] = date
    return await ows("log_workout", arguments)


async def _workout_ids(ows: Ows) -> list[str]:
    listed = await ows("get_workouts", {"from": "2026-01-01", "limit": 100})
    return [w["id"] for w in listed["workouts"]]


# --- seed 003: program IDs in the seed's form ------------------------------------------------------


async def test_seed_003_lcp_program_ids_name_the_librarys_programs(module_stack):
    await give_consents(module_stack.backends, module_stack.account_id)
    ows = Ows(module_stack.base_url + OWS_PATH, await ows_key(module_stack.backends, module_stack.account_id))

    # "program ID from search_programs (e.g. lcp:push-pull-legs)"
    entry = await ows("get_program", {"id": "lcp:push-pull-legs"})
    assert entry["program"]["id"] == "kp:push-pull-legs", "answers carry the library's own ID"
    started = await ows("start_program", {"id": "lcp:push-pull-legs"})
    assert "Push, Pull, Legs" in json.dumps(started)
    current = await ows("get_program", {"id": "current"})
    assert current["program"]["id"] == "kp:push-pull-legs"

    # A workout said to be a program day, the program named in the seed's form, is stored under the
    # library's ID.
    logged = await ows(
        "log_text",
        {
            "text": "bench press 3x8 60kg",
            "idempotency_key": "seed-003-lcp-0077",
            "program": {"program_id": "lcp:push-pull-legs", "day": "push"},
        },
    )
    assert "kp:push-pull-legs" in json.dumps(logged) and "lcp:" not in json.dumps(logged), logged

    refused = await ows.error("get_program", {"id": "lcp:no-such-program"}, code="not_found")
    assert "lcp:no-such-program" in refused and "kp:push-pull-legs" in refused


# --- seed 003: examples -------------------------------------------------------------------------


@pytest.mark.parametrize("units", ["kg", "lb"])
async def test_seed_003_log_text_example_keeps_the_load_in_the_profiles_units(person, units):
    """log_text: "Save a workout from the user's own words, e.g. 'squat 5x5 at 225, bench 3x8 at 185'";
    update_profile's units: "kg or lb: the default for loads given without a unit"."""
    ows = person.ows
    assert (await ows("update_profile", {"units": units}))["units"] == units
    logged = await ows("log_text", {"text": SQUAT_AND_BENCH, "idempotency_key": f"seed-003-sb-{units}"})
    squat, bench = logged["workout"]["entries"]
    assert (squat["exercise_id"], bench["exercise_id"]) == ("barbell-back-squat", "barbell-bench-press")
    assert [(s["reps"], s["load"], s["unit"]) for s in squat["sets"]] == [(5, 225, units)] * 5
    assert [(s["reps"], s["load"], s["unit"]) for s in bench["sets"]] == [(8, 185, units)] * 3
    in_kg = 225 if units == "kg" else 102.058
    assert squat["sets"][0]["load_kg"] == pytest.approx(in_kg, abs=0.001)
    assert f"5×5 at 225 {units}" in logged["summary"] and f"3×8 at 185 {units}" in logged["summary"]
    assert logged["needs_confirmation"] == []


async def test_seed_003_log_text_example_with_then_logs_bench_and_bodyweight_dips(ows):
    """log_text's text: "the user's own description of the workout, e.g. 'bench 3x8 at 185, then 3x10
    dips'"."""
    logged = await ows("log_text", {"text": BENCH_THEN_DIPS, "idempotency_key": "seed-003-dips"})
    bench, dips = logged["workout"]["entries"]
    assert bench["exercise_id"] == "barbell-bench-press"
    assert [(s["reps"], s["load"], s["unit"]) for s in bench["sets"]] == [(8, 185, "kg")] * 3
    assert "dip" in dips["exercise_id"] and dips["needs_confirmation"] is False
    assert [s["reps"] for s in dips["sets"]] == [10] * 3
    assert all("load" not in s for s in dips["sets"]), "no load was said: bodyweight"
    assert logged["summary"].startswith("Logged ")


@pytest.mark.parametrize(
    ("query", "expected"),
    [("rdl", "romanian-deadlift"), ("cable fly", "cable")],
)
async def test_seed_003_search_exercises_query_examples(ows, query, expected):
    """search_exercises' query: "exercise name or shorthand, e.g. 'rdl' or 'cable fly'"."""
    found = await ows("search_exercises", {"query": query})
    first = found["exercises"][0]
    assert expected in first["exercise_id"], found
    if query == "cable fly":
        assert "fly" in first["name"].lower() and "cable" in first["equipment"]
    assert found["total_matches"] >= 1


async def test_seed_003_search_exercises_equipment_and_muscle_examples(ows):
    """search_exercises: equipment "only exercises using this equipment, e.g. dumbbell"; muscle "only
    exercises working this muscle, e.g. chest"."""
    dumbbell = await ows("search_exercises", {"query": "press", "equipment": "dumbbell", "limit": 25})
    assert dumbbell["exercises"] and all("dumbbell" in e["equipment"] for e in dumbbell["exercises"])
    chest = await ows("search_exercises", {"query": "press", "muscle": "chest", "limit": 25})
    assert chest["exercises"] and all(
        "chest" in e["muscles"] + e["secondary_muscles"] for e in chest["exercises"]
    ), "each result shows the muscle it was found by"
    assert any("chest" in e["muscles"] for e in chest["exercises"])
    both = await ows("search_exercises", {"query": "fly", "equipment": "dumbbell", "muscle": "chest"})
    assert any(e["exercise_id"] == "dumbbell-fly" for e in both["exercises"]), both


async def test_seed_003_get_program_examples_lcp_id_and_current(person):
    """get_program's id: "program ID from search_programs (e.g. lcp:push-pull-legs), or current for the
    one the user is following"."""
    ows = person.ows
    entry = await ows("get_program", {"id": "lcp:push-pull-legs"})
    program = entry["program"]
    assert program["days"] and program["credit"] and program["disclaimer"]
    await ows("start_program", {"id": "lcp:push-pull-legs"})
    current = await ows("get_program", {"id": "current"})
    assert current["following"] is True and current["program"]["id"] == program["id"]
    await ows("end_program")
    not_following = await ows.error("get_program", {"id": "current"}, code="not_found")
    assert "start_program" in not_following or "search_programs" in not_following, not_following


async def test_seed_003_update_entry_ended_at_example_finishes_the_workout(ows):
    """update_entry's ended_at: "workout: when the session finished, RFC 3339 (e.g.
    2026-10-28T18:45:00-05:00)"."""
    logged = await _squat(ows, "seed-003-ended-at", date="2026-10-28")
    ended = await ows("update_entry", {"entry_id": logged["workout"]["id"], "ended_at": ENDED_AT})
    finished = datetime.fromisoformat(ended["workout"]["ended_at"])
    assert finished == datetime.fromisoformat(ENDED_AT)
    assert ended["workout"]["in_progress"] is False and ended["summary"].startswith("Updated ")


async def test_seed_003_add_sets_joins_the_session_in_progress_until_ended_at(person):
    """add_sets: "Without workout_id it adds to the session in progress, starting one if needed; sets
    for an exercise already in the workout join that entry. With entry_id they go to that entry's own
    workout." update_entry's ended_at: "later sets then start a new workout"."""
    ows = person.ows
    first = await ows(
        "add_sets", {"exercise": "squat", "sets": [{"reps": 5, "load": 100}], "idempotency_key": "s3-a1"}
    )
    assert first["started_workout"] is True and first["workout"]["in_progress"] is True
    workout_id = first["workout"]["id"]
    second = await ows(
        "add_sets",
        {"exercise": "back squat", "sets": [{"reps": 5, "load": 105}], "idempotency_key": "s3-a2"},
    )
    assert second["started_workout"] is False and second["workout"]["id"] == workout_id
    (squat,) = second["workout"]["entries"]
    assert second["entry_id"] == squat["id"] and [s["load"] for s in squat["sets"]] == [100, 105]

    # The seed's own ended_at is weeks before this session began: refused, naming the argument.
    early = await ows.error(
        "update_entry", {"entry_id": workout_id, "ended_at": ENDED_AT}, code="invalid_input"
    )
    assert early.startswith("invalid_input: ended_at: ") and "start" in early, early
    ended = await _end(ows, second["workout"])
    assert ended["workout"]["in_progress"] is False and ended["workout"]["ended_at"] is not None
    later = await ows(
        "add_sets", {"exercise": "squat", "sets": [{"reps": 3, "load": 110}], "idempotency_key": "s3-a3"}
    )
    assert later["started_workout"] is True and later["workout"]["id"] != workout_id
    assert [s["load"] for s in later["workout"]["entries"][0]["sets"]] == [110]
    to_entry = await ows(
        "add_sets", {"entry_id": squat["id"], "sets": [{"reps": 2, "load": 115}], "idempotency_key": "s3-a4"}
    )
    assert to_entry["workout"]["id"] == workout_id and to_entry["started_workout"] is False
    assert [s["load"] for s in to_entry["workout"]["entries"][0]["sets"]] == [100, 105, 115]


async def test_seed_003_update_profile_examples(person):
    """update_profile: timezone "IANA timezone such as America/New_York"; equipment "e.g. barbell,
    dumbbells, pull-up bar; replaces the old list"; training_days "e.g. mon, wed, fri"; units "kg or
    lb"."""
    ows = person.ows
    changed = await ows(
        "update_profile",
        {
            "timezone": "America/New_York",
            "equipment": ["barbell", "dumbbells", "pull-up bar"],
            "training_days": ["mon", "wed", "fri"],
            "units": "lb",
        },
    )
    profile = await ows("get_profile")
    assert {k: profile[k] for k in ("timezone", "equipment", "training_days", "units")} == {
        "timezone": "America/New_York",
        "equipment": ["barbell", "dumbbells", "pull-up bar"],
        "training_days": ["mon", "wed", "fri"],
        "units": "lb",
    }
    assert changed["summary"].startswith("Saved the profile's")
    replaced = await ows("update_profile", {"equipment": ["barbell"], "units": "kg"})
    assert (replaced["equipment"], replaced["units"]) == (["barbell"], "kg")
    assert replaced["training_days"] == ["mon", "wed", "fri"], "fields not given stay as they are"
    # "dates like 'today' use it": a read's default last day is today in New York.
    window = await ows("get_workouts", {})
    assert window["to"] == datetime.now(ZoneInfo("America/New_York")).date().isoformat()


@pytest.mark.parametrize("equipment", PROGRAM_EQUIPMENT)
async def test_seed_003_search_programs_each_equipment_value(ows, equipment):
    """search_programs' equipment: "only entries using this: barbell, bench, bodyweight, cable,
    dumbbell, machine or pull-up-bar"."""
    found = (await ows("search_programs", {"equipment": equipment, "limit": 100}))["programs"]
    assert found and all(equipment in p["equipment"] for p in found), found
    assert all(p["credit"] and p["disclaimer"] for p in found)


@pytest.mark.parametrize("level", LEVELS)
async def test_seed_003_search_programs_each_level(ows, level):
    """search_programs' level: "beginner, intermediate or advanced"."""
    found = (await ows("search_programs", {"level": level, "limit": 100}))["programs"]
    assert found and all(p["level"] == level for p in found), found


@pytest.mark.parametrize("metric", METRICS)
async def test_seed_003_get_progress_each_metric_with_its_formula(ows, metric):
    """get_progress: "A series of one metric for one exercise, one point per session, with the formula
    used. Quote the formula when you present estimated 1RMs." metric: "e1rm (estimated one-rep max),
    top_set (heaviest set) or volume (load × reps per session)"."""
    logged = await _squat(ows, f"seed-003-progress-{metric}", load=120, date="2026-11-02")
    progress = await ows(
        "get_progress",
        {"exercise": "barbell-back-squat", "metric": metric, "from": "2026-11-02", "to": "2026-11-02"},
    )
    (point,) = [p for p in progress["points"] if p["workout_id"] == logged["workout"]["id"]]
    expected = {"e1rm": 120 * (1 + 5 / 30), "top_set": 120, "volume": 120 * 5 * 3}[metric]
    assert point["value"] == pytest.approx(expected, abs=0.01), progress
    formula = progress["formula"]
    assert formula and progress["metric"] == metric
    if metric == "e1rm":
        assert "Epley" in formula and "30" in formula, formula
    else:
        assert {"top_set": "heaviest", "volume": "load × reps"}[metric] in formula


async def test_seed_003_delete_entry_then_undo_restores_it(ows):
    """delete_entry: "Returns an undo_token that restores it for 10 minutes"; undo: "Restore what
    delete_entry removed, using its undo_token, within 10 minutes"."""
    logged = await _squat(ows, "seed-003-undo")
    workout = logged["workout"]
    deleted = await ows("delete_entry", {"entry_id": workout["id"]})
    assert deleted["deleted"] == "workout" and deleted["undo_token"] and "undo" in deleted["summary"]
    assert workout["id"] not in await _workout_ids(ows)
    expires = datetime.fromisoformat(deleted["undo_expires_at"].replace("Z", "+00:00"))
    assert timedelta(minutes=9) < expires - datetime.now(UTC) <= timedelta(minutes=10, seconds=5)
    restored = await ows("undo", {"undo_token": deleted["undo_token"]})
    assert restored["workout"]["id"] == workout["id"] and restored["workout"]["entries"] == workout["entries"]
    assert workout["id"] in await _workout_ids(ows)


async def test_seed_003_link_workout_to_program_remove(ows):
    """link_workout_to_program: "Say a logged workout was a program day, or take it out of its program
    with remove." remove: "true to take the workout out of its program"; program_id: "leave out with
    remove"."""
    logged = await ows(
        "log_workout",
        {
            "exercises": [{"exercise_id": "barbell-bench-press", "sets": [{"reps": 8, "load": 60}] * 3}],
            "program": {"program_id": "lcp:push-pull-legs", "day": "push"},
            "idempotency_key": "seed-003-link",
        },
    )
    assert logged["workout"]["program"] == {"program_id": "kp:push-pull-legs", "day": "push"}
    unlinked = await ows("link_workout_to_program", {"workout_id": logged["workout"]["id"], "remove": True})
    assert unlinked["workout"]["program"] is None
    assert unlinked["workout"]["entries"] == logged["workout"]["entries"], "a link is a label"
    assert unlinked["summary"]


# --- seed 003: "retrying with the same key never logs twice" -------------------------------------


RETRIED: dict[str, dict[str, Any]] = {
    "log_text": {"text": "deadlift 1x5 at 140"},
    "log_workout": {"exercises": [{"exercise": "deadlift", "sets": [{"reps": 5, "load": 140}]}]},
    "add_sets": {"exercise": "deadlift", "sets": [{"reps": 5, "load": 140}], "workout_id": "current"},
}


@pytest.mark.parametrize("tool", sorted(RETRIED))
async def test_seed_003_retrying_with_the_same_key_never_logs_twice(person, tool):
    """log_text, log_workout: idempotency_key "any unique string; retrying with the same key never logs
    twice"; add_sets: "retrying with the same key never adds twice"."""
    ows = person.ows
    arguments = {**RETRIED[tool], "idempotency_key": f"seed-003-retry-{tool}"}
    first = await ows(tool, arguments)
    again = await asyncio.gather(ows(tool, arguments), ows(tool, arguments))
    assert first["replayed"] is False and all(a["replayed"] for a in again)
    assert {a["workout"]["id"] for a in again} == {first["workout"]["id"]}
    stored = (await ows("get_workouts", {}))["workouts"]
    assert [w["id"] for w in stored] == [first["workout"]["id"]], "one workout"
    assert stored[0]["entries"] == first["workout"]["entries"], "its sets once"
    if tool == "add_sets":
        assert first["started_workout"] is True and again[0]["started_workout"] is True


async def _end(ows: Ows, workout: dict[str, Any]) -> dict[str, Any]:
    """Finish a session in progress, a second after its start (the live account's time, to the
    second as RFC 3339 gives it)."""
    ended_at = datetime.fromisoformat(workout["started_at"]) + timedelta(seconds=1)
    return await ows("update_entry", {"entry_id": workout["id"], "ended_at": ended_at.isoformat()})


# --- seed 003: error sentences ----------------------------------------------------------------------
# "A tool error's text starts with one of: consent_required, invalid_input, nothing_to_log,
# exercise_ambiguous, not_found, undo_unavailable, rate_limited, idempotency_conflict, internal_error."

LOGGING_WRITES: dict[str, dict[str, Any]] = {
    "log_text": {"text": SQUAT_AND_BENCH},
    "log_workout": {"exercises": [{"exercise": "squat", "sets": [{"reps": 5, "load": 100}]}]},
    "add_sets": {"exercise": "squat", "sets": [{"reps": 5, "load": 100}]},
    "update_entry": {"entry_id": "w_" + "0" * 24, "title": "Legs"},
    "delete_entry": {"entry_id": "w_" + "0" * 24},
    "undo": {"undo_token": "any"},
}


@pytest.mark.parametrize("tool", sorted(LOGGING_WRITES))
async def test_seed_003_consent_required_to_log(person, tool):
    """consent_required: get_profile tells "whether they've allowed workouts to be logged"; a write
    without that consent is refused and says where the user allows it."""
    await give_consents(person.backends, person.account_id, logging=False)
    text = await person.ows.error(tool, LOGGING_WRITES[tool], code="consent_required")
    assert "allowed workouts to be logged" in text and "account page" in text, text


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("goals", "squat 200"),
        ("equipment", ["barbell"]),
        ("limitations", "sore knee"),
        ("training_days", ["mon"]),
    ],
)
async def test_seed_003_consent_required_for_health_data(person, field, value):
    """update_profile: "Goals, equipment, limitations and training days need the user's health-data
    consent"."""
    ows = person.ows
    await give_consents(person.backends, person.account_id, health=False)
    before = await ows("get_profile")
    text = await ows.error("update_profile", {field: value, "display_name": "Ada"}, code="consent_required")
    assert text.startswith(f"consent_required: {field}: ") and "health-data consent" in text
    assert "nothing was changed" in text and await ows("get_profile") == before


INVALID_CALLS: list[tuple[str, dict[str, Any], str]] = [
    # Wrong types and missing or unknown arguments.
    ("log_text", {}, "text"),
    ("log_text", {"text": 42}, "text"),
    ("log_workout", {"exercises": "squat 5x5"}, "exercises"),
    ("add_sets", {"exercise": "squat", "sets": [{"reps": "five"}]}, "sets[0].reps"),
    ("get_workouts", {"limit": "ten"}, "limit"),
    ("get_progress", {"exercise": "squat"}, "metric"),
    ("update_profile", {"training_days": "mon"}, "training_days"),
    ("update_profile", {"timezone": "Eastern"}, "timezone"),
    ("log_text", {"text": "squat 5x5", "idempotency": "k"}, "idempotency"),
    ("link_workout_to_program", {"remove": True}, "workout_id"),
    # Out of range: "default 10, max 100", "default 10, max 25", "default 50, max 100", "1 to 10".
    ("get_workouts", {"limit": 101}, "limit"),
    ("search_exercises", {"query": "rdl", "limit": 26}, "limit"),
    ("search_programs", {"limit": 101}, "limit"),
    ("search_programs", {"equipment": "kettlebell"}, "equipment"),
    ("search_programs", {"level": "expert"}, "level"),
    ("add_sets", {"exercise": "squat", "sets": [{"reps": 5, "rpe": 11}]}, "sets[0].rpe"),
    ("add_sets", {"exercise": "squat", "sets": [{"reps": 5, "rpe": 0}]}, "sets[0].rpe"),
    ("update_entry", {"entry_id": "s_" + "0" * 24 + "_1", "rpe": 10.5}, "rpe"),
    # "unit: kg or lb".
    ("update_entry", {"entry_id": "s_" + "0" * 24 + "_1", "unit": "stone"}, "unit"),
    (
        "log_workout",
        {"exercises": [{"exercise": "squat", "sets": [{"reps": 5, "load": 100, "unit": "kgs"}]}]},
        "unit",
    ),
    ("update_profile", {"units": "pounds"}, "units"),
    # Days: "YYYY-MM-DD".
    ("get_workouts", {"from": "28/10/2026"}, "from"),
    ("get_progress", {"exercise": "squat", "metric": "e1rm", "to": "2026-02-30"}, "to"),
    ("log_text", {"text": "squat 5x5 at 100", "date": "yesterday"}, "date"),
    (
        "log_workout",
        {"exercises": [{"exercise": "squat", "sets": [{"reps": 5}]}], "date": "2026-13-01"},
        "date",
    ),
    ("get_workouts", {"from": "2026-11-30", "to": "2026-11-01"}, "from"),
    # ended_at: "RFC 3339 (e.g. 2026-10-28T18:45:00-05:00)".
    ("update_entry", {"entry_id": "w_" + "0" * 24, "ended_at": "6:45pm"}, "ended_at"),
    ("update_entry", {"entry_id": "w_" + "0" * 24, "ended_at": "2026-10-28T18:45:00"}, "ended_at"),
    ("update_entry", {"entry_id": "w_" + "0" * 24, "ended_at": "2026-10-28"}, "ended_at"),
    ("update_entry", {"entry_id": "w_" + "0" * 24, "ended_at": "20261028T184500-0500"}, "ended_at"),
    ("update_entry", {"entry_id": "w_" + "0" * 24, "ended_at": "2026-10-28T25:45:00-05:00"}, "ended_at"),
    # metric: "e1rm ..., top_set ... or volume".
    ("get_progress", {"exercise": "squat", "metric": "1rm"}, "metric"),
    ("get_progress", {"exercise": "squat", "metric": "max"}, "metric"),
    # Arguments that do not fit together, or name what does not exist as a value.
    ("log_workout", {"exercises": [{"sets": [{"reps": 5}]}]}, "exercises[0]: name the exercise"),
    ("add_sets", {"sets": [{"reps": 5}]}, "exercise: name the exercise"),
    ("add_sets", {"exercise_id": "squat", "sets": [{"reps": 5}]}, "invalid_input: exercise_id: "),
    ("log_text", {"text": "squat 5x5 at 100", "date": "2099-01-01"}, "date: 2099-01-01 is after today"),
    ("update_profile", {}, "give at least one field"),
    ("get_program", {"id": "kp:five-by-five", "version": 0}, "version"),
    ("link_workout_to_program", {"workout_id": "w_" + "0" * 24}, "program_id: is required"),
    ("link_workout_to_program", {"workout_id": "w_" + "0" * 24, "remove": True, "day": "A"}, "remove"),
    ("update_entry", {"entry_id": "w_" + "0" * 24, "reps": 5}, "reps: changes a set"),
    ("update_entry", {"entry_id": "s_" + "0" * 24 + "_1", "remove_load": True, "load": 5}, "remove_load"),
    ("log_workout", {"exercises": [{"exercise": "squat", "sets": [{"reps": 5, "load": 2400}]}]}, "load"),
    # IDs that are not IDs of the tools.
    ("delete_entry", {"entry_id": "12345"}, "entry_id"),
    ("add_sets", {"exercise": "squat", "sets": [{"reps": 5}], "workout_id": "latest"}, "workout_id"),
]


@pytest.mark.parametrize(("tool", "arguments", "field"), INVALID_CALLS)
async def test_seed_003_invalid_input_names_what_to_fix(ows, tool, arguments, field):
    """invalid_input: wrong types, missing arguments, out-of-range values, units, days, ended_at and
    metrics are refused, the text naming the argument to fix; nothing is stored."""
    before = await _workout_ids(ows)
    text = await ows.error(tool, arguments, code="invalid_input")
    assert field in text, text
    assert await _workout_ids(ows) == before


async def test_seed_003_nothing_to_log(ows):
    """nothing_to_log: log_text "can refuse a sentence it isn't sure of"."""
    before = await _workout_ids(ows)
    text = await ows.error("log_text", {"text": "felt great today"}, code="nothing_to_log")
    assert "log_workout" in text or "sets" in text or "reps" in text, text
    assert await _workout_ids(ows) == before


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("get_personal_records", {}),
        ("get_progress", {"metric": "top_set"}),
        ("get_workouts", {"from": "2026-01-01"}),
    ],
)
async def test_seed_003_exercise_ambiguous_then_retry_with_an_id(ows, tool, arguments):
    """get_personal_records, get_progress, get_workouts: "If the exercise name is ambiguous the call fails
    with exercise_ambiguous and candidates; ask the user or retry with an ID"."""
    await ows(
        "log_workout",
        {
            "exercises": [{"exercise_id": "overhead-press", "sets": [{"reps": 5, "load": 50}]}],
            "idempotency_key": "seed-003-ambiguous",
        },
    )
    text = await ows.error(tool, {**arguments, "exercise": "press"}, code="exercise_ambiguous")
    assert "(overhead-press)" in text and "exercise_id" in text, text
    retried = await ows(tool, {**arguments, "exercise": "overhead-press"})
    assert "overhead-press" in json.dumps(retried), retried


NOT_FOUND_CALLS: list[tuple[str, dict[str, Any], str]] = [
    ("delete_entry", {"entry_id": "w_" + "0" * 24}, "get_workouts"),
    ("update_entry", {"entry_id": "e_" + "0" * 24, "notes": "x"}, "get_workouts"),
    ("add_sets", {"entry_id": "e_" + "0" * 24, "sets": [{"reps": 5}]}, "get_workouts"),
    ("link_workout_to_program", {"workout_id": "w_" + "0" * 24, "remove": True}, "get_workouts"),
    ("get_program", {"id": "kp:no-such-program"}, "kp:push-pull-legs"),
    ("get_progress", {"exercise": "underwater basket weaving", "metric": "e1rm"}, "search_exercises"),
    ("get_program", {"id": "kp:five-by-five", "version": 99}, "published versions"),
    ("start_program", {"id": "five-by-five"}, "kp:five-by-five"),
    ("end_program", {}, "start_program"),
    ("get_program_targets", {}, "start_program"),
]


@pytest.mark.parametrize(("tool", "arguments", "hint"), NOT_FOUND_CALLS)
async def test_seed_003_not_found_says_where_ids_come_from(ows, tool, arguments, hint):
    """not_found: an ID or name the account does not have; the text says where the right ones are."""
    text = await ows.error(tool, arguments, code="not_found")
    assert hint in text, text
    assert " 000000000000000000000000" not in text, "IDs are written as the tools give them"


async def test_seed_003_undo_unavailable_for_a_used_token(ows):
    """undo_unavailable: undo "within 10 minutes" restores once; the token is spent after that."""
    logged = await _squat(ows, "seed-003-undo-twice")
    deleted = await ows("delete_entry", {"entry_id": logged["workout"]["entries"][0]["sets"][0]["id"]})
    await ows("undo", {"undo_token": deleted["undo_token"]})
    text = await ows.error("undo", {"undo_token": deleted["undo_token"]}, code="undo_unavailable")
    assert text.startswith("undo_unavailable: undo_token: ") and "already used" in text, text
    assert "within 10 minutes of delete_entry" in text and "can no longer be undone" in text
    unknown = await ows.error("undo", {"undo_token": "not-a-token"}, code="undo_unavailable")
    assert unknown.startswith("undo_unavailable: undo_token: ") and "10 minutes" in unknown, unknown


@pytest.mark.parametrize("tool", sorted(RETRIED))
async def test_seed_003_idempotency_conflict_same_key_other_body(ows, tool):
    """idempotency_conflict: the same idempotency_key with a different body is refused, not stored."""
    key = f"seed-003-conflict-{tool}"
    await ows(tool, {**RETRIED[tool], "idempotency_key": key})
    before = await _workout_ids(ows)
    other = json.loads(json.dumps(RETRIED[tool]).replace("140", "145"))
    text = await ows.error(tool, {**other, "idempotency_key": key}, code="idempotency_conflict")
    assert "idempotency_key" in text, text
    assert await _workout_ids(ows) == before
    assert "AddSets" not in text and "LogWorkout" not in text, "no service method is named"


async def test_seed_003_rate_limited_is_a_tool_error(person):
    """rate_limited: over the account's budget a tool call fails with a text starting rate_limited
    and saying when to retry (decision 0075); this test's account is its own."""
    ows = person.ows
    listing = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    call = {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "tools/call",
        "params": {"name": "get_profile", "arguments": {}},
    }
    headers = {"Authorization": f"Bearer {ows.token}", "Accept": "application/json, text/event-stream"}
    async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
        statuses: list[int] = []
        while 429 not in statuses and len(statuses) < 400:
            batch = await asyncio.gather(*(http.post(ows.url, json=listing) for _ in range(20)))
            statuses += [r.status_code for r in batch]
        refused = await http.post(ows.url, json=call)
    assert 429 in statuses and set(statuses) == {200, 429}
    body = refused.json()
    assert refused.status_code == 200 and body["result"]["isError"] is True
    text = body["result"]["content"][0]["text"]
    assert text.startswith("rate_limited: ") and "retry after" in text, text
    assert int(refused.headers["retry-after"]) >= 1
