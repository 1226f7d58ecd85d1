"""get_profile and update_profile: the account's own attributes and the log's preferences as one.

Name, time zone and units are the account's (auth), one value for every profile; the rest is the
workout log's (sessions). Goals, equipment, limitations and training days are health data: they
change only with the user's health-data consent. Everything is checked before anything is stored,
so a refused update changes nothing (decisions 0048, 0050).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from edge.guard import Principal
from edge.problems import EdgeProblem
from edge.profiles.ows.context import ACCOUNT_UNITS, UNIT_OF_ACCOUNT, ContextSource, LogContext
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.sessions.v1 import workout_log_pb2, workout_log_pb2_grpc
from kinetic.time_zones import is_time_zone

Args = Mapping[str, Any]
Result = dict[str, Any]
ACCOUNT_FIELDS = ("display_name", "timezone", "units")
HEALTH_FIELDS = ("goals", "equipment", "limitations", "training_days")
LOG_FIELDS = (*HEALTH_FIELDS, "calm_mode", "program_suggestions")


def profile_json(account: auth_pb2.Account, profile: workout_log_pb2.LogProfile) -> Result:
    """The profile as get_profile and update_profile return it."""
    current = profile.current_program if profile.HasField("current_program") else None
    return {
        "display_name": account.display_name,
        "units": UNIT_OF_ACCOUNT.get(account.units, "kg"),
        "timezone": account.time_zone or "UTC",
        "goals": profile.goals,
        "equipment": list(profile.equipment),
        "limitations": profile.limitations,
        "training_days": list(profile.training_days),
        "logging_consent": account.logging_consent,
        "health_data_consent": account.health_data_consent,
        "calm_mode": profile.calm_mode,
        "program_suggestions": profile.program_suggestions,
        "current_program": {
            "program_id": current.program_id,
            "version": current.version,
            "started_on": current.started_on,
        }
        if current is not None and current.program_id
        else None,
    }


class ProfileTools:
    """get_profile and update_profile."""

    def __init__(
        self,
        contexts: ContextSource,
        auth: Callable[[], auth_pb2_grpc.AuthServiceStub],
        log: Callable[[], workout_log_pb2_grpc.WorkoutLogServiceStub],
    ) -> None:
        self._contexts = contexts
        self._auth = auth
        self._log = log

    async def get_profile(self, principal: Principal, args: Args) -> Result:
        """The user's profile."""
        context = await self._contexts.of(principal)
        return profile_json(context.account, context.profile)

    async def update_profile(self, principal: Principal, args: Args) -> Result:
        """Change the fields given; others stay. Health data needs consent."""
        if not args:
            raise EdgeProblem("invalid_input", "give at least one field to change; nothing was changed", 400)
        context = await self._contexts.of(principal)
        _check(args, context)
        account, profile = context.account, context.profile
        if any(f in args for f in ACCOUNT_FIELDS):
            request = auth_pb2.UpdateAccountRequest(account_id=principal.account_id)
            if "display_name" in args:
                request.display_name = args["display_name"]
            if "timezone" in args:
                request.time_zone = args["timezone"]
            if "units" in args:
                request.units = ACCOUNT_UNITS[args["units"]]
            account = (await self._auth().UpdateAccount(request)).account
        if any(f in args for f in LOG_FIELDS):
            update = workout_log_pb2.UpdateLogProfileRequest(account_id=principal.account_id)
            for name in ("goals", "limitations", "calm_mode", "program_suggestions"):
                if name in args:
                    setattr(update, name, args[name])
            for name in ("equipment", "training_days"):
                if name in args:
                    getattr(update, name).CopyFrom(workout_log_pb2.StringList(values=args[name]))
            profile = (await self._log().UpdateLogProfile(update)).profile
        return {**profile_json(account, profile), "summary": _summary(args)}


def _check(args: Args, context: LogContext) -> None:
    if "timezone" in args and not is_time_zone(args["timezone"]):
        raise EdgeProblem(
            "invalid_input",
            f"timezone: {args['timezone'][:64]!r} is not an IANA time zone such as America/New_York",
            400,
            {"field": "timezone"},
        )
    for field in HEALTH_FIELDS:
        if field in args:
            context.require_health_consent(field)


def _summary(args: Args) -> str:
    names = ", ".join(name.replace("_", " ") for name in args)
    return f"Saved the profile's {names}."
