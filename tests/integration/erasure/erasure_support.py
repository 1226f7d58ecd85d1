"""Kinetic's four services on port 0 over one storage backend, an account that used every one of
them, and a count of that account's rows in every table of every service's database.

The count enumerates the tables each database actually has (SQLAlchemy's inspector, so a table a
migration adds later is counted the day it exists) and needs each one classified: a table with an
``account_id`` column is counted by it; a table without one either hangs off an account-owned row
(``OWNED_THROUGH``: how to find the account's rows) or holds nothing of any account
(``NOT_ACCOUNT_OWNED``, with the reason). An unclassified table fails the count, so a new table
must say how it is erased.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import grpc
from sqlalchemy import Engine, inspect, text

from edge.profiles.metric.guidance import EXAMPLE as GUIDANCE_EXAMPLE
from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.analytics.v1 import endurance_pb2 as analytics_endurance_pb2
from kinetic.analytics.v1 import endurance_pb2_grpc as analytics_endurance_pb2_grpc
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.grpc_server import RunningServer
from kinetic.sessions.v1 import (
    endurance_pb2,
    endurance_pb2_grpc,
    gyms_pb2,
    gyms_pb2_grpc,
    sessions_pb2,
    sessions_pb2_grpc,
    workout_log_pb2,
    workout_log_pb2_grpc,
)
from kinetic.settings import ServiceSettings
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import endurance_plans_pb2_grpc as plans_pb2_grpc
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.analytics import bootstrap as analytics
from services.auth import bootstrap as auth
from services.auth.adapters import erasure_outbox
from services.auth.domain.erasure import PendingErasure
from services.sessions import bootstrap as sessions
from services.training import bootstrap as training
from tests.eventually import eventually
from tests.fixtures.activity_files.generate import FIXTURES
from tests.integration.auth.oauth_support import Clock
from tests.integration.sessions.gym_support import client_gym, value
from tests.integration.sessions.gym_support import text as localized
from tests.integration.sessions.session_support import bench_set, log_request
from tests.integration.training.library_support import ZONE, autumn_block, edit_request, strength_a

PASSWORD = "correct horse battery"
SERVICES = ("auth", "training", "sessions", "analytics")

_CLIENT = "SELECT id FROM gym_clients WHERE account_id = :account"
_PLANS = f"SELECT id FROM gym_plans WHERE client_id IN ({_CLIENT})"
_OWN_EXERCISES = f"SELECT id FROM gym_exercises WHERE owner_client_id IN ({_CLIENT})"

# (service, table) -> the condition selecting the account's rows of a table with no account column.
OWNED_THROUGH: dict[tuple[str, str], str] = {
    ("auth", "refresh_tokens"): "grant_id IN (SELECT grant_id FROM grants WHERE account_id = :account)",
    (
        "training",
        "exercise_terms",
    ): "exercise_id IN (SELECT exercise_id FROM exercises WHERE account_id = :account)",
    (
        "training",
        "exercise_tags",
    ): "exercise_id IN (SELECT exercise_id FROM exercises WHERE account_id = :account)",
    ("sessions", "performance_sets"): (
        "performance_id IN (SELECT performance_id FROM performances WHERE account_id = :account)"
    ),
    ("sessions", "gym_client_relationships"): f"client_id IN ({_CLIENT})",
    ("sessions", "gym_equipment_profiles"): f"client_id IN ({_CLIENT})",
    ("sessions", "gym_plans"): f"client_id IN ({_CLIENT})",
    ("sessions", "gym_plan_days"): f"plan_id IN ({_PLANS})",
    (
        "sessions",
        "gym_plan_exercises",
    ): f"day_id IN (SELECT id FROM gym_plan_days WHERE plan_id IN ({_PLANS}))",
    ("sessions", "gym_exercises"): f"owner_client_id IN ({_CLIENT})",
    ("sessions", "gym_machine_presets"): f"exercise_id IN ({_OWN_EXERCISES})",
}

# (service, table) -> why no row of it belongs to an account.
NOT_ACCOUNT_OWNED: dict[tuple[str, str], str] = {
    **{(service, "alembic_version"): "the schema's migration revision" for service in SERVICES},
    ("auth", "signing_keys"): "the service's own token signing keys",
    ("auth", "oauth_clients"): "registered applications, shared by every account that connects them",
    ("training", "catalog_state"): "the fingerprint of the shipped exercise catalog",
    ("sessions", "gym_companies"): "the gym itself, which outlives any one client",
    ("sessions", "gym_coaches"): "the gym's staff, not the client's account",
}

# The one row deletion keeps on purpose: the revocation tombstone naming the account ID, which edges
# need until its last token has expired (purged after 3660 s, decision 0030).
KEPT_AFTER_DELETION = {("auth", "revocations"): 1}


def rows_of(engine: Engine, service: str, account_id: str) -> dict[str, int]:
    """The account's row count in every table of ``service``'s database (classified as above)."""
    counts: dict[str, int] = {}
    with engine.connect() as conn:
        for table in inspect(conn).get_table_names():
            key = (service, table)
            if key in NOT_ACCOUNT_OWNED:
                continue
            columns = {column["name"] for column in inspect(conn).get_columns(table)}
            if "account_id" in columns:
                where = "account_id = :account"
            elif key in OWNED_THROUGH:
                where = OWNED_THROUGH[key]
            else:
                raise AssertionError(
                    f"{service}.{table} has no account_id column and is not classified: add it to "
                    "OWNED_THROUGH (and erase it in the service's EraseAccount) or NOT_ACCOUNT_OWNED"
                )
            counts[table] = conn.execute(
                text(f"SELECT count(*) FROM {table} WHERE {where}"), {"account": account_id}
            ).scalar_one()
    return counts


@dataclass
class RoundTrigger:
    """The erasure outbox's wait, scripted: each round runs when the test says, never on a timer."""

    rounds: int = 0
    waits: list[float] = field(default_factory=list)
    _go: asyncio.Event = field(default_factory=asyncio.Event)

    async def __call__(self, seconds: float) -> None:
        self.rounds += 1
        self.waits.append(seconds)
        await self._go.wait()
        self._go.clear()

    async def run_round(self) -> None:
        """Let the outbox run one round, and return once it is waiting again."""
        await eventually(lambda: self.rounds > 0, what="the erasure task waiting")
        before = self.rounds
        self._go.set()
        await eventually(lambda: self.rounds > before, what="an erasure round")


