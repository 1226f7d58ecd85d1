"""Every overlay renders with kustomize and passes ``kubernetes-validate --strict`` for the
Kubernetes versions Kinetic targets (docs/decisions/0041-image-and-manifests.md)."""

from __future__ import annotations

import subprocess

import pytest
import yaml

from tests.deploy.manifests import BIN, OVERLAYS, rendered, rendered_text

# The oldest and newest minor versions Kinetic supports (upstream's three supported releases).
KUBERNETES_VERSIONS = ("1.35.0", "1.37.0")
# Kinds with no schema in kubernetes-validate, and why each is not checked here: prod's cert-manager
# objects (overlays/prod/certificates.yaml). test_service_tls.py checks the fields Kinetic relies on.
SKIPPED_KINDS: dict[str, str] = {
    "Certificate": "cert-manager's CRD; its schema ships with cert-manager, not with Kubernetes",
    "Issuer": "cert-manager's CRD; its schema ships with cert-manager, not with Kubernetes",
}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_overlay_renders(overlay):
    kinds = {doc["kind"] for doc in rendered(overlay)}
    assert {"Deployment", "Service", "ServiceAccount", "PodDisruptionBudget", "NetworkPolicy"} <= kinds


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_object_validates_strictly(overlay, version, tmp_path):
    checked = [doc for doc in rendered(overlay) if doc["kind"] not in SKIPPED_KINDS]
    manifest = tmp_path / f"{overlay}.yaml"
    manifest.write_text(yaml.safe_dump_all(checked))
    result = subprocess.run(
        [str(BIN / "kubernetes-validate"), "--strict", "--quiet", "-k", version, str(manifest)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_validator_refuses_an_unknown_field(tmp_path):
    # Guards the guard: --strict really rejects what the schema does not name.
    manifest = tmp_path / "bad.yaml"
    bad = rendered_text("dev").replace("revisionHistoryLimit:", "revisionHistoryLimitt:", 1)
    manifest.write_text(bad)
    result = subprocess.run(
        [str(BIN / "kubernetes-validate"), "--strict", "--quiet", "-k", KUBERNETES_VERSIONS[0], manifest],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0


def test_prod_renders_the_skipped_kinds_and_each_is_cert_managers():
    # The skip list is in use (prod's certificates), and it skips nothing but cert-manager's objects.
    skipped = [doc for doc in rendered("prod") if doc["kind"] in SKIPPED_KINDS]
    assert {doc["apiVersion"] for doc in skipped} == {"cert-manager.io/v1"}
    kinds = {doc["kind"] for doc in skipped}
    assert set(SKIPPED_KINDS) <= kinds
