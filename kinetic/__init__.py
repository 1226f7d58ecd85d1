"""Kinetic's shared plumbing, used by every service and the edge.

- ``kinetic.settings``: typed settings read once from the environment.
- ``kinetic.telemetry``: OpenTelemetry set up once from the standard ``OTEL_*`` variables.
- ``kinetic.errors``: domain errors and their mapping to gRPC status with ``google.rpc`` details.
- ``kinetic.grpc_server``: the gRPC server factory (health, reflection, error interceptor, SIGTERM).
- ``kinetic.storage``: SQLAlchemy engines (SQLite file or a PostgreSQL schema) and Alembic upgrades.
- ``kinetic.<service>.v1``: stubs generated from ``protos/`` by ``scripts/gen_protos.sh``.
"""
