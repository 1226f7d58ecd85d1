"""Every error text each profile answers names only what that profile's caller can use (decision 0076).

Each tool of each profile the edge serves is called through the real edge and services (the mcp
package's client, as ``test_mcp_tools`` calls them) with wrong calls made on purpose (no
arguments, an unknown argument, each argument of the wrong type, IDs that are not the account's)
and with arguments drawn from its schema; an unknown tool too. The anonymous PlanGen tools touch
no service and are rate limited per address, so their compiled tools are called directly. Every
refusal's text is checked by ``tests.fuzz.error_texts.offences``.
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from mcp.types import Tool

from edge.mcp_profile.builder import build_profile
from edge.mcp_profile.errors import OWS_CODES
from edge.problems import EdgeProblem
from edge.profiles.runflow_public.handlers import PlanGenTools
from edge.profiles.runflow_public.links import PlanLinks
from edge.profiles.runflow_public.tools import ANONYMOUS, anonymous, public_plangen_profile
from kinetic.protected_resources import OPEN_WORKOUT_SCHEMA, RUNFLOW, SERVED_BY_EDGE
from tests.conftest import EngineFactory
from tests.fuzz.error_texts import ProfileNames, offences
from tests.fuzz.json_schema_values import arguments
from tests.fuzz.profile_callers import Call, Known, ProfileCaller, serve_blocking
from tests.fuzz.watch import RowCounts
from tests.generated_plans import local_plans
from tests.integration.edge.conftest import Stack, running_stack

DRAWN_PER_TOOL = 12
CALL_TIMEOUT_SECONDS = 60
UNKNOWN_IDS = ("nope", "00000000-0000-4000-8000-000000000000")
_ID_NAME = re.compile(r"(^id$|Id$|_id$|Ids$)")
_WRONG_TYPE: Mapping[str, Any] = {
    "string": 12345,
    "integer": "twelve",
    "number": "twelve",
    "boolean": "yes",
    "array": "one",
    "object": "one",
}
PUBLIC_PLANGEN = build_profile(
    public_plangen_profile(
        PlanGenTools(PlanLinks(b"error-texts-plan-link-secret"), "http://edge.test", local_plans())
    ),
    principal=anonymous,
)

# (profile, tool, text, field): every refusal collected.
Refusal = tuple[str, str, str, str | None, tuple[str, ...]]


@pytest.fixture
async def stack_and_rows(
    sqlite_engines: EngineFactory, tmp_path: Path
) -> AsyncIterator[tuple[Stack, RowCounts]]:
    async with running_stack(sqlite_engines, tmp_path) as stack:
        yield stack, RowCounts(sqlite_engines.made)


def wrong_calls(tool: Tool, known: Known) -> Iterator[dict[str, Any]]:
    """No arguments, an unknown one, each argument of a wrong type, and unknown IDs."""
    schema = tool.input_schema
    properties: Mapping[str, Any] = schema.get("properties", {})
    yield {}
    yield {"notAnArgument": 1}
    for name, spec in properties.items():
        kind = spec.get("type")
        if isinstance(kind, str) and kind in _WRONG_TYPE:
            yield {name: _WRONG_TYPE[kind]}
        if _ID_NAME.search(name):
            for unknown in UNKNOWN_IDS:
                yield {name: [unknown] if kind == "array" else unknown}


def with_unknown_ids(known: Known, tools: Sequence[Tool]) -> Known:
    names = {n for t in tools for n in t.input_schema.get("properties", {}) if _ID_NAME.search(n)}
    return {**known, **{name: UNKNOWN_IDS for name in names}}


def sent_strings(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, Mapping):
        return tuple(s for k, v in value.items() for s in (*sent_strings(k), *sent_strings(v)))
    if isinstance(value, list):
        return tuple(s for item in value for s in sent_strings(item))
    return ()


def description_and_field(text: str) -> tuple[str, str | None]:
    """The human text of a refusal and the argument it blames, out of the profile's shape."""
    try:
        body = json.loads(text)
    except ValueError:
        return text, None
    if isinstance(body, dict) and "error_description" in body:
        blamed = body.get("field")
        return str(body["error_description"]), str(blamed) if isinstance(blamed, str) else None
    return text, None


