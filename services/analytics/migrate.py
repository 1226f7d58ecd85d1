"""``python -m services.analytics.migrate``: bring the analytics schema to its newest revision, exit."""

import sys

from kinetic.migrate import migrate
from services.analytics.bootstrap import MIGRATIONS

if __name__ == "__main__":
    sys.exit(migrate("analytics", MIGRATIONS))
