"""``python -m services.auth.migrate``: bring the auth schema to its newest revision, exit."""

import sys

from kinetic.migrate import migrate
from services.auth.bootstrap import MIGRATIONS

if __name__ == "__main__":
    sys.exit(migrate("auth", MIGRATIONS))