def collect(call: Call, tool: Tool, known: Known, unknown: Known, profile: str, into: list[Refusal]) -> None:
    """Blocking (hypothesis): every wrong call, then drawn ones with real and with unknown IDs."""

    def record(args: dict[str, Any]) -> None:
        outcome = call(tool.name, args)
        if outcome.refused:
            text, blamed = description_and_field(outcome.text)
            into.append((profile, tool.name, text, blamed, sent_strings(args)))

    for args in wrong_calls(tool, known):
        record(args)
    for ids in (known, unknown):

        @settings(
            max_examples=DRAWN_PER_TOOL,
            deadline=None,
            database=None,
            derandomize=True,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(args=arguments(tool.input_schema, ids))
        def drawn(args: dict[str, Any]) -> None:
            record(args)

        drawn()


async def refusals_of_served(stack: Stack, rows: RowCounts) -> tuple[list[Refusal], dict[str, ProfileNames]]:
    refusals: list[Refusal] = []
    names: dict[str, ProfileNames] = {}
    for resource in SERVED_BY_EDGE:
        async with ProfileCaller(stack, resource, rows) as caller:
            tools = await caller.list_tools()
            codes = OWS_CODES if resource is OPEN_WORKOUT_SCHEMA else frozenset()
            names[resource.profile] = ProfileNames.of(tools, codes)
            unknown = with_unknown_ids(caller.known, tools)
            outcome = await caller.call("no_such_tool", {})
            text, blamed = description_and_field(outcome.text)
            refusals.append((resource.profile, "no_such_tool", text, blamed, ("no_such_tool",)))
            for tool in tools:
                job = functools.partial(
                    collect,
                    tool=tool,
                    known=caller.known,
                    unknown=unknown,
                    profile=resource.profile,
                    into=refusals,
                )
                await serve_blocking(caller, job, CALL_TIMEOUT_SECONDS)
    return refusals, names


async def refusals_of_an_archived_plan(stack: Stack, rows: RowCounts) -> list[Refusal]:
    """RunFlow's refusals the drawn calls rarely reach: an archived plan, and no active plan at all.

    Training words them for any caller; RunFlow's text names its own tools to call next.
    """
    async with ProfileCaller(stack, RUNFLOW, rows) as caller:
        goal = caller.known["goalId"][0]
        archived = await caller.call("delete_training_plan", {"goalId": goal})
        assert not archived.refused, archived.text
        # The account's only plan is archived: none is active now.
        calls = {
            "set_active_training_plan": {"goalId": goal},
            "get_training_plan": {},
            "list_plan_snapshots": {},
        }
        refusals: list[Refusal] = []
        for tool, args in calls.items():
            outcome = await caller.call(tool, args)
            assert outcome.refused and "list_training_plans" in outcome.text, (tool, outcome.text)
            refusals.append((RUNFLOW.profile, tool, outcome.text, None, sent_strings(args)))
    return refusals


def refusals_of_public_plangen() -> list[Refusal]:
    refusals: list[Refusal] = []
    for compiled in PUBLIC_PLANGEN.tools.values():
        for args in wrong_calls(compiled.published, {}):
            try:
                asyncio.run(compiled.run(ANONYMOUS, args))
            except EdgeProblem as problem:
                blamed = problem.details.get("field")
                refusals.append(
                    (
                        "RunFlow public",
                        compiled.spec.name,
                        problem.description,
                        blamed if isinstance(blamed, str) else None,
                        sent_strings(args),
                    )
                )
    return refusals


async def test_every_error_text_names_only_what_its_profile_publishes(
    stack_and_rows: tuple[Stack, RowCounts],
) -> None:
    stack, rows = stack_and_rows
    refusals, names = await refusals_of_served(stack, rows)
    refusals += await refusals_of_an_archived_plan(stack, rows)
    refusals += await asyncio.to_thread(refusals_of_public_plangen)
    names["RunFlow public"] = ProfileNames.of(t.published for t in PUBLIC_PLANGEN.tools.values())
    every_tool = frozenset(tool for profile in names.values() for tool in profile.tools)

    found: dict[str, set[str]] = {}
    for profile, tool, text, blamed, sent in refusals:
        for offence in offences(text, tool, names[profile], every_tool, sent, blamed):
            found.setdefault(f"{profile}/{tool}: {offence}", set()).add(text[:200])
    report = "\n".join(f"{where}\n    e.g. {sorted(texts)[0]}" for where, texts in sorted(found.items()))
    assert not found, f"{len(found)} error texts name what their profile does not publish:\n{report}"
    # The scan saw refusals of every profile (a profile answering nothing would pass trivially).
    assert {profile for profile, *_ in refusals} == set(names), names.keys()
    assert len(refusals) > 500, len(refusals)
