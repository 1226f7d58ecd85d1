"""Use cases of the training service; each owns one transaction."""
