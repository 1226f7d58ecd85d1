"""``python -m services.analytics``: run the analytics service until SIGTERM."""

from kinetic.grpc_server import run_service
from services.analytics.bootstrap import start

if __name__ == "__main__":
    run_service("analytics", start)
