"""Request keys (account, token hash, client address) and the JSON-RPC id read for a refusal."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from edge.guard import PRINCIPAL_KEY, Principal
from edge.ratelimit import ClientAddress, account_key, token_key
from edge.ratelimit.responses import MAX_BODY_FOR_ID, request_id


def scope(
    headers: tuple[tuple[str, str], ...] | list[tuple[str, str]] = (),
    client: tuple[str, int] | None = ("203.0.113.9", 5000),
    **extra: object,
) -> dict[str, Any]:
    return {
        "type": "http",
        "headers": [(k.encode(), v.encode()) for k, v in headers],
        "client": client,
        **extra,
    }


def test_account_key_is_the_guarded_principal():
    principal = Principal("acct-42", frozenset({"training"}), "access_token")
    assert account_key({**scope(), PRINCIPAL_KEY: principal}) == "acct-42"
    assert account_key(scope()) is None


def test_token_key_is_a_hash_never_the_token():
    token = "eyJhbGciOiJSUzI1NiJ9.secret.signature"
    key = token_key(scope([("Authorization", f"Bearer {token}")]))
    assert key == hashlib.sha256(token.encode()).hexdigest()[:32]
    assert token not in key
    assert token_key(scope([("authorization", "Basic abc")])) is None
    assert token_key(scope()) is None


def test_client_address_ignores_forwarded_for_unless_proxies_are_trusted():
    spoofed = scope([("X-Forwarded-For", "198.51.100.1")])
    assert ClientAddress()(spoofed) == "203.0.113.9"
    assert ClientAddress(trusted_hops=1)(spoofed) == "198.51.100.1"


def test_forwarded_for_takes_the_entry_the_trusted_proxies_appended():
    # The client claimed 10.0.0.1; the ingress appended the address it really saw.
    chain = scope([("X-Forwarded-For", "10.0.0.1, 198.51.100.1")])
    assert ClientAddress(trusted_hops=1)(chain) == "198.51.100.1"
    two_headers = scope([("X-Forwarded-For", "10.0.0.1"), ("X-Forwarded-For", "198.51.100.1, 192.0.2.3")])
    assert ClientAddress(trusted_hops=2)(two_headers) == "198.51.100.1"
    assert ClientAddress(trusted_hops=5)(chain) == "10.0.0.1"
    assert ClientAddress(trusted_hops=1)(scope()) == "203.0.113.9"


def test_ipv6_clients_share_their_slash_64_and_mapped_ipv4_is_plain():
    assert ClientAddress()(scope(client=("2001:db8:1:2:aaaa::1", 1))) == "2001:db8:1:2::/64"
    assert ClientAddress()(scope(client=("2001:db8:1:2:bbbb::9", 1))) == "2001:db8:1:2::/64"
    assert ClientAddress()(scope(client=("::ffff:192.0.2.1", 1))) == "192.0.2.1"
    assert ClientAddress()(scope(client=None)) is None


def receiver(*bodies: bytes):
    messages = [
        {"type": "http.request", "body": body, "more_body": n < len(bodies) - 1}
        for n, body in enumerate(bodies)
    ]

    async def receive():
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    return receive


@pytest.mark.parametrize(
    ("bodies", "expected"),
    [
        ((b'{"jsonrpc":"2.0","id":7,', b'"method":"tools/call"}'), 7),
        ((b'{"jsonrpc":"2.0","id":"abc","method":"x"}',), "abc"),
        ((b'{"jsonrpc":"2.0","id":true,"method":"x"}',), None),
        ((b'[{"jsonrpc":"2.0","id":1,"method":"x"}]',), None),
        ((b'{"jsonrpc":"2.0","method":"notifications/initialized"}',), None),
        ((b"not json",), None),
        ((b"",), None),
        ((json.dumps({"id": 1, "pad": "x" * MAX_BODY_FOR_ID}).encode(),), None),
    ],
)
async def test_request_id(bodies, expected):
    assert await request_id(receiver(*bodies)) == expected
