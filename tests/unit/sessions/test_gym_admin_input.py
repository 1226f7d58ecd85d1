"""Gym admin input rules without storage: every violation at once, named by its field path."""

from __future__ import annotations

import pytest

from kinetic.errors import InvalidArgument
from services.sessions.gyms.domain.admin_input import (
    COMPANY_FIELDS,
    NewPlanDay,
    NewPlanExercise,
    client_problems,
    company_update_problems,
    exercise_problems,
    fields_problems,
    normalized_policy,
    plan_exercise_problems,
    plan_problems,
    policy_problems,
    preset_coach_id,
    profile_input_problems,
    require_mask,
    require_one_owner,
)
from services.sessions.gyms.domain.equipment import EquipmentItem
from services.sessions.gyms.domain.model import ClientMcpPolicy, GymExercise, Localized, SetupField

EXERCISE = "e" * 24
NAMED = Localized("Push", "Duwen")


def paths(problems) -> list[str]:
    return [p.field for p in problems]


def test_a_plan_reports_every_bad_field_with_its_path():
    days = [
        NewPlanDay(Localized("", "Duwen"), exercises=(NewPlanExercise("nope", 0, "8 reps", 1001.0, -1),)),
        NewPlanDay(NAMED, exercises=(NewPlanExercise(EXERCISE, notes=Localized("x" * 4001)),)),
    ]
    problems = plan_problems(Localized("Plan", ""), Localized(), days)
    assert paths(problems) == [
        "plan.name.nl",
        "plan.days[0].name.en",
        "plan.days[0].exercises[0].exercise_id",
        "plan.days[0].exercises[0].target_sets",
        "plan.days[0].exercises[0].target_reps",
        "plan.days[0].exercises[0].target_weight_kg",
        "plan.days[0].exercises[0].rest_seconds",
        "plan.days[1].exercises[0].notes.en",
    ]
    assert problems[4].description == 'must be like "8", "8-10" or "AMRAP"'
    assert (
        plan_problems(
            NAMED, Localized(), [NewPlanDay(NAMED, exercises=(NewPlanExercise(EXERCISE, 3, "8-10"),))]
        )
        == []
    )


def test_plan_exercises_must_be_the_companys_or_the_clients_own():
    company, client = "a" * 24, "c" * 24
    theirs = GymExercise("1" * 24, "b" * 24, "", "squat", NAMED, Localized(), True)
    own = GymExercise("2" * 24, "", client, "", NAMED, Localized(), True)
    days = [
        NewPlanDay(
            NAMED, exercises=(NewPlanExercise("2" * 24), NewPlanExercise("1" * 24), NewPlanExercise("3" * 24))
        )
    ]
    problems = plan_exercise_problems(days, {e.id: e for e in (theirs, own)}, company, client)
    assert paths(problems) == [
        "plan.days[0].exercises[1].exercise_id",
        "plan.days[0].exercises[2].exercise_id",
    ]


def test_policy_client_exercise_and_preset_problems():
    policy = ClientMcpPolicy(("client_ai_workout_v2", "Bad-Key", "client_ai_workout_v2"))
    assert paths(policy_problems(policy)) == ["client_mcp_policy.allowed_modules[1]"]
    assert normalized_policy(policy).allowed_modules == ("client_ai_workout_v2", "Bad-Key")
    assert paths(client_problems("", " ")) == ["client.name", "client.account_id"]
    assert paths(
        exercise_problems(
            company_id="a" * 24,
            catalog_exercise_id="",
            name=Localized("Bench", ""),
            instructions=Localized(),
            catalog_slugs={"barbell-bench-press"},
        )
    ) == ["exercise.name.nl", "exercise.catalog_exercise_id"]
    unknown = exercise_problems(
        company_id="", catalog_exercise_id="nope", name=NAMED, instructions=Localized(), catalog_slugs=set()
    )
    assert [p.description for p in unknown] == [
        "'nope' is not a Kinetic catalog exercise (e.g. barbell-bench-press)"
    ]
    fields = [
        SetupField("seat", NAMED, 4.0),
        SetupField("seat", NAMED, "x" * 201),
        SetupField("Seat", Localized(), True),
    ]
    assert paths(fields_problems(fields)) == [
        "preset.fields[1].key",
        "preset.fields[1].value",
        "preset.fields[2].key",
        "preset.fields[2].label.en",
        "preset.fields[2].label.nl",
    ]


def test_an_update_mask_names_fields_that_may_change():
    require_mask(["name"], COMPANY_FIELDS)
    with pytest.raises(InvalidArgument, match="update_mask: name at least one of"):
        require_mask([], COMPANY_FIELDS)
    with pytest.raises(InvalidArgument, match="owner cannot be changed"):
        require_mask(["name", "owner"], COMPANY_FIELDS)


def test_a_company_update_checks_only_the_masked_fields():
    bad = ClientMcpPolicy(("Bad-Key",))
    assert company_update_problems(["mcp_integration_enabled"], "", bad) == []
    assert paths(company_update_problems(["name", "client_mcp_policy"], "", bad)) == [
        "company.name",
        "client_mcp_policy.allowed_modules[0]",
    ]


def test_an_exercise_has_one_owner_and_only_private_presets_name_a_coach():
    require_one_owner("a" * 24, "")
    for company, owner in (("", ""), ("a" * 24, "c" * 24)):
        with pytest.raises(InvalidArgument, match=r"exercise\.company_id: set company_id or owner_client_id"):
            require_one_owner(company, owner)
    assert preset_coach_id("coach_private", "B" * 24) == "b" * 24
    assert preset_coach_id("company", "") == ""
    with pytest.raises(InvalidArgument, match=r"preset\.coach_id: is only for coach_private presets"):
        preset_coach_id("system", "b" * 24)
    with pytest.raises(InvalidArgument, match=r"preset\.coach_id: must be a 24-character"):
        preset_coach_id("coach_private", "")


def test_profile_problems_are_named_under_profile():
    items = (EquipmentItem("dumbbells", 0), EquipmentItem("hovercraft"))
    assert paths(profile_input_problems(items)) == [
        "profile.items[0].quantity",
        "profile.items[1].equipment_key",
    ]
