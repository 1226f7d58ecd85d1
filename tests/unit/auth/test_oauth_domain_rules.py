"""Pure OAuth rules: redirect URI matching, client metadata, resources and scopes, PKCE, redirects."""

from __future__ import annotations

import pytest

from kinetic.errors import InvalidArgument
from kinetic.protected_resources import RESOURCES
from services.auth.domain.oauth_clients import (
    METRIC_MUSE,
    redirect_uri_matches,
    validate_client_metadata,
    validate_redirect_uri,
)
from services.auth.domain.oauth_flow import s256, validate_code_challenge, verifier_matches, with_query
from services.auth.domain.oauth_resources import find_resource, normalize_scopes

ISSUER = "https://kinetic.test"


def test_muse_has_exactly_the_two_seed_callbacks():
    assert METRIC_MUSE.redirect_uris == (
        "https://agent.meta.ai/api/hatch/oauth/callback",
        "https://muse.ai/connect/oauth-callback",
    )


@pytest.mark.parametrize(
    ("registered", "requested", "matches"),
    [
        ("https://app.example/cb", "https://app.example/cb", True),
        ("https://app.example/cb", "https://app.example/cb/", False),
        ("https://app.example/cb", "https://APP.example/cb", False),
        ("https://app.example/cb", "https://app.example:443/cb", False),
        ("https://app.example:8443/cb", "https://app.example:9443/cb", False),  # only loopback ports vary
        ("http://127.0.0.1:8000/cb", "http://127.0.0.1:9000/cb", True),
        ("http://127.0.0.1/cb", "http://127.0.0.1:9000/cb", True),
        ("http://127.0.0.1:8000/cb", "http://127.0.0.1/cb", True),
        ("http://localhost:1/cb?a=1", "http://localhost:2/cb?a=1", True),
        ("http://[::1]:1/cb", "http://[::1]:2/cb", True),
        ("http://127.0.0.1:8000/cb", "http://127.0.0.1:9000/cb?x=1", False),
        ("http://127.0.0.1:8000/cb", "http://127.0.0.1:9000/cbx", False),
        ("http://127.0.0.1:8000/cb", "http://localhost:8000/cb", False),
        ("http://127.0.0.1:8000/cb", "http://127.0.0.1:x/cb", False),
        ("http://127.0.0.1:8000/cb", "http://127.0.0.1:80@evil.example/cb", False),
        ("http://localhost:8000/cb", "http://localhost.evil.example:8000/cb", False),
    ],
)
def test_redirect_uri_matching(registered, requested, matches):
    assert redirect_uri_matches(registered, requested) is matches


@pytest.mark.parametrize(
    "uri",
    [
        "https://app.example/cb",
        "https://app.example/cb?tenant=1",
        "http://127.0.0.1:8080/cb",
        "http://localhost/cb",
        "http://[::1]:9/cb",
    ],
)
def test_acceptable_redirect_uris(uri):
    assert validate_redirect_uri(uri) == uri


@pytest.mark.parametrize(
    "uri",
    [
        "http://app.example/cb",
        "http://10.0.0.1/cb",
        "myapp://callback",
        "javascript:alert(1)",
        "https://app.example/cb#frag",
        "https://user:pw@app.example/cb",
        "https:///cb",
        "",
        7,
        "http://127.0.0.1:notaport/cb",
    ],
)
def test_refused_redirect_uris(uri):
    with pytest.raises(InvalidArgument) as info:
        validate_redirect_uri(uri)
    assert info.value.reason == "invalid_redirect_uri"


@pytest.mark.parametrize(
    ("metadata", "reason"),
    [
        ({}, "invalid_redirect_uri"),
        ({"redirect_uris": []}, "invalid_redirect_uri"),
        ({"redirect_uris": "https://app.example/cb"}, "invalid_redirect_uri"),
        ({"redirect_uris": ["http://app.example/cb"]}, "invalid_redirect_uri"),
        ({"redirect_uris": ["https://a.example/cb"] * 11}, "invalid_redirect_uri"),
        (
            {"redirect_uris": ["https://a.example/cb"], "token_endpoint_auth_method": "client_secret_post"},
            "invalid_client_metadata",
        ),
        (
            {"redirect_uris": ["https://a.example/cb"], "grant_types": ["client_credentials"]},
            "invalid_client_metadata",
        ),
        (
            {"redirect_uris": ["https://a.example/cb"], "grant_types": "authorization_code"},
            "invalid_client_metadata",
        ),
        ({"redirect_uris": ["https://a.example/cb"], "response_types": ["token"]}, "invalid_client_metadata"),
        ({"redirect_uris": ["https://a.example/cb"], "client_name": 5}, "invalid_client_metadata"),
    ],
)
def test_invalid_client_metadata(metadata, reason):
    with pytest.raises(InvalidArgument) as info:
        validate_client_metadata(metadata)
    assert info.value.reason == reason


