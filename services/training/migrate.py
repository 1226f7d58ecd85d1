"""``python -m services.training.migrate``: bring the training schema to its newest revision, exit."""

import sys

from kinetic.migrate import migrate
from services.training.bootstrap import MIGRATIONS

if __name__ == "__main__":
    sys.exit(migrate("training", MIGRATIONS))
