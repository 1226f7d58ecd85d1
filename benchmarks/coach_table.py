"""``python -m benchmarks.coach_table``: the coach's table of the running plan generator (issue 30).

Every event x level x days a week, a plan for a standard athlete of the level: peak week, peak long
run (``*`` at its time cap), the long run's largest share of a judged week, taper weeks and
volumes (% of the peak week; the race week's is its training without the race), the race week's
training in km, and the published norms beside them, with their sources below. The rows and norms
are ``services.training.plans.generator.coach_table``; decision 0065, "Coach's table". Exit status 1
if a row misses its norm. ``--cases`` prints the issue's named plans instead.
"""

from __future__ import annotations

import argparse
import sys

from knowledge.plan_generation.events import EXPERIENCES
from services.training.plans.generator.coach_table import (
    EVENT_NORMS,
    FIRST_SHARE,
    FIRST_SOURCE,
    GROUP_NORMS,
    HEADER,
    HIGDON_SHARE,
    LONG_SHARE,
    NOVICE_ULTRA_SOURCE,
    RACE_WEEK_SHARE,
    ULTRA_RACE_WEEK_SHARE,
    coach_rows,
    issue_cases,
    row_text,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cases", action="store_true", help="the plans issue 30 names, in detail")
    if parser.parse_args(argv).cases:
        for line in issue_cases():
            print(line)
        return 0
    print(HEADER)
    missed = 0
    for row in coach_rows():
        misses = row.misses()
        missed += bool(misses)
        print(row_text(row) + ("  MISSES: " + "; ".join(misses) if misses else ""))
    print("\nNorms:")
    for name, norms in [*GROUP_NORMS.items(), *EVENT_NORMS.items()]:
        long_norm, week_norm = norms[EXPERIENCES[0]]
        print(f"  {name}: long run {long_norm.source}; week {week_norm.source}")
    print(f"  3 days a week: {FIRST_SOURCE}; {NOVICE_ULTRA_SOURCE}; other ultras the event's long run")
    for norm in (LONG_SHARE, HIGDON_SHARE, FIRST_SHARE):
        print(f"  long run's share of a judged week {norm.text()}")
    for norm in (RACE_WEEK_SHARE, ULTRA_RACE_WEEK_SHARE):
        print(f"  race week's training, % of peak {norm.text()}")
    print(f"\nrows outside a norm: {missed}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
