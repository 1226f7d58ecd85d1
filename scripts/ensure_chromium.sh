#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (/usr/bin/chromium; no browser downloads work here):
# install it from Debian's packages when it is missing, so `make test` works on a new machine.
# They also inject axe-core (the accessibility check of tests/browser/test_every_page.py): `npm ci`
# installs the version pinned in tests/browser/axe/package-lock.json into its git-ignored
# node_modules, once; the tests read it from there and never from a CDN (decision 0118).
set -euo pipefail
AXE_DIR="$(cd "$(dirname "$0")/.." && pwd)/tests/browser/axe"
if [[ ! -f "$AXE_DIR/node_modules/axe-core/axe.min.js" ]]; then
  echo "installing axe-core from the npm registry (for tests/browser)"
  (cd "$AXE_DIR" && npm ci --ignore-scripts --no-audit --no-fund --silent)
fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "installing Chromium from Debian's packages (for tests/browser)"
export DEBIAN_FRONTEND=noninteractive
sudo_=""
if [[ $(id -u) -ne 0 ]]; then sudo_="sudo"; fi
$sudo_ apt-get install -y -q chromium >/dev/null 2>&1 \
  || { $sudo_ apt-get update -q >/dev/null && $sudo_ apt-get install -y -q chromium >/dev/null; }
