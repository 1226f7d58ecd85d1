"""Builds the endurance records' use cases for the sessions service's bootstrap (and its tests).

Nothing is built at import time; the engine is the sessions service's, already migrated.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine

from kinetic.bounded_parse import ParseWorkers
from services.sessions.endurance.adapters.file_reading import activity_file_workers
from services.sessions.endurance.service_layer.activity_queries import ActivityQueries
from services.sessions.endurance.service_layer.activity_writes import ActivityWrites
from services.sessions.endurance.service_layer.readiness import ReadinessLog
from services.sessions.endurance.service_layer.thresholds import Thresholds
from services.sessions.service_layer.session_support import Clock, utc_now


@dataclass(frozen=True)
class EnduranceModule:
    """Every use case of EnduranceService."""

    activities: ActivityWrites
    queries: ActivityQueries
    thresholds: Thresholds
    readiness: ReadinessLog
    file_workers: ParseWorkers  # the child processes that read uploaded files (decision 0069)


def build_endurance(
    engine: Engine, clock: Clock = utc_now, file_workers: ParseWorkers | None = None
) -> EnduranceModule:
    """The endurance records over the sessions ``engine``, on ``clock`` (tests move it by hand)."""
    return EnduranceModule(
        ActivityWrites(engine, clock),
        ActivityQueries(engine),
        Thresholds(engine, clock),
        ReadinessLog(engine, clock),
        file_workers or activity_file_workers(),
    )
