#!/usr/bin/env bash
# The official MCP conformance suite against Kinetic's anonymous PlanGen path (decision 0066).
#
#   scripts/mcp_conformance.sh [URL]
#
# Installs the pinned @modelcontextprotocol/conformance and Node 22 (npm's `node` package, so no
# system Node beyond npm itself is needed) into .cache/conformance/ once, then runs every active
# server scenario against URL (default: an edge started here on a free port, with the PlanGen budget
# raised so the suite's dozens of calls are not refused). Fails on any failing scenario not listed in
# tests/conformance/expected-failures.yml, and on a listed one that now passes (the list stays true).
# Nothing here skips: without npm, or if the install fails, the run fails.
set -euo pipefail
cd "$(dirname "$0")/.."

CONFORMANCE_VERSION=0.1.16
NODE_VERSION=22.23.3
PYTHON=${PYTHON:-.venv/bin/python}
CACHE=${KINETIC_CONFORMANCE_CACHE:-.cache/conformance}/suite-$CONFORMANCE_VERSION-node-$NODE_VERSION
EXPECTED=tests/conformance/expected-failures.yml
PATH_UNDER_TEST=/mcp/runflow/public

fail() { echo "mcp_conformance: $*" >&2; exit 1; }

install_suite() {
  command -v npm >/dev/null 2>&1 || fail "npm is needed to install the conformance suite and Node $NODE_VERSION"
  echo "installing @modelcontextprotocol/conformance@$CONFORMANCE_VERSION and node@$NODE_VERSION into $CACHE"
  rm -rf "$CACHE"
  mkdir -p "$CACHE"
  echo '{"private": true}' >"$CACHE/package.json"
  npm install --prefix "$CACHE" --no-audit --no-fund --loglevel=error \
    "node@$NODE_VERSION" "@modelcontextprotocol/conformance@$CONFORMANCE_VERSION" >&2 \
    || fail "npm could not install the conformance suite"
}

NODE=$CACHE/node_modules/.bin/node
SUITE=$CACHE/node_modules/@modelcontextprotocol/conformance/dist/index.js
if [[ ! -x $NODE || ! -f $SUITE ]]; then install_suite; fi
[[ $("$NODE" --version) == "v$NODE_VERSION" ]] || fail "$NODE is not Node $NODE_VERSION"

WORK=$(mktemp -d)
EDGE_PID=""
cleanup() {
  if [[ -n $EDGE_PID ]]; then kill "$EDGE_PID" 2>/dev/null || true; wait "$EDGE_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

if [[ $# -ge 1 ]]; then
  URL=$1
else
  # The edge alone serves the path: it needs no service behind it.
  PORT=$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  KINETIC_EDGE_PORT=$PORT KINETIC_DATA_DIR=$WORK/var KINETIC_PLANGEN_PER_HOUR=100000 \
    KINETIC_PLAN_LINK_SECRET=conformance-run-plan-link-secret "$PYTHON" -m edge >"$WORK/edge.log" 2>&1 &
  EDGE_PID=$!
  for _ in $(seq 1 150); do
    if "$PYTHON" -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$PORT/healthz', timeout=1)" 2>/dev/null; then
      break
    fi
    kill -0 "$EDGE_PID" 2>/dev/null || { cat "$WORK/edge.log" >&2; fail "the edge exited at start"; }
    sleep 0.2
  done
  URL=http://127.0.0.1:$PORT$PATH_UNDER_TEST
fi

# The suite's baseline is a list of names; ours gives each a reason, and an entry without one fails.
"$PYTHON" - "$EXPECTED" "$WORK/baseline.yml" <<'EOF'
import sys

import yaml

with open(sys.argv[1], encoding="utf-8") as source:
    entries = (yaml.safe_load(source) or {}).get("server") or []
bad = [e for e in entries if not isinstance(e, dict) or not str(e.get("reason", "")).strip() or not e.get("scenario")]
if bad:
    sys.exit(f"{sys.argv[1]}: every entry needs a scenario and a reason: {bad}")
with open(sys.argv[2], "w", encoding="utf-8") as baseline:
    yaml.safe_dump({"server": [e["scenario"] for e in entries]}, baseline)
EOF

echo "MCP conformance $CONFORMANCE_VERSION (Node $NODE_VERSION) against $URL"
"$NODE" "$SUITE" server --url "$URL" --expected-failures "$WORK/baseline.yml"