def test_valid_client_metadata_defaults():
    name, uris, grants = validate_client_metadata(
        {"redirect_uris": ["https://a.example/cb", "https://a.example/cb"], "client_name": " Desk "}
    )
    assert (name, uris, grants) == (
        "Desk",
        ("https://a.example/cb",),
        ("authorization_code", "refresh_token"),
    )
    _, _, only_code = validate_client_metadata(
        {
            "redirect_uris": ["http://127.0.0.1/cb"],
            "grant_types": ["authorization_code"],
            "token_endpoint_auth_method": "none",
        }
    )
    assert only_code == ("authorization_code",)


def test_the_resource_table():
    urls = sorted(resource.resource_url(ISSUER + "/") for resource in RESOURCES)
    assert urls == sorted(
        f"{ISSUER}{path}"
        for path in ("/api/connectors/muse/mcp", "/mcp/primed", "/mcp/client-ai", "/mcp/ows", "/mcp/runflow")
    )
    assert find_resource(ISSUER, ISSUER + "/mcp/runflow/") is None
    assert find_resource(ISSUER, "https://other.test/mcp/runflow") is None


def test_legacy_training_scopes_map_to_training():
    metric = find_resource(ISSUER, ISSUER + "/api/connectors/muse/mcp")
    assert metric is not None
    assert normalize_scopes(metric, "") == ("training",)
    assert normalize_scopes(metric, "training:read training:write training:delete") == ("training",)
    with pytest.raises(InvalidArgument) as info:
        normalize_scopes(metric, "training:admin")
    assert info.value.reason == "invalid_scope"


def test_pkce_is_s256_only():
    verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"  # RFC 7636 appendix B
    challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    assert s256(verifier) == challenge
    assert verifier_matches(verifier, challenge)
    assert not verifier_matches(verifier[:-1] + "Y", challenge)
    assert not verifier_matches(challenge, challenge)
    assert not verifier_matches("a" * 42, s256("a" * 42))  # too short
    assert not verifier_matches("a" * 129, s256("a" * 129))  # too long
    assert not verifier_matches("a" * 42 + "!", s256("a" * 42 + "!"))  # outside the unreserved set
    assert validate_code_challenge(challenge, "S256") == challenge
    for value, method in ((challenge, "plain"), (challenge, ""), ("", "S256"), ("short", "S256")):
        with pytest.raises(InvalidArgument) as info:
            validate_code_challenge(value, method)
        assert info.value.reason == "invalid_request"


def test_with_query_appends_and_drops_empty_values():
    assert with_query("https://a.example/cb", {"code": "c", "state": "", "iss": "https://k"}) == (
        "https://a.example/cb?code=c&iss=https%3A%2F%2Fk"
    )
    assert with_query("https://a.example/cb?x=1", {"code": "c d"}) == "https://a.example/cb?x=1&code=c+d"


@pytest.mark.parametrize(
    ("uri", "allowed"),
    [
        ("https://claude.ai/api/mcp/auth_callback", True),
        ("https://claude.com/api/mcp/auth_callback", True),
        ("https://console.anthropic.com/cb", True),
        ("https://gemini.google.com/cb", True),
        ("http://localhost:33418/callback", True),
        ("http://[::1]:9/cb", True),
        ("https://claude.ai.evil.example/cb", False),
        ("https://notgoogle.com/cb", False),
        ("https://muse.ai/connect/oauth-callback", False),
    ],
)
def test_a_registration_naming_runflows_scope_takes_only_seed_004s_hosts(uri, allowed):
    metadata = {"redirect_uris": [uri], "scope": "mcp:full"}
    if allowed:
        assert validate_client_metadata(metadata)[1] == (uri,)
    else:
        with pytest.raises(InvalidArgument) as refused:
            validate_client_metadata(metadata)
        assert refused.value.reason == "invalid_redirect_uri" and "RunFlow" in refused.value.message
    # Without RunFlow's scope, any https host or loopback registers (the other profiles' policy).
    assert validate_client_metadata({"redirect_uris": [uri], "scope": "training"})[1] == (uri,)
