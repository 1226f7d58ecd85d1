"""Kinetic's four gRPC services; each owns its storage and talks to the others only over gRPC."""
