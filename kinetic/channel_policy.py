"""How every Kinetic channel spreads calls over a service's replicas and rides out their restarts.

A target names one replica or several (``kinetic.replica_targets``). On every channel, gRPC's own
client does the rest (docs/decisions/0044):

- ``round_robin`` over the replicas, each watched through ``grpc.health.v1.Health/Watch``: a
  replica that reports NOT_SERVING (it is draining) gets no new calls;
- calls that never reached a server are retried by gRPC transparently; calls a server answered
  ``UNAVAILABLE`` are retried (on another replica) only for methods that are safe to run twice:
  reads, and writes idempotent by key or by content (``RETRIED_WRITES``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from google.protobuf.descriptor import FileDescriptor

from kinetic.analytics.v1 import analytics_pb2
from kinetic.auth.v1 import auth_pb2, oauth_pb2
from kinetic.sessions.v1 import gyms_pb2, sessions_pb2, workout_log_pb2
from kinetic.training.v1 import training_pb2

# Methods that only read: safe to run again whatever happened to the first attempt.
READ_PREFIXES = ("Get", "List", "Search", "Check", "Verify")

# Writes a second run cannot double: idempotency keys (EditTraining, CommitDeletion), values set
# rather than added (SetOccurrenceStatus, UpdateAccount), revocations and erasures, and every
# sessions write (idempotent by what it asks for, decision 0017). Anything else (account, key, client and gym
# creation) is sent once: a retry could create a second one.
RETRIED_WRITES = {
    "kinetic.training.v1.TrainingService": (
        "EditTraining",
        "CommitDeletion",
        "PreviewDeletion",
        "SetOccurrenceStatus",
        "EraseLibrary",
        "EraseAccount",
    ),
    "kinetic.sessions.v1.SessionsService": (
        "StartOrResumeSession",
        "LogPerformance",
        "CompleteSession",
        "UpdateSessionStatus",
        "DeleteSession",
        "DeletePerformance",
        "EraseAccount",
    ),
    # The workout log (decision 0049): its keyed writes, and those that set a value. Not
    # DeleteLogRecord, UndoDelete or EndProgram: a retry of one that succeeded would answer
    # NOT_FOUND or UNDO_UNAVAILABLE and lose the first answer (the undo token). LogWorkoutText is
    # keyed like LogWorkout; MatchExercises only reads (decision 0092). ImportWorkoutFile stores each
    # workout under its key and passes over those stored, so a second run stores only the rest;
    # ExportWorkouts only reads (decision 0098).
    "kinetic.sessions.v1.WorkoutLogService": (
        "LogWorkout",
        "LogWorkoutText",
        "MatchExercises",
        "ImportWorkoutFile",
        "ExportWorkouts",
        "AddSets",
        "UpdateLogRecord",
        "UpdateLogProfile",
        "StartProgram",
        "LinkWorkoutToProgram",
    ),
    "kinetic.analytics.v1.AnalyticsService": ("EraseAccount",),
    "kinetic.auth.v1.AuthService": ("UpdateAccount", "RevokeApiKey"),
    "kinetic.auth.v1.OAuthService": ("RevokeToken", "RevokeClientGrants", "RevokeAccountGrants"),
}

_FILES: tuple[FileDescriptor, ...] = (
    analytics_pb2.DESCRIPTOR,
    auth_pb2.DESCRIPTOR,
    oauth_pb2.DESCRIPTOR,
    gyms_pb2.DESCRIPTOR,
    sessions_pb2.DESCRIPTOR,
    training_pb2.DESCRIPTOR,
    workout_log_pb2.DESCRIPTOR,
)

# Five attempts (gRPC's most), each up to 0.1, 0.2, 0.4, 0.8 s after the last (gRPC draws each
# pause at random below its ceiling): about as long as a channel takes to reconnect to a replica
# that came back (RECONNECT_*); the edge's per-kind deadline still bounds the whole call.
RETRY_POLICY = {
    "maxAttempts": 5,
    "initialBackoff": "0.1s",
    "maxBackoff": "1s",
    "backoffMultiplier": 2,
    "retryableStatusCodes": ["UNAVAILABLE"],
}


def retried_methods() -> list[tuple[str, str]]:
    """(full service name, method) of every method a channel retries on UNAVAILABLE."""
    found = []
    for file in _FILES:
        for service in file.services_by_name.values():
            writes = RETRIED_WRITES.get(service.full_name, ())
            for method in service.methods:
                if method.name.startswith(READ_PREFIXES) or method.name in writes:
                    found.append((service.full_name, method.name))
    return found


def service_config(methods: Iterable[tuple[str, str]] | None = None) -> dict[str, Any]:
    """The gRPC service config every Kinetic channel uses."""
    names = [{"service": service, "method": method} for service, method in methods or retried_methods()]
    return {
        "loadBalancingConfig": [{"round_robin": {}}],
        # "": the server's overall health, which grpc_server turns NOT_SERVING when it drains.
        "healthCheckConfig": {"serviceName": ""},
        "methodConfig": [{"name": names, "retryPolicy": RETRY_POLICY}],
    }


_SERVICE_CONFIG_JSON = json.dumps(service_config())

# gRPC waits 1 s, then up to 120 s, before reconnecting to an address that refused; a replica that
# restarts on the same address is back within a second or two, and its peer may be the next to go.
RECONNECT_INITIAL_MS = 100
RECONNECT_MAX_MS = 1000

# gRPC refuses answers over 4 MiB by default; an activity's per-second streams come back whole
# (a 72-hour activity, the longest stored, is about 6 MiB; decision 0054). Sending is unlimited.
MAX_ANSWER_BYTES = 32 * 1024 * 1024

CHANNEL_OPTIONS: tuple[tuple[str, Any], ...] = (
    ("grpc.service_config", _SERVICE_CONFIG_JSON),
    ("grpc.max_receive_message_length", MAX_ANSWER_BYTES),
    ("grpc.enable_retries", 1),
    ("grpc.initial_reconnect_backoff_ms", RECONNECT_INITIAL_MS),
    ("grpc.max_reconnect_backoff_ms", RECONNECT_MAX_MS),
)
