"""SqlGymDirectory, the gym facts the sessions core reads, on SQLite and PostgreSQL; and the core using
it through the real server (no test double): a plan day start and a set logged on a gym exercise."""

from __future__ import annotations

import grpc
import pytest

from kinetic.sessions.v1 import sessions_pb2
from kinetic.storage import upgrade
from services.sessions.bootstrap import MIGRATIONS
from services.sessions.gyms.bootstrap import build_gym_module
from services.sessions.gyms.domain.admin_input import NewPlanDay, NewPlanExercise
from services.sessions.gyms.domain.model import ClientMcpPolicy, Localized
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
                    NewPlanExercise(bench.id, 3, "8-10", 80.0, 120),
                    NewPlanExercise(hidden.id, 3, "10"),
                    NewPlanExercise(own.id, 2, "AMRAP"),
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
