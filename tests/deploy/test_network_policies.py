"""Who may connect to whom, as the rendered NetworkPolicies say: only the edge takes outside
traffic; each service only its callers; PostgreSQL and Redis only their users."""

from __future__ import annotations

from typing import Any

import pytest

from tests.deploy.manifests import OVERLAYS, SERVICES, labels_match, of_kind, pod_templates

ANYONE = "anyone"
# Callers as the code has them: the edge calls every service; sessions calls training; analytics
# calls training and sessions; training calls analytics for a plan write's thresholds and history
# (decision 0096); auth calls all three to erase a deleted account.
CALLERS = {
    "kinetic-auth": {"kinetic-edge"},
    "kinetic-training": {"kinetic-edge", "kinetic-sessions", "kinetic-analytics", "kinetic-auth"},
    "kinetic-sessions": {"kinetic-edge", "kinetic-analytics", "kinetic-auth"},
    "kinetic-analytics": {"kinetic-edge", "kinetic-training", "kinetic-auth"},
}
STORAGE_USERS = {
    "kinetic-postgresql": {f"kinetic-{name}" for name in SERVICES},
    "kinetic-redis": {"kinetic-edge"},
}


def pods(overlay: str) -> dict[str, dict[str, str]]:
    """Workload name -> its pods' labels."""
    return {name: template["metadata"]["labels"] for name, template in pod_templates(overlay)}


def allowed(overlay: str) -> dict[tuple[str, str], set[str]]:
    """``(pod, port name) -> callers`` (workload names, or ANYONE) that some policy admits."""
    everyone = pods(overlay)
    admitted: dict[tuple[str, str], set[str]] = {}
    for policy in of_kind(overlay, "NetworkPolicy"):
        spec: dict[str, Any] = policy["spec"]
        assert spec["policyTypes"] == ["Ingress"], policy["metadata"]["name"]
        targets = [name for name, labels in everyone.items() if labels_match(spec["podSelector"], labels)]
        for rule in spec.get("ingress", []):
            assert rule.get("ports"), f"{policy['metadata']['name']}: every rule names its ports"
            sources: set[str] = set()
            if "from" not in rule:
                sources.add(ANYONE)
            for peer in rule.get("from", []):
                assert set(peer) == {"podSelector"}, "peers are pods of this namespace only"
                selector = peer["podSelector"]
                sources |= {name for name, labels in everyone.items() if labels_match(selector, labels)}
            for target in targets:
                for port in rule["ports"]:
                    admitted.setdefault((target, port["port"]), set()).update(sources)
    return admitted


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_pod_refuses_what_no_policy_allows(overlay):
    deny = [p for p in of_kind(overlay, "NetworkPolicy") if p["spec"]["podSelector"] == {}]
    assert deny and all("ingress" not in p["spec"] for p in deny)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_only_the_edge_takes_traffic_from_anyone(overlay):
    open_to_anyone = {pod_port for pod_port, sources in allowed(overlay).items() if ANYONE in sources}
    assert open_to_anyone == {("kinetic-edge", "http")}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_each_service_accepts_only_its_callers(overlay):
    admitted = allowed(overlay)
    for service, callers in CALLERS.items():
        assert admitted[(service, "grpc")] == callers, service


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_metrics_are_scraped_only_by_the_collector(overlay):
    for (pod, port), sources in allowed(overlay).items():
        if port == "metrics":
            assert sources == {"kinetic-otel-collector"}, pod


def test_in_cluster_postgresql_and_redis_accept_only_their_users():
    admitted = allowed("dev")
    assert admitted[("kinetic-postgresql", "postgresql")] == STORAGE_USERS["kinetic-postgresql"]
    assert admitted[("kinetic-redis", "redis")] == STORAGE_USERS["kinetic-redis"]
    storage_ports = {pod_port for pod_port in admitted if pod_port[0] in STORAGE_USERS}
    assert storage_ports == {("kinetic-postgresql", "postgresql"), ("kinetic-redis", "redis")}


def test_each_callee_admits_nothing_beyond_the_listed_ports():
    # Every (pod, port) pair a policy opens is one of those the tests above pin down.
    expected = {("kinetic-edge", "http"), ("kinetic-postgresql", "postgresql"), ("kinetic-redis", "redis")}
    expected |= {(service, "grpc") for service in CALLERS}
    expected |= {(f"kinetic-{name}", "metrics") for name in (*SERVICES, "edge")}
    expected |= {("kinetic-otel-collector", "otlp-grpc"), ("kinetic-otel-collector", "otlp-http")}
    assert set(allowed("dev")) == expected
