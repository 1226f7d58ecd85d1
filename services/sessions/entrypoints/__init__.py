"""gRPC entrypoint of the sessions service."""
