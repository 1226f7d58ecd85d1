"""Builds the endurance records' use cases for the sessions service's bootstrap (and its tests).

Nothing is built at import time; the engine is the sessions service's, already migrated.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine

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


def build_endurance(engine: Engine, clock: Clock = utc_now) -> EnduranceModule:
    """The endurance records over the sessions ``engine``, on ``clock`` (tests move it by hand)."""
    return EnduranceModule(
        ActivityWrites(engine, clock),
        ActivityQueries(engine),
        Thresholds(engine, clock),
        ReadinessLog(engine, clock),
    )
