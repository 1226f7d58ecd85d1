"""Gym domain rules without storage: gate order and reasons, languages, equipment bounds."""

from __future__ import annotations

from dataclasses import replace

import grpc
import pytest

from kinetic.errors import DomainError, InvalidArgument
from services.sessions.gyms.domain.access import ClientContext, check_gates
from services.sessions.gyms.domain.equipment import (
    MAX_PROFILE_ITEMS,
    EquipmentItem,
    profile_problems,
    visible_catalog,
)
from services.sessions.gyms.domain.model import (
    Client,
    ClientMcpPolicy,
    Company,
    GymExercise,
    Localized,
    Relationship,
    parse_language,
    parse_status,
)

MODULE = "client_ai_workout_v2"
OPEN = ClientContext(
    Client("c" * 24, "account", "Ada", True),
    Company("a" * 24, "Gym", True, ClientMcpPolicy((MODULE,), True)),
    Relationship("c" * 24, "a" * 24, True),
)


def reason(
    context: ClientContext, module: str = MODULE, write: bool = True
) -> tuple[grpc.StatusCode, str] | None:
    try:
        check_gates(context, module, write)
    except DomainError as error:
        return error.code, error.reason
    return None


def test_every_gate_open_passes():
    assert reason(OPEN) is None


@pytest.mark.parametrize(
    ("context", "expected"),
    [
        (
            replace(OPEN, company=replace(OPEN.company, mcp_integration_enabled=False)),
            (grpc.StatusCode.FAILED_PRECONDITION, "FEATURE_DISABLED"),
        ),
        (
            replace(OPEN, relationship=replace(OPEN.relationship, client_ai_access_enabled=False)),
            (grpc.StatusCode.PERMISSION_DENIED, "CLIENT_AI_ACCESS_DISABLED"),
        ),
        (
            replace(OPEN, company=replace(OPEN.company, policy=ClientMcpPolicy(("client_ai_wod",), True))),
            (grpc.StatusCode.PERMISSION_DENIED, "MODULE_NOT_ALLOWED"),
        ),
        (
            replace(OPEN, company=replace(OPEN.company, policy=ClientMcpPolicy((MODULE,), False))),
            (grpc.StatusCode.PERMISSION_DENIED, "WRITE_TOOLS_NOT_ALLOWED"),
        ),
        (
            replace(OPEN, client=replace(OPEN.client, health_data_consent=False)),
            (grpc.StatusCode.FAILED_PRECONDITION, "HEALTH_DATA_CONSENT_REQUIRED"),
        ),
    ],
)
def test_each_gate_has_its_own_code_and_reason(context, expected):
    assert reason(context) == expected


def test_write_gate_only_applies_to_writes():
    read_only = replace(OPEN, company=replace(OPEN.company, policy=ClientMcpPolicy((MODULE,), False)))
    assert reason(read_only, write=False) is None


def test_the_first_failing_gate_wins():
    everything_off = ClientContext(
        replace(OPEN.client, health_data_consent=False),
        Company("a" * 24, "Gym", False, ClientMcpPolicy((), False)),
        replace(OPEN.relationship, client_ai_access_enabled=False),
    )
    assert reason(everything_off) == (grpc.StatusCode.FAILED_PRECONDITION, "FEATURE_DISABLED")


def test_localized_text_falls_back_to_the_other_language():
    assert Localized("Bench", "Bank").get("nl") == "Bank"
    assert Localized("Bench", "").get("nl") == "Bench"
    assert Localized("", "Bank").get("en") == "Bank"


@pytest.mark.parametrize("value", ["de", "EN", "english", " nl"])
def test_only_en_and_nl_are_languages(value):
    with pytest.raises(InvalidArgument) as info:
        parse_language(value)
    assert info.value.violations[0].field == "language"


def test_empty_language_is_english_and_statuses_are_spelled_as_the_seed():
    assert (parse_language(""), parse_language("nl")) == ("en", "nl")
    assert parse_status("Draft") == "Draft"
    with pytest.raises(InvalidArgument):
        parse_status("draft")


def test_exercise_visibility():
    company, own = "a" * 24, "c" * 24
    listed = GymExercise("e" * 24, company, "", "barbell-bench-press", Localized("B", "B"), Localized(), True)
    assert listed.visible_to(own, company)
    assert not listed.visible_to(own, "b" * 24)
    assert not replace(listed, allowlisted=False).visible_to(own, company)
    mine = replace(listed, company_id="", owner_client_id=own)
    assert mine.visible_to(own, "b" * 24)
    assert not mine.visible_to("d" * 24, company)


def test_equipment_profile_bounds():
    keys = [kind.key for kind in visible_catalog()]
    assert profile_problems(tuple(EquipmentItem(k) for k in keys)) == []
    too_many = tuple(EquipmentItem(keys[0]) for _ in range(MAX_PROFILE_ITEMS + 1))
    assert profile_problems(too_many)[0].field == "items"
    assert [p.field for p in profile_problems((EquipmentItem("dumbbells", 101),))] == ["items[0].quantity"]
