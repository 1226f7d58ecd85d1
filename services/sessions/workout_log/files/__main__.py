"""``python -m services.sessions.workout_log.files``: see ``services.sessions.workout_log.files.cli``."""

from __future__ import annotations

import sys

from services.sessions.workout_log.files.cli import main

if __name__ == "__main__":
    sys.exit(main())
