"""The generator's argument limits and defaults, enforced by Training's ``parse_request`` and
published by the edge's schemas (decision 0091: each limit once)."""

from __future__ import annotations

from typing import Final

from knowledge.endurance.running import LONGEST_DISTANCE_M, SHORTEST_DISTANCE_M
from knowledge.plan_generation.events import EVENTS_BY_ID, Experience

MAX_WEEKLY_KM: Final = 250.0
MAX_LONGEST_RUN_KM: Final = 100.0
MIN_DAYS_PER_WEEK: Final = 3
MAX_DAYS_PER_WEEK: Final = 7
DEFAULT_DAYS_PER_WEEK: Final = 4
DEFAULT_EXPERIENCE: Final[Experience] = "intermediate"
# A race more than two years away is not planned for yet.
MAX_DAYS_AHEAD: Final = 731
# A recent race gives a VDOT only over the equations' range: 1 500 m to a (GPS-long) marathon.
RACE_EVENT_IDS: Final = tuple(
    event.id
    for event in EVENTS_BY_ID.values()
    if event.distance_m is not None and SHORTEST_DISTANCE_M <= event.distance_m <= LONGEST_DISTANCE_M
)
