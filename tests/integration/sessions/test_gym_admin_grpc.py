"""GymAdminService over the real sessions server, on SQLite and PostgreSQL: what it stores, and every
bad input refused with the field named and nothing stored."""

from __future__ import annotations

import grpc
import pytest

from kinetic.sessions.v1 import gyms_pb2
from tests.integration.sessions.gym_support import (
    ACCOUNT_A,
    ACCOUNT_B,
    MODULE,
    client_gym,
    create_company,
    day,
    gym_server,
    mask,
    target,
    text,
    value,
)
from tests.integration.sessions.session_support import failure


@pytest.fixture
async def stubs(engines, tmp_path):
    async with gym_server(engines, tmp_path) as stubs:
        yield stubs


async def test_company_is_created_and_updated_by_mask(stubs):
    company = await create_company(stubs.admin, writes=False)
    assert len(company.id) == 24 and company.mcp_integration_enabled
    updated = (
        await stubs.admin.UpdateCompany(
            gyms_pb2.UpdateCompanyRequest(
                company=gyms_pb2.Company(id=company.id, name="Renamed", mcp_integration_enabled=False),
                update_mask=mask("name"),
            )
        )
    ).company
    # Only the masked field changed.
    assert (updated.name, updated.mcp_integration_enabled) == ("Renamed", True)
    assert list(updated.client_mcp_policy.allowed_modules) == [MODULE]
    error = await failure(
        stubs.admin.UpdateCompany(
            gyms_pb2.UpdateCompanyRequest(company=gyms_pb2.Company(id=company.id), update_mask=mask("id"))
        )
    )
    assert (error.code, error.violations[0].field) == (grpc.StatusCode.INVALID_ARGUMENT, "update_mask")


async def test_bad_company_input_names_the_field(stubs):
    error = await failure(
        stubs.admin.CreateCompany(
            gyms_pb2.CreateCompanyRequest(
                company=gyms_pb2.Company(
                    name=" ", client_mcp_policy=gyms_pb2.ClientMcpPolicy(allowed_modules=["Client AI"])
                )
            )
        )
    )
    assert {v.field for v in error.violations} == {"company.name", "client_mcp_policy.allowed_modules[0]"}


async def test_one_client_per_account_and_one_company_per_client(stubs):
    gym = await client_gym(stubs.admin)
    duplicate = await failure(
        stubs.admin.CreateClient(
            gyms_pb2.CreateClientRequest(client=gyms_pb2.Client(account_id=ACCOUNT_A, name="Again"))
        )
    )
    assert (duplicate.code, duplicate.metadata["client_id"]) == (
        grpc.StatusCode.ALREADY_EXISTS,
        gym.client.id,
    )
    other = await create_company(stubs.admin, "Gym Zuid")
    moved = await failure(
        stubs.admin.SetClientRelationship(
            gyms_pb2.SetClientRelationshipRequest(
                relationship=gyms_pb2.ClientRelationship(client_id=gym.client.id, company_id=other.id)
            )
        )
    )
    assert (moved.code, moved.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "CLIENT_HAS_OTHER_COMPANY")


async def test_exercises_map_to_catalog_slugs_and_need_both_languages(stubs):
    company = await create_company(stubs.admin)
    error = await failure(
        stubs.admin.CreateExercise(
            gyms_pb2.CreateExerciseRequest(
                exercise=gyms_pb2.GymExercise(
                    company_id=company.id, catalog_exercise_id="bench-pressing", name=text("Bench", "")
                )
            )
        )
    )
    assert {v.field for v in error.violations} == {"exercise.name.nl", "exercise.catalog_exercise_id"}
    both = await failure(
        stubs.admin.CreateExercise(
            gyms_pb2.CreateExerciseRequest(
                exercise=gyms_pb2.GymExercise(
                    company_id=company.id, owner_client_id=company.id, name=text("Bench", "Bank")
                )
            )
        )
    )
    assert both.violations[0].field == "exercise.company_id"


