"""The profile builder: validation once against the published schema, the scope check, the five
error styles, and results as compact JSON plus structured content (an in-memory MCP client)."""

from __future__ import annotations

import json
from collections.abc import MutableMapping
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from mcp.client import Client
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, TextContent, ToolAnnotations

from edge.guard import Principal
from edge.mcp_profile import builder
from edge.mcp_profile.builder import Arguments, Payload, Profile, ToolSpec, build_profile
from edge.mcp_profile.errors import (
    CLIENT_AI_ERRORS,
    METRIC_ERRORS,
    OWS_ERRORS,
    PRIMED_ERRORS,
    RUNFLOW_ERRORS,
    ErrorStyle,
)
from edge.mcp_profile.validation import (
    Violation,
    compile_validator,
    from_query,
    path_text,
    query_types,
    schema_violations,
)
from edge.problems import EdgeProblem
from edge.ratelimit.responses import metric_refusal, ows_refusal, primed_refusal, runflow_personal_refusal
from knowledge.training.formats import LOCAL_DAY_PATTERN, VERSION_PATTERN

SET = {
    "type": "object",
    "properties": {"setNumber": {"type": "integer", "minimum": 1}, "weight": {"type": "number"}},
    "required": ["setNumber"],
    "additionalProperties": False,
}
LOG_INPUT = {
    "type": "object",
    "properties": {
        "sessionId": {"type": "string", "pattern": "^[0-9a-f]{4}$"},
        "sets": {"type": "array", "items": SET, "minItems": 1},
        "pageSize": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
        "plan": {"type": "string"},
        "day": {"type": "string"},
    },
    "required": ["sessionId", "sets"],
    "additionalProperties": False,
}
OUTPUT = {"type": "object", "properties": {"logged": {"type": "integer"}}, "required": ["logged"]}
GOOD = {"sessionId": "ab12", "sets": [{"setNumber": 1, "weight": 20.5}]}
ANYONE = Principal("account-1", frozenset({"log"}), "api_key")


def plan_and_day_together(args: Arguments) -> list[Violation]:
    if ("plan" in args) != ("day" in args):
        return [Violation("day" if "plan" in args else "plan", "goes with the other")]
    return []


async def log(principal: Principal, args: Arguments) -> Payload:
    if args["sessionId"] == "dead":
        raise EdgeProblem("not_found", "no such session", 404)
    if args["sessionId"] == "0bad":
        raise ZeroDivisionError("internal detail: division by zero in log")
    return {"logged": len(args["sets"]), "account": principal.account_id}


def profile(errors: ErrorStyle = METRIC_ERRORS, scope: str = "log") -> Profile:
    tool = ToolSpec(
        name="log_sets",
        title="Log sets",
        description="Log sets.",
        input_schema=LOG_INPUT,
        output_schema=OUTPUT,
        annotations=ToolAnnotations(title="Log sets", read_only_hint=False),
        scope=scope,
        handler=log,
        rules=(plan_and_day_together,),
    )
    return Profile("test", "Test", "1.0", "Log things.", errors, (tool,))


async def call(errors: ErrorStyle, arguments: dict[str, Any], name: str = "log_sets") -> CallToolResult:
    built = build_profile(profile(errors), principal=lambda ctx: ANYONE)
    async with Client(built.server) as client:
        return await client.call_tool(name, arguments)


async def json_rpc_error(errors: ErrorStyle, arguments: dict[str, Any], name: str = "log_sets") -> MCPError:
    built = build_profile(profile(errors), principal=lambda ctx: ANYONE)
    async with Client(built.server) as client:
        with pytest.raises(MCPError) as raised:
            await client.call_tool(name, arguments)
    return raised.value


def text_of(result: CallToolResult) -> str:
    (content,) = result.content
    assert isinstance(content, TextContent)
    return content.text


# --- tools/list and results ----------------------------------------------------------------------


