"""The one table of protected resources, as auth, the edge and the launcher read it."""

from __future__ import annotations

from kinetic.launcher import _banner
from kinetic.protected_resources import (
    CLIENT_AI,
    METRIC,
    OPEN_WORKOUT_SCHEMA,
    PRIMED,
    RESOURCES,
    RUNFLOW,
    SERVED_BY_EDGE,
)

PUBLIC_URL = "https://kinetic.example"


def test_every_resource_has_a_distinct_path_and_grants_its_defaults():
    assert len({resource.path for resource in RESOURCES}) == len(RESOURCES)
    for resource in RESOURCES:
        assert set(resource.default_scopes) <= set(resource.scopes), resource.path
        assert {new for _, new in resource.legacy_scopes} <= set(resource.scopes), resource.path


def test_the_edge_serves_only_resources_auth_knows():
    assert set(SERVED_BY_EDGE) <= set(RESOURCES)
    assert SERVED_BY_EDGE == (METRIC, CLIENT_AI, OPEN_WORKOUT_SCHEMA, PRIMED, RUNFLOW)


def test_resource_and_metadata_urls_ignore_a_trailing_slash_on_the_origin():
    assert METRIC.resource_url(PUBLIC_URL + "/") == "https://kinetic.example/api/connectors/muse/mcp"
    assert (
        CLIENT_AI.metadata_url(PUBLIC_URL)
        == "https://kinetic.example/.well-known/oauth-protected-resource/mcp/client-ai"
    )


def test_the_launcher_prints_the_mcp_url_of_every_served_profile():
    banner = _banner(PUBLIC_URL, {"email": "e", "password": "p", "api_key": "k"})
    assert "MCP (Metric): https://kinetic.example/api/connectors/muse/mcp" in banner
    assert "MCP (Client AI Workout V2): https://kinetic.example/mcp/client-ai" in banner
    assert "MCP (Open Workout Schema): https://kinetic.example/mcp/ows" in banner
    assert "MCP (Primed): https://kinetic.example/mcp/primed" in banner
