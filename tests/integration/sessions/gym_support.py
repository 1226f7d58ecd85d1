"""Helpers for gym tests: the real sessions server on port 0 and a gym built through the admin API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import grpc
from google.protobuf import field_mask_pb2, struct_pb2

from kinetic.sessions.v1 import gyms_pb2, gyms_pb2_grpc, sessions_pb2_grpc
from kinetic.settings import ServiceSettings
from services.sessions.bootstrap import start
from tests.integration.training.library_support import SettableClock

ACCOUNT_A = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"
ACCOUNT_B = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"
MODULE = "client_ai_workout_v2"
UNUSED_TRAINING = "127.0.0.1:1"  # gym calls never reach training; the channel is never used


@dataclass
class GymStubs:
    """Stubs of one real sessions server."""

    admin: gyms_pb2_grpc.GymAdminServiceStub
    client: gyms_pb2_grpc.ClientWorkoutServiceStub
    sessions: sessions_pb2_grpc.SessionsServiceStub


@asynccontextmanager
async def gym_server(engines: Any, tmp_path: Any) -> AsyncIterator[GymStubs]:
    """The sessions service (with the gym module, as bootstrap wires it) on port 0 over ``engines``."""
    settings = ServiceSettings.from_env("sessions", {"KINETIC_DATA_DIR": str(tmp_path)})
    running = await start(
        settings, port=0, engine=engines("sessions"), clock=SettableClock(), training_target=UNUSED_TRAINING
    )
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        yield GymStubs(
            gyms_pb2_grpc.GymAdminServiceStub(channel),
            gyms_pb2_grpc.ClientWorkoutServiceStub(channel),
            sessions_pb2_grpc.SessionsServiceStub(channel),
        )
    finally:
        await channel.close()
        await running.stop(0)


def text(en: str, nl: str) -> gyms_pb2.LocalizedText:
    """A localized text."""
    return gyms_pb2.LocalizedText(en=en, nl=nl)


def mask(*paths: str) -> field_mask_pb2.FieldMask:
    """An update mask."""
    return field_mask_pb2.FieldMask(paths=list(paths))


@dataclass
class ClientGym:
    """One company with a coach, a client, exercises and plans, made through the admin API."""

    company: gyms_pb2.Company
    coach: gyms_pb2.Coach
    client: gyms_pb2.Client
    exercises: dict[str, gyms_pb2.GymExercise] = field(default_factory=dict)
    plans: dict[str, gyms_pb2.WorkoutPlan] = field(default_factory=dict)


async def create_company(
    admin: gyms_pb2_grpc.GymAdminServiceStub, name: str = "Gym Noord", *, writes: bool = True
) -> gyms_pb2.Company:
    """A company with the feature on and the Workout V2 module allowed."""
    response = await admin.CreateCompany(
        gyms_pb2.CreateCompanyRequest(
            company=gyms_pb2.Company(
                name=name,
                mcp_integration_enabled=True,
                client_mcp_policy=gyms_pb2.ClientMcpPolicy(
                    allowed_modules=[MODULE], write_tools_allowed=writes
                ),
            )
        )
    )
    return response.company


async def create_exercise(
    admin: gyms_pb2_grpc.GymAdminServiceStub,
    slug: str,
    en: str,
    nl: str,
    *,
    company_id: str = "",
    owner_client_id: str = "",
    allowlisted: bool = True,
) -> gyms_pb2.GymExercise:
    """A company exercise, or a client's own exercise."""
    response = await admin.CreateExercise(
        gyms_pb2.CreateExerciseRequest(
            exercise=gyms_pb2.GymExercise(
                company_id=company_id,
                owner_client_id=owner_client_id,
                catalog_exercise_id=slug,
                name=text(en, nl),
                instructions=text(f"How to {en}", f"Zo doe je {nl}"),
                allowlisted=allowlisted,
            )
        )
    )
    return response.exercise


def day(
    en: str, nl: str, *items: gyms_pb2.WorkoutPlanExercise, visible: bool = True
) -> gyms_pb2.WorkoutPlanDay:
    """A plan day."""
    return gyms_pb2.WorkoutPlanDay(name=text(en, nl), visible=visible, exercises=list(items))


