"""``python -m services.sessions.endurance.activity_files``: see ``cli``."""

from __future__ import annotations

import sys

from services.sessions.endurance.activity_files.cli import main

if __name__ == "__main__":
    sys.exit(main())
