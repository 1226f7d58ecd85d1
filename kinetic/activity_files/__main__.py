"""``python -m kinetic.activity_files``: see ``kinetic.activity_files.cli``."""

from __future__ import annotations

import sys

from kinetic.activity_files.cli import main

if __name__ == "__main__":
    sys.exit(main())
