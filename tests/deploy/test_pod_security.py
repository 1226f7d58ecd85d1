"""Every pod of every overlay: non-root, read-only root filesystem, every capability dropped,
RuntimeDefault seccomp, probes, drain timings matched to the servers, secrets only by reference,
and only variables Kinetic's settings read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kinetic.grpc_server import GRACE_SECONDS
from kinetic.settings import KUBERNETES_TLS_DIR, SERVICE_NAMES, TLS_FILES, SettingsError, load_settings
from tests.deploy.manifests import (
    KINETIC,
    OVERLAYS,
    ROOT,
    containers,
    kinetic_environments,
    named,
    pod_templates,
)

SECRET_LOOKING = re.compile(r"PASSWORD|SECRET|TOKEN|KEY|DATABASE_URL|REDIS_URL|CREDENTIAL", re.I)
# uvicorn's graceful shutdown, as edge/__main__.py configures it.
_EDGE_DRAIN = re.search(r"timeout_graceful_shutdown=(\d+)", (ROOT / "edge" / "__main__.py").read_text())
assert _EDGE_DRAIN, "edge/__main__.py no longer sets timeout_graceful_shutdown"
EDGE_DRAIN_SECONDS = int(_EDGE_DRAIN.group(1))


def every_pod():
    return [(overlay, name, pod) for overlay in OVERLAYS for name, pod in pod_templates(overlay)]


def pod_id(case) -> str:
    return f"{case[0]}-{case[1]}"


@pytest.mark.parametrize("case", every_pod(), ids=pod_id)
def test_the_pod_runs_non_root_with_the_runtime_default_seccomp_profile(case):
    _, _, pod = case
    security = pod["spec"]["securityContext"]
    assert security["runAsNonRoot"] is True
    assert security.get("runAsUser", 1) != 0
    assert security["seccompProfile"] == {"type": "RuntimeDefault"}


@pytest.mark.parametrize("case", every_pod(), ids=pod_id)
def test_every_container_is_read_only_unprivileged_and_without_capabilities(case):
    _, _, pod = case
    for container in containers(pod):
        security = container["securityContext"]
        assert security["readOnlyRootFilesystem"] is True, container["name"]
        assert security["allowPrivilegeEscalation"] is False, container["name"]
        assert security["capabilities"] == {"drop": ["ALL"]}, container["name"]
        assert not security.get("privileged"), container["name"]
        assert security.get("runAsUser", 1) != 0, container["name"]


@pytest.mark.parametrize("case", every_pod(), ids=pod_id)
def test_secrets_come_by_reference_never_as_literals(case):
    _, _, pod = case
    for container in containers(pod):
        for variable in container.get("env", []):
            if SECRET_LOOKING.search(variable["name"]):
                assert "value" not in variable, f"{container['name']}: {variable['name']} is a literal"


@pytest.mark.parametrize("case", every_pod(), ids=pod_id)
def test_every_long_running_container_has_readiness_and_liveness_probes(case):
    _, _, pod = case
    for container in pod["spec"]["containers"]:
        assert "readinessProbe" in container, container["name"]
        assert "livenessProbe" in container, container["name"]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_services_are_probed_over_native_grpc_health_and_the_edge_over_http(overlay):
    for service in SERVICE_NAMES:
        (container,) = named(overlay, "Deployment", f"kinetic-{service}")["spec"]["template"]["spec"][
            "containers"
        ]
        # With mutual TLS (prod) the kubelet, which has no client certificate, asks the plaintext
        # health-only port (test_service_tls.py); without it, the gRPC port itself.
        probed = "health" if overlay == "prod" else "grpc"
        for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
            assert container[probe]["grpc"]["port"] == port_of(container, probed), (service, probe)
    (edge,) = named(overlay, "Deployment", "kinetic-edge")["spec"]["template"]["spec"]["containers"]
    assert edge["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}
    assert edge["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "http"}


def port_of(container, name: str) -> int:
    (port,) = [p["containerPort"] for p in container["ports"] if p["name"] == name]
    return int(port)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_termination_grace_covers_the_pre_stop_pause_and_the_servers_drain(overlay):
    for process in KINETIC:
        pod = named(overlay, "Deployment", f"kinetic-{process}")["spec"]["template"]["spec"]
        (container,) = pod["containers"]
        pause = container["lifecycle"]["preStop"]["sleep"]["seconds"]
        drain = EDGE_DRAIN_SECONDS if process == "edge" else GRACE_SECONDS
        assert pause >= 1, process  # endpoints and DNS drop the pod before the drain starts
        assert pod["terminationGracePeriodSeconds"] > pause + drain, process


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_each_service_migrates_in_an_init_container_before_it_starts(overlay):
    for service in SERVICE_NAMES:
        pod = named(overlay, "Deployment", f"kinetic-{service}")["spec"]["template"]["spec"]
        (init,) = pod["initContainers"]
        assert init["command"] == ["python", "-m", f"services.{service}.migrate"]
        assert init["image"] == pod["containers"][0]["image"]
        # The same settings as the service, less its certificate: a migration dials no service.
        service_env = [v for v in pod["containers"][0]["env"] if v["name"] != "KINETIC_TLS_DIR"]
        assert init["env"] == service_env


def variables_kinetic_reads() -> set[str]:
    source = (ROOT / "kinetic" / "settings.py").read_text()
    names = set(re.findall(r'"((?:KINETIC|OTEL)_[A-Z_]+)"', source))
    # Built per process in kinetic/settings.py rather than written out.
    for service in SERVICE_NAMES:
        suffixes = ("PORT", "TARGET", "DB_SCHEMA", "HEALTH_PORT", "METRICS_PORT")
        names |= {f"KINETIC_{service.upper()}_{suffix}" for suffix in suffixes}
    names.add("KINETIC_EDGE_METRICS_PORT")
    # Read by the OpenTelemetry exporter itself (kinetic/telemetry.py).
    return names | {"OTEL_EXPORTER_OTLP_ENDPOINT"}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_kinetic_containers_set_only_real_settings_and_they_load(overlay, tmp_path):
    known = variables_kinetic_reads()
    # The certificate Secret's files, as cert-manager mounts them at KUBERNETES_TLS_DIR.
    for file in TLS_FILES:
        (tmp_path / file).write_text("stand-in")
    for where, env in kinetic_environments(overlay):
        unknown = sorted(name for name in env if name not in known)
        assert not unknown, f"{where}: not read by kinetic/settings.py: {unknown}"
        if "KINETIC_TLS_DIR" in env:
            assert env["KINETIC_TLS_DIR"] == KUBERNETES_TLS_DIR, where
            env = {**env, "KINETIC_TLS_DIR": str(tmp_path)}
        try:
            settings = load_settings(env)
        except SettingsError as error:
            pytest.fail(f"{where}: {error}")
        assert settings.database_url or where.startswith("edge"), where
        assert settings.public_url.startswith("http"), where
        for service in SERVICE_NAMES:
            assert settings.targets[service].startswith(f"dns:///kinetic-{service}:"), (where, service)
            assert settings.targets[service].endswith(f":{settings.ports[service]}"), (where, service)


def test_the_known_variables_include_what_the_manifests_need():
    # Guards the guard: the reader finds settings.py's names.
    assert {"KINETIC_PUBLIC_URL", "KINETIC_DATABASE_URL", "KINETIC_REDIS_URL"} <= variables_kinetic_reads()
    assert Path(ROOT / "kinetic" / "settings.py").is_file()
