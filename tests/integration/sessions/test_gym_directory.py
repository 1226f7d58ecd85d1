"""SqlGymDirectory, the gym facts the sessions core reads, on SQLite and PostgreSQL; and the core using
it through the real server (no test double): a plan day start and a set logged on a gym exercise."""

from __future__ import annotations

from functools import partial

import grpc
import pytest

from kinetic.sessions.v1 import sessions_pb2
from kinetic.storage import upgrade
from services.sessions.bootstrap import MIGRATIONS
from services.sessions.gyms.bootstrap import build_gym_module
from services.sessions.gyms.domain.admin_input import NewPlanDay
from services.sessions.gyms.domain.model import ClientMcpPolicy, Localized, PlanExerciseContent
from tests.integration.sessions.gym_support import ACCOUNT_A, ACCOUNT_B, client_gym, gym_server
from tests.integration.sessions.session_support import failure


@pytest.fixture
def gyms(engines):
    engine = engines("sessions")
    upgrade(engine, MIGRATIONS)
    return build_gym_module(engine)


def make_client(gyms, account_id: str, company_id: str, name: str):
    admin = gyms.admin
    coach = admin.create_coach(company_id, f"Coach of {name}")
    client = admin.create_client(account_id, name, True)
    admin.set_relationship(client.id, company_id, True)
    bench = admin.create_exercise(
        company_id=company_id,
        catalog_exercise_id="barbell-bench-press",
        name=Localized("Bench Press", "Bankdrukken"),
    )
    hidden = admin.create_exercise(
        company_id=company_id,
        catalog_exercise_id="good-morning",
        name=Localized("Good Morning", "Goedemorgen"),
        allowlisted=False,
    )
    own = admin.create_exercise(owner_client_id=client.id, name=Localized("Band pull", "Bandtrek"))
    plan = admin.create_plan(
        coach_id=coach.id,
        client_id=client.id,
        name=Localized("Push / Pull", "Duwen / Trekken"),
        days=[
            NewPlanDay(
                Localized("Push day", "Push-dag"),
                exercises=(
                    PlanExerciseContent(bench.id, 3, "8-10", 80.0, 120),
                    PlanExerciseContent(hidden.id, 3, "10"),
                    PlanExerciseContent(own.id, 2, "AMRAP"),
                ),
            ),
            NewPlanDay(Localized("Secret", "Geheim"), visible=False),
        ],
    )
    wod = admin.create_plan(
        coach_id=coach.id,
        client_id=client.id,
        name=Localized("WOD", "WOD"),
        is_wod=True,
        days=[NewPlanDay(Localized("Fran", "Fran"))],
    )
    return {"bench": bench, "hidden": hidden, "own": own, "plan": plan, "wod": wod}


def test_plan_day_is_the_accounts_visible_day_in_its_language(gyms):
    company = gyms.admin.create_company("Gym", True, ClientMcpPolicy(("client_ai_workout_v2",), True))
    mine = make_client(gyms, ACCOUNT_A, company.id, "Ada")
    plan = mine["plan"]
    day = gyms.directory.plan_day(ACCOUNT_A, plan.id, plan.days[0].id, "nl")
    assert day is not None
    assert (day.company_id, day.plan_name, day.day_name, day.is_wod) == (
        company.id,
        "Duwen / Trekken",
        "Push-dag",
        False,
    )
    assert [(e.exercise_name, e.target_sets, e.target_reps, e.target_weight_kg) for e in day.exercises] == [
        ("Bankdrukken", 3, "8-10", 80.0),
        ("Bandtrek", 2, "AMRAP", None),
    ]
    assert day.exercises[0].plan_exercise_id == plan.days[0].exercises[0].id
    assert gyms.directory.plan_day(ACCOUNT_A, plan.id, plan.days[1].id, "en") is None  # hidden
    assert gyms.directory.plan_day(ACCOUNT_A, plan.id, "0" * 24, "en") is None
    wod = gyms.directory.plan_day(ACCOUNT_A, mine["wod"].id, mine["wod"].days[0].id, "en")
    assert wod is not None and wod.is_wod  # flagged, so the core refuses it with its own error


def test_directory_answers_only_about_the_accounts_own_client(gyms):
    company = gyms.admin.create_company("Gym", True, ClientMcpPolicy(("client_ai_workout_v2",), True))
    mine = make_client(gyms, ACCOUNT_A, company.id, "Ada")
    theirs = make_client(gyms, ACCOUNT_B, company.id, "Bo")
    plan = theirs["plan"]
    assert gyms.directory.plan_day(ACCOUNT_A, plan.id, plan.days[0].id, "en") is None
    assert gyms.directory.plan_day("unknown-account", plan.id, plan.days[0].id, "en") is None
    assert gyms.directory.visible_exercise(ACCOUNT_A, theirs["own"].id, "en") is None
    assert gyms.directory.visible_exercise(ACCOUNT_A, mine["hidden"].id, "en") is None
    assert gyms.directory.visible_exercise(ACCOUNT_A, "not-an-id", "en") is None
    own = gyms.directory.visible_exercise(ACCOUNT_A, mine["own"].id, "en")
    assert own is not None and (own.name, own.catalog_exercise_id) == ("Band pull", "")
    # Company exercises are shared by the company's clients.
    shared = gyms.directory.visible_exercise(ACCOUNT_A, theirs["bench"].id, "nl")
    assert shared is not None and (shared.name, shared.catalog_exercise_id) == (
        "Bankdrukken",
        "barbell-bench-press",
    )


