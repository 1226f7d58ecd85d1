"""Generated from protos/kinetic/analytics/v1 by scripts/gen_protos.sh; do not edit."""
