"""Training's one call to analytics for a plan write: ``GetPlanningContext`` (decision 0096).

Analytics already dials Training (the library feed), so a stack that starts the services on port 0
starts Training before analytics' address is known: the target may be given late, as a function
read once, when the first plan write needs analytics; the channel opens then.

The plans' one outbound client, so one of their named edges where protobuf stays: it sends the
request message and answers a ``PlanningContext`` value, or raises analytics' failure as a
``RemoteError`` (docs/decisions/0113-library-answers-as-values.md).
"""

from __future__ import annotations

from collections.abc import Callable

import grpc

from kinetic.analytics.v1 import endurance_pb2, endurance_pb2_grpc
from kinetic.athlete_thresholds import thresholds
from kinetic.errors import RemoteError
from kinetic.service_trust import open_channel
from kinetic.settings import TlsSettings
from kinetic.telemetry import grpc_client_interceptors
from services.training.plans.answers import DayLoad, PlanningContext
from services.training.plans.commands_pb import thresholds_from_pb

# What the edge gave analytics' reads before Training made this call (decision 0035's read deadline).
CONTEXT_DEADLINE_SECONDS = 2.0
# Analytics' address now, or a function that says it at the first call (a port-0 stack's).
Target = str | Callable[[], str]


class PlanningContexts:
    """Asks analytics for a plan write's thresholds and history, over one lazily opened channel."""

    def __init__(self, target: Target, tls: TlsSettings | None) -> None:
        self._target = target
        self._tls = tls
        self._channel: grpc.aio.Channel | None = None

    def _stub(self) -> endurance_pb2_grpc.EnduranceAnalyticsServiceStub:
        if self._channel is None:
            target = self._target() if callable(self._target) else self._target
            self._channel = open_channel(target, self._tls, grpc_client_interceptors())
        return endurance_pb2_grpc.EnduranceAnalyticsServiceStub(self._channel)

    async def read(
        self,
        account_id: str,
        time_zone: str,
        first_weekday: int,
        *,
        with_figures: bool,
        min_sessions_sequence: int = 0,
    ) -> PlanningContext:
        """Analytics' answer; its failure raises ``RemoteError`` for the caller to word."""
        try:
            answer: endurance_pb2.GetPlanningContextResponse = await self._stub().GetPlanningContext(
                endurance_pb2.GetPlanningContextRequest(
                    account_id=account_id,
                    time_zone=time_zone,
                    first_weekday=first_weekday,
                    with_figures=with_figures,
                    min_sessions_sequence=min_sessions_sequence,
                ),
                timeout=CONTEXT_DEADLINE_SECONDS,
            )
        except grpc.aio.AioRpcError as error:
            raise RemoteError.from_rpc(error) from error
        return context_from_pb(answer)

    async def close(self) -> None:
        if self._channel is not None:
            await self._channel.close(None)


def context_from_pb(answer: endurance_pb2.GetPlanningContextResponse) -> PlanningContext:
    """Analytics' answer as the plan write reads it; the thresholds read through the
    ``AthleteThresholds`` message, as a request's are (its figures' precision)."""
    return PlanningContext(
        today=answer.today,
        loads_day=answer.loads_day,
        ctl=answer.ctl,
        atl=answer.atl,
        completed_days=tuple(
            DayLoad(day.day, day.tss, day.run_meters, day.ride_meters, day.swim_meters)
            for day in answer.completed_days
        ),
        thresholds=thresholds_from_pb(thresholds(answer.figures)),
    )
