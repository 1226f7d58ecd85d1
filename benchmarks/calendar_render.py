"""How long Metric's edge takes to turn Training's answers into JSON: MessageToDict against field reads.

``python -m benchmarks.calendar_render [--profile]`` loads the Training benchmark's big library
(``benchmarks.training_data``, 200 workouts over five years) into a temporary SQLite file, asks the
training use cases for the four answers ``read_training`` renders record by record (the 93-day
calendar, 366 days of history, a page of 100 workouts, every plan), round-trips them through
bytes as the edge receives them, and then, in this one process:

- checks that both renderings encode to the same JSON for every record;
- prints microseconds per record and per answer for ``records.record`` (``json_format.MessageToDict``,
  the generic path) and for ``training_json`` (field reads), best of several repeats;
- prints milliseconds per ``TrainingReads.read`` plus the tool's ``json.dumps``, with the training
  stub replaying the recorded answers (the edge's own work for the view, without the network),
  once with ``reads`` switched back to the generic renderer and once as it is;
- with ``--profile``, prints cProfile's top functions around those reads.

See docs/decisions/0019-training-benchmark.md ("Rendering without MessageToDict").
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import pstats
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar

from google.protobuf.message import Message

from benchmarks.training_data import BIG, MONDAY, LibraryLoader, LibraryShape
from edge.profiles.metric import reads
from edge.profiles.metric.reads import TrainingReads
from edge.profiles.metric.records import record
from edge.profiles.metric.training_json import occurrence_json, plan_json, workout_json
from kinetic.sessions.v1 import sessions_pb2
from kinetic.storage import make_engine
from kinetic.training.v1 import training_pb2
from services.training.bootstrap import prepare

ZONE = "Europe/Amsterdam"
REPEATS = 7
PROFILED_CALLS = 50
# The names reads.py renders records with.
DIRECT_RENDERERS = ("occurrence_json", "workout_json", "plan_json")
M = TypeVar("M", bound=Message)


@dataclass
class Answers:
    """Training's answers for the four views, as the edge would receive them."""

    calendar: training_pb2.ListOccurrencesResponse
    history: training_pb2.ListHistoryResponse
    workouts: training_pb2.ListWorkoutsResponse
    plans: training_pb2.ListPlansResponse
    arguments: dict[str, dict[str, Any]]


def _as_received(message: M) -> M:
    return type(message).FromString(message.SerializeToString())


def load_answers(data_dir: Path, shape: LibraryShape = BIG) -> tuple[str, Answers]:
    """A library (the big one unless told), and Training's answers for its four record views."""
    engine = make_engine("training", data_dir=data_dir, database_url=None)
    try:
        servicer = prepare(engine).servicer()
        loader = LibraryLoader(engine, ZONE)
        account = str(uuid.uuid4())
        report = loader.load_big(account, shape)
        print(
            f"library: {report.workouts} workouts, {report.plans} plans, {report.writes} writes, "
            f"loaded in {report.seconds:.1f} s"
        )
        start, end = (day.isoformat() for day in loader.window)
        history_from = (loader.today - timedelta(days=365)).isoformat()
        tomorrow = (loader.today + timedelta(days=1)).isoformat()

        async def ask() -> Answers:
            # The servicer's own methods: the use cases and the protobuf conversion, no network.
            calendar = await servicer.ListOccurrences(
                training_pb2.ListOccurrencesRequest(
                    account_id=account, time_zone=ZONE, from_day=start, to_day=end, week_starts_on=MONDAY
                ),
                None,
            )
            history = await servicer.ListHistory(
                training_pb2.ListHistoryRequest(
                    account_id=account, time_zone=ZONE, from_day=history_from, to_day=tomorrow
                ),
                None,
            )
            workouts = await servicer.ListWorkouts(
                training_pb2.ListWorkoutsRequest(account_id=account, page_size=100), None
            )
            plans = await servicer.ListPlans(training_pb2.ListPlansRequest(account_id=account), None)
            return Answers(
                _as_received(calendar),
                _as_received(history),
                _as_received(workouts),
                _as_received(plans),
                {
                    "calendar": {"view": "calendar", "from": start, "to": end, "weekStartsOn": MONDAY},
                    "history": {"view": "history", "from": history_from, "to": tomorrow},
                    "workouts": {"view": "workouts", "pageSize": 100},
                    "plans": {"view": "plans"},
                },
            )

        return account, asyncio.run(ask())
    finally:
        engine.dispose()


def records_of(answers: Answers) -> dict[str, tuple[Sequence[Message], Callable[[Any], dict[str, Any]]]]:
    """Per view: the messages rendered one by one, and the direct renderer for them."""
    return {
        "calendar": (answers.calendar.occurrences, occurrence_json),
        "history": (answers.history.occurrences, occurrence_json),
        "workouts": (answers.workouts.workouts, workout_json),
        "plans": (answers.plans.plans, plan_json),
    }


