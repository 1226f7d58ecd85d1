"""How the training service is reached: its gRPC servicer."""
