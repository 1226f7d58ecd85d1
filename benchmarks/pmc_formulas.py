"""``python -m benchmarks.pmc_formulas [years]``: the performance management chart over years of days.

In process, pure functions only (``knowledge.endurance.load``): a deterministic daily training-stress
history (default 10 years, 3 650 days, three sports), then best-of-N seconds for the whole chart of
one sport (``pmc_series``), one past day (``pmc_on``, the same pass ending there) and the three
sports with their sum (``pmc_by_sport``). Figures are printed, nothing is asserted; decision 0051
(Speed) records them.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from datetime import date, timedelta

from knowledge.endurance.load import pmc_by_sport, pmc_on, pmc_series

FIRST = date(2016, 1, 4)
RUNS = 7


def history(day_count: int, weekly: tuple[float, ...]) -> dict[date, float]:
    """One sport's daily TSS: a weekly pattern scaled by a slow season wave, rest days left out."""
    stress = {}
    for offset in range(day_count):
        planned = weekly[offset % 7]
        if planned:
            stress[FIRST + timedelta(days=offset)] = planned * (1.0 + 0.4 * math.sin(offset / 60))
    return stress


def best_seconds(call: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return min(times)


def main(years: int) -> None:
    day_count = 365 * years
    last = FIRST + timedelta(days=day_count - 1)
    sports = {
        "ride": history(day_count, (0, 60, 90, 0, 70, 180, 100)),
        "run": history(day_count, (40, 0, 0, 55, 0, 0, 0)),
        "swim": history(day_count, (0, 0, 30, 0, 0, 0, 25)),
    }
    ride = sports["ride"]
    print(f"{day_count} days ({years} years), best of {RUNS} runs")
    timings = (
        ("pmc_series, one sport, every day", lambda: pmc_series(FIRST, last, ride)),
        ("pmc_on, the last day", lambda: pmc_on(last, ride)),
        ("pmc_on, a day 5 years in", lambda: pmc_on(FIRST + timedelta(days=day_count // 2), ride)),
        ("pmc_by_sport, 3 sports and their sum", lambda: pmc_by_sport(FIRST, last, sports)),
    )
    for label, call in timings:
        seconds = best_seconds(call)
        print(f"  {label:<40} {seconds * 1000:8.2f} ms  ({seconds / day_count * 1e6:.2f} µs a day)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