async def test_tools_list_publishes_the_table_and_server_identity() -> None:
    built = build_profile(profile(), principal=lambda ctx: ANYONE)
    async with Client(built.server) as client:
        listed = await client.list_tools()
        assert client.instructions == "Log things."
    (tool,) = listed.tools
    assert (tool.name, tool.title, tool.description) == ("log_sets", "Log sets", "Log sets.")
    assert tool.input_schema == LOG_INPUT and tool.output_schema == OUTPUT
    assert tool.annotations == ToolAnnotations(title="Log sets", read_only_hint=False)


async def test_a_result_is_compact_json_and_the_same_structured_content() -> None:
    result = await call(METRIC_ERRORS, GOOD)
    assert not result.is_error
    assert text_of(result) == '{"logged":1,"account":"account-1"}'
    assert result.structured_content == {"logged": 1, "account": "account-1"}


async def test_validators_are_compiled_when_the_profile_is_built_not_per_call(monkeypatch) -> None:
    built = build_profile(profile(), principal=lambda ctx: ANYONE)

    def no_compiling(schema: Any) -> Any:
        raise AssertionError("a schema was compiled during a call")

    monkeypatch.setattr(builder, "compile_validator", no_compiling)
    async with Client(built.server) as client:
        assert not (await client.call_tool("log_sets", GOOD)).is_error
        assert (await client.call_tool("log_sets", {"sets": []})).is_error


# --- validation ----------------------------------------------------------------------------------


async def test_every_violation_is_listed_with_its_path_unknown_arguments_first() -> None:
    arguments = {
        "sessionId": "nope!",
        "sets": [{"setNumber": 1}, {"setNumber": 0, "weight": "heavy"}, {"reps": 5}],
        "clientId": "someone else",
    }
    body = json.loads(text_of(await call(CLIENT_AI_ERRORS, arguments)))
    assert body["error"] == "invalid_request" and body["field"] == "clientId"
    assert body["error_description"] == (
        "clientId: unknown argument; sets[2].reps: unknown argument; "
        "sessionId: 'nope!' does not match ^[0-9a-f]{4}$; sets[1].setNumber: must be at least 1, got 0; "
        "sets[1].weight: must be a number, got a string; sets[2].setNumber: is required"
    )


async def test_a_string_is_not_an_integer_even_when_it_holds_digits() -> None:
    body = json.loads(text_of(await call(METRIC_ERRORS, {**GOOD, "pageSize": "2"})))
    assert body == {
        "error": "invalid_request",
        "error_description": "pageSize: must be an integer, got a string",
        "field": "pageSize",
    }
    assert not (await call(METRIC_ERRORS, {**GOOD, "pageSize": None})).is_error


async def test_cross_field_rules_run_on_arguments_the_schema_accepts() -> None:
    body = json.loads(text_of(await call(METRIC_ERRORS, {**GOOD, "plan": "p"})))
    assert (body["field"], body["error_description"]) == ("day", "day: goes with the other")
    # A schema violation is reported alone: the rules never see untyped arguments.
    body = json.loads(text_of(await call(METRIC_ERRORS, {"sets": [], "plan": "p"})))
    assert "goes with" not in body["error_description"]


@pytest.mark.parametrize(
    "arguments",
    [
        GOOD,
        {**GOOD, "sets": [{"setNumber": 1.0}]},  # 1.0 is an integer in JSON Schema
        {**GOOD, "sets": [{"setNumber": True}]},  # a boolean is not
        {**GOOD, "pageSize": None},
        {**GOOD, "pageSize": 2.5},
        {**GOOD, "sessionId": "AB12"},
        {**GOOD, "sets": []},
        {**GOOD, "sets": [{"setNumber": 1, "weight": 1e308}]},
        {"sessionId": "ab12"},
        {**GOOD, "plan": ""},
    ],
)
def test_the_fast_verdict_and_the_explanation_agree(arguments: dict[str, Any]) -> None:
    validator = compile_validator(LOG_INPUT)
    explained = schema_violations(Draft202012Validator(LOG_INPUT), arguments)
    assert (validator.violations(arguments) == []) == (explained == [])
    assert validator.violations(arguments) == explained


