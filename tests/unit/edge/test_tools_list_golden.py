"""What every profile's ``tools/list`` answers, byte for byte, pinned in ``tools_list/<profile>.json``.

The signed-in profiles are built from ``edge.app``'s own table (no backend is reached), PlanGen as
the app builds it, and each is listed through the mcp package's in-memory client; the listing is
written as the SDK dumps a result (aliases, no nulls, fields in the SDK's order), indented for a
readable diff. The anonymous path is also asked over HTTP through the real app, whose tools must be
the pinned ones. A change to a published name, text, schema or hint fails here first. To
accept an intended change, run this module with ``KINETIC_WRITE_TOOLS_LIST=1`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client

import edge.app
from edge.mcp_profile.builder import Profile, build_profile
from edge.profiles.runflow_public.handlers import PlanGenTools
from edge.profiles.runflow_public.links import PlanLinks
from edge.profiles.runflow_public.tools import public_plangen_profile
from edge.served_profiles import Live
from kinetic.protected_resources import (
    CLIENT_AI,
    METRIC,
    OPEN_WORKOUT_SCHEMA,
    PRIMED,
    PUBLIC_PLANGEN_PATH,
    RUNFLOW,
)
from kinetic.settings import EdgeSettings
from tests.generated_plans import local_plans
from tests.integration.edge.plangen_calls import public_edge

GOLDEN = Path(__file__).parent / "tools_list"
TARGETS = {name: "127.0.0.1:9" for name in ("auth", "training", "sessions", "analytics")}
SETTINGS = EdgeSettings(
    host="127.0.0.1",
    port=8000,
    public_url="http://kinetic.test",
    targets=TARGETS,
    pseudonym_secret="s" * 32,
    plan_link_secret="s" * 32,
)


def app_profiles() -> dict[str, Profile]:
    """Every profile the edge serves, by its path."""
    live = Live()
    served = {
        profile.resource.path: profile.build(live, SETTINGS) for profile in edge.app.signed_in_profiles()
    }
    plangen = public_plangen_profile(PlanGenTools(PlanLinks(b"s" * 32), SETTINGS.public_url, local_plans()))
    return {**served, PUBLIC_PLANGEN_PATH: plangen}


PROFILES = {profile.name: profile for profile in app_profiles().values()}


def wire(listed: dict[str, Any]) -> str:
    return json.dumps(listed, indent=1, ensure_ascii=False) + "\n"


async def listed_tools(profile: Profile) -> dict[str, Any]:
    """``profile``'s ``tools/list`` answer as the SDK dumps it (aliases, no nulls, its field order)."""
    async with Client(build_profile(profile).server) as client:
        listed = await client.list_tools()
    return listed.model_dump(by_alias=True, mode="json", exclude_none=True)


async def listing(profile: Profile) -> str:
    return wire(await listed_tools(profile))


def test_every_path_serves_its_profile_and_every_profile_is_pinned():
    assert {path: profile.name for path, profile in app_profiles().items()} == {
        METRIC.path: "kinetic-metric",
        CLIENT_AI.path: "kinetic-client-ai",
        OPEN_WORKOUT_SCHEMA.path: "kinetic-open-workout-schema",
        PRIMED.path: "kinetic-primed",
        RUNFLOW.path: "kinetic-runflow",
        PUBLIC_PLANGEN_PATH: "kinetic-runflow-public",
    }
    assert sorted(path.stem for path in GOLDEN.glob("*.json")) == sorted(PROFILES)


@pytest.mark.parametrize("name", sorted(PROFILES))
async def test_tools_list_is_unchanged(name: str):
    answer = await listing(PROFILES[name])
    golden = GOLDEN / f"{name}.json"
    if os.environ.get("KINETIC_WRITE_TOOLS_LIST") == "1":
        golden.write_text(answer, encoding="utf-8")
    assert answer == golden.read_text(encoding="utf-8")


async def test_the_real_app_sends_the_pinned_tools():
    """Over HTTP the SDK sorts each object's keys and adds no metadata; the tools are the same."""
    async with public_edge() as edge:
        answer = await edge.post("tools/list")
    assert answer.status_code == 200, answer.text
    pinned = json.loads((GOLDEN / "kinetic-runflow-public.json").read_text(encoding="utf-8"))
    assert answer.json()["result"]["tools"] == pinned["tools"]
