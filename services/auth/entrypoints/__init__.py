"""How the auth service is reached: its gRPC servicer (and ``services.auth.cli`` for operators)."""
