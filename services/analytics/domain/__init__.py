"""What analytics computes, as pure functions over logged sets: no storage, no gRPC."""