async def test_plans_check_targets_and_refuse_foreign_exercises(stubs):
    gym = await client_gym(stubs.admin)
    other = await client_gym(stubs.admin, ACCOUNT_B, company=await create_company(stubs.admin, "Gym Zuid"))
    bad = gyms_pb2.WorkoutPlanExercise(
        exercise_id=gym.exercises["bench"].id, target_sets=0, target_reps="eight", target_weight_kg=-1
    )
    request = gyms_pb2.CreatePlanRequest(
        plan=gyms_pb2.WorkoutPlan(
            coach_id=gym.coach.id,
            client_id=gym.client.id,
            name=text("Plan", "Plan"),
            status="Active",
            days=[
                day("Day", "Dag", bad, target(other.exercises["bench"].id)),
            ],
        )
    )
    error = await failure(stubs.admin.CreatePlan(request))
    assert {v.field for v in error.violations} == {
        "plan.days[0].exercises[0].target_sets",
        "plan.days[0].exercises[0].target_reps",
        "plan.days[0].exercises[0].target_weight_kg",
    }
    del request.plan.days[0].exercises[0]
    foreign = await failure(stubs.admin.CreatePlan(request))
    assert [v.field for v in foreign.violations] == ["plan.days[0].exercises[0].exercise_id"]
    request.plan.status = "Running"
    assert (await failure(stubs.admin.CreatePlan(request))).violations[0].field == "plan.status"
    # The coach of one company cannot assign a plan to the client of another.
    request.plan.status = "Active"
    request.plan.client_id = other.client.id
    del request.plan.days[:]
    assert (await failure(stubs.admin.CreatePlan(request))).violations[0].field == "plan.client_id"
    listed = await stubs.client.ListMyPlans(gyms_pb2.ListMyPlansRequest(account_id=ACCOUNT_A, page_size=50))
    assert [p.name for p in listed.plans] == ["Push / Pull"]  # nothing was stored


async def test_plan_status_changes(stubs):
    gym = await client_gym(stubs.admin)
    plan = gym.plans["Push / Pull"]
    changed = await stubs.admin.SetPlanStatus(
        gyms_pb2.SetPlanStatusRequest(plan_id=plan.id, status="Inactive")
    )
    assert changed.plan.status == "Inactive"
    listed = await stubs.client.ListMyPlans(
        gyms_pb2.ListMyPlansRequest(account_id=ACCOUNT_A, status="Inactive")
    )
    assert [p.id for p in listed.plans] == [plan.id]
    missing = await failure(
        stubs.admin.SetPlanStatus(gyms_pb2.SetPlanStatusRequest(plan_id="0" * 24, status="Draft"))
    )
    assert missing.code == grpc.StatusCode.NOT_FOUND


async def test_presets_need_a_coach_only_when_coach_private_and_scalar_values(stubs):
    gym = await client_gym(stubs.admin)
    bench = gym.exercises["bench"].id
    field = gyms_pb2.SetupField(key="seat_height", label=text("Seat", "Zitting"), value=value(3))

    async def preset_error(**kwargs):
        return await failure(
            stubs.admin.SetMachinePreset(
                gyms_pb2.SetMachinePresetRequest(preset=gyms_pb2.MachinePreset(**kwargs))
            )
        )

    assert (await preset_error(exercise_id=bench, scope="coach_private", fields=[field])).violations[
        0
    ].field == ("preset.coach_id")
    assert (
        await preset_error(exercise_id=bench, scope="company", coach_id=gym.coach.id, fields=[field])
    ).violations[0].field == "preset.coach_id"
    assert (await preset_error(exercise_id=bench, scope="gym", fields=[field])).violations[
        0
    ].field == "preset.scope"
    listed = gyms_pb2.SetupField(key="seat", label=text("Seat", "Zitting"))
    listed.value.list_value.values.add().number_value = 1
    assert (await preset_error(exercise_id=bench, scope="company", fields=[listed])).violations[0].field == (
        "preset.fields[0].value"
    )
    twice = await preset_error(exercise_id=bench, scope="system", fields=[field, field])
    assert twice.violations[0].field == "preset.fields[1].key"


async def test_equipment_profile_is_bounded_to_the_visible_catalog(stubs):
    gym = await client_gym(stubs.admin)

    async def profile_error(*items: tuple[str, int]):
        return await failure(
            stubs.admin.SetEquipmentProfile(
                gyms_pb2.SetEquipmentProfileRequest(
                    profile=gyms_pb2.EquipmentProfile(
                        client_id=gym.client.id,
                        items=[gyms_pb2.EquipmentItem(equipment_key=k, quantity=q) for k, q in items],
                    )
                )
            )
        )

    assert (await profile_error(("hoverboard", 1))).violations[0].field == "profile.items[0].equipment_key"
    assert (await profile_error(("vibration_plate", 1))).violations[
        0
    ].field == "profile.items[0].equipment_key"
    assert (await profile_error(("dumbbells", 0))).violations[0].field == "profile.items[0].quantity"
    assert (await profile_error(("dumbbells", 1), ("dumbbells", 2))).violations[0].field == (
        "profile.items[1].equipment_key"
    )
    too_many = await profile_error(*[("dumbbells", 1)] * 31)
    assert "profile.items" in {v.field for v in too_many.violations}
    profile = await stubs.client.GetEquipmentProfile(
        gyms_pb2.GetEquipmentProfileRequest(account_id=ACCOUNT_A)
    )
    assert list(profile.items) == []  # nothing was stored
