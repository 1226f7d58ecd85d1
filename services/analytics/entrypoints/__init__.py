"""gRPC entrypoint of the analytics service."""
