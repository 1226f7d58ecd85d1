"""How long one long run may be, by event and the athlete's level: the table the safety engine's
long-run rule (``long_run``) and the plan generator both read, so a plan Kinetic generates never
warns against itself while a truly excessive long run still does (issue 30; decision 0060,
"Long-run cap", amended; decision 0114).

Each cell is the largest share of a judged week (30 km of running and up) one run may take, and
the long run's caps by distance and by time on feet at easy pace (whichever comes first):

- **Share.** Without a goal race the engine applies the plan contract's 35 % (Daniels holds the long
  run to 25-30 % of the week, Pfitzinger's peak weeks reach about 35 %). For a plan towards one of
  the 17 events Kinetic generates (decision 0065), 46 %: every event and level has a published
  route whose long run takes 40-50 % of the running week where the days a week cannot carry the
  volume. Higdon's novice marathon plans (Novice 1: 20 mi in a 40-mi week, 50 %; Novice 2: 20 of
  43, 46 %), his intermediate ones (20 mi in 44-50 mi weeks, 40-45 %) and his novice half and 10K
  plans (10 of ~25 mi, 6-7 of ~16 mi, about 40 %); FIRST's 3-day plans ("Run Less, Run Faster",
  Pierce, Murr and Moss: three key runs a week at every level, the marathon's long run to 20 mi
  beside two 5-10 mi runs, about half the running week); Koerner's and Roes' ultra plans (25-31 mi
  long runs in 55-70 mi weeks, about 45 %). Above that, nothing published: a run of 60 % of the
  week warns for every event.
- **Distance and time** (decision 0065, the events table): the marathon's 34 km / 3 h follows the
  common "32-35 km, never over 3 hours"; shorter events less; ultras by time on feet, up to 5.5 h.

The generator holds its plans one point under the share (``GENERATOR_MARGIN_PCT``), as it holds
volume 9 % over its bases under the spike rule's 10 %: rounding kilometres to tenths must never
carry a generated run over the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Experience = Literal["beginner", "intermediate", "advanced"]
EXPERIENCES: Final[tuple[Experience, ...]] = ("beginner", "intermediate", "advanced")

# The contract's rule: "a single long run exceeds 35 % of total weekly running distance".
CONTRACT_SHARE_PCT: Final = 35.0
# Higdon's, FIRST's and the ultra plans' route (see above).
PUBLISHED_ROUTE_SHARE_PCT: Final = 46.0
# Weeks of at most three days of running, towards the marathon or longer: FIRST's route (the long
# run, 13 to 20 mi, beside two key runs of 5-10 mi with their warm-ups: 50-57 % of the running
# week); a beginner's at most Higdon Novice 1's half of the week (FIRST is not a beginner's plan: it
# asks for a 15-mi long run before it starts).
FIRST_THREE_RUN_SHARE_PCT: Final = 56.0
NOVICE_THREE_RUN_SHARE_PCT: Final = 50.0
GENERATOR_MARGIN_PCT: Final = 1.0
THREE_RUNS: Final = 3


@dataclass(frozen=True)
class LongRunCap:
    """One event and level: the largest share of a judged week (``three_run_share_pct`` in a week
    of at most three days of running), and the long run's caps."""

    share_pct: float
    three_run_share_pct: float
    km: float
    minutes: int

    def share(self, run_days: int) -> float:
        return self.three_run_share_pct if run_days <= THREE_RUNS else self.share_pct


@dataclass(frozen=True)
class GoalRace:
    """The race a plan prepares for and the athlete's level (None: not known, the most any level
    of the event may take applies)."""

    event_id: str
    experience: Experience | None = None


# event: (km, minutes), the same for every level; the share is the published route's for each.
_DISTANCE_AND_TIME: Final[dict[str, tuple[float, int]]] = {
    "MILE": (18, 100),
    "3000M": (19, 100),
    "5K": (20, 105),
    "8K": (21, 110),
    "10K": (22, 115),
    "15K": (24, 130),
    "10_MILE": (26, 140),
    "20K": (26, 150),
    "HALF_MARATHON": (28, 150),
    "MARATHON": (34, 180),
    "50K": (35, 210),
    "50_MILE": (42, 270),
    "100K": (45, 300),
    "100_MILE": (50, 330),
    "6H": (40, 240),
    "12H": (45, 300),
    "24H": (50, 330),
}

# The marathon and longer in three runs a week: the long run is most of the running week.
_FIRST_EVENTS: Final = frozenset({"MARATHON", "50K", "50_MILE", "100K", "100_MILE", "6H", "12H", "24H"})


def _three_run_share(event_id: str, level: Experience) -> float:
    if event_id not in _FIRST_EVENTS:
        return PUBLISHED_ROUTE_SHARE_PCT
    return NOVICE_THREE_RUN_SHARE_PCT if level == "beginner" else FIRST_THREE_RUN_SHARE_PCT


LONG_RUN_CAPS: Final[dict[str, dict[Experience, LongRunCap]]] = {
    event_id: {
        level: LongRunCap(PUBLISHED_ROUTE_SHARE_PCT, _three_run_share(event_id, level), km, minutes)
        for level in EXPERIENCES
    }
    for event_id, (km, minutes) in _DISTANCE_AND_TIME.items()
}


def long_run_cap(event_id: str, experience: Experience) -> LongRunCap:
    """The cell of a known event and level (KeyError for an event not in the table)."""
    return LONG_RUN_CAPS[event_id][experience]


def share_cap_pct(goal: GoalRace | None, run_days: int = 7) -> float:
    """The share of a judged week with ``run_days`` days of running one run may take in a plan
    towards ``goal``: the table's for a known event (the largest of its levels when the level is not
    known), else the contract's 35 %."""
    if goal is None or goal.event_id not in LONG_RUN_CAPS:
        return CONTRACT_SHARE_PCT
    cells = LONG_RUN_CAPS[goal.event_id]
    chosen = cells.values() if goal.experience is None else (cells[goal.experience],)
    return max(cell.share(run_days) for cell in chosen)
