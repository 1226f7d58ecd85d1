"""``python -m kinetic.workout_files``: see ``kinetic.workout_files.cli``."""

from __future__ import annotations

import sys

from kinetic.workout_files.cli import main

if __name__ == "__main__":
    sys.exit(main())
