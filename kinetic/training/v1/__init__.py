"""Generated from protos/kinetic/training/v1 by scripts/gen_protos.sh; do not edit."""
