"""Generated protobuf package kinetic.auth (see scripts/gen_protos.sh)."""
