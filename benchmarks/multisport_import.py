"""How long a 24-hour multisport FIT takes to read and to figure, before it is stored.

Writes the honestly generated 24-hour multisport day of ``tests/fixtures/multisport_day.py`` (a
swim, transitions, a 14-hour ride with power, a run; a record every second) as FIT, then reads it
as the import does: ``read_activity_files``
(the decoder and the checks), then each leg's normalised power and figures
(``services.sessions.endurance.domain.figures``). Prints the best of ``--runs`` wall times for
each step, the file's size and its legs; ``--profile`` prints the top of a cProfile run.
With ``--file`` it reads a real file instead (e.g. python-fitparse's Fenix 2 multisport file).
Figures are recorded in docs/decisions/0087-twins-and-multisport.md.
"""

from __future__ import annotations

import argparse
import cProfile
import math
import pstats
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from tests.fixtures.multisport_day import write_multisport


def _best(step: Callable[[], object], runs: int) -> float:
    best = math.inf
    for _ in range(runs):
        began = time.perf_counter()
        step()
        best = min(best, time.perf_counter() - began)
    return best


def main(argv: Sequence[str] | None = None) -> None:
    from services.sessions.endurance.activity_files import read_activity_files
    from services.sessions.endurance.domain.figures import activity_figures, normalized_power

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=float, default=24.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--file", type=Path, help="read this FIT file instead of the generated day")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    data = args.file.read_bytes() if args.file else write_multisport(args.hours)

    def read() -> object:
        return read_activity_files(data)

    def figures() -> object:
        return [
            (
                normalized_power(leg.streams.power),
                activity_figures(leg.sport, leg.streams.power, leg.streams.heart_rate, {}),
            )
            for leg in legs
        ]

    legs = read_activity_files(data)
    print(f"file: {len(data) / 2**20:.2f} MiB, {len(legs)} legs")
    for leg in legs:
        print(
            f"  {leg.sport:6} {leg.start:%H:%M:%S} {leg.duration_s:8.0f} s "
            f"{(leg.distance_m or 0) / 1000:8.2f} km"
        )
    print(f"read:    {_best(read, args.runs):.3f} s (best of {args.runs})")
    print(f"figures: {_best(figures, args.runs):.3f} s (best of {args.runs})")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(lambda: (read(), figures()))
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(18)


if __name__ == "__main__":
    main()
