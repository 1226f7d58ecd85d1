"""Client AI gates over the real sessions server, on SQLite and PostgreSQL: each gate its own error."""

from __future__ import annotations

from typing import Any

import grpc
import pytest

from kinetic.sessions.v1 import gyms_pb2, sessions_pb2
from tests.integration.sessions.gym_support import (
    ACCOUNT_A,
    ACCOUNT_B,
    MODULE,
    client_gym,
    gym_server,
    mask,
)
from tests.integration.sessions.session_support import failure


@pytest.fixture
async def stubs(engines, tmp_path):
    async with gym_server(engines, tmp_path) as stubs:
        yield stubs


def check(
    account_id: str = ACCOUNT_A, module: str = MODULE, write: bool = False
) -> gyms_pb2.CheckClientAccessRequest:
    return gyms_pb2.CheckClientAccessRequest(account_id=account_id, module=module, write=write)


async def set_feature(stubs, company_id: str, on: bool) -> None:
    await stubs.admin.UpdateCompany(
        gyms_pb2.UpdateCompanyRequest(
            company=gyms_pb2.Company(id=company_id, mcp_integration_enabled=on),
            update_mask=mask("mcp_integration_enabled"),
        )
    )


async def set_policy(stubs, company_id: str, modules: list[str], writes: bool) -> None:
    policy = gyms_pb2.ClientMcpPolicy(allowed_modules=modules, write_tools_allowed=writes)
    await stubs.admin.UpdateCompany(
        gyms_pb2.UpdateCompanyRequest(
            company=gyms_pb2.Company(id=company_id, client_mcp_policy=policy),
            update_mask=mask("client_mcp_policy"),
        )
    )


async def set_ai_access(stubs, gym, on: bool) -> None:
    await stubs.admin.SetClientRelationship(
        gyms_pb2.SetClientRelationshipRequest(
            relationship=gyms_pb2.ClientRelationship(
                client_id=gym.client.id, company_id=gym.company.id, client_ai_access_enabled=on
            )
        )
    )


async def set_consent(stubs, gym, on: bool) -> None:
    await stubs.admin.UpdateClient(
        gyms_pb2.UpdateClientRequest(
            client=gyms_pb2.Client(id=gym.client.id, health_data_consent=on),
            update_mask=mask("health_data_consent"),
        )
    )


async def test_every_gate_open_returns_the_callers_client_and_company(stubs):
    gym = await client_gym(stubs.admin)
    response = await stubs.client.CheckClientAccess(check(write=True))
    assert response.client.id == gym.client.id
    assert response.client.account_id == ACCOUNT_A
    assert response.company.id == gym.company.id
    assert list(response.company.client_mcp_policy.allowed_modules) == [MODULE]


async def test_an_account_that_is_no_gyms_client_is_not_a_client(stubs):
    await client_gym(stubs.admin)
    error = await failure(stubs.client.CheckClientAccess(check(account_id=ACCOUNT_B)))
    assert (error.code, error.reason) == (grpc.StatusCode.PERMISSION_DENIED, "NOT_A_CLIENT")
    assert "not a client of any gym" in error.message


async def test_a_client_without_a_company_is_not_a_client(stubs):
    await stubs.admin.CreateClient(
        gyms_pb2.CreateClientRequest(
            client=gyms_pb2.Client(account_id=ACCOUNT_B, name="Bo", health_data_consent=True)
        )
    )
    error = await failure(stubs.client.CheckClientAccess(check(account_id=ACCOUNT_B)))
    assert error.reason == "NOT_A_CLIENT"


async def test_feature_off_is_feature_disabled_and_names_the_administrator(stubs):
    gym = await client_gym(stubs.admin)
    await set_feature(stubs, gym.company.id, False)
    error = await failure(stubs.client.CheckClientAccess(check()))
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "FEATURE_DISABLED")
    assert "administrator" in error.message and "Gym Noord" in error.message
    assert error.metadata["changed_by"] == "company_administrator"


async def test_client_ai_access_off_is_client_ai_access_disabled(stubs):
    gym = await client_gym(stubs.admin)
    await set_ai_access(stubs, gym, False)
    error = await failure(stubs.client.CheckClientAccess(check()))
    assert (error.code, error.reason) == (grpc.StatusCode.PERMISSION_DENIED, "CLIENT_AI_ACCESS_DISABLED")
    assert error.metadata["changed_by"] == "gym"


