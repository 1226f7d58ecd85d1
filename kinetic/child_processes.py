"""The launcher's children: started so they end with the launcher, and their exits described.

On Linux each child asks the kernel for SIGTERM when the launcher dies (``prctl`` with
``PR_SET_PDEATHSIG``), so even ``kill -9`` of the launcher leaves no process holding a port; the
children drain as on Ctrl-C. Elsewhere there is no such call: a graceful stop still stops every
child, a killed launcher leaves them running (docs/decisions/0034-launcher-supervision.md).
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
PARENT_DEATH_SIGNAL = signal.SIGTERM


def _end_with_parent(parent: int) -> Callable[[], None] | None:
    """A ``preexec_fn`` that makes the child get ``PARENT_DEATH_SIGNAL`` when ``parent`` dies."""
    if not sys.platform.startswith("linux"):
        return None
    libc = ctypes.CDLL(None, use_errno=True)

    def in_child() -> None:
        if libc.prctl(PR_SET_PDEATHSIG, int(PARENT_DEATH_SIGNAL), 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
        # The parent may have died between fork and prctl: then no signal will ever come. SIGKILL,
        # as until exec this child still runs the launcher's handlers, which only set a flag.
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)

    return in_child


def spawn(module: str, env: Mapping[str, str]) -> subprocess.Popen[bytes]:
    """``python -m module`` in its own session, ending when this process ends."""
    # Own session: a terminal's Ctrl-C reaches only the launcher, which then stops each child once.
    return subprocess.Popen(
        [sys.executable, "-m", module],
        env=dict(env),
        start_new_session=True,
        preexec_fn=_end_with_parent(os.getpid()),  # runs between fork and exec: only prctl, getppid, kill
    )


def run_tool(env: Mapping[str, str], *module_and_args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m module args`` to completion, ending it if this process ends first."""
    return subprocess.run(
        [sys.executable, "-m", *module_and_args],
        env=dict(env),
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=_end_with_parent(os.getpid()),  # runs between fork and exec: only prctl, getppid, kill
    )


def describe_exit(returncode: int) -> str:
    """``status 1`` or ``status -9 (SIGKILL)``: how a child ended, for the launcher's log."""
    if returncode < 0:
        try:
            return f"status {returncode} ({signal.Signals(-returncode).name})"
        except ValueError:
            return f"status {returncode}"
    return f"status {returncode}"
