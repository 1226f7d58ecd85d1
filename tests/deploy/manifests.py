"""The rendered manifests of each overlay, read once per test run, and what tests ask of them."""

from __future__ import annotations

import functools
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
OVERLAYS = ("dev", "prod")
BIN = Path(sys.executable).parent
KUBECTL = str(BIN / "kubectl")
SERVICES = ("auth", "training", "sessions", "analytics")
KINETIC = (*SERVICES, "edge")
WORKLOAD_KINDS = ("Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob")


@functools.cache
def rendered_text(overlay: str) -> str:
    """``kubectl kustomize deploy/k8s/overlays/<overlay>``; a rendering error fails the caller."""
    result = subprocess.run(
        [KUBECTL, "kustomize", str(K8S / "overlays" / overlay)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def rendered(overlay: str) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(rendered_text(overlay)) if doc]


def of_kind(overlay: str, kind: str) -> list[dict[str, Any]]:
    return [doc for doc in rendered(overlay) if doc["kind"] == kind]


def named(overlay: str, kind: str, name: str) -> dict[str, Any]:
    (found,) = [doc for doc in of_kind(overlay, kind) if doc["metadata"]["name"] == name]
    return found


def pod_templates(overlay: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(workload name, pod template)`` for every workload."""
    for doc in rendered(overlay):
        if doc["kind"] not in WORKLOAD_KINDS:
            continue
        spec = doc["spec"]
        if doc["kind"] == "CronJob":
            spec = spec["jobTemplate"]["spec"]
        yield doc["metadata"]["name"], spec["template"]


def containers(pod: dict[str, Any]) -> list[dict[str, Any]]:
    spec = pod["spec"]
    return [*spec.get("initContainers", []), *spec["containers"]]


def labels_match(selector: dict[str, Any], labels: dict[str, str]) -> bool:
    """A label selector with matchLabels only (the manifests use no expressions) against labels."""
    assert not selector.get("matchExpressions"), "the tests read matchLabels only"
    return all(labels.get(key) == value for key, value in selector.get("matchLabels", {}).items())


def kinetic_environments(overlay: str) -> Iterator[tuple[str, dict[str, str]]]:
    """Each Kinetic container's environment: its ConfigMap's data, then its own variables
    (secret references replaced by well-formed stand-ins)."""
    config_maps = {doc["metadata"]["name"]: doc.get("data", {}) for doc in of_kind(overlay, "ConfigMap")}
    stand_ins = {
        "KINETIC_DATABASE_URL": "postgresql://u@db/k",
        "KINETIC_REDIS_URL": "redis://r:6379/0",
        "KINETIC_PSEUDONYM_SECRET": "a-pseudonym-secret",
        "KINETIC_PLAN_LINK_SECRET": "a-plan-link-secret",
    }
    for process in KINETIC:
        pod = named(overlay, "Deployment", f"kinetic-{process}")["spec"]["template"]
        for container in containers(pod):
            env: dict[str, str] = {}
            for source in container.get("envFrom", []):
                env.update(config_maps[source["configMapRef"]["name"]])
            for variable in container.get("env", []):
                env[variable["name"]] = variable.get("value") or stand_ins[variable["name"]]
            yield f"{process}/{container['name']}", env