async def test_module_missing_from_the_policy_is_module_not_allowed(stubs):
    gym = await client_gym(stubs.admin)
    await set_policy(stubs, gym.company.id, ["client_ai_wod"], True)
    error = await failure(stubs.client.CheckClientAccess(check()))
    assert (error.code, error.reason) == (grpc.StatusCode.PERMISSION_DENIED, "MODULE_NOT_ALLOWED")
    assert MODULE in error.message
    # The module the policy does allow passes.
    assert (await stubs.client.CheckClientAccess(check(module="client_ai_wod"))).client.id == gym.client.id


async def test_write_tools_off_refuses_writes_and_still_allows_reads(stubs):
    gym = await client_gym(stubs.admin)
    await set_policy(stubs, gym.company.id, [MODULE], False)
    error = await failure(stubs.client.CheckClientAccess(check(write=True)))
    assert (error.code, error.reason) == (grpc.StatusCode.PERMISSION_DENIED, "WRITE_TOOLS_NOT_ALLOWED")
    assert (await stubs.client.CheckClientAccess(check(write=False))).client.id == gym.client.id


async def test_no_consent_is_health_data_consent_required(stubs):
    gym = await client_gym(stubs.admin)
    await set_consent(stubs, gym, False)
    error = await failure(stubs.client.CheckClientAccess(check()))
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "HEALTH_DATA_CONSENT_REQUIRED")
    assert error.metadata["changed_by"] == "client"


async def test_gates_are_checked_in_seed_order(stubs):
    gym = await client_gym(stubs.admin)
    await set_consent(stubs, gym, False)
    await set_policy(stubs, gym.company.id, [], False)
    await set_ai_access(stubs, gym, False)
    await set_feature(stubs, gym.company.id, False)
    expected = [
        "FEATURE_DISABLED",
        "CLIENT_AI_ACCESS_DISABLED",
        "MODULE_NOT_ALLOWED",
        "WRITE_TOOLS_NOT_ALLOWED",
    ]
    fixes = [
        lambda: set_feature(stubs, gym.company.id, True),
        lambda: set_ai_access(stubs, gym, True),
        lambda: set_policy(stubs, gym.company.id, [MODULE], False),
        lambda: set_policy(stubs, gym.company.id, [MODULE], True),
    ]
    for reason, fix in zip(expected, fixes, strict=True):
        assert (await failure(stubs.client.CheckClientAccess(check(write=True)))).reason == reason
        await fix()
    assert (
        await failure(stubs.client.CheckClientAccess(check(write=True)))
    ).reason == "HEALTH_DATA_CONSENT_REQUIRED"
    await set_consent(stubs, gym, True)
    assert (await stubs.client.CheckClientAccess(check(write=True))).client.id == gym.client.id


READS = {
    "ListMyPlans": lambda stub, gym: stub.ListMyPlans(gyms_pb2.ListMyPlansRequest(account_id=ACCOUNT_A)),
    "GetMyPlan": lambda stub, gym: stub.GetMyPlan(
        gyms_pb2.GetMyPlanRequest(account_id=ACCOUNT_A, plan_id=gym.plans["Push / Pull"].id)
    ),
    "GetMyPlanDay": lambda stub, gym: stub.GetMyPlanDay(
        gyms_pb2.GetMyPlanDayRequest(
            account_id=ACCOUNT_A,
            plan_id=gym.plans["Push / Pull"].id,
            plan_moment_id=gym.plans["Push / Pull"].days[0].id,
        )
    ),
    "GetExercise": lambda stub, gym: stub.GetExercise(
        gyms_pb2.GetExerciseRequest(account_id=ACCOUNT_A, exercise_id=gym.exercises["bench"].id)
    ),
    "GetMachinePreset": lambda stub, gym: stub.GetMachinePreset(
        gyms_pb2.GetMachinePresetRequest(account_id=ACCOUNT_A, exercise_id=gym.exercises["bench"].id)
    ),
    "GetEquipmentProfile": lambda stub, gym: stub.GetEquipmentProfile(
        gyms_pb2.GetEquipmentProfileRequest(account_id=ACCOUNT_A)
    ),
}