@pytest.mark.parametrize(
    ("pattern", "value", "matches"),
    [
        (r"^[A-Za-z0-9_-]+$", "w-1", True),
        (r"^[A-Za-z0-9_-]+$", "w-1\n", False),  # Python's own $ would match before the newline
        (LOCAL_DAY_PATTERN, "2026-10-14\n", False),
        (r"^a\$$", "a$", True),  # an escaped $ is the character
        (r"^[$]+$", "$$", True),  # so is one in a class
        (r"^[$]+$", "$$\n", False),
    ],
)
def test_patterns_end_where_the_text_ends_as_json_schema_reads_them(
    pattern: str, value: str, matches: bool
) -> None:
    # The fast verdict (Rust) and the explanation (jsonschema) must agree, else a refusal with
    # nothing to explain would be let through.
    schema = {"type": "object", "properties": {"id": {"type": "string", "pattern": pattern}}}
    found = compile_validator(schema).violations({"id": value})
    assert (found == []) == matches
    assert all(violation.path == "id" for violation in found)


def test_each_missing_argument_is_named_once() -> None:
    # jsonschema reports ``required`` once per missing name, each error holding the whole list.
    schema = {"type": "object", "required": ["a", "b", "c"], "properties": {}}
    assert compile_validator(schema).violations({"b": 1}) == [
        Violation("a", "is required"),
        Violation("c", "is required"),
    ]


def test_paths_read_as_callers_write_them() -> None:
    assert path_text(["sets", 2, "weight"]) == "sets[2].weight"
    assert path_text(["expectedVersions", "workout:x"]) == "expectedVersions[workout:x]"


def test_query_strings_are_read_by_the_types_the_schema_declares() -> None:
    types = query_types(
        {"properties": {"n": {"anyOf": [{"type": "integer"}, {"type": "null"}]}, "b": {"type": "boolean"}}}
    )
    assert from_query({"n": "2", "b": "true", "x": "3"}, types) == {"n": 2, "b": True, "x": "3"}
    assert from_query({"n": "two", "b": "yes"}, types) == {"n": "two", "b": "yes"}


# --- scope and unknown tools -----------------------------------------------------------------------


async def test_a_tool_needs_its_scope() -> None:
    built = build_profile(profile(scope="admin"), principal=lambda ctx: ANYONE)
    async with Client(built.server) as client:
        result = await client.call_tool("log_sets", GOOD)
    assert json.loads(text_of(result)) == {
        "error": "insufficient_scope",
        "error_description": "log_sets needs the scope admin",
    }


async def test_an_unknown_tool_is_refused_in_the_profiles_style() -> None:
    result = await call(OWS_ERRORS, {}, name="log_everything")
    assert result.is_error and text_of(result).startswith("invalid_input: unknown tool 'log_everything'")


# --- the five error styles -------------------------------------------------------------------------


async def test_metric_style_is_the_error_json_as_tool_error_text() -> None:
    result = await call(METRIC_ERRORS, {**GOOD, "sessionId": "dead"})
    assert result.is_error
    assert json.loads(text_of(result)) == {"error": "not_found", "error_description": "no such session"}
    assert METRIC_ERRORS.rate_limited is metric_refusal


async def test_client_ai_style_adds_the_field_and_keeps_its_gate_codes() -> None:
    result = CLIENT_AI_ERRORS.outcome(EdgeProblem("feature_disabled", "ask your gym", 403))
    assert json.loads(text_of(result)) == {"error": "feature_disabled", "error_description": "ask your gym"}
    body = json.loads(text_of(await call(CLIENT_AI_ERRORS, {"sessionId": "ab12"})))
    assert body == {"error": "invalid_request", "error_description": "sets: is required", "field": "sets"}
    assert CLIENT_AI_ERRORS.rate_limited is metric_refusal


