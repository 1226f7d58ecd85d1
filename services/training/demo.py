"""``python -m services.training.demo --account-id <id>``: the demo athlete's planned endurance
workouts for ``make run``, one recurring workout per session of the week the demo season follows
(the sessions service's demo season), so Metric's calendar shows the coming weeks' runs and rides.

Works directly on the training storage with the same ``KINETIC_*`` settings as the service and
migrates it first. Converges: a workout whose name the library already has is left as it is
(the person may have changed or rescheduled it). Prints how many it created as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from kinetic.cli import run_command
from kinetic.settings import ServiceSettings
from kinetic.storage import engine_for
from kinetic.training.v1 import training_pb2 as pb
from services.training.bootstrap import TrainingApp, prepare
from services.training.entrypoints.edit_input_pb import edit_command

DEVICE_ID = "kinetic-demo"


def _pace(low: int, high: int) -> pb.StepTarget:
    return pb.StepTarget(kind="pace", pace_low_seconds_per_km=low, pace_high_seconds_per_km=high)


def _ftp(low: float, high: float) -> pb.StepTarget:
    return pb.StepTarget(kind="power", ftp_percent_low=low, ftp_percent_high=high)


def _zone(zone: int) -> pb.StepTarget:
    return pb.StepTarget(kind="heart_rate", heart_rate_zone=zone)


def _step(kind: str, seconds: int, target: pb.StepTarget, role: str = "") -> pb.EnduranceStep:
    return pb.EnduranceStep(type=kind, role=role, duration_seconds=seconds, target=target)


def _repeat(count: int, *steps: pb.EnduranceStep) -> pb.EnduranceStep:
    return pb.EnduranceStep(type="repeat", repeat_count=count, steps=list(steps))


def _target(
    sport: str, minutes: int, label: str, kind: str, tss: float, *steps: pb.EnduranceStep
) -> pb.EnduranceTarget:
    return pb.EnduranceTarget(
        sport=sport,
        planned_duration_seconds=minutes * 60,
        intensity=pb.IntensityTarget(kind=kind, label=label),
        steps=list(steps),
        planned_tss=tss,
    )


# (name, weekday 1 = Sunday ... 7 = Saturday, notes, endurance): the demo season's week.
DEMO_WORKOUTS: tuple[tuple[str, int, str, pb.EnduranceTarget], ...] = (
    (
        "Track intervals",
        3,
        "5 x 3 min at 5K effort with 2 min easy jogs.",
        _target(
            "run",
            45,
            "VO2max",
            "pace",
            62,
            _step("warm_up", 600, _zone(2)),
            _repeat(
                5,
                _step("interval", 180, _pace(255, 265), "work"),
                _step("interval", 120, _zone(1), "recovery"),
            ),
            _step("cool_down", 600, _zone(1)),
        ),
    ),
    (
        "Endurance ride",
        4,
        "Steady, conversational; keep cadence near 90.",
        _target("ride", 70, "Z2", "power", 55, _step("interval", 4200, _ftp(60, 72), "active")),
    ),
    (
        "Easy run",
        5,
        "Easy means easy: heart rate zone 2 all the way.",
        _target("run", 45, "Z2", "heart_rate", 45, _step("interval", 2700, _zone(2), "active")),
    ),
    (
        "Sweet-spot ride",
        7,
        "3 x 10 min at 88-93 % FTP after a steady warm-up.",
        _target(
            "ride",
            105,
            "sweet spot",
            "power",
            105,
            _step("warm_up", 600, _ftp(55, 65)),
            _step("interval", 2400, _ftp(65, 75), "active"),
            _repeat(
                3,
                _step("interval", 600, _ftp(88, 93), "work"),
                _step("interval", 300, _ftp(50, 60), "recovery"),
            ),
            _step("cool_down", 600, _ftp(50, 60)),
        ),
    ),
    (
        "Long run",
        1,
        "Long and steady; practise drinking on the move.",
        _target("run", 85, "Z2", "heart_rate", 90, _step("interval", 5100, _zone(2), "active")),
    ),
)


def ensure_demo_workouts(app: TrainingApp, account_id: str) -> int:
    """Create the demo workouts the library lacks; returns how many it created."""
    created = 0
    for name, weekday, notes, endurance in DEMO_WORKOUTS:
        page = app.library.workouts(account_id, workout_ids=[], name=name)
        if any(workout.content.name == name for workout in page.workouts):
            continue
        workout = pb.WorkoutInput(
            name=name,
            kind="cardio",
            notes=notes,
            schedule=pb.ScheduleInput(type="weekdays", weekdays=[weekday]),
            endurance=endurance,
        )
        app.editor.edit(
            edit_command(
                pb.EditTrainingRequest(
                    account_id=account_id,
                    device_id=DEVICE_ID,
                    epoch=page.state.epoch,
                    time_zone="UTC",
                    idempotency_key=f"demo-endurance-{name.lower().replace(' ', '-')}-{page.state.epoch}",
                    edit_input=pb.EditInput(create_workout=pb.CreateWorkoutAction(workout=workout)),
                )
            )
        )
        created += 1
    return created


def main(argv: Sequence[str] | None = None) -> int:
    """Create what is missing; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m services.training.demo", description=__doc__)
    parser.add_argument("--account-id", required=True)
    args = parser.parse_args(argv)

    def command() -> None:
        engine = engine_for(ServiceSettings.from_env("training"))
        try:
            print(json.dumps({"workouts": ensure_demo_workouts(prepare(engine), args.account_id)}))
        finally:
            engine.dispose()

    return run_command(command)


if __name__ == "__main__":
    sys.exit(main())