async def test_the_sessions_core_starts_a_gym_plan_day_through_the_real_directory(engines, tmp_path):
    async with gym_server(engines, tmp_path) as stubs:
        gym = await client_gym(stubs.admin)
        plan = gym.plans["Push / Pull"]
        started = await stubs.sessions.StartOrResumeSession(
            sessions_pb2.StartOrResumeSessionRequest(
                account_id=ACCOUNT_A, plan_id=plan.id, plan_moment_id=plan.days[0].id, language="en"
            )
        )
        assert (started.session.plan_id, started.session.company_id) == (plan.id, gym.company.id)
        logged = await stubs.sessions.LogPerformance(
            sessions_pb2.LogPerformanceRequest(
                account_id=ACCOUNT_A,
                session_id=started.session.session_id,
                exercise_id=gym.exercises["bench"].id,
                sets=[sessions_pb2.PerformanceSet(set_number=1, set_type="N", weight_kg=80, reps_number=8)],
            )
        )
        assert logged.performance.exercise_id == gym.exercises["bench"].id
        hidden = await failure(
            stubs.sessions.LogPerformance(
                sessions_pb2.LogPerformanceRequest(
                    account_id=ACCOUNT_A,
                    session_id=started.session.session_id,
                    exercise_id=gym.exercises["hidden"].id,
                    sets=[
                        sessions_pb2.PerformanceSet(set_number=1, set_type="N", weight_kg=80, reps_number=8)
                    ],
                )
            )
        )
        assert (hidden.code, hidden.reason) == (grpc.StatusCode.NOT_FOUND, "EXERCISE_NOT_VISIBLE")
        other = await failure(
            stubs.sessions.StartOrResumeSession(
                sessions_pb2.StartOrResumeSessionRequest(
                    account_id=ACCOUNT_B, plan_id=plan.id, plan_moment_id=plan.days[0].id
                )
            )
        )
        assert (other.code, other.reason) == (grpc.StatusCode.NOT_FOUND, "PLAN_DAY_NOT_FOUND")


def _gate_error(call):
    try:
        call()
    except Exception as error:  # the gate's own error, compared whole
        return type(error), str(error), getattr(error, "reason", None)
    return None


def test_the_gate_with_the_exercise_answers_as_the_gate_and_the_directory_do(gyms):
    """LogPerformance's gate (decision 0119): the same gate errors, and the directory's own answer."""
    company = gyms.admin.create_company("Gym", True, ClientMcpPolicy(("client_ai_workout_v2",), True))
    mine = make_client(gyms, ACCOUNT_A, company.id, "Ada")
    theirs = make_client(gyms, ACCOUNT_B, company.id, "Bo")
    client = gyms.client
    module = "client_ai_workout_v2"
    for exercise_id in (
        mine["bench"].id,
        mine["bench"].id.upper(),
        mine["hidden"].id,
        mine["own"].id,
        theirs["own"].id,
        "000000000000000000000000",
    ):
        gated = client.check_access_with_exercise(ACCOUNT_A, module, True, exercise_id)
        assert gated is not None and gated.exercise_id == exercise_id.lower()
        for language in ("en", "nl"):
            assert gated.visible(language) == gyms.directory.visible_exercise(
                ACCOUNT_A, exercise_id, language
            )
    assert client.check_access_with_exercise(ACCOUNT_A, module, True, "not-an-id") is None
    # Every gate error as check_access raises it, whatever the exercise.
    gyms.admin.create_client("00000000-0000-4000-8000-0000000000c3", "Cy", True)
    cases = [
        (ACCOUNT_A, "", True),
        ("", module, True),
        (ACCOUNT_A, "client_ai_wod", True),
        ("00000000-0000-4000-8000-0000000000c3", module, True),
        ("00000000-0000-4000-8000-0000000000d4", module, False),
    ]
    for account_id, asked, write in cases:
        expected = _gate_error(partial(client.check_access, account_id, asked, write))
        assert expected is not None
        for exercise_id in (mine["bench"].id, "not-an-id"):
            got = _gate_error(
                partial(client.check_access_with_exercise, account_id, asked, write, exercise_id)
            )
            assert got == expected