@pytest.mark.parametrize(
    ("error", "code"),
    [
        ("invalid_request", "invalid_input"),
        ("not_found", "not_found"),
        ("idempotency_key_reused", "idempotency_conflict"),
        ("health_data_consent_required", "consent_required"),
        ("temporarily_unavailable", "internal_error"),
        ("undo_unavailable", "undo_unavailable"),
    ],
)
def test_open_workout_schema_style_starts_with_one_of_its_codes(error: str, code: str) -> None:
    result = OWS_ERRORS.outcome(EdgeProblem(error, "what to fix", 400))
    assert result.is_error and text_of(result) == f"{code}: what to fix"
    assert OWS_ERRORS.rate_limited is ows_refusal


async def test_primed_style_is_a_json_rpc_error_with_a_canonical_code() -> None:
    error = await json_rpc_error(PRIMED_ERRORS, {**GOOD, "sets": [{"setNumber": "one"}]})
    assert error.code == -32001
    assert error.error.data == {
        "code": "INVALID_ARGUMENT",
        "message": "sets[0].setNumber: must be an integer, got a string",
        "field": "sets[0].setNumber",
    }
    error = await json_rpc_error(PRIMED_ERRORS, {**GOOD, "sessionId": "dead"})
    assert error.error.data == {"code": "NO_DATA", "message": "no such session"}
    assert PRIMED_ERRORS.rate_limited is primed_refusal


async def test_runflow_style_is_a_tool_error_and_an_unknown_tool_a_protocol_error() -> None:
    """-32002 is seed 004's paid-tier gate's alone (decision 0075)."""
    result = await call(RUNFLOW_ERRORS, {**GOOD, "sessionId": "dead"})
    assert result.is_error and text_of(result) == "no such session"
    invalid = await call(RUNFLOW_ERRORS, {**GOOD, "sets": [{"setNumber": "one"}]})
    assert invalid.is_error and text_of(invalid) == "sets[0].setNumber: must be an integer, got a string"
    unknown = await json_rpc_error(RUNFLOW_ERRORS, {}, name="create_goal")
    assert unknown.code == -32602 and "create_goal" in unknown.message
    assert RUNFLOW_ERRORS.rate_limited is runflow_personal_refusal and RUNFLOW_ERRORS.answers_with_status


@pytest.mark.parametrize(
    "errors", [METRIC_ERRORS, CLIENT_AI_ERRORS, OWS_ERRORS, RUNFLOW_ERRORS, PRIMED_ERRORS]
)
async def test_a_fault_in_a_handler_is_the_profiles_not_now_never_pythons_message(errors: ErrorStyle) -> None:
    """A handler's own bug is logged and answered as each contract says "not now" (Metric 503
    temporarily_unavailable, OWS internal_error, Primed DEPENDENCY_UNAVAILABLE), never as JSON-RPC
    code 0 with the exception's text."""
    if errors is PRIMED_ERRORS:  # the style that answers with a JSON-RPC error
        error = await json_rpc_error(errors, {**GOOD, "sessionId": "0bad"})
        assert error.code == -32001
        answer = json.dumps(error.error.model_dump())
    else:
        answer = text_of(await call(errors, {**GOOD, "sessionId": "0bad"}))
    assert "division" not in answer and "internal detail" not in answer, answer
    assert "log_sets" in answer and "retry" in answer, answer
    assert any(
        code in answer for code in ("temporarily_unavailable", "internal_error", "DEPENDENCY_UNAVAILABLE")
    ) or (errors is RUNFLOW_ERRORS), answer


async def _ows_refused(message: dict[str, Any], headers: list[tuple[bytes, bytes]]) -> list[Any]:
    sent: list[MutableMapping[str, Any]] = []
    body = json.dumps(message).encode()

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    await ows_refusal({"type": "http", "headers": headers}, receive, send, 30)
    return sent


