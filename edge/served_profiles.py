"""The profiles signed-in callers reach, as data: where each is served, how its tools are built and
what its door asks (docs/decisions/0100-tool-rows.md).

``edge.app`` builds every ``SignedInProfile`` of its table the same way: the profile's MCP server,
then in front of it, outermost first, the method check, the token guard, the rate limit (refused in
the profile's own style), the body cap, an in-flight slot, ``Cache-Control: no-store`` and the
profile's own gate, if any. A profile's tools are its rows (``edge/profiles/<name>/tools.py``); what
it is built from here is the objects that serve them, over the backends that exist only while the
app runs (``Live``).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from starlette.types import ASGIApp, Scope

from edge.backends import Backends
from edge.body_limits import TooLarge, problem_too_large
from edge.guard import TokenChecker
from edge.mcp_profile.builder import Profile
from edge.profiles.client_ai.tools import client_ai_profile
from edge.profiles.client_ai.workouts import ClientWorkouts
from edge.profiles.metric.reads import TrainingReads
from edge.profiles.metric.tools import metric_profile
from edge.profiles.metric.writes import TrainingWrites
from edge.profiles.ows.handlers import build_ows_handlers
from edge.profiles.ows.tools import ows_profile
from edge.profiles.primed.athlete import Athletes
from edge.profiles.primed.handlers import PrimedTools
from edge.profiles.primed.tools import primed_profile
from edge.profiles.runflow.access import PlanTierGate
from edge.profiles.runflow.handlers import RunFlowTools
from edge.profiles.runflow.plan_handlers import RunFlowPlanTools
from edge.profiles.runflow.tools import runflow_profile
from edge.ratelimit import RatePolicy, account_key
from kinetic.protected_resources import ProtectedResourceInfo
from kinetic.settings import EdgeSettings

log = logging.getLogger(__name__)


class Live:
    """What exists only while the lifespan runs: the channels and the token checker built on them."""

    backends: Backends
    checker: TokenChecker


@dataclass(frozen=True)
class SignedInProfile:
    """One MCP profile for signed-in callers."""

    resource: ProtectedResourceInfo  # its path, scopes and OAuth metadata
    build: Callable[[Live, EdgeSettings], Profile]
    budget: RatePolicy
    # Whose budget a request spends: the account's, or (Primed) the token's.
    key_of: Callable[[Scope], str | None] = account_key
    # Whether any one of the resource's scopes opens the door (each tool then checks its own).
    any_scope: bool = False
    too_large: TooLarge = problem_too_large
    # A check of the profile's own behind the guard (RunFlow's paid-tier gate).
    gate: Callable[[ASGIApp, Live], ASGIApp] | None = None


def metric(live: Live, settings: EdgeSettings) -> Profile:
    return metric_profile(
        TrainingReads(
            lambda: live.backends.training,
            lambda: live.backends.sessions,
            lambda: live.backends.analytics,
            lambda: live.backends.auth,
        ),
        TrainingWrites(lambda: live.backends.training),
    )


def client_ai(live: Live, settings: EdgeSettings) -> Profile:
    return client_ai_profile(
        ClientWorkouts(
            lambda: live.backends.sessions, lambda: live.backends.client_workouts, lambda: live.backends.auth
        )
    )


def open_workout_schema(live: Live, settings: EdgeSettings) -> Profile:
    return ows_profile(
        build_ows_handlers(
            auth=lambda: live.backends.auth,
            log=lambda: live.backends.workout_log,
            training=lambda: live.backends.training,
            analytics=lambda: live.backends.analytics,
            sessions=lambda: live.backends.sessions,
        )
    )


def primed(live: Live, settings: EdgeSettings) -> Profile:
    return primed_profile(
        PrimedTools(
            Athletes(lambda: live.backends.auth),
            training=lambda: live.backends.training,
            analytics=lambda: live.backends.endurance_analytics,
            pseudonym_secret=pseudonym_secret(settings),
            plans=lambda: live.backends.endurance_plans,
        )
    )


def runflow(live: Live, settings: EdgeSettings) -> Profile:
    return runflow_profile(
        RunFlowTools(
            Athletes(lambda: live.backends.auth),
            analytics=lambda: live.backends.endurance_analytics,
            sessions=lambda: live.backends.endurance,
        ),
        RunFlowPlanTools(
            Athletes(lambda: live.backends.auth),
            plans=lambda: live.backends.endurance_plans,
            training=lambda: live.backends.training,
            analytics=lambda: live.backends.endurance_analytics,
            sessions=lambda: live.backends.endurance,
        ),
    )


def paid_tiers_only(endpoint: ASGIApp, live: Live) -> ASGIApp:
    """RunFlow's gate: only paid tiers reach its tools (JSON-RPC -32002; decision 0061)."""
    return PlanTierGate(endpoint, lambda: live.backends.auth)


def pseudonym_secret(settings: EdgeSettings) -> bytes:
    """The key of Primed's pseudonymous profile IDs; a random one per process when none is set."""
    if settings.pseudonym_secret:
        return settings.pseudonym_secret.encode()
    log.warning(
        "KINETIC_PSEUDONYM_SECRET is not set: Primed profile IDs are random per process and change "
        "on restart; set one secret for every edge replica"
    )
    return secrets.token_bytes(32)
