"""Service-to-service mutual TLS as the manifests wire it (docs/decisions/0043-service-to-service-trust.md):
in prod, cert-manager issues each process a certificate from Kinetic's own CA, every long-running
Kinetic container reads it from ``/etc/kinetic/tls`` and the services are probed on their plaintext
health port; dev stays plaintext."""

from __future__ import annotations

from typing import Any

import pytest

from kinetic.service_trust import PROCESS_NAMES
from kinetic.settings import KUBERNETES_TLS_DIR, SERVICE_NAMES, TLS_FILES, load_settings
from tests.deploy.manifests import KINETIC, containers, kinetic_environments, named, of_kind

CERT_MANAGER = "cert-manager.io/v1"


def pod_spec(overlay: str, process: str) -> dict[str, Any]:
    return named(overlay, "Deployment", f"kinetic-{process}")["spec"]["template"]["spec"]


def env_value(container: dict[str, Any], name: str) -> str | None:
    values = [v.get("value") for v in container.get("env", []) if v["name"] == name]
    return values[0] if values else None


def test_each_process_has_a_certificate_naming_it_first_for_server_and_client_use():
    certificates = {c["spec"]["secretName"]: c for c in of_kind("prod", "Certificate")}
    for process in KINETIC:
        certificate = certificates[f"kinetic-{process}-tls"]
        spec, namespace = certificate["spec"], certificate["metadata"]["namespace"]
        assert spec["commonName"] == process
        # The first DNS name is the caller's identity; the Service names are what callers dial.
        assert spec["dnsNames"] == [
            process,
            f"kinetic-{process}",
            f"kinetic-{process}.{namespace}.svc",
            f"kinetic-{process}.{namespace}.svc.cluster.local",
        ]
        assert {"server auth", "client auth", "digital signature"} <= set(spec["usages"]), process
        assert spec["issuerRef"] == {"name": "kinetic-ca", "kind": "Issuer", "group": "cert-manager.io"}


def test_the_identity_names_are_the_processes_service_trust_knows():
    # Guards the guard: caller_of reads exactly these names (kinetic/service_trust.py).
    assert set(KINETIC) == set(PROCESS_NAMES)


def test_the_certificates_come_from_a_private_ca_bootstrapped_by_a_self_signed_issuer():
    issuers = {i["metadata"]["name"]: i["spec"] for i in of_kind("prod", "Issuer")}
    assert issuers["kinetic-selfsigned"] == {"selfSigned": {}}
    assert issuers["kinetic-ca"] == {"ca": {"secretName": "kinetic-ca"}}
    ca = named("prod", "Certificate", "kinetic-ca")["spec"]
    assert ca["isCA"] is True
    assert ca["secretName"] == "kinetic-ca"
    assert ca["issuerRef"]["name"] == "kinetic-selfsigned"
    # Renewing the CA with the same key keeps every issued certificate verifying (0041, TLS).
    assert ca["privateKey"]["rotationPolicy"] == "Never"
    for certificate in of_kind("prod", "Certificate"):
        assert certificate["apiVersion"] == CERT_MANAGER


@pytest.mark.parametrize("process", KINETIC)
def test_every_prod_process_container_reads_its_required_certificate_mount(process):
    pod = pod_spec("prod", process)
    (volume,) = [v for v in pod["volumes"] if v["name"] == "tls"]
    assert volume["secret"]["secretName"] == f"kinetic-{process}-tls"
    assert volume["secret"].get("optional", False) is False  # no certificate, no start
    (container,) = pod["containers"]
    assert env_value(container, "KINETIC_TLS_DIR") == KUBERNETES_TLS_DIR
    (mount,) = [m for m in container["volumeMounts"] if m["name"] == "tls"]
    assert mount == {"name": "tls", "mountPath": KUBERNETES_TLS_DIR, "readOnly": True}


@pytest.mark.parametrize("service", SERVICE_NAMES)
def test_migrations_get_no_certificate_since_they_dial_no_service(service):
    (migrate,) = pod_spec("prod", service)["initContainers"]
    assert env_value(migrate, "KINETIC_TLS_DIR") is None
    assert "tls" not in {m["name"] for m in migrate["volumeMounts"]}


@pytest.mark.parametrize("service", SERVICE_NAMES)
def test_prod_services_are_probed_on_the_plaintext_health_port_settings_compute(service, tmp_path):
    (container,) = pod_spec("prod", service)["containers"]
    (health,) = [p["containerPort"] for p in container["ports"] if p["name"] == "health"]
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["grpc"]["port"] == health, probe
    # The port the service will open is what its settings compute from the container's environment.
    for file in TLS_FILES:
        (tmp_path / file).write_text("stand-in")
    (env,) = [env for where, env in kinetic_environments("prod") if where == f"{service}/{service}"]
    settings = load_settings({**env, "KINETIC_TLS_DIR": str(tmp_path)})
    assert env["KINETIC_TLS_DIR"] == KUBERNETES_TLS_DIR
    assert settings.service(service).health_port == health
    (grpc,) = [p["containerPort"] for p in container["ports"] if p["name"] == "grpc"]
    assert health != grpc


def test_no_network_policy_opens_the_health_port_to_pods():
    # Only the kubelet probes it, from the node, which pod network policies do not filter on the
    # plugins 0041 assumes; no pod needs it.
    for policy in of_kind("prod", "NetworkPolicy"):
        for rule in policy["spec"].get("ingress", []):
            assert "health" not in {port["port"] for port in rule["ports"]}, policy["metadata"]["name"]


def test_dev_stays_plaintext():
    assert not of_kind("dev", "Certificate") and not of_kind("dev", "Issuer")
    for process in KINETIC:
        pod = pod_spec("dev", process)
        assert "tls" not in {v["name"] for v in pod["volumes"]}, process
        for container in containers({"spec": pod}):
            assert env_value(container, "KINETIC_TLS_DIR") is None, process
            assert "health" not in {p["name"] for p in container.get("ports", [])}, process
