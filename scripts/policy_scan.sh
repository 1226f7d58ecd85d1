#!/usr/bin/env bash
# Policy scan of the rendered Kubernetes manifests with checkov (decision 0041). Exceptions are
# justified inline, as checkov.io/skipN annotations on the objects they concern; the few below hold
# for a whole overlay and are justified here.
set -euo pipefail
cd "$(dirname "$0")/.."
KUBECTL=${KUBECTL:-.venv/bin/kubectl}
CHECKOV=${CHECKOV:-.venv-checkov/bin/checkov}
rendered=$(mktemp -d)
trap 'rm -rf "$rendered"' EXIT

# dev is one replica of everything for trying Kinetic on any laptop cluster: no resource requests
# or limits there (prod sets them from measured figures; tests/deploy/test_prod_shape.py).
declare -A overlay_skips=(
  [dev]="CKV_K8S_10,CKV_K8S_11,CKV_K8S_12,CKV_K8S_13"
  [prod]=""
)
for overlay in dev prod; do
  "$KUBECTL" kustomize "deploy/k8s/overlays/$overlay" > "$rendered/$overlay.yaml"
  skip=()
  if [[ -n "${overlay_skips[$overlay]}" ]]; then skip=(--skip-check "${overlay_skips[$overlay]}"); fi
  echo "policy scan: $overlay"
  "$CHECKOV" --file "$rendered/$overlay.yaml" --framework kubernetes --compact --quiet \
    --skip-download "${skip[@]}"
done
