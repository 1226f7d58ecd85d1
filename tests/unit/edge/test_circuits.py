"""Circuits per backend address and the table of deadlines per call kind (decision 0035)."""

from __future__ import annotations

import logging

import grpc
import pytest

from edge.circuits import BACKEND_DOWN, Circuit, Circuits, CircuitState, is_transport_failure, refused_call
from edge.deadlines import DEADLINE_SECONDS, CallKind, call_kind, deadline_for
from edge.problems import from_remote
from kinetic.errors import RemoteError


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def state(circuit: Circuit) -> CircuitState:
    # A call, so the type checker does not narrow the state across the calls that change it.
    return circuit.state


def circuits(clock: Clock) -> Circuits:
    return Circuits(failures_to_open=3, open_seconds=5.0, monotonic=clock)


def test_a_circuit_opens_after_consecutive_transport_failures_only():
    clock = Clock()
    circuit = circuits(clock)["10.0.0.1:50152"]
    circuit.failed()
    circuit.failed()
    circuit.succeeded()  # an answer in between resets the count
    circuit.failed()
    circuit.failed()
    assert state(circuit) == CircuitState.CLOSED and circuit.refusal() is None
    circuit.failed()
    assert state(circuit) == CircuitState.OPEN
    assert circuit.refusal() == 5


def test_half_open_lets_one_probe_through_and_its_outcome_decides():
    clock = Clock()
    circuit = circuits(clock)["10.0.0.1:50152"]
    for _ in range(3):
        circuit.failed()
    clock.now += 4.2
    assert circuit.refusal() == 1, "still open: retry in the rest of the interval, rounded up"
    clock.now += 1.0
    assert circuit.refusal() is None, "the probe goes out"
    assert state(circuit) == CircuitState.HALF_OPEN
    assert circuit.refusal() is not None, "only one probe at a time"
    circuit.failed()
    assert state(circuit) == CircuitState.OPEN, "a failed probe opens it again at once"
    assert circuit.refusal() == 5
    clock.now += 5.0
    assert circuit.refusal() is None
    circuit.succeeded()
    assert state(circuit) == CircuitState.CLOSED
    assert circuit.refusal() is None


def test_a_cancelled_probe_lets_the_next_call_probe():
    clock = Clock()
    circuit = circuits(clock)["a:1"]
    for _ in range(3):
        circuit.failed()
    clock.now += 5.0
    assert circuit.refusal() is None
    circuit.abandoned()
    assert circuit.refusal() is None


def test_circuits_are_per_address_not_per_service():
    # The edge dials one address per service today; two replicas of one service are two
    # addresses, and one being down must not refuse calls to the other.
    clock = Clock()
    registry = circuits(clock)
    down, up = registry["10.0.0.1:50152"], registry["10.0.0.2:50152"]
    for _ in range(3):
        down.failed()
    assert down.refusal() is not None
    assert up.refusal() is None
    assert registry["10.0.0.1:50152"] is down
    assert registry.states() == {"10.0.0.1:50152": "open", "10.0.0.2:50152": "closed"}


def test_state_changes_are_logged_once_not_per_call(caplog):
    clock = Clock()
    circuit = circuits(clock)["a:1"]
    with caplog.at_level(logging.INFO, logger="edge.circuits"):
        for _ in range(3):
            circuit.failed()
        for _ in range(50):
            circuit.refusal()
        clock.now += 5.0
        circuit.refusal()
        circuit.succeeded()
        for _ in range(50):
            circuit.succeeded()
    messages = [r.getMessage() for r in caplog.records]
    assert messages == [
        "backend a:1 is down: refusing calls for 5 s",
        "backend a:1 circuit half_open",
        "backend a:1 circuit closed",
    ]


def test_a_refused_call_maps_to_503_with_its_retry_hint():
    error = refused_call(4)
    remote = RemoteError.from_rpc(error)
    assert (remote.code, remote.reason) == (grpc.StatusCode.UNAVAILABLE, BACKEND_DOWN)
    problem = from_remote(remote)
    assert (problem.status, problem.error) == (503, "temporarily_unavailable")
    assert problem.details == {"retryAfter": 4}
    assert "retry in 4 s" in problem.description
    assert not is_transport_failure(error), "a refusal carries a reason: it is not a new failure"


@pytest.mark.parametrize(
    "code",
    [
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.UNKNOWN,
        grpc.StatusCode.INTERNAL,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        grpc.StatusCode.CANCELLED,
        grpc.StatusCode.DATA_LOSS,
    ],
)
def test_every_outage_code_without_a_reason_is_a_503_with_retry_after(code):
    error = grpc.aio.AioRpcError(code, grpc.aio.Metadata(), grpc.aio.Metadata(), "boom")
    problem = from_remote(RemoteError.from_rpc(error))
    assert (problem.status, problem.error) == (503, "temporarily_unavailable")
    retry_after = problem.details["retryAfter"]
    assert isinstance(retry_after, int) and retry_after >= 1
    assert "boom" not in problem.description, "transport details stay inside"


def test_only_silence_or_refusal_counts_against_an_address():
    def error(code: grpc.StatusCode) -> grpc.aio.AioRpcError:
        return grpc.aio.AioRpcError(code, grpc.aio.Metadata(), grpc.aio.Metadata(), "")

    assert is_transport_failure(error(grpc.StatusCode.UNAVAILABLE))
    assert is_transport_failure(error(grpc.StatusCode.DEADLINE_EXCEEDED))
    assert not is_transport_failure(error(grpc.StatusCode.INTERNAL)), "the service answered"
    assert not is_transport_failure(error(grpc.StatusCode.NOT_FOUND))


def test_deadlines_come_from_one_table_by_call_kind():
    assert call_kind("/kinetic.training.v1.TrainingService/GetLibrary") == CallKind.READ
    assert call_kind("/kinetic.training.v1.TrainingService/SearchExercises") == CallKind.READ
    assert call_kind("/grpc.health.v1.Health/Check") == CallKind.READ
    assert call_kind("/kinetic.training.v1.TrainingService/EditTraining") == CallKind.WRITE
    assert call_kind("/kinetic.sessions.v1.SessionsService/LogPerformance") == CallKind.WRITE
    assert call_kind("/kinetic.auth.v1.AuthService/VerifyPassword") == CallKind.PASSWORD
    assert call_kind("/kinetic.training.v1.TrainingService/EraseLibrary") == CallKind.BULK
    assert deadline_for("/kinetic.training.v1.TrainingService/GetLibrary") == DEADLINE_SECONDS[CallKind.READ]
    assert DEADLINE_SECONDS[CallKind.READ] == 2.0
    assert DEADLINE_SECONDS[CallKind.READ] < DEADLINE_SECONDS[CallKind.WRITE]
