"""Storage adapters of the sessions service."""
