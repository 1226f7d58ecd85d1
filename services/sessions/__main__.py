"""``python -m services.sessions``: run the sessions service until SIGTERM."""

from kinetic.grpc_server import run_service
from services.sessions.bootstrap import start

if __name__ == "__main__":
    run_service("sessions", start)
