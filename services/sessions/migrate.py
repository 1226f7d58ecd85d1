"""``python -m services.sessions.migrate``: bring the sessions schema to its newest revision, exit."""

import sys

from kinetic.migrate import migrate
from services.sessions.bootstrap import MIGRATIONS

if __name__ == "__main__":
    sys.exit(migrate("sessions", MIGRATIONS))