@pytest.mark.parametrize("rpc", sorted(READS))
async def test_every_read_checks_the_gates_itself(stubs, rpc):
    gym = await client_gym(stubs.admin)
    await READS[rpc](stubs.client, gym)  # open: answers
    await set_consent(stubs, gym, False)
    assert (await failure(READS[rpc](stubs.client, gym))).reason == "HEALTH_DATA_CONSENT_REQUIRED"
    await set_feature(stubs, gym.company.id, False)
    assert (await failure(READS[rpc](stubs.client, gym))).reason == "FEATURE_DISABLED"


async def test_reads_do_not_need_write_tools(stubs):
    gym = await client_gym(stubs.admin)
    await set_policy(stubs, gym.company.id, [MODULE], False)
    for rpc in READS.values():
        await rpc(stubs.client, gym)


async def test_check_requires_account_and_module(stubs):
    assert (await failure(stubs.client.CheckClientAccess(check(account_id="")))).violations[
        0
    ].field == "account_id"
    assert (await failure(stubs.client.CheckClientAccess(check(module="")))).violations[0].field == "module"


def _session_calls(session_id: str, exercise_id: str) -> dict[str, tuple[bool, Any]]:
    """Each client-facing SessionsService RPC acting under the module: (writes?, request factory)."""
    gated: dict[str, Any] = {"account_id": ACCOUNT_A, "gym_module": MODULE}
    logged = sessions_pb2.PerformanceSet(set_number=1, weight_kg=60, reps_number=5, completed=True)
    return {
        "StartOrResumeSession": (
            True,
            lambda s: s.StartOrResumeSession(sessions_pb2.StartOrResumeSessionRequest(**gated)),
        ),
        "LogPerformance": (
            True,
            lambda s: s.LogPerformance(
                sessions_pb2.LogPerformanceRequest(
                    session_id=session_id, exercise_id=exercise_id, sets=[logged], **gated
                )
            ),
        ),
        "CompleteSession": (
            True,
            lambda s: s.CompleteSession(sessions_pb2.CompleteSessionRequest(session_id=session_id, **gated)),
        ),
        "GetSession": (
            False,
            lambda s: s.GetSession(sessions_pb2.GetSessionRequest(session_id=session_id, **gated)),
        ),
        "ListSessions": (False, lambda s: s.ListSessions(sessions_pb2.ListSessionsRequest(**gated))),
        "GetExerciseHistory": (
            False,
            lambda s: s.GetExerciseHistory(
                sessions_pb2.GetExerciseHistoryRequest(exercise_id=exercise_id, **gated)
            ),
        ),
    }


@pytest.mark.parametrize(
    "rpc",
    [
        "StartOrResumeSession",
        "LogPerformance",
        "CompleteSession",
        "GetSession",
        "ListSessions",
        "GetExerciseHistory",
    ],
)
async def test_session_rpcs_under_the_module_check_the_gates_in_the_service(stubs, rpc):
    gym = await client_gym(stubs.admin)
    started = await stubs.sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(account_id=ACCOUNT_A, gym_module=MODULE)
    )
    session_id = started.session.session_id
    write, call = _session_calls(session_id, gym.exercises["bench"].id)[rpc]
    await set_consent(stubs, gym, False)
    assert (await failure(call(stubs.sessions))).reason == "HEALTH_DATA_CONSENT_REQUIRED"
    await set_consent(stubs, gym, True)
    await set_policy(stubs, gym.company.id, [MODULE], False)
    if write:
        assert (await failure(call(stubs.sessions))).reason == "WRITE_TOOLS_NOT_ALLOWED"
    else:
        await call(stubs.sessions)  # reads need no write permission
    # Nothing was stored by the refused calls: the session is as it was started.
    stored = await stubs.sessions.GetSession(
        sessions_pb2.GetSessionRequest(account_id=ACCOUNT_A, session_id=session_id)
    )
    assert (stored.session.status, list(stored.session.performances)) == ("in_progress", [])


async def test_without_a_module_the_account_logs_as_itself(stubs):
    # Kinetic's own profiles act for the account, not a gym client: the gym's gates do not apply.
    gym = await client_gym(stubs.admin)
    await set_consent(stubs, gym, False)
    started = await stubs.sessions.StartOrResumeSession(
        sessions_pb2.StartOrResumeSessionRequest(account_id=ACCOUNT_A)
    )
    assert started.session.status == "in_progress"
