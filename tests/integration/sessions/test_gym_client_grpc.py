"""ClientWorkoutService over the real sessions server, on SQLite and PostgreSQL: content in en and nl,
limits, WOD refusal, visibility, presets, equipment, and one client never seeing another's data."""

from __future__ import annotations

import grpc
import pytest

from kinetic.sessions.v1 import gyms_pb2
from tests.integration.sessions.gym_support import (
    ACCOUNT_A,
    ACCOUNT_B,
    client_gym,
    create_company,
    create_plan,
    gym_server,
    text,
    value,
)
from tests.integration.sessions.session_support import failure


@pytest.fixture
async def stubs(engines, tmp_path):
    async with gym_server(engines, tmp_path) as stubs:
        yield stubs


def plans_request(account_id: str = ACCOUNT_A, **kwargs) -> gyms_pb2.ListMyPlansRequest:
    return gyms_pb2.ListMyPlansRequest(account_id=account_id, **kwargs)


def day_request(
    plan_id: str, moment_id: str, account_id: str = ACCOUNT_A, language: str = ""
) -> gyms_pb2.GetMyPlanDayRequest:
    return gyms_pb2.GetMyPlanDayRequest(
        account_id=account_id, plan_id=plan_id, plan_moment_id=moment_id, language=language
    )


async def set_preset(stubs, exercise_id: str, scope: str, key: str, val, coach_id: str = "") -> None:
    field = gyms_pb2.SetupField(key=key, label=text(key.replace("_", " "), f"nl {key}"), value=val)
    await stubs.admin.SetMachinePreset(
        gyms_pb2.SetMachinePresetRequest(
            preset=gyms_pb2.MachinePreset(
                exercise_id=exercise_id, scope=scope, coach_id=coach_id, fields=[field]
            )
        )
    )


async def test_plans_list_in_english_and_dutch_without_wod(stubs):
    await client_gym(stubs.admin)
    english = await stubs.client.ListMyPlans(plans_request(language="en"))
    dutch = await stubs.client.ListMyPlans(plans_request(language="nl"))
    assert [p.name for p in english.plans] == ["Push / Pull"]  # "Hero WOD" is never listed
    assert [p.name for p in dutch.plans] == ["Duwen / Trekken"]
    assert dutch.plans[0].description == "Duwen / Trekken beschrijving"
    assert english.plans[0].status == "Active"
    assert english.plans[0].day_count == 2  # the hidden day is not counted
    assert (english.total_count, english.next_page_token) == (1, "")


async def test_plan_shows_visible_day_summaries_in_order(stubs):
    gym = await client_gym(stubs.admin)
    plan = gym.plans["Push / Pull"]
    response = await stubs.client.GetMyPlan(
        gyms_pb2.GetMyPlanRequest(account_id=ACCOUNT_A, plan_id=plan.id, language="nl")
    )
    assert response.plan.name == "Duwen / Trekken"
    assert response.plan.coach_name == "Sam"
    summaries = [(d.name, d.position, d.exercise_count) for d in response.plan.days]
    # Push day shows bench and the client's own exercise, not the non-allowlisted one.
    assert summaries == [("Push-dag", 1, 2), ("Pull-dag", 3, 1)]
    assert not response.plan.days_truncated


async def test_day_lists_visible_exercises_with_targets_in_both_languages(stubs):
    gym = await client_gym(stubs.admin)
    plan = gym.plans["Push / Pull"]
    english = (await stubs.client.GetMyPlanDay(day_request(plan.id, plan.days[0].id, language="en"))).day
    dutch = (await stubs.client.GetMyPlanDay(day_request(plan.id, plan.days[0].id, language="nl"))).day
    assert (english.name, english.plan_name, english.position) == ("Push day", "Push / Pull", 1)
    assert (dutch.name, dutch.plan_name) == ("Push-dag", "Duwen / Trekken")
    bench, own = english.exercises
    assert (bench.exercise_id, bench.exercise_name, bench.catalog_exercise_id) == (
        gym.exercises["bench"].id,
        "Bench Press",
        "barbell-bench-press",
    )
    assert (bench.target_sets, bench.target_reps, bench.target_weight_kg, bench.rest_seconds) == (
        3,
        "8",
        80.0,
        120,
    )
    assert bench.notes == "Control the descent"
    assert (own.target_reps, own.HasField("target_weight_kg")) == ("AMRAP", False)
    assert [e.exercise_name for e in dutch.exercises] == ["Bankdrukken", "Bandtrek van Ada"]
    assert dutch.exercises[0].notes == "Laat gecontroleerd zakken"


