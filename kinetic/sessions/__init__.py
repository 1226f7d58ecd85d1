"""Generated protobuf package kinetic.sessions (see scripts/gen_protos.sh)."""
