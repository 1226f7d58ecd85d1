"""Experience points for a completed session (docs/decisions/0017-sessions.md).

The rule: 10 XP for every completed working set (a set marked ``completed`` whose type is not "W",
warm-up), at most 500 XP per session. Warm-ups do not count so padding a session with easy sets
earns nothing; the cap keeps one huge session from outweighing a month of normal ones. A session
completes once, so its XP is awarded once.
"""

from __future__ import annotations

from collections.abc import Iterable

from services.sessions.domain.session_model import Performance

XP_PER_WORKING_SET = 10
MAX_XP_PER_SESSION = 500


def experience_points(performances: Iterable[Performance]) -> int:
    """The XP a session with these performances earns when it completes."""
    working = sum(1 for p in performances for s in p.sets if s.completed and s.set_type != "W")
    return min(working * XP_PER_WORKING_SET, MAX_XP_PER_SESSION)
