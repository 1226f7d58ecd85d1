"""``python -m services.auth``: run the auth service until SIGTERM."""

from kinetic.grpc_server import run_service
from services.auth.bootstrap import start

if __name__ == "__main__":
    run_service("auth", start)
