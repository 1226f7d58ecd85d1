#!/usr/bin/env bash
# Regenerates the Python stubs (messages, .pyi type stubs and gRPC stubs) from protos/ into kinetic/,
# mirroring the proto packages (kinetic.<service>.v1). Generated files are committed; CI regenerates
# them and fails on any difference.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python}
for svc in auth training sessions analytics; do
  rm -f kinetic/$svc/v1/*_pb2*.py kinetic/$svc/v1/*_pb2*.pyi
done
"$PY" -m grpc_tools.protoc -I protos \
  --python_out=. --pyi_out=. --grpc_python_out=. \
  protos/kinetic/*/v1/*.proto
for svc in auth training sessions analytics; do
  printf '"""Generated from protos/kinetic/%s/v1 by scripts/gen_protos.sh; do not edit."""\n' "$svc" > kinetic/$svc/v1/__init__.py
  printf '"""Generated protobuf package kinetic.%s (see scripts/gen_protos.sh)."""\n' "$svc" > kinetic/$svc/__init__.py
done
