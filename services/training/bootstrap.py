"""Builds the training service's dependencies, in one place, nothing at import time."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

from kinetic.grpc_server import RunningServer, ServerTrust, ServiceBinding, create_server
from kinetic.settings import ServiceSettings
from kinetic.storage import engine_for, upgrade
from kinetic.training.v1 import endurance_plans_pb2_grpc, training_pb2_grpc
from services.training.domain.catalog import load_catalog
from services.training.entrypoints.grpc import TrainingServicer
from services.training.entrypoints.library_pb import LIBRARY_FORMS
from services.training.plans import plans_grpc
from services.training.plans.plan_writes import PlanWrites
from services.training.plans.planning_context import PlanningContexts, Target
from services.training.plans.plans_pb import PLAN_FORMS
from services.training.plans.service import EndurancePlans
from services.training.service_layer.account_erasure import AccountErasure
from services.training.service_layer.deletions import TrainingDeletions
from services.training.service_layer.exercise_catalog import ExerciseCatalog
from services.training.service_layer.library_edits import TrainingEditor
from services.training.service_layer.library_feed import LibraryChangeFeed
from services.training.service_layer.occurrence_status import OccurrenceStatuses
from services.training.service_layer.training_library import Clock, TrainingLibrary, utc_now

MIGRATIONS = Path(__file__).parent / "migrations"
SERVICE_NAME = "kinetic.training.v1.TrainingService"


@dataclass
class TrainingApp:
    """Everything the training service's entrypoints use."""

    engine: Engine
    catalog: ExerciseCatalog
    library: TrainingLibrary
    editor: TrainingEditor
    deletions: TrainingDeletions
    statuses: OccurrenceStatuses
    feed: LibraryChangeFeed
    erasure: AccountErasure
    plans: EndurancePlans

    def servicer(self) -> TrainingServicer:
        """The gRPC servicer over these use cases."""
        return TrainingServicer(
            self.catalog, self.library, self.editor, self.deletions, self.statuses, self.feed, self.erasure
        )


def prepare(engine: Engine, clock: Clock = utc_now) -> TrainingApp:
    """Migrate storage, seed the shared catalog if it changed, and build the use cases."""
    upgrade(engine, MIGRATIONS)
    catalog = ExerciseCatalog(engine)
    catalog.seed(load_catalog())
    return TrainingApp(
        engine=engine,
        catalog=catalog,
        library=TrainingLibrary(engine, clock),
        editor=TrainingEditor(engine, LIBRARY_FORMS, clock),
        deletions=TrainingDeletions(engine, LIBRARY_FORMS, clock),
        statuses=OccurrenceStatuses(engine, LIBRARY_FORMS, clock),
        feed=LibraryChangeFeed(engine),
        erasure=AccountErasure(engine),
        plans=EndurancePlans(engine, LIBRARY_FORMS, PLAN_FORMS, clock),
    )


async def start(
    settings: ServiceSettings,
    *,
    port: int | None = None,
    engine: Engine | None = None,
    clock: Clock = utc_now,
    analytics_target: Target | None = None,
) -> RunningServer:
    """Prepare storage and start the gRPC server (``port=0`` picks a free port).

    Plan writes read analytics at ``analytics_target`` (by default ``settings.targets``:
    ``KINETIC_ANALYTICS_TARGET``, else the local default port); a stack that starts analytics after
    Training on port 0 passes a function that says its address once it has started (decision 0096).
    """
    app = prepare(engine or engine_for(settings), clock)
    contexts = PlanningContexts(analytics_target or settings.targets["analytics"], settings.tls)
    binding = ServiceBinding(
        app.servicer(), training_pb2_grpc.add_TrainingServiceServicer_to_server, SERVICE_NAME
    )
    # Endurance plans live in the library's tables: same process, same server (decision 0062).
    plans = ServiceBinding(
        plans_grpc.EndurancePlanServicer(app.plans, PlanWrites(app.plans, contexts, PLAN_FORMS)),
        endurance_plans_pb2_grpc.add_EndurancePlanServiceServicer_to_server,
        plans_grpc.SERVICE_NAME,
    )
    running = await create_server(
        [binding, plans],
        settings.listen_host,
        settings.port if port is None else port,
        ServerTrust.of(settings),
    )
    running.on_stop.append(contexts.close)
    return running
