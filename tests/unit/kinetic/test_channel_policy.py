"""Which targets name several replicas, and which calls a channel may retry (decision 0044)."""

from __future__ import annotations

import json

import pytest

from kinetic.channel_policy import CHANNEL_OPTIONS, retried_methods
from kinetic.replica_targets import grpc_target, list_problem
from kinetic.settings import SettingsError, load_settings


def test_a_list_of_replicas_becomes_an_ipv4_or_ipv6_target():
    assert grpc_target("127.0.0.1:1,127.0.0.1:2") == "ipv4:127.0.0.1:1,127.0.0.1:2"
    assert grpc_target("[::1]:1, [::1]:2") == "ipv6:[::1]:1,[::1]:2"
    assert grpc_target("training:50152") == "training:50152"
    assert grpc_target("dns:///training.kinetic.svc:50152") == "dns:///training.kinetic.svc:50152"


@pytest.mark.parametrize(
    ("target", "problem"),
    [
        ("training:1,127.0.0.1:2", "not an IP address"),
        ("127.0.0.1,127.0.0.1:2", "not an IP address"),
        ("127.0.0.1:0,127.0.0.1:2", "no port"),
        ("127.0.0.1:1,[::1]:2", "mixes IPv4 and IPv6"),
    ],
)
def test_a_malformed_list_is_refused_at_start(target, problem):
    assert problem in (list_problem(target) or "")
    with pytest.raises(SettingsError, match="KINETIC_TRAINING_TARGET: a list of replicas"):
        load_settings({"KINETIC_TRAINING_TARGET": target})


def test_reads_and_keyed_or_idempotent_writes_are_retried_and_creations_are_not():
    retried = set(retried_methods())
    training = "kinetic.training.v1.TrainingService"
    assert {(training, "ListWorkouts"), (training, "EditTraining"), (training, "CommitDeletion")} <= retried
    assert ("kinetic.sessions.v1.SessionsService", "LogPerformance") in retried
    assert (training, "CreateCustomExercise") not in retried
    assert ("kinetic.auth.v1.AuthService", "CreateApiKey") not in retried
    assert ("kinetic.sessions.v1.GymAdminService", "CreateClient") not in retried
    log = "kinetic.sessions.v1.WorkoutLogService"
    assert {(log, "LogWorkout"), (log, "AddSets"), (log, "ListLoggedWorkouts")} <= retried
    assert {(log, "LogWorkoutText"), (log, "MatchExercises")} <= retried
    assert {(log, "DeleteLogRecord"), (log, "UndoDelete"), (log, "EndProgram")}.isdisjoint(retried)


def test_every_channel_balances_over_healthy_replicas():
    config = json.loads(dict(CHANNEL_OPTIONS)["grpc.service_config"])
    assert config["loadBalancingConfig"] == [{"round_robin": {}}]
    assert config["healthCheckConfig"] == {"serviceName": ""}
    assert config["methodConfig"][0]["retryPolicy"]["retryableStatusCodes"] == ["UNAVAILABLE"]