async def test_hidden_day_is_not_found(stubs):
    gym = await client_gym(stubs.admin)
    plan = gym.plans["Push / Pull"]
    error = await failure(stubs.client.GetMyPlanDay(day_request(plan.id, plan.days[1].id)))
    assert (error.code, error.violations[0].field) == (grpc.StatusCode.NOT_FOUND, "plan_moment_id")


async def test_wod_plans_are_refused_with_their_own_reason(stubs):
    gym = await client_gym(stubs.admin)
    wod = gym.plans["Hero WOD"]
    error = await failure(
        stubs.client.GetMyPlan(gyms_pb2.GetMyPlanRequest(account_id=ACCOUNT_A, plan_id=wod.id))
    )
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "WOD_NOT_SUPPORTED")
    assert "client_ai_wod" in error.message
    error = await failure(stubs.client.GetMyPlanDay(day_request(wod.id, wod.days[0].id)))
    assert error.reason == "WOD_NOT_SUPPORTED"
    for status in ("Active", "Inactive", "Draft"):
        listed = await stubs.client.ListMyPlans(plans_request(status=status))
        assert wod.id not in [p.id for p in listed.plans]


async def test_status_filter_and_paging(stubs):
    gym = await client_gym(stubs.admin)
    for index in range(3):
        await create_plan(stubs.admin, gym, f"Draft {index}", f"Concept {index}", [], status="Draft")
    drafts = await stubs.client.ListMyPlans(plans_request(status="Draft", page_size=2))
    assert (len(drafts.plans), drafts.total_count, bool(drafts.next_page_token)) == (2, 3, True)
    second = await stubs.client.ListMyPlans(
        plans_request(status="Draft", page_size=2, page_token=drafts.next_page_token)
    )
    assert (len(second.plans), second.next_page_token) == (1, "")
    assert {p.id for p in drafts.plans}.isdisjoint({p.id for p in second.plans})
    assert all(p.status == "Draft" for p in [*drafts.plans, *second.plans])
    beyond = await stubs.client.ListMyPlans(plans_request(status="Draft", page_size=2, skip=4))
    assert (list(beyond.plans), beyond.total_count) == ([], 3)
    assert len((await stubs.client.ListMyPlans(plans_request(page_size=50))).plans) == 4
    # A token answers only the query that issued it.
    active_query = plans_request(status="Active", page_size=2, page_token=drafts.next_page_token)
    other_query = await failure(stubs.client.ListMyPlans(active_query))
    assert other_query.violations[0].field == "page_token"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"skip": -1}, "skip"),
        ({"page_size": 51}, "page_size"),
        ({"page_size": -1}, "page_size"),
        ({"page_token": "garbled"}, "page_token"),
        ({"language": "de"}, "language"),
        ({"language": "EN"}, "language"),
        ({"status": "active"}, "status"),
        ({"status": "Archived"}, "status"),
    ],
)
async def test_list_limits_name_the_field(stubs, kwargs, field):
    await client_gym(stubs.admin)
    error = await failure(stubs.client.ListMyPlans(plans_request(**kwargs)))
    assert (error.code, [v.field for v in error.violations]) == (grpc.StatusCode.INVALID_ARGUMENT, [field])


async def test_every_read_checks_language_and_ids(stubs):
    gym = await client_gym(stubs.admin)
    plan = gym.plans["Push / Pull"]
    bench = gym.exercises["bench"].id
    calls = [
        stubs.client.GetMyPlan(
            gyms_pb2.GetMyPlanRequest(account_id=ACCOUNT_A, plan_id=plan.id, language="fr")
        ),
        stubs.client.GetMyPlanDay(day_request(plan.id, plan.days[0].id, language="fr")),
        stubs.client.GetExercise(
            gyms_pb2.GetExerciseRequest(account_id=ACCOUNT_A, exercise_id=bench, language="fr")
        ),
        stubs.client.GetMachinePreset(
            gyms_pb2.GetMachinePresetRequest(account_id=ACCOUNT_A, exercise_id=bench, language="fr")
        ),
        stubs.client.GetEquipmentProfile(
            gyms_pb2.GetEquipmentProfileRequest(account_id=ACCOUNT_A, language="fr")
        ),
    ]
    for call in calls:
        assert (await failure(call)).violations[0].field == "language"
    bad_ids = [
        (stubs.client.GetMyPlan(gyms_pb2.GetMyPlanRequest(account_id=ACCOUNT_A, plan_id="123")), "plan_id"),
        (stubs.client.GetMyPlanDay(day_request(plan.id, "z" * 24)), "plan_moment_id"),
        (
            stubs.client.GetExercise(gyms_pb2.GetExerciseRequest(account_id=ACCOUNT_A, exercise_id="")),
            "exercise_id",
        ),
        (
            stubs.client.GetMachinePreset(
                gyms_pb2.GetMachinePresetRequest(account_id=ACCOUNT_A, exercise_id=bench + "0")
            ),
            "exercise_id",
        ),
    ]
    for call, field in bad_ids:
        error = await failure(call)
        assert (error.code, error.violations[0].field) == (grpc.StatusCode.INVALID_ARGUMENT, field)