def target(
    exercise_id: str, sets: int = 3, reps: str = "8", kg: float | None = 80.0
) -> gyms_pb2.WorkoutPlanExercise:
    """A plan exercise with targets."""
    return gyms_pb2.WorkoutPlanExercise(
        exercise_id=exercise_id,
        target_sets=sets,
        target_reps=reps,
        target_weight_kg=kg,
        rest_seconds=120,
        notes=text("Control the descent", "Laat gecontroleerd zakken"),
    )


async def create_plan(
    admin: gyms_pb2_grpc.GymAdminServiceStub,
    gym: ClientGym,
    en: str,
    nl: str,
    days: list[gyms_pb2.WorkoutPlanDay],
    *,
    status: str = "Active",
    is_wod: bool = False,
) -> gyms_pb2.WorkoutPlan:
    """A plan from the gym's coach to its client."""
    response = await admin.CreatePlan(
        gyms_pb2.CreatePlanRequest(
            plan=gyms_pb2.WorkoutPlan(
                coach_id=gym.coach.id,
                client_id=gym.client.id,
                name=text(en, nl),
                description=text(f"{en} description", f"{nl} beschrijving"),
                status=status,
                is_wod=is_wod,
                days=days,
            )
        )
    )
    gym.plans[en] = response.plan
    return response.plan


async def client_gym(
    admin: gyms_pb2_grpc.GymAdminServiceStub,
    account_id: str = ACCOUNT_A,
    *,
    company: gyms_pb2.Company | None = None,
    name: str = "Ada",
) -> ClientGym:
    """A consenting client with AI access, bench press, deadlift, a hidden (not allowlisted) exercise,
    an own exercise, an Active Push/Pull plan with a hidden day, and a WOD plan."""
    company = company or await create_company(admin)
    coach = (
        await admin.CreateCoach(
            gyms_pb2.CreateCoachRequest(coach=gyms_pb2.Coach(company_id=company.id, name="Sam"))
        )
    ).coach
    client = (
        await admin.CreateClient(
            gyms_pb2.CreateClientRequest(
                client=gyms_pb2.Client(account_id=account_id, name=name, health_data_consent=True)
            )
        )
    ).client
    await admin.SetClientRelationship(
        gyms_pb2.SetClientRelationshipRequest(
            relationship=gyms_pb2.ClientRelationship(
                client_id=client.id, company_id=company.id, client_ai_access_enabled=True
            )
        )
    )
    gym = ClientGym(company, coach, client)
    gym.exercises["bench"] = await create_exercise(
        admin, "barbell-bench-press", "Bench Press", "Bankdrukken", company_id=company.id
    )
    gym.exercises["deadlift"] = await create_exercise(
        admin, "barbell-deadlift", "Deadlift", "Deadlift", company_id=company.id
    )
    gym.exercises["hidden"] = await create_exercise(
        admin, "good-morning", "Good Morning", "Goedemorgen", company_id=company.id, allowlisted=False
    )
    gym.exercises["own"] = await create_exercise(
        admin, "", f"{name}'s band pull", f"Bandtrek van {name}", owner_client_id=client.id
    )
    await create_plan(
        admin,
        gym,
        "Push / Pull",
        "Duwen / Trekken",
        [
            day(
                "Push day",
                "Push-dag",
                target(gym.exercises["bench"].id),
                target(gym.exercises["hidden"].id),
                target(gym.exercises["own"].id, reps="AMRAP", kg=None),
            ),
            day("Secret day", "Geheime dag", target(gym.exercises["deadlift"].id), visible=False),
            day("Pull day", "Pull-dag", target(gym.exercises["deadlift"].id, sets=5, reps="5", kg=120)),
        ],
    )
    await create_plan(admin, gym, "Hero WOD", "Held WOD", [day("WOD", "WOD")], is_wod=True)
    return gym


def value(
    number: float | None = None, string: str | None = None, flag: bool | None = None
) -> struct_pb2.Value:
    """A setup value."""
    if flag is not None:
        return struct_pb2.Value(bool_value=flag)
    if string is not None:
        return struct_pb2.Value(string_value=string)
    return struct_pb2.Value(number_value=number or 0.0)
