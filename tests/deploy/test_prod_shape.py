"""Prod: two replicas or more of each process, the edge under a HorizontalPodAutoscaler, pods
spread over nodes and zones, a disruption budget each, requests and limits on every container."""

from __future__ import annotations

from tests.deploy.manifests import KINETIC, containers, labels_match, named, of_kind, pod_templates


def test_every_service_runs_two_replicas_or_more():
    for process in KINETIC:
        if process == "edge":
            continue
        assert named("prod", "Deployment", f"kinetic-{process}")["spec"]["replicas"] >= 2, process


def test_the_edge_is_scaled_by_an_autoscaler_from_two_replicas():
    edge = named("prod", "Deployment", "kinetic-edge")
    assert "replicas" not in edge["spec"]  # the autoscaler owns the count
    autoscaler = named("prod", "HorizontalPodAutoscaler", "kinetic-edge")
    assert autoscaler["spec"]["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": "kinetic-edge",
    }
    assert autoscaler["spec"]["minReplicas"] >= 2
    assert autoscaler["spec"]["maxReplicas"] > autoscaler["spec"]["minReplicas"]


def test_replicas_spread_over_nodes_and_zones():
    for process in KINETIC:
        template = named("prod", "Deployment", f"kinetic-{process}")["spec"]["template"]
        spread = {c["topologyKey"]: c for c in template["spec"]["topologySpreadConstraints"]}
        assert set(spread) == {"kubernetes.io/hostname", "topology.kubernetes.io/zone"}, process
        assert spread["kubernetes.io/hostname"]["whenUnsatisfiable"] == "DoNotSchedule", process
        for constraint in spread.values():
            assert constraint["maxSkew"] == 1
            assert labels_match(constraint["labelSelector"], template["metadata"]["labels"]), process


def test_every_process_has_a_disruption_budget_covering_its_pods():
    budgets = of_kind("prod", "PodDisruptionBudget")
    for process in KINETIC:
        labels = named("prod", "Deployment", f"kinetic-{process}")["spec"]["template"]["metadata"]["labels"]
        assert [b for b in budgets if labels_match(b["spec"]["selector"], labels)], process


def test_every_container_has_cpu_and_memory_requests_and_limits():
    for name, pod in pod_templates("prod"):
        for container in containers(pod):
            resources = container["resources"]
            for kind in ("requests", "limits"):
                assert {"cpu", "memory"} <= set(resources[kind]), (name, container["name"], kind)