async def test_exercise_visibility_allowlist_and_own(stubs):
    gym = await client_gym(stubs.admin)

    async def get(key: str, language: str = "en"):
        return await stubs.client.GetExercise(
            gyms_pb2.GetExerciseRequest(
                account_id=ACCOUNT_A, exercise_id=gym.exercises[key].id, language=language
            )
        )

    bench = (await get("bench", "nl")).exercise
    assert (bench.name, bench.instructions, bench.catalog_exercise_id, bench.own) == (
        "Bankdrukken",
        "Zo doe je Bankdrukken",
        "barbell-bench-press",
        False,
    )
    own = (await get("own")).exercise
    assert (own.name, own.own, own.catalog_exercise_id) == ("Ada's band pull", True, "")
    error = await failure(get("hidden"))
    assert (error.code, error.violations[0].field) == (grpc.StatusCode.NOT_FOUND, "exercise_id")


async def test_presets_show_company_and_system_fields_never_coach_private(stubs):
    gym = await client_gym(stubs.admin)
    bench = gym.exercises["bench"].id
    await set_preset(stubs, bench, "company", "seat_height", value(4))
    await set_preset(stubs, bench, "system", "rack_position", value(string="J-hook 7"))
    await set_preset(stubs, bench, "coach_private", "coach_secret", value(flag=True), coach_id=gym.coach.id)
    response = await stubs.client.GetMachinePreset(
        gyms_pb2.GetMachinePresetRequest(account_id=ACCOUNT_A, exercise_id=bench, language="nl")
    )
    assert [(f.key, f.label, f.value.number_value) for f in response.company_fields] == [
        ("seat_height", "nl seat_height", 4.0)
    ]
    assert [(f.key, f.value.string_value) for f in response.system_fields] == [("rack_position", "J-hook 7")]
    assert "coach_secret" not in str(response)
    # Replacing a preset keeps one per scope.
    await set_preset(stubs, bench, "company", "seat_height", value(5))
    again = await stubs.client.GetMachinePreset(
        gyms_pb2.GetMachinePresetRequest(account_id=ACCOUNT_A, exercise_id=bench)
    )
    assert [f.value.number_value for f in again.company_fields] == [5.0]
    hidden = await failure(
        stubs.client.GetMachinePreset(
            gyms_pb2.GetMachinePresetRequest(account_id=ACCOUNT_A, exercise_id=gym.exercises["hidden"].id)
        )
    )
    assert hidden.code == grpc.StatusCode.NOT_FOUND


async def test_equipment_profile_and_visible_catalog(stubs):
    gym = await client_gym(stubs.admin)
    empty = await stubs.client.GetEquipmentProfile(gyms_pb2.GetEquipmentProfileRequest(account_id=ACCOUNT_A))
    assert list(empty.items) == []
    keys = [item.key for item in empty.catalog]
    assert "dumbbells" in keys and "vibration_plate" not in keys  # a retired kind is not offered
    assert empty.max_items == 30
    await stubs.admin.SetEquipmentProfile(
        gyms_pb2.SetEquipmentProfileRequest(
            profile=gyms_pb2.EquipmentProfile(
                client_id=gym.client.id,
                items=[
                    gyms_pb2.EquipmentItem(equipment_key="pull_up_bar", quantity=1),
                    gyms_pb2.EquipmentItem(equipment_key="dumbbells", quantity=2),
                ],
            )
        )
    )
    dutch = await stubs.client.GetEquipmentProfile(
        gyms_pb2.GetEquipmentProfileRequest(account_id=ACCOUNT_A, language="nl")
    )
    assert [(i.equipment_key, i.name, i.quantity) for i in dutch.items] == [
        ("pull_up_bar", "Optrekstang", 1),
        ("dumbbells", "Dumbbells", 2),
    ]


