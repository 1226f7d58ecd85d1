"""Storage adapters of the analytics service."""
