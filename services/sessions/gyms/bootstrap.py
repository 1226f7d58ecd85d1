"""Builds the gyms hexagon for the sessions service's bootstrap (and for its CLI and tests).

Nothing is built at import time; docs/decisions/0029-gyms-hexagon-and-typed-feed.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine

from knowledge.training.catalog import load_catalog
from services.sessions.gyms.adapters.directory import SqlGymDirectory
from services.sessions.gyms.service_layer.admin import Clock, GymAdmin, utc_now
from services.sessions.gyms.service_layer.client import ClientWorkouts
from services.sessions.gyms.service_layer.progress import ClientProgress, NoProgress


@dataclass(frozen=True)
class GymModule:
    """The admin use cases, the client reads, and the directory the sessions core reads."""

    admin: GymAdmin
    client: ClientWorkouts
    directory: SqlGymDirectory


def build_gym_module(
    engine: Engine, clock: Clock = utc_now, progress: ClientProgress | None = None
) -> GymModule:
    """The gym module over an already migrated sessions ``engine``.

    ``progress`` is the session core's answer to what the client did (its next plan day, kept
    setup values); the sessions service passes it, the gym CLI, which reads neither, need not.

    Company exercises map to slugs of Kinetic's exercise catalog, which ships with the code
    (``knowledge.training``, decision 0026); reading it needs no call to training.
    """
    slugs = frozenset(exercise.exercise_id for exercise in load_catalog())
    return GymModule(
        GymAdmin(engine, slugs, clock),
        ClientWorkouts(engine, progress or NoProgress()),
        SqlGymDirectory(engine),
    )
