"""What reading Training's enum twins costs the edge's renderers (decisions 0128, 0129).

``python -m benchmarks.enum_reads [--door-walk]``: in one process, best of ``--runs`` runs of
``--calls`` calls each, parse included, as the edge receives the bytes:

- RunFlow's ``get_training_plan`` rendering of a ``GetPlanResponse`` of 100 endurance workouts
  (warm-up, 5 x (work, recovery), cool-down, each with its targets: about 900 messages), every
  word beside its enum as Training answers it;
- Metric's rendering of a calendar of 100 occurrences with their endurance summaries.

``--door-walk`` hands each answer through ``kinetic.proto_enums.read_twins`` first, as the edge's
stubs did in 0128's release. To compare releases, run this file against each tree (``git archive``
of the earlier commit, ``PYTHONPATH`` at it), in turns: the earlier tree with ``--door-walk``,
this one without. ``--compare`` times, in this one process and in turns (run by run, so a busy
machine slows each alike): the answer with the strings only (no twins on the wire: the floor), the
walk at the door then the renderers, and the renderers reading each twin (decision 0129).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from edge.profiles.metric.training_json import occurrence_json
from edge.profiles.runflow import plan_render
from kinetic.proto_enums import read_twins, twin_value
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from services.training.domain.endurance import EnduranceStep, EnduranceTarget, IntensityTarget, StepTarget
from services.training.entrypoints.library_pb import endurance_summaries, endurance_to_pb

WORKOUTS = 100


def _part(number: int) -> EnduranceTarget:
    pace = StepTarget(kind="pace", pace_low_seconds_per_km=235, pace_high_seconds_per_km=245)
    return EnduranceTarget(
        sport="run",
        planned_duration_seconds=3600 + number,
        planned_distance_meters=12000.0,
        intensity=IntensityTarget(kind="heart_rate", label="Z2"),
        planned_tss=70.0,
        steps=(
            EnduranceStep(
                type="warm_up", duration_seconds=900, target=StepTarget(kind="heart_rate", heart_rate_zone=2)
            ),
            EnduranceStep(
                type="repeat",
                repeat_count=5,
                steps=(
                    EnduranceStep(type="interval", role="work", distance_meters=1000.0, target=pace),
                    EnduranceStep(type="interval", role="recovery", duration_seconds=120),
                ),
            ),
            EnduranceStep(type="cool_down", duration_seconds=600),
        ),
    )


def plan_answer() -> bytes:
    """A 100-workout GetPlanResponse as Training answers it (every twin filled)."""
    response = plans_pb2.GetPlanResponse(
        goal=plans_pb2.Goal(
            goal_id="g1", name="Marathon", sport="run", sport_value=twin_value(plans_pb2.GoalSport, "run")
        )
    )
    for number in range(WORKOUTS):
        kind = "intervals" if number % 7 == 2 else "easy"
        response.workouts.add(
            workout_id=f"w{number}",
            goal_id="g1",
            name=f"Intervals {number}",
            scheduled_date=f"2027-{1 + number // 28:02d}-{1 + number % 28:02d}",
            order=1,
            workout_type=kind,
            workout_type_value=twin_value(plans_pb2.WorkoutType, kind),
            endurance=endurance_to_pb(_part(number)),
        )
    return response.SerializeToString()


def calendar_answer() -> bytes:
    """A 100-occurrence ListOccurrencesResponse, each with its endurance summary."""
    summaries = endurance_summaries({f"w{n}": _part(n) for n in range(WORKOUTS)})
    response = training_pb2.ListOccurrencesResponse()
    for number in range(WORKOUTS):
        response.occurrences.add(
            workout_id=f"w{number}",
            workout_name=f"Intervals {number}",
            day=f"2027-{1 + number // 28:02d}-{1 + number % 28:02d}",
            endurance=summaries[f"w{number}"],
        )
    return response.SerializeToString()


def render_plan(raw: bytes, door_walk: bool) -> Any:
    answer = plans_pb2.GetPlanResponse.FromString(raw)
    if door_walk:
        read_twins(answer)
    return plan_render.goal(answer.goal), [plan_render.workout(w, steps=True) for w in answer.workouts]


def render_calendar(raw: bytes, door_walk: bool) -> Any:
    answer = training_pb2.ListOccurrencesResponse.FromString(raw)
    if door_walk:
        read_twins(answer)
    return [occurrence_json(o) for o in answer.occurrences]


def strings_only(raw: bytes, message: type[Any]) -> bytes:
    return bytes(read_twins(message.FromString(raw)).SerializeToString())


def compare(plan: bytes, calendar: bytes, runs: int, calls: int) -> None:
    variants: dict[str, tuple[Callable[[], object], Callable[[], object]]] = {
        "strings only (floor)": (
            lambda: render_plan(plain_plan, False),
            lambda: render_calendar(plain_calendar, False),
        ),
        "walk at the door (0128)": (lambda: render_plan(plan, True), lambda: render_calendar(calendar, True)),
        "read where rendered (0129)": (
            lambda: render_plan(plan, False),
            lambda: render_calendar(calendar, False),
        ),
    }
    plain_plan = strings_only(plan, plans_pb2.GetPlanResponse)
    plain_calendar = strings_only(calendar, training_pb2.ListOccurrencesResponse)
    best = {name: [float("inf"), float("inf")] for name in variants}
    for _ in range(runs):
        for name, calls_of in variants.items():
            for index, call in enumerate(calls_of):
                best[name][index] = min(best[name][index], best_ms(call, 1, calls))
    for name, (plan_ms, calendar_ms) in best.items():
        print(
            f"{name}: RunFlow plan read {plan_ms:.2f} ms, "
            f"Metric calendar {calendar_ms:.3f} ms (best of {runs})"
        )


def best_ms(call: Callable[[], object], runs: int, calls: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--door-walk", action="store_true", help="read_twins on each answer first (0128's edge)"
    )
    parser.add_argument("--compare", action="store_true", help="the three ways in turns, in this process")
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--calls", type=int, default=40)
    options = parser.parse_args(argv)
    plan, calendar = plan_answer(), calendar_answer()
    if options.compare:
        compare(plan, calendar, options.runs, options.calls)
        return 0
    shape = "door walk" if options.door_walk else "read where rendered"
    plan_ms = best_ms(lambda: render_plan(plan, options.door_walk), options.runs, options.calls)
    calendar_ms = best_ms(lambda: render_calendar(calendar, options.door_walk), options.runs, options.calls)
    print(f"{shape}: RunFlow plan read, {WORKOUTS} workouts: {plan_ms:.2f} ms (parse included)")
    print(f"{shape}: Metric calendar, {WORKOUTS} occurrences: {calendar_ms:.3f} ms (parse included)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
