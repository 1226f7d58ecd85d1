"""Generated protobuf package kinetic.training (see scripts/gen_protos.sh)."""
