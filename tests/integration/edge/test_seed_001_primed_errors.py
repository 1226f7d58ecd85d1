"""Seed 001 (Primed): the error sentence that needs a stack of its own, an expired token.

"UNAUTHENTICATED | 401 | Missing or invalid OAuth Bearer token | Re-authenticate via OAuth flow": a
token past its ``exp`` is signed here with the stack's own auth signing key (auth issues none that
old), so the edge checks a real Kinetic token that has expired. The rest of the seed's examples and
error sentences are in ``test_seed_001_primed_examples.py``.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from edge.profiles.primed.tools import COACHING_READ
from kinetic.protected_resources import PRIMED
from services.auth.adapters import repository
from services.auth.domain.signing_keys import load_private_key
from services.auth.domain.tokens import TokenRequest, sign_access_token
from tests.integration.edge.primed_calls import data_code, post_tool_call

# Beyond the verifier's 30-second leeway (kinetic.access_tokens).
LONG_AGO = timedelta(hours=2)


async def test_seed_001_an_expired_token_is_unauthenticated(stack, sqlite_engines):
    auth_engine = sqlite_engines.made[0]  # the stack starts auth first
    with auth_engine.connect() as conn:
        key = load_private_key(repository.active_signing_keys(conn)[0])
    resource = stack.base_url + PRIMED.path
    request = TokenRequest(stack.account_id, resource, (COACHING_READ,), ttl_seconds=900, client_id="")
    expired = sign_access_token(stack.base_url, request, key, datetime.now(UTC) - LONG_AGO).access_token
    fresh = sign_access_token(stack.base_url, request, key, datetime.now(UTC)).access_token

    refused = await post_tool_call(resource, expired, "get_today_coaching", {"date": "2026-10-14"})
    assert refused.status_code == 401 and data_code(refused) == "UNAUTHENTICATED", refused.text
    message = refused.json()["error"]["message"]
    assert (
        message == "Authentication required to access today coaching decision: the access token has expired"
    )
    assert 'error="invalid_token"' in refused.headers["www-authenticate"]
    # The same claims signed now pass: it is the expiry that was refused.
    served = await post_tool_call(resource, fresh, "get_today_coaching", {"date": "2026-10-14"})
    assert served.status_code == 200, served.text