async def test_one_client_never_sees_another_clients_data(stubs):
    """Client B of the same company, and client C of another, each with the same kinds of records as
    A; every read of A with B's or C's IDs answers exactly as for an ID that does not exist."""
    gym_a = await client_gym(stubs.admin, ACCOUNT_A, name="Ada")
    gym_b = await client_gym(stubs.admin, ACCOUNT_B, company=gym_a.company, name="Bo")
    other_company = await create_company(stubs.admin, "Gym Zuid")
    gym_c = await client_gym(
        stubs.admin, "cccccccc-cccc-4ccc-8ccc-cccccccccccc", company=other_company, name="Cy"
    )
    for gym in (gym_a, gym_b, gym_c):
        await set_preset(
            stubs, gym.exercises["own"].id, "company", f"own_{gym.client.name.lower()}", value(1)
        )
        await stubs.admin.SetEquipmentProfile(
            gyms_pb2.SetEquipmentProfileRequest(
                profile=gyms_pb2.EquipmentProfile(
                    client_id=gym.client.id,
                    items=[gyms_pb2.EquipmentItem(equipment_key="kettlebell", quantity=len(gym.client.name))],
                )
            )
        )
    missing = "0" * 24
    for other in (gym_b, gym_c):
        plan = other.plans["Push / Pull"]
        checks = [
            (
                stubs.client.GetMyPlan(gyms_pb2.GetMyPlanRequest(account_id=ACCOUNT_A, plan_id=plan.id)),
                "plan_id",
            ),
            (
                stubs.client.GetMyPlan(gyms_pb2.GetMyPlanRequest(account_id=ACCOUNT_A, plan_id=missing)),
                "plan_id",
            ),
            (stubs.client.GetMyPlanDay(day_request(plan.id, plan.days[0].id)), "plan_id"),
            (
                stubs.client.GetMyPlan(
                    gyms_pb2.GetMyPlanRequest(account_id=ACCOUNT_A, plan_id=other.plans["Hero WOD"].id)
                ),
                "plan_id",
            ),
            (
                stubs.client.GetExercise(
                    gyms_pb2.GetExerciseRequest(account_id=ACCOUNT_A, exercise_id=other.exercises["own"].id)
                ),
                "exercise_id",
            ),
            (
                stubs.client.GetMachinePreset(
                    gyms_pb2.GetMachinePresetRequest(
                        account_id=ACCOUNT_A, exercise_id=other.exercises["own"].id
                    )
                ),
                "exercise_id",
            ),
        ]
        for call, field in checks:
            error = await failure(call)
            assert (error.code, error.violations[0].field) == (grpc.StatusCode.NOT_FOUND, field)
            assert other.client.id not in error.message and other.client.name not in error.message
        # A's own plan day cannot be reached through B's plan ID either.
        mixed = await failure(
            stubs.client.GetMyPlanDay(day_request(plan.id, gym_a.plans["Push / Pull"].days[0].id))
        )
        assert mixed.code == grpc.StatusCode.NOT_FOUND

    # C's company exercises are allowlisted there, not in A's company.
    error = await failure(
        stubs.client.GetExercise(
            gyms_pb2.GetExerciseRequest(account_id=ACCOUNT_A, exercise_id=gym_c.exercises["bench"].id)
        )
    )
    assert error.code == grpc.StatusCode.NOT_FOUND
    # B shares A's company, so the company's allowlisted exercises are visible to both.
    shared = await stubs.client.GetExercise(
        gyms_pb2.GetExerciseRequest(account_id=ACCOUNT_B, exercise_id=gym_a.exercises["bench"].id)
    )
    assert shared.exercise.name == "Bench Press"

    listed = await stubs.client.ListMyPlans(plans_request(limit=50))
    assert {p.id for p in listed.plans} == {gym_a.plans["Push / Pull"].id}
    assert (await stubs.client.ListMyPlans(plans_request(ACCOUNT_B))).plans[0].id == gym_b.plans[
        "Push / Pull"
    ].id
    profile = await stubs.client.GetEquipmentProfile(
        gyms_pb2.GetEquipmentProfileRequest(account_id=ACCOUNT_A)
    )
    assert [(i.equipment_key, i.quantity) for i in profile.items] == [("kettlebell", 3)]  # len("Ada")
    own_preset = await stubs.client.GetMachinePreset(
        gyms_pb2.GetMachinePresetRequest(account_id=ACCOUNT_A, exercise_id=gym_a.exercises["own"].id)
    )
    assert [f.key for f in own_preset.company_fields] == ["own_ada"]
