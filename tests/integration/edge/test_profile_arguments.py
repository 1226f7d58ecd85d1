"""Every tool of both live profiles refuses an unknown and a mistyped argument, naming the field.

Through the ``mcp`` package's own client against the real app (guard, limiter, builder, services),
one session per profile. Metric's REST mirror runs the same table entries, so it answers the same
JSON with a 400. The published tool lists are pinned: names, annotations and schema keys.
"""

from __future__ import annotations

import json
from typing import Any

import httpx2
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from tests.integration.edge.client_ai_gym import CLIENT_AI_PATH, client_ai_key
from tests.integration.edge.metric_calls import rest_client

OBJECT_ID = "64b64c0f2f5f4c0012345678"
EDIT = {"epoch": "e", "timeZone": "UTC", "idempotencyKey": "k-00000001", "input": {"action": "createWorkout"}}
PREVIEW = {"kind": "plan", "id": "p", "timeZone": "UTC"}
COMMIT = {"previewToken": "t", "confirmed": True, "idempotencyKey": "k-00000001"}

# tool: (arguments the schema accepts, a mistyped argument and its field); None when it takes none.
METRIC_CASES: dict[str, tuple[dict[str, Any], tuple[dict[str, Any], str] | None]] = {
    "get_workout_guidance": ({}, None),
    "read_training": ({"view": "exercises"}, ({"pageSize": "2"}, "pageSize")),
    "edit_training": (EDIT, ({"idempotencyKey": 12345678}, "idempotencyKey")),
    "preview_training_deletion": (PREVIEW, ({"deleteWorkouts": "yes"}, "deleteWorkouts")),
    "confirm_training_deletion": (COMMIT, ({"confirmed": "true"}, "confirmed")),
}
CLIENT_AI_CASES: dict[str, tuple[dict[str, Any], tuple[dict[str, Any], str] | None]] = {
    "client_ai_list_my_workout_plans": ({}, ({"page": "2"}, "page")),
    "client_ai_get_my_workout_plan": ({"planId": OBJECT_ID}, ({"planId": 123}, "planId")),
    "client_ai_get_my_workout_day": (
        {"planId": OBJECT_ID, "planMomentId": OBJECT_ID},
        ({"language": 5}, "language"),
    ),
    "client_ai_get_workout_exercise": ({"exerciseId": OBJECT_ID}, ({"exerciseId": []}, "exerciseId")),
    "client_ai_get_my_exercise_history": ({"exerciseId": OBJECT_ID}, ({"limit": "5"}, "limit")),
    "client_ai_list_my_workout_sessions": ({}, ({"status": 1}, "status")),
    "client_ai_get_my_workout_session": ({"sessionId": OBJECT_ID}, ({"sessionId": True}, "sessionId")),
    "client_ai_get_my_workout_machine_preset": ({"exerciseId": OBJECT_ID}, ({"exerciseId": 5}, "exerciseId")),
    "client_ai_get_my_workout_equipment_profile": ({}, None),
    "client_ai_start_or_resume_my_workout_session": ({}, ({"planId": 5}, "planId")),
    "client_ai_log_my_workout_performance": (
        {"sessionId": OBJECT_ID, "exerciseId": OBJECT_ID, "sets": [{"setNumber": 1}]},
        ({"sets": [{"setNumber": 1, "weight": "heavy"}]}, "sets[0].weight"),
    ),
    "client_ai_complete_my_workout_session": ({"sessionId": OBJECT_ID}, ({"notes": 5}, "notes")),
}