@dataclass
class Kinetic:
    """The four services, a stub for each, their engines and auth's clock."""

    engines: dict[str, Engine]
    running: dict[str, RunningServer]
    auth: auth_pb2_grpc.AuthServiceStub
    training: training_pb2_grpc.TrainingServiceStub
    sessions: sessions_pb2_grpc.SessionsServiceStub
    admin: gyms_pb2_grpc.GymAdminServiceStub
    workout_log: workout_log_pb2_grpc.WorkoutLogServiceStub
    analytics: analytics_pb2_grpc.AnalyticsServiceStub
    clock: Clock
    restart_sessions: Callable[[], Awaitable[None]]
    restart_auth: Callable[[], Awaitable[None]]
    plans: plans_pb2_grpc.EndurancePlanServiceStub

    def app_pending(self) -> list[PendingErasure]:
        """Auth's erasure outbox: what no service has confirmed yet."""
        with self.engines["auth"].connect() as conn:
            return erasure_outbox.pending(conn)

    def rows(self, account_id: str) -> dict[tuple[str, str], int]:
        """The account's rows in every table of every service."""
        return {
            (service, table): count
            for service in SERVICES
            for table, count in rows_of(self.engines[service], service, account_id).items()
        }


@contextlib.asynccontextmanager
async def kinetic(engines: Any, tmp_path: Path, erasure_wait: Any = None) -> AsyncIterator[Kinetic]:
    """Start training, sessions (with its gym module), analytics and auth, wired to each other."""
    env = {"KINETIC_DATA_DIR": str(tmp_path)}
    stores = {service: engines(service) for service in SERVICES}
    running: dict[str, RunningServer] = {}
    running["training"] = await training.start(
        ServiceSettings.from_env("training", env),
        port=0,
        engine=stores["training"],
        # Analytics starts later, on a port not known yet (decision 0096).
        analytics_target=lambda: f"127.0.0.1:{running['analytics'].port}",
    )
    targets = {"training": f"127.0.0.1:{running['training'].port}"}

    async def start_sessions(port: int = 0) -> None:
        running["sessions"] = await sessions.start(
            ServiceSettings.from_env("sessions", env),
            port=port,
            engine=stores["sessions"],
            training_target=targets["training"],
        )

    await start_sessions()
    targets["sessions"] = f"127.0.0.1:{running['sessions'].port}"
    running["analytics"] = await analytics.start(
        ServiceSettings.from_env("analytics", env),
        port=0,
        engine=stores["analytics"],
        sessions_target=targets["sessions"],
        training_target=targets["training"],
    )
    targets["analytics"] = f"127.0.0.1:{running['analytics'].port}"
    clock = Clock()

    async def start_auth(port: int = 0, wait: Any = erasure_wait) -> None:
        running["auth"] = await auth.start(
            ServiceSettings.from_env("auth", env),
            port=port,
            engine=stores["auth"],
            clock=clock,
            erasure_targets=targets,
            erasure_wait=wait,
        )

    await start_auth()
    channels = {
        name: grpc.aio.insecure_channel(f"127.0.0.1:{server.port}") for name, server in running.items()
    }

    async def restart_sessions() -> None:
        await start_sessions(int(targets["sessions"].rsplit(":", 1)[1]))

    async def restart_auth() -> None:
        """Stop auth and start it again on its port and store, erasing on its own schedule."""
        await running["auth"].stop(0)
        await start_auth(running["auth"].port, None)

    try:
        yield Kinetic(
            stores,
            running,
            auth_pb2_grpc.AuthServiceStub(channels["auth"]),
            training_pb2_grpc.TrainingServiceStub(channels["training"]),
            sessions_pb2_grpc.SessionsServiceStub(channels["sessions"]),
            gyms_pb2_grpc.GymAdminServiceStub(channels["sessions"]),
            workout_log_pb2_grpc.WorkoutLogServiceStub(channels["sessions"]),
            analytics_pb2_grpc.AnalyticsServiceStub(channels["analytics"]),
            clock,
            restart_sessions,
            restart_auth,
            plans_pb2_grpc.EndurancePlanServiceStub(channels["training"]),
        )
    finally:
        for channel in channels.values():
            await channel.close()
        for name in ("auth", "analytics", "sessions", "training"):
            await running[name].stop(0)


