"""Generated protobuf package kinetic.analytics (see scripts/gen_protos.sh)."""
