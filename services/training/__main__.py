"""``python -m services.training``: run the training service until SIGTERM."""

from kinetic.grpc_server import run_service
from services.training.bootstrap import start

if __name__ == "__main__":
    run_service("training", start)
