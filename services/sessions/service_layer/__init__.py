"""Use cases of the sessions service."""
