"""Storage adapters of the training service (SQLAlchemy Core)."""
