"""Storage adapters of the auth service (SQLAlchemy Core)."""