def check_identical(answers: Answers) -> int:
    """Both renderings of every record encode to the same JSON; returns how many were compared."""
    compared = 0
    for view, (messages, direct) in records_of(answers).items():
        for message in messages:
            old = json.dumps(record(message), separators=(",", ":"))
            new = json.dumps(direct(message), separators=(",", ":"))
            if old != new:
                raise SystemExit(f"{view}: renderings differ\n generic: {old}\n direct:  {new}")
            compared += 1
    return compared


def best_seconds(render: Callable[[], object], repeats: int = REPEATS) -> float:
    """The fastest of ``repeats`` runs: the least disturbed by the rest of a shared machine."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        render()
        best = min(best, time.perf_counter() - started)
    return best


def compare(answers: Answers) -> None:
    print(
        f"\n{'view':<10}{'records':>8}{'generic µs/rec':>16}{'direct µs/rec':>15}{'speed-up':>10}"
        f"{'generic ms':>12}{'direct ms':>11}"
    )
    for view, (messages, direct) in records_of(answers).items():
        count = len(messages)
        old = best_seconds(lambda: [record(m) for m in messages])  # noqa: B023 - run at once
        new = best_seconds(lambda: [direct(m) for m in messages])  # noqa: B023 - run at once
        print(
            f"{view:<10}{count:>8}{old / count * 1e6:>16.2f}{new / count * 1e6:>15.2f}"
            f"{old / new:>9.1f}x{old * 1e3:>12.2f}{new * 1e3:>11.2f}"
        )


class _ReplayTraining:
    """Answers every training call with the recorded answer, so only the edge's work is measured."""

    def __init__(self, answers: Answers) -> None:
        self._answers = answers

    async def ListOccurrences(
        self, request: object, **options: object
    ) -> training_pb2.ListOccurrencesResponse:
        return self._answers.calendar

    async def ListHistory(self, request: object, **options: object) -> training_pb2.ListHistoryResponse:
        return self._answers.history

    async def ListWorkouts(self, request: object, **options: object) -> training_pb2.ListWorkoutsResponse:
        return self._answers.workouts

    async def ListPlans(self, request: object, **options: object) -> training_pb2.ListPlansResponse:
        return self._answers.plans


class _NoSessions:
    async def ListSessions(self, request: object, **options: object) -> sessions_pb2.ListSessionsResponse:
        return sessions_pb2.ListSessionsResponse()


def reads_over(answers: Answers) -> TrainingReads:
    training, sessions = _ReplayTraining(answers), _NoSessions()
    return TrainingReads(lambda: training, lambda: sessions, lambda: None)


async def _read(reads: TrainingReads, account: str, arguments: dict[str, Any], calls: int) -> None:
    for _ in range(calls):
        result = await reads.read(account, {**arguments, "timeZone": ZONE})
        json.dumps(result, separators=(",", ":"))  # as the profile builder's compact_result encodes it


@contextlib.contextmanager
def generic_rendering() -> Iterator[None]:
    """``reads`` renders with ``records.record`` again, as before decision 0019's rendering section."""
    direct = {name: getattr(reads, name) for name in DIRECT_RENDERERS}
    for name in DIRECT_RENDERERS:
        setattr(reads, name, record)
    try:
        yield
    finally:
        for name, renderer in direct.items():
            setattr(reads, name, renderer)


def views(account: str, answers: Answers, profile: bool) -> None:
    training_reads = reads_over(answers)

    def per_read(arguments: dict[str, Any]) -> float:
        asyncio.run(_read(training_reads, account, arguments, 3))
        return best_seconds(lambda: asyncio.run(_read(training_reads, account, arguments, 20))) / 20

    print("\nms per read_training + json.dumps, in process, training's answers replayed")
    print(f"{'view':<10}{'generic':>10}{'direct':>10}{'saved':>10}")
    for view, arguments in answers.arguments.items():
        with generic_rendering():
            old = per_read(arguments)
        new = per_read(arguments)
        print(f"{view:<10}{old * 1e3:>10.3f}{new * 1e3:>10.3f}{(old - new) * 1e3:>10.3f}")
    if not profile:
        return
    for view, arguments in answers.arguments.items():
        profiler = cProfile.Profile()
        profiler.enable()
        asyncio.run(_read(training_reads, account, arguments, PROFILED_CALLS))
        profiler.disable()
        print(f"\n--- {view}: {PROFILED_CALLS} reads, direct rendering, top functions by own time ---")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.calendar_render", description=__doc__)
    parser.add_argument("--profile", action="store_true", help="cProfile the reads and print the top")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kinetic-bench-render-") as tmp:
        account, answers = load_answers(Path(tmp))
    print(f"identical JSON for all {check_identical(answers)} records")
    compare(answers)
    views(account, answers, args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
