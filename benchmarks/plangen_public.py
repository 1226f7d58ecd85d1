"""``python -m benchmarks.plangen_public``: the anonymous PlanGen endpoint (``/mcp/runflow/public``,
issue 20) through the edge, on Kinetic as ``make run`` starts it.

``generate_running_plan`` for a 100-mile plan (30 weeks, 6 days a week) and a 5K plan (16 weeks,
4 days a week): p50, p99 and calls per second at 1 and 8 callers. The hourly per-address limit is
raised for the run (``KINETIC_PLANGEN_PER_HOUR``), as the conformance run does: every call here
comes from one address.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import UTC, datetime, timedelta

from benchmarks.http_load import run_load, tool_call_body
from benchmarks.processes import on_kinetic
from kinetic.protected_resources import PUBLIC_PLANGEN_PATH

PLANS = {
    "100 mile": {"event": "100_MILE", "weeks": 30, "weeklyVolumeKm": 70, "daysPerWeek": 6},
    "5K": {"event": "5K", "weeks": 16, "weeklyVolumeKm": 25, "daysPerWeek": 4},
}


def arguments(plan: dict[str, object]) -> dict[str, object]:
    race_day = datetime.now(UTC).date() + timedelta(weeks=int(str(plan["weeks"])))
    return {
        "event": plan["event"],
        "raceDate": race_day.isoformat(),
        "weeklyVolumeKm": plan["weeklyVolumeKm"],
        "daysPerWeek": plan["daysPerWeek"],
        "experience": "intermediate",
    }


async def measure(base_url: str, calls: int) -> list[str]:
    url = base_url + PUBLIC_PLANGEN_PATH
    lines: list[str] = []
    for label, plan in PLANS.items():
        bodies = [tool_call_body("generate_running_plan", arguments(plan), n) for n in range(4)]
        await run_load(url, None, bodies, 1, 5)  # warm-up
        for callers in (1, 8):
            result = await run_load(url, None, bodies, callers, calls)
            lines.append(
                f"generate_running_plan {label:>8}, {callers} caller{'s' if callers > 1 else ' '}: "
                f"p50 {result.p50:.1f} ms, p99 {result.p99:.1f} ms, {result.calls_per_second:.1f} calls/s "
                f"({len(result.latencies_ms)} calls)"
            )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--calls", type=int, default=200, help="calls per plan and caller count")
    args = parser.parse_args(argv)
    os.environ["KINETIC_PLANGEN_PER_HOUR"] = "1000000"  # one address makes every call here
    print("\n".join(on_kinetic(lambda base_url, _ports: measure(base_url, args.calls))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
