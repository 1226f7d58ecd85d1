"""Generated from protos/kinetic/auth/v1 by scripts/gen_protos.sh; do not edit."""
