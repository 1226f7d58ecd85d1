"""Running a benchmark on two trees of Kinetic in turns: this checkout and another commit of it.

On a shared machine only figures taken side by side compare, so ``--against <git ref>`` runs the
same benchmark script (this tree's file) in each tree, alternating, each time in a child process
whose imports, and the Kinetic processes it starts, come from that tree: a detached ``git worktree``
of the ref, removed afterwards. The script writes its figures as JSON (``--json``). See
docs/decisions/0119-set-logging-on-postgresql.md.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent

# Runs a script file as __main__ with the current directory (the tree) first on the path, so
# ``benchmarks.*``, ``kinetic.*`` and ``services.*`` are that tree's.
_BOOT = (
    "import runpy, sys; sys.argv = sys.argv[1:]; sys.path.insert(0, '.'); "
    "runpy.run_path(sys.argv[0], run_name='__main__')"
)


@contextmanager
def worktree(ref: str) -> Iterator[Path]:
    """A detached checkout of ``ref`` of this repository, removed on exit."""
    with tempfile.TemporaryDirectory(prefix="kinetic-against-") as tmp:
        path = Path(tmp) / "tree"
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", "--quiet", str(path), ref],
            check=True,
        )
        try:
            yield path
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(path)], check=False)


def run_in_tree(tree: Path, script: Path, args: Sequence[str]) -> Any:
    """Run ``script`` (a file of this tree) with ``args`` inside ``tree``; its ``--json`` output."""
    with tempfile.TemporaryDirectory(prefix="kinetic-two-trees-") as tmp:
        out = Path(tmp) / "figures.json"
        env = {**os.environ, "PYTHONPATH": str(tree)}
        subprocess.run(
            [sys.executable, "-c", _BOOT, str(script), *args, "--json", str(out)],
            cwd=tree,
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        return json.loads(out.read_text())


def load_average() -> str:
    """The 1, 5 and 15 minute load averages, as the report prints them."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())
