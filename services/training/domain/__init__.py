"""Training domain: the exercise catalog, its vocabularies and search ranking. Pure Python, no I/O."""