async def create_account(stack: Kinetic, email: str) -> str:
    """A new account with the test password; returns its ID."""
    request = auth_pb2.CreateAccountRequest(
        email=email, password=PASSWORD, display_name="Ada", time_zone=ZONE
    )
    return (await stack.auth.CreateAccount(request)).account.account_id


async def use_everything(stack: Kinetic, account_id: str) -> None:
    """Use every service as the account: a custom exercise and library edits in training, a
    deletion preview, a completed Training-occurrence session and a completed gym plan-day session
    with sets in sessions, a gym client with a plan, own exercise, preset and equipment, the workout
    log's profile, remembered words, idempotent writes and an undo token, and the analytics catch-up
    that derives from both feeds."""
    await stack.training.CreateCustomExercise(
        training_pb2.CreateCustomExerciseRequest(
            account_id=account_id,
            exercise=training_pb2.Exercise(
                name="Zercher Carry Ladder",
                aliases=["zcl"],
                primary_muscles=["quads"],
                equipment=["barbell"],
                tracking_modes=[training_pb2.TRACKING_MODE_SETS],
            ),
        )
    )
    library = await stack.training.GetLibrary(training_pb2.GetLibraryRequest(account_id=account_id))
    created = await stack.training.EditTraining(
        edit_request(library.library.epoch, f"{account_id}-1", strength_a(), account_id=account_id)
    )
    workout = created.workouts[0]
    plan_body = autumn_block(copy.deepcopy(GUIDANCE_EXAMPLE["workout"]))  # with a CrossFit block
    plan = await stack.training.EditTraining(
        edit_request(library.library.epoch, f"{account_id}-2", plan_body, account_id=account_id)
    )
    await stack.training.PreviewDeletion(
        training_pb2.PreviewDeletionRequest(
            account_id=account_id, kind="plan", id=plan.plans[0].id, time_zone=ZONE
        )
    )
    await _endurance_plan(stack, account_id)
    today = date.today()
    window = await stack.training.ListOccurrences(
        training_pb2.ListOccurrencesRequest(
            account_id=account_id,
            time_zone=ZONE,
            from_day=(today - timedelta(days=3)).isoformat(),
            to_day=(today + timedelta(days=11)).isoformat(),
        )
    )
    occurrence = next(o for o in window.occurrences if o.workout_id == workout.id)
    await _completed_session(
        stack,
        sessions_pb2.StartOrResumeSessionRequest(
            account_id=account_id,
            workout_id=workout.id,
            original_scheduled_day=occurrence.original_scheduled_day,
            title=workout.name,
            device_id="tests",
        ),
        "barbell-back-squat",
    )

    gym = await client_gym(stack.admin, account_id)
    push = gym.plans["Push / Pull"].days[0]
    own = gym.exercises["own"].id
    await stack.admin.SetMachinePreset(
        gyms_pb2.SetMachinePresetRequest(
            preset=gyms_pb2.MachinePreset(
                exercise_id=own,
                scope="coach_private",
                coach_id=gym.coach.id,
                fields=[gyms_pb2.SetupField(key="seat", label=localized("Seat", "Zitting"), value=value(3))],
            )
        )
    )
    await stack.admin.SetEquipmentProfile(
        gyms_pb2.SetEquipmentProfileRequest(
            profile=gyms_pb2.EquipmentProfile(
                client_id=gym.client.id, items=[gyms_pb2.EquipmentItem(equipment_key="dumbbells", quantity=2)]
            )
        )
    )
    await _completed_session(
        stack,
        sessions_pb2.StartOrResumeSessionRequest(
            account_id=account_id, plan_id=gym.plans["Push / Pull"].id, plan_moment_id=push.id
        ),
        gym.exercises["bench"].id,
        plan_exercise_id=push.exercises[0].id,
    )
    await _use_the_workout_log(stack, account_id)
    await _use_the_endurance_records(stack, account_id)
    await stack.analytics.GetPersonalRecords(analytics_pb2.GetPersonalRecordsRequest(account_id=account_id))
    await stack.analytics.GetInsights(analytics_pb2.GetInsightsRequest(account_id=account_id, time_zone=ZONE))


