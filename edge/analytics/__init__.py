"""Kinetic's own analytics REST API under ``/api/analytics`` (docs/decisions/0025-analytics-rest.md)."""
