"""The edge's gRPC channels to the four services, opened and closed by the app's lifespan.

The gym module, the workout log and the endurance records live in the sessions service, so their
stubs share that channel.
Every unary call on a channel gets its kind's deadline (``edge.deadlines``) and goes through its
address's circuit (``edge.circuits``), so a hung or stopped backend costs a request at most one
deadline, then nothing while it is known down (decision 0035).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import grpc

from edge.circuits import Circuit, Circuits, StubT, guard_stub
from edge.deadlines import LONGEST_DEADLINE_SECONDS
from kinetic import service_trust
from kinetic.analytics.v1 import analytics_pb2_grpc, endurance_pb2_grpc
from kinetic.auth.v1 import auth_pb2_grpc, oauth_pb2_grpc
from kinetic.sessions.v1 import endurance_pb2_grpc as sessions_endurance_pb2_grpc
from kinetic.sessions.v1 import gyms_pb2_grpc, sessions_pb2_grpc, workout_log_pb2_grpc
from kinetic.settings import TlsSettings
from kinetic.telemetry import grpc_client_interceptors
from kinetic.training.v1 import endurance_plans_pb2_grpc, training_pb2_grpc

# A ceiling a caller may pass; the guarded stubs shorten each call to its kind's deadline.
CALL_TIMEOUT_SECONDS = LONGEST_DEADLINE_SECONDS


@dataclass
class Backends:
    """Open channels and stubs, one per service."""

    channels: dict[str, grpc.aio.Channel]
    auth: auth_pb2_grpc.AuthServiceStub
    oauth: oauth_pb2_grpc.OAuthServiceStub
    training: training_pb2_grpc.TrainingServiceStub
    # Endurance plans (goals, plan workouts, snapshots) live in the training service: decision 0062.
    endurance_plans: endurance_plans_pb2_grpc.EndurancePlanServiceStub
    sessions: sessions_pb2_grpc.SessionsServiceStub
    client_workouts: gyms_pb2_grpc.ClientWorkoutServiceStub
    workout_log: workout_log_pb2_grpc.WorkoutLogServiceStub
    analytics: analytics_pb2_grpc.AnalyticsServiceStub
    # Endurance records (sessions) and the figures derived from them (analytics): decision 0054.
    endurance: sessions_endurance_pb2_grpc.EnduranceServiceStub
    endurance_analytics: endurance_pb2_grpc.EnduranceAnalyticsServiceStub
    circuits: Circuits

    @classmethod
    def connect(
        cls, targets: dict[str, str], circuits: Circuits | None = None, tls: TlsSettings | None = None
    ) -> Backends:
        """Open a channel per service; gRPC connects lazily, so this never blocks.

        ``circuits`` is keyed by address: two ``Backends`` given the same one share what they
        learn about each address. ``tls``: mutual TLS with the edge's certificate (decision 0043).
        """
        circuits = circuits if circuits is not None else Circuits()
        channels = {name: open_channel(target, tls) for name, target in targets.items()}

        def of(name: str) -> tuple[grpc.aio.Channel, Circuit]:
            return channels[name], circuits[targets[name]]

        return cls(
            channels=channels,
            auth=guarded(auth_pb2_grpc.AuthServiceStub, *of("auth")),
            oauth=guarded(oauth_pb2_grpc.OAuthServiceStub, *of("auth")),
            # Training's answers reach the profiles as sent: each renderer reads an enum twin where it
            # reads the word (``proto_enums.word_of``), no walk at the door (decision 0129).
            training=guarded(training_pb2_grpc.TrainingServiceStub, *of("training")),
            endurance_plans=guarded(endurance_plans_pb2_grpc.EndurancePlanServiceStub, *of("training")),
            sessions=guarded(sessions_pb2_grpc.SessionsServiceStub, *of("sessions")),
            client_workouts=guarded(gyms_pb2_grpc.ClientWorkoutServiceStub, *of("sessions")),
            workout_log=guarded(workout_log_pb2_grpc.WorkoutLogServiceStub, *of("sessions")),
            analytics=guarded(analytics_pb2_grpc.AnalyticsServiceStub, *of("analytics")),
            endurance=guarded(sessions_endurance_pb2_grpc.EnduranceServiceStub, *of("sessions")),
            endurance_analytics=guarded(endurance_pb2_grpc.EnduranceAnalyticsServiceStub, *of("analytics")),
            circuits=circuits,
        )

    async def close(self) -> None:
        """Close every channel."""
        for channel in self.channels.values():
            await channel.close(None)


def open_channel(target: str, tls: TlsSettings | None = None) -> grpc.aio.Channel:
    """A channel to ``target`` (plaintext, or mutual TLS with ``tls``); with tracing on, its calls
    carry the trace context."""
    return service_trust.open_channel(target, tls, grpc_client_interceptors())


def guarded(
    stub_class: Callable[[grpc.aio.Channel], StubT], channel: grpc.aio.Channel, circuit: Circuit
) -> StubT:
    """A stub on ``channel`` whose unary calls get deadlines and go through ``circuit``."""
    return guard_stub(stub_class(channel), circuit)
