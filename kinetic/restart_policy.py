"""When the launcher starts a crashed process again (docs/decisions/0034-launcher-supervision.md).

The first restart waits ``INITIAL_DELAY_SECONDS``; each crash after a short run doubles the wait up
to ``MAX_DELAY_SECONDS``; a run of ``STABLE_AFTER_SECONDS`` or more counts as recovered, so the next
crash waits the initial delay again. There is no give-up: the cap keeps a process that can never
start to one attempt (and one log line) per ``MAX_DELAY_SECONDS`` while the others keep serving.
The clock is injected so the policy is tested without waiting.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

INITIAL_DELAY_SECONDS = 0.5
MAX_DELAY_SECONDS = 8.0
STABLE_AFTER_SECONDS = 10.0


@dataclass
class RestartBackoff:
    """One supervised process's restart delays: ``started()`` at each start, ``crashed()`` at each exit."""

    initial: float = INITIAL_DELAY_SECONDS
    cap: float = MAX_DELAY_SECONDS
    stable_after: float = STABLE_AFTER_SECONDS
    clock: Callable[[], float] = time.monotonic
    # Crashes since the last run that lasted ``stable_after``; the next delay grows with it.
    crashes_in_a_row: int = field(default=0, init=False)
    _started_at: float | None = field(default=None, init=False)

    def started(self) -> None:
        """The process was (re)started now."""
        self._started_at = self.clock()

    def crashed(self) -> float:
        """The process ended unasked; returns how many seconds to wait before starting it again."""
        ran_for = 0.0 if self._started_at is None else self.clock() - self._started_at
        if ran_for >= self.stable_after:
            self.crashes_in_a_row = 0
        self.crashes_in_a_row += 1
        # The exponent stops growing long before a float would overflow; the cap rules by then.
        doublings = min(self.crashes_in_a_row - 1, 32)
        return min(self.cap, self.initial * 2.0**doublings)
