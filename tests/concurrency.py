"""Starting calls at one moment on real threads, for tests of concurrent writers."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run_together(calls: list[Callable[[], Any]]) -> list[Any]:
    """Start every call at the same moment on its own thread; results or exceptions, in order."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> Any:
        barrier.wait(timeout=10)
        try:
            return call()
        except Exception as error:
            return error

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))
