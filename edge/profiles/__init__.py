"""Tool profiles: one package per published connector contract, all backed by the same services."""
