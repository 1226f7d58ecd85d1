"""What every profile's ``tools/list`` answers, byte for byte, pinned in ``tools_list/<profile>.json``.

Each profile is built as ``edge.app`` builds it (no backend is reached) and listed through the mcp
package's in-memory client; the listing is written the way the SDK puts it on the wire (aliases,
no nulls, fields in the SDK's order), indented for a readable diff. A change to a published name,
text, schema or hint fails here first. To accept an intended change, run this module with
``KINETIC_WRITE_TOOLS_LIST=1`` and review the diff of the JSON files.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from mcp.client import Client

from edge.mcp_profile.builder import Profile, build_profile
from tests.unit.edge.test_published_limits import profiles

GOLDEN = Path(__file__).parent / "tools_list"
PROFILES = {profile.name: profile for profile in profiles()}


async def listing(profile: Profile) -> str:
    async with Client(build_profile(profile).server) as client:
        listed = await client.list_tools()
    wire = listed.model_dump(by_alias=True, mode="json", exclude_none=True)
    return json.dumps(wire, indent=1, ensure_ascii=False) + "\n"


def test_every_profile_is_pinned():
    assert sorted(path.stem for path in GOLDEN.glob("*.json")) == sorted(PROFILES)


@pytest.mark.parametrize("name", sorted(PROFILES))
async def test_tools_list_is_unchanged(name: str):
    answer = await listing(PROFILES[name])
    golden = GOLDEN / f"{name}.json"
    if os.environ.get("KINETIC_WRITE_TOOLS_LIST") == "1":
        golden.write_text(answer, encoding="utf-8")
    assert answer == golden.read_text(encoding="utf-8")
