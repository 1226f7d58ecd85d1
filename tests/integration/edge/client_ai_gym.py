"""A gym for the Client AI tests, set up through the real GymAdminService, and the profile's client.

``Gym`` holds the IDs a scenario needs; ``ClientAi`` calls the 12 tools through the mcp package's
client with one bearer credential, like ``metric_calls.Tools`` does for Metric.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import grpc
import httpx2
from google.protobuf import field_mask_pb2, struct_pb2
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import gyms_pb2 as g
from kinetic.sessions.v1 import gyms_pb2_grpc

CLIENT_AI_PATH = "/mcp/client-ai"
MODULE = "client_ai_workout_v2"


def text(en: str, nl: str) -> g.LocalizedText:
    return g.LocalizedText(en=en, nl=nl)


@dataclass
class Gym:
    """One company with a coach, a consenting client with AI access, exercises and an active plan."""

    admin: gyms_pb2_grpc.GymAdminServiceStub
    company: g.Company
    coach_id: str
    client: g.Client
    exercises: dict[str, str]  # short name → exercise ID
    plan: g.WorkoutPlan

    @property
    def push_day(self) -> g.WorkoutPlanDay:
        return self.plan.days[0]

    async def set_company(self, **changes: Any) -> None:
        """Change the company: mcp_integration_enabled and/or client_mcp_policy."""
        company = g.Company(id=self.company.id)
        for name, value in changes.items():
            if name == "client_mcp_policy":
                company.client_mcp_policy.CopyFrom(value)
            else:
                setattr(company, name, value)
        await self.admin.UpdateCompany(
            g.UpdateCompanyRequest(company=company, update_mask=field_mask_pb2.FieldMask(paths=list(changes)))
        )

    async def set_consent(self, consent: bool) -> None:
        await self.admin.UpdateClient(
            g.UpdateClientRequest(
                client=g.Client(id=self.client.id, health_data_consent=consent),
                update_mask=field_mask_pb2.FieldMask(paths=["health_data_consent"]),
            )
        )

    async def set_ai_access(self, enabled: bool) -> None:
        await self.admin.SetClientRelationship(
            g.SetClientRelationshipRequest(
                relationship=g.ClientRelationship(
                    client_id=self.client.id, company_id=self.company.id, client_ai_access_enabled=enabled
                )
            )
        )


FULL_POLICY = g.ClientMcpPolicy(allowed_modules=[MODULE], write_tools_allowed=True)


async def open_gym(
    admin: gyms_pb2_grpc.GymAdminServiceStub, account_id: str, *, name: str = "Northside Strength"
) -> Gym:
    """A gym whose client is ``account_id``, with every gate open and a push/pull plan assigned."""
    company = (
        await admin.CreateCompany(
            g.CreateCompanyRequest(
                company=g.Company(name=name, mcp_integration_enabled=True, client_mcp_policy=FULL_POLICY)
            )
        )
    ).company
    coach = (
        await admin.CreateCoach(g.CreateCoachRequest(coach=g.Coach(company_id=company.id, name="Sam")))
    ).coach
    client = (
        await admin.CreateClient(
            g.CreateClientRequest(
                client=g.Client(account_id=account_id, name="Ada", health_data_consent=True)
            )
        )
    ).client
    await admin.SetClientRelationship(
        g.SetClientRelationshipRequest(
            relationship=g.ClientRelationship(
                client_id=client.id, company_id=company.id, client_ai_access_enabled=True
            )
        )
    )
    exercises: dict[str, str] = {}
    for short, slug, en, nl, allowlisted in (
        ("bench", "barbell-bench-press", "Bench Press", "Bankdrukken", True),
        ("deadlift", "barbell-deadlift", "Deadlift", "Deadlift", True),
        ("squat", "barbell-back-squat", "Back Squat", "Squat", True),
        ("secret", "pull-up", "Pull-up", "Optrekken", False),
    ):
        created = await admin.CreateExercise(
            g.CreateExerciseRequest(
                exercise=g.GymExercise(
                    company_id=company.id,
                    catalog_exercise_id=slug,
                    name=text(en, nl),
                    instructions=text(f"How to {en.lower()}.", f"Zo doe je {nl.lower()}."),
                    allowlisted=allowlisted,
                )
            )
        )
        exercises[short] = created.exercise.id
    plan = (
        await admin.CreatePlan(
            g.CreatePlanRequest(
                plan=g.WorkoutPlan(
                    company_id=company.id,
                    coach_id=coach.id,
                    client_id=client.id,
                    name=text("Push / Pull", "Duwen / Trekken"),
                    description=text("Two days a week.", "Twee dagen per week."),
                    status="Active",
                    days=[
                        g.WorkoutPlanDay(
                            name=text("Push day", "Duwdag"),
                            visible=True,
                            exercises=[
                                g.WorkoutPlanExercise(
                                    exercise_id=exercises["bench"],
                                    target_sets=3,
                                    target_reps="8",
                                    target_weight_kg=80,
                                    rest_seconds=120,
                                    notes=text("Pause on the chest.", "Pauzeer op de borst."),
                                )
                            ],
                        ),
                        g.WorkoutPlanDay(
                            name=text("Pull day", "Trekdag"),
                            visible=True,
                            exercises=[
                                g.WorkoutPlanExercise(
                                    exercise_id=exercises["deadlift"], target_sets=3, target_reps="5"
                                )
                            ],
                        ),
                    ],
                )
            )
        )
    ).plan
    return Gym(admin, company, coach.id, client, exercises, plan)


async def set_presets(gym: Gym) -> None:
    """Company, system and coach-private presets for the bench press."""
    for scope, key, value in (
        ("company", "seat_height", struct_pb2.Value(number_value=4)),
        ("system", "back_angle", struct_pb2.Value(string_value="flat")),
        ("coach_private", "coach_secret", struct_pb2.Value(bool_value=True)),
    ):
        await gym.admin.SetMachinePreset(
            g.SetMachinePresetRequest(
                preset=g.MachinePreset(
                    exercise_id=gym.exercises["bench"],
                    scope=scope,
                    coach_id=gym.coach_id if scope == "coach_private" else "",
                    fields=[g.SetupField(key=key, label=text(key, key), value=value)],
                )
            )
        )


async def client_ai_key(backends: Any, account_id: str) -> str:
    """A personal API key with the client_ai scope for ``account_id``."""
    key = await backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name="client ai", scopes=["client_ai"])
    )
    return str(key.secret)


async def new_account(backends: Any, email: str) -> str:
    account = await backends.auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email=email, password="correct horse battery", display_name=email.split("@")[0], time_zone="UTC"
        )
    )
    return str(account.account.account_id)


def gym_admin(sessions_port: int) -> tuple[grpc.aio.Channel, gyms_pb2_grpc.GymAdminServiceStub]:
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{sessions_port}")
    return channel, gyms_pb2_grpc.GymAdminServiceStub(channel)


class ClientAi:
    """The 12 tools for one bearer credential, through the real mcp client."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url
        self.token = token

    async def raw(self, tool: str, arguments: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        """(is_error, the JSON the tool returned); the client checks results against outputSchema."""
        async with (
            httpx2.AsyncClient(headers={"Authorization": f"Bearer {self.token}"}, timeout=30) as http,
            Client(streamable_http_client(self.url, http_client=http)) as client,
        ):
            result = await client.call_tool(tool, arguments)
        payload = json.loads(result.content[0].text)  # type: ignore[union-attr]
        if not result.is_error:
            assert result.structured_content == payload
        return bool(result.is_error), payload

    async def __call__(self, tool: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        is_error, payload = await self.raw(tool, arguments or {})
        assert not is_error, payload
        return payload

    async def error(self, tool: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        is_error, payload = await self.raw(tool, arguments or {})
        assert is_error, payload
        assert set(payload) <= {"error", "error_description", "field"}, payload
        return payload