async def _completed_session(
    stack: Kinetic, start: sessions_pb2.StartOrResumeSessionRequest, exercise_id: str, **extra: str
) -> None:
    session_id = (await stack.sessions.StartOrResumeSession(start)).session.session_id
    await stack.sessions.LogPerformance(
        log_request(
            session_id, [bench_set(1), bench_set(2)], exercise_id, account_id=start.account_id, **extra
        )
    )
    await stack.sessions.CompleteSession(
        sessions_pb2.CompleteSessionRequest(
            account_id=start.account_id, session_id=session_id, device_id="tests"
        )
    )


async def _use_the_workout_log(stack: Kinetic, account_id: str) -> None:
    """A row in each workout log table: a profile, confirmed words, idempotent writes, an undo token."""
    log = stack.workout_log
    await log.UpdateLogProfile(workout_log_pb2.UpdateLogProfileRequest(account_id=account_id, goals="Squat"))
    one_set = workout_log_pb2.LoggedSetInput(reps=5, load_value=135, load_unit="lb")
    logged = await log.LogWorkout(
        workout_log_pb2.LogWorkoutRequest(
            account_id=account_id,
            idempotency_key=f"{account_id}-log",
            entries=[workout_log_pb2.EntryInput(words="zercher squat", sets=[one_set, one_set])],
        )
    )
    entry_id = logged.workout.performances[0].performance_id
    await log.UpdateLogRecord(
        workout_log_pb2.UpdateLogRecordRequest(
            account_id=account_id,
            idempotency_key=f"{account_id}-confirm",
            entry_id=entry_id,
            exercise_id="barbell-back-squat",
        )
    )
    await log.DeleteLogRecord(
        workout_log_pb2.DeleteLogRecordRequest(account_id=account_id, set_id=f"{entry_id}:2")
    )


async def _use_the_endurance_records(stack: Kinetic, account_id: str) -> None:
    """A row in each endurance table: an imported file (activity and streams), a threshold, a day;
    then a chart in analytics, so its endurance tables and training-load seeds hold them too."""
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{stack.running['sessions'].port}")
    try:
        endurance = endurance_pb2_grpc.EnduranceServiceStub(channel)
        ride = (FIXTURES / "ride.tcx").read_bytes()
        await endurance.ImportActivityFile(
            endurance_pb2.ImportActivityFileRequest(account_id=account_id, data=ride)
        )
        await endurance.SetThreshold(
            endurance_pb2.SetThresholdRequest(
                account_id=account_id,
                threshold=endurance_pb2.Threshold(kind="ftp", effective_day="2026-01-01", watts=250),
            )
        )
        await endurance.RecordReadiness(
            endurance_pb2.RecordReadinessRequest(
                account_id=account_id, readiness=endurance_pb2.DailyReadiness(day="2026-01-02", mood=4)
            )
        )
    finally:
        await channel.close()
    # Analytics projects them and keeps a training-load seed for the chart (decision 0055).
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{stack.running['analytics'].port}")
    try:
        await analytics_endurance_pb2_grpc.EnduranceAnalyticsServiceStub(channel).GetTrainingLoad(
            analytics_endurance_pb2.GetTrainingLoadRequest(
                account_id=account_id, from_day="2026-04-01", to_day="2026-04-02", time_zone="UTC"
            )
        )
    finally:
        await channel.close()


async def _endurance_plan(stack: Kinetic, account_id: str) -> None:
    """A goal with a workout, marked completed: goal, plan workout and snapshot rows (decision 0062)."""
    draft = plans_pb2.WorkoutDraft(
        name="Easy run",
        scheduled_date=date.today().isoformat(),
        endurance=training_pb2.EnduranceTarget(sport="run", planned_duration_seconds=2400),
    )
    created = await stack.plans.MutatePlan(
        plans_pb2.MutatePlanRequest(
            account_id=account_id,
            create_goal=plans_pb2.CreateGoal(goal=plans_pb2.Goal(name="10K"), workouts=[draft]),
        )
    )
    status = plans_pb2.WorkoutStatus(workout_id=created.created_workout_ids[0], completed=True)
    await stack.plans.MutatePlan(
        plans_pb2.MutatePlanRequest(
            account_id=account_id, mark_workouts=plans_pb2.MarkWorkouts(statuses=[status])
        )
    )