async def refusals(
    url: str, token: str, cases: dict[str, tuple[dict[str, Any], tuple[dict[str, Any], str] | None]]
) -> tuple[list[Any], dict[tuple[str, str], dict[str, Any]]]:
    """The published tools and, per (tool, field), the refusal's JSON; every refusal must be a tool error."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        listed = (await client.list_tools()).tools
        for tool, (good, mistyped) in cases.items():
            calls = [({**good, "clientId": OBJECT_ID}, "clientId")]
            if mistyped is not None:
                calls.append(({**good, **mistyped[0]}, mistyped[1]))
            for arguments, field in calls:
                result = await client.call_tool(tool, arguments)
                assert result.is_error, (tool, arguments)
                found[(tool, field)] = json.loads(result.content[0].text)  # type: ignore[union-attr]
    return listed, found


def assert_names_the_field(found: dict[tuple[str, str], dict[str, Any]]) -> None:
    for (tool, field), body in found.items():
        assert (body["error"], body["field"]) == ("invalid_request", field), (tool, body)
        assert body["error_description"].startswith(f"{field}: "), (tool, body)
        if field == "clientId":
            assert body["error_description"] == "clientId: unknown argument", (tool, body)


def shape(tools: list[Any]) -> dict[str, Any]:
    return {
        t.name: (
            t.annotations.model_dump(by_alias=True, exclude_none=True),
            sorted(t.input_schema["properties"]),
            sorted(t.input_schema.get("required", [])),
            t.input_schema.get("additionalProperties"),
            sorted((t.output_schema or {}).get("properties", {})),
        )
        for t in tools
    }


async def test_metric_tools_refuse_unknown_and_mistyped_arguments_like_rest(stack):
    listed, found = await refusals(stack.mcp_url, stack.api_key, METRIC_CASES)
    assert len(found) == 9
    assert_names_the_field(found)
    async with rest_client(stack) as http:
        rest = {
            ("read_training", "clientId"): await http.get(
                "/training", params={"view": "plans", "clientId": "x"}
            ),
            ("read_training", "pageSize"): await http.get(
                "/training", params={"view": "exercises", "pageSize": "two"}
            ),
            ("edit_training", "clientId"): await http.post(
                "/training/edits", json={**EDIT, "clientId": OBJECT_ID}
            ),
            ("edit_training", "idempotencyKey"): await http.post(
                "/training/edits", json={**EDIT, "idempotencyKey": 12345678}
            ),
            ("preview_training_deletion", "deleteWorkouts"): await http.post(
                "/training/deletions", json={"step": "preview", **PREVIEW, "deleteWorkouts": "yes"}
            ),
            ("confirm_training_deletion", "clientId"): await http.post(
                "/training/deletions", json={"step": "commit", **COMMIT, "clientId": OBJECT_ID}
            ),
        }
        # Which table entry runs is the REST mirror's own choice: a step that is no string is a 400.
        step = await http.post("/training/deletions", json={"step": ["preview"], **PREVIEW})
    assert step.status_code == 400 and step.json()["field"] == "step"
    for key, response in rest.items():
        assert response.status_code == 400, (key, response.text)
        body = response.json()
        if key == ("read_training", "pageSize"):
            # A query has no types: "two" is still a string where an integer belongs.
            assert body["error_description"] == "pageSize: must be an integer, got a string"
            continue
        assert body == found[key], key
    # A query's digits are a number: the same argument MCP refuses as the string "2".
    assert (
        found[("read_training", "pageSize")]["error_description"]
        == "pageSize: must be an integer, got a string"
    )

    assert shape(listed) == {
        "get_workout_guidance": (
            {"title": "Workout guidance", "readOnlyHint": True, "openWorldHint": False},
            [],
            [],
            False,
            ["example"],
        ),
        "read_training": (
            {"title": "Read Training", "readOnlyHint": True, "openWorldHint": False},
            sorted(
                [
                    "view",
                    "timeZone",
                    "from",
                    "to",
                    "weekStartsOn",
                    "id",
                    "name",
                    "planID",
                    "query",
                    "muscle",
                    "equipment",
                    "pageSize",
                    "pageToken",
                    "formula",
                ]
            ),
            ["view"],
            False,
            ["contentTrust", "data", "epoch", "sourceSequence", "timeZone", "view"],
        ),
        "edit_training": (
            {
                "title": "Edit Training",
                "readOnlyHint": False,
                "destructiveHint": False,
                "idempotentHint": True,
                "openWorldHint": False,
            },
            ["epoch", "expectedVersions", "idempotencyKey", "input", "timeZone"],
            ["epoch", "idempotencyKey", "input", "timeZone"],
            False,
            # summary: issue 14's one-line account of the change (decision 0038).
            [
                "action",
                "epoch",
                "occurrence",
                "plans",
                "replayed",
                "sourceSequence",
                "summary",
                "versions",
                "workouts",
            ],
        ),
        "preview_training_deletion": (
            {
                "title": "Preview a deletion",
                "readOnlyHint": True,
                "idempotentHint": True,
                "openWorldHint": False,
            },
            # step: seed 000's body names it; optional, its one value (decision 0077).
            ["deleteWorkouts", "id", "kind", "step", "timeZone"],
            ["id", "kind", "timeZone"],
            False,
            ["contentTrust", "epoch", "expiresAt", "preview", "previewToken", "sourceSequence"],
        ),
        "confirm_training_deletion": (
            {
                "title": "Confirm a deletion",
                "readOnlyHint": False,
                "destructiveHint": True,
                "idempotentHint": True,
                "openWorldHint": False,
            },
            ["confirmed", "idempotencyKey", "previewToken", "step"],
            ["confirmed", "idempotencyKey", "previewToken"],
            False,
            ["contentTrust", "deleted", "epoch", "replayed", "sourceSequence", "summary"],
        ),
    }


async def test_client_ai_tools_refuse_unknown_and_mistyped_arguments(stack):
    key = await client_ai_key(stack.backends, stack.account_id)
    listed, found = await refusals(stack.base_url + CLIENT_AI_PATH, key, CLIENT_AI_CASES)
    assert len(found) == 23
    assert_names_the_field(found)
    shapes = shape(listed)
    assert list(shapes) == list(CLIENT_AI_CASES)
    for name, (hints, properties, _, closed, outputs) in shapes.items():
        write = name in {
            "client_ai_start_or_resume_my_workout_session",
            "client_ai_log_my_workout_performance",
            "client_ai_complete_my_workout_session",
        }
        assert hints["readOnlyHint"] is not write and hints["idempotentHint"] is True, name
        assert closed is False and outputs, name
        assert set(CLIENT_AI_CASES[name][0]) <= set(properties), name
    assert shapes["client_ai_log_my_workout_performance"][1] == sorted(
        [
            "sessionId",
            "exerciseId",
            "sets",
            "performanceId",
            "planExerciseId",
            "notes",
            "restSeconds",
            "isCompleted",
            "setupValues",
            "nextSetupValues",
            "setupSettingsEnabled",
            "showSetRpe",
        ]
    )
