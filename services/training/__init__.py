"""Training service: the exercise catalog and, per account, the Training library."""