@pytest.mark.parametrize(
    ("version", "extra"), [("2025-06-18", {}), ("2026-07-28", {"resultType": "complete"}), (None, {})]
)
async def test_open_workout_schema_rate_limit_on_a_tool_call_is_its_tool_error_with_200(
    version: str | None, extra: dict[str, str]
) -> None:
    """A result at 200, in the shape of the request's protocol version (decision 0075)."""
    headers = [(b"mcp-protocol-version", version.encode())] if version else []
    sent = await _ows_refused({"jsonrpc": "2.0", "id": 7, "method": "tools/call"}, headers)
    assert sent[0]["status"] == 200 and (b"retry-after", b"30") in sent[0]["headers"]
    assert json.loads(sent[1]["body"]) == {
        "jsonrpc": "2.0",
        "id": 7,
        "result": {
            "content": [{"type": "text", "text": "rate_limited: rate limit reached; retry after 30 seconds"}],
            "isError": True,
            **extra,
        },
    }


async def test_open_workout_schema_rate_limit_on_another_request_stays_429() -> None:
    sent = await _ows_refused({"jsonrpc": "2.0", "id": 3, "method": "initialize"}, [])
    assert sent[0]["status"] == 429 and (b"retry-after", b"30") in sent[0]["headers"]
    assert json.loads(sent[1]["body"]) == {
        "jsonrpc": "2.0",
        "id": 3,
        "error": {"code": -32000, "message": "rate_limited: rate limit reached; retry after 30 seconds"},
    }


# --- tracing -------------------------------------------------------------------------------------


@pytest.mark.parametrize("active", [False, True])
def test_mcp_spans_are_built_only_when_a_tracer_provider_is_active(monkeypatch, active: bool) -> None:
    from mcp.server._otel import OpenTelemetryMiddleware as SdkTracingMiddleware

    from edge import mcp_tracing

    monkeypatch.setattr(mcp_tracing, "tracing_active", lambda: active)
    middleware = build_profile(profile(), principal=lambda ctx: ANYONE).server.middleware
    assert not any(isinstance(m, SdkTracingMiddleware) for m in middleware)
    assert any(isinstance(m, mcp_tracing.EdgeTracingMiddleware) for m in middleware) is active


@pytest.mark.parametrize(
    ("schema", "value", "said"),
    [
        ({"type": "string", "pattern": LOCAL_DAY_PATTERN}, "28/10/2026", "must be a date as YYYY-MM-DD"),
        (
            {"type": "string", "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"},
            "28/10/2026",
            "must be a date",
        ),
        (
            {"type": "string", "pattern": VERSION_PATTERN},
            "0.x",
            "must be the version you read, of the form <counter>.<deviceID>",
        ),
        (
            {"type": "string", "pattern": "^[0-9a-fA-F]{24}$"},
            "abc",
            "must be an ID of 24 hexadecimal characters",
        ),
        ({"type": "string", "minLength": 1}, "", "must be at least 1 character, got 0"),
        ({"type": "array", "minItems": 1}, [], "must hold at least 1 item, got 0"),
        ({"type": "string", "maxLength": 2}, "abc", "must be at most 2 characters, got 3"),
    ],
)
def test_refusals_say_the_form_in_words(schema: dict[str, Any], value: Any, said: str) -> None:
    whole = {"type": "object", "properties": {"when": schema}}
    (violation,) = schema_violations(Draft202012Validator(whole), {"when": value})
    assert violation.path == "when" and violation.message.startswith(said), violation


def test_a_query_name_given_twice_is_refused_not_picked() -> None:
    from starlette.datastructures import QueryParams

    with pytest.raises(EdgeProblem) as refused:
        from_query(QueryParams("from=2026-01-01&from=2026-02-01&to=2026-03-01"), {})
    assert refused.value.status == 400 and refused.value.details["field"] == "from"
    assert "given 2 times; send it once" in refused.value.description
