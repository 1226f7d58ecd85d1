"""Use cases of the analytics service."""
