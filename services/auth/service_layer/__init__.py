"""Use cases of the auth service; each owns its transaction."""
