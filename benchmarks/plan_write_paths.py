"""``python -m benchmarks.plan_write_paths``: the two ways to write a priced plan of 49 workouts,
interleaved call by call on one stack so a busy machine slows both alike (decision 0096).

- through the edge's old path: ``GetAthleteFigures``, ``MutatePlan`` with the thresholds, then
  ``EvaluatePlanSafety`` on the loads (decision 0090);
- through Training: one ``WritePlan`` that reads ``GetPlanningContext`` itself and judges the plan.

The four services run in this process on SQLite (the edge tests' stack), called on their gRPC
channels as the edge calls them; each call creates a new plan of 49 runs (the previous ones stay).
It prints the p50 and p99 of each path and their ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from edge.profiles.runflow import plan_requests as requests
from kinetic.analytics.v1 import endurance_pb2
from kinetic.athlete_thresholds import thresholds
from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from kinetic.storage import make_engine
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from tests.integration.edge.conftest import running_stack
from tests.integration.edge.runflow_calls import pro

WORKOUTS = 49


class Engines:
    """SQLite engines under one directory, disposed at the end."""

    def __init__(self, data_dir: Path) -> None:
        self._data_dir = data_dir
        self._made: list[Engine] = []

    def __call__(self, service: str) -> Engine:
        engine = make_engine(service, data_dir=self._data_dir, database_url=None)
        self._made.append(engine)
        return engine

    def close(self) -> None:
        for engine in self._made:
            engine.dispose()


def new_goal(number: int) -> plans_pb2.CreateGoal:
    """A plan of ``WORKOUTS`` easy runs, one a day from tomorrow."""
    today = datetime.now(UTC).date()
    runs = [
        plans_pb2.WorkoutDraft(
            name=f"Run {n + 1}",
            scheduled_date=(today + timedelta(days=n + 1)).isoformat(),
            workout_type="easy",
            endurance=training_pb2.EnduranceTarget(
                sport="run", planned_distance_meters=8000, planned_duration_seconds=2700
            ),
        )
        for n in range(WORKOUTS)
    ]
    return plans_pb2.CreateGoal(goal=plans_pb2.Goal(name=f"Block {number}", sport="run"), workouts=runs)


async def timed(call: Coroutine[Any, Any, Any]) -> float:
    started = time.perf_counter()
    await call
    return (time.perf_counter() - started) * 1000


async def measure(calls: int, warmup: int) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="kinetic-plan-paths-") as tmp:
        engines = Engines(Path(tmp) / "data")
        try:
            async with running_stack(engines, Path(tmp)) as stack:  # type: ignore[arg-type]
                return await _measured(stack, calls, warmup)
        finally:
            engines.close()


async def _measured(stack: Any, calls: int, warmup: int) -> list[str]:
    await pro(stack)
    backends, account_id = stack.backends, stack.account_id
    threshold = records_pb2.Threshold(
        kind="threshold_pace", effective_day=(datetime.now(UTC).date() - timedelta(days=60)).isoformat()
    )
    threshold.seconds_per_km = 250
    await backends.endurance.SetThreshold(
        records_pb2.SetThresholdRequest(account_id=account_id, threshold=threshold)
    )

    async def edge_orchestrated(number: int) -> None:
        figures = await backends.endurance_analytics.GetAthleteFigures(
            endurance_pb2.GetAthleteFiguresRequest(account_id=account_id)
        )
        written = await backends.endurance_plans.MutatePlan(
            plans_pb2.MutatePlanRequest(
                account_id=account_id, thresholds=thresholds(figures), create_goal=new_goal(number)
            )
        )
        await backends.endurance_analytics.EvaluatePlanSafety(
            endurance_pb2.EvaluatePlanSafetyRequest(
                account_id=account_id,
                workouts=requests.safety_loads(written.plan_loads),
                min_sessions_sequence=figures.as_of_sequence,
            )
        )

    async def training_owned(number: int) -> None:
        await backends.endurance_plans.WritePlan(
            plans_pb2.WritePlanRequest(
                mutation=plans_pb2.MutatePlanRequest(account_id=account_id, create_goal=new_goal(number)),
                look_up_thresholds=True,
            )
        )

    paths: dict[str, Callable[[int], Coroutine[Any, Any, None]]] = {
        "GetAthleteFigures + MutatePlan + EvaluatePlanSafety": edge_orchestrated,
        "WritePlan": training_owned,
    }
    times: dict[str, list[float]] = {name: [] for name in paths}
    for number in range(warmup + calls):
        for name, path in paths.items():
            elapsed = await timed(path(number))
            if number >= warmup:
                times[name].append(elapsed)
    lines = [f"a priced plan of {WORKOUTS} workouts, {calls} calls of each path interleaved after {warmup}:"]
    for name, measured in times.items():
        measured.sort()
        p99 = measured[int(0.99 * (len(measured) - 1))]
        lines.append(f"  {name}: p50 {statistics.median(measured):.1f} ms, p99 {p99:.1f} ms")
    old, new = (statistics.median(measured) for measured in times.values())
    lines.append(f"  WritePlan / the three calls: {new / old:.2f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args(argv)
    print("\n".join(asyncio.run(measure(args.calls, args.warmup))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
