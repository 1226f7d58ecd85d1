"""``python -m services.sessions.gyms``: the gyms CLI (``entrypoints/cli.py``)."""

import sys

from services.sessions.gyms.entrypoints.cli import main

if __name__ == "__main__":
    sys.exit(main())
