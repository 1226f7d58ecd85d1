"""Generated from protos/kinetic/sessions/v1 by scripts/gen_protos.sh; do not edit."""
