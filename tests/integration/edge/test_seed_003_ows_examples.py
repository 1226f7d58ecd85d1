"""Seed 003 (Open Workout Schema): its examples and its error sentences, sent verbatim to the real edge.

Only IDs, dates and tokens come from the live test account; every other byte is the seed's. Each test
quotes the sentence it sends (issue 27, decisions 0077 and 0079).
"""

from __future__ import annotations

import json

import pytest

from tests.integration.edge.ows_calls import OWS_PATH, Ows, give_consents, ows_key

pytestmark = pytest.mark.asyncio(loop_scope="module")


# --- seed 003: program IDs in the seed's form ------------------------------------------------------


async def test_seed_003_lcp_program_ids_name_the_librarys_programs(module_stack):
    await give_consents(module_stack.backends, module_stack.account_id)
    ows = Ows(module_stack.base_url + OWS_PATH, await ows_key(module_stack.backends, module_stack.account_id))

    # "program ID from search_programs (e.g. lcp:push-pull-legs)"
    entry = await ows("get_program", {"id": "lcp:push-pull-legs"})
    assert entry["program"]["id"] == "kp:push-pull-legs", "answers carry the library's own ID"
    started = await ows("start_program", {"id": "lcp:push-pull-legs"})
    assert "Push, Pull, Legs" in json.dumps(started)
    current = await ows("get_program", {"id": "current"})
    assert current["program"]["id"] == "kp:push-pull-legs"

    # A workout said to be a program day, the program named in the seed's form, is stored under the
    # library's ID.
    logged = await ows(
        "log_text",
        {
            "text": "bench press 3x8 60kg",
            "idempotency_key": "seed-003-lcp-0077",
            "program": {"program_id": "lcp:push-pull-legs", "day": "push"},
        },
    )
    assert "kp:push-pull-legs" in json.dumps(logged) and "lcp:" not in json.dumps(logged), logged

    refused = await ows.error("get_program", {"id": "lcp:no-such-program"}, code="not_found")
    assert "lcp:no-such-program" in refused and "kp:push-pull-legs" in refused
