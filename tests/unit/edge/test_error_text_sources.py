"""The message templates in the source name no gRPC method and no tool of a service (decision 0076).

The scan of answered texts (tests/fuzz/test_error_texts.py) sees what its calls reach; this reads
every error a service or the edge builds: the string literals inside ``raise`` statements and in
calls to error constructors (``NotFound(...)``, ``EdgeProblem(...)``, ``Violation(...)``...). A
gRPC method name must never reach a caller, and a service, shared by every profile, cannot know
which tools its caller has: ``(create_goal)`` in a service's message names a request field as if
it were a tool. The edge adds each profile's own hints (edge/profiles/runflow/plan_errors.py).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import grpc
from mcp.types import Tool

from edge.problems import from_remote
from edge.profiles.runflow.plan_errors import from_plans
from kinetic.errors import RemoteError
from tests.fuzz.error_texts import RPC_NAMES, ProfileNames, offences

ROOT = Path(__file__).resolve().parents[3]
_ERROR_CALL = re.compile(
    r"(Error|Problem|NotFound|InvalidArgument|Violation|Precondition|Conflict|Denied|Exists|Exhausted"
    r"|for_field|invalid_field|unavailable|refusal)$"
)
_TOOL_REFERENCE = re.compile(r"\(([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\)|`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`")


def _sources(*folders: str) -> Iterator[Path]:
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if not path.name.endswith(("_pb2.py", "_pb2_grpc.py", "_pb2.pyi")):
                yield path


def _callee(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _texts(node: ast.AST) -> Iterator[str]:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            yield inner.value


def error_texts(path: Path) -> Iterator[tuple[int, str]]:
    """Each string literal an error is built from, with its line."""
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) or (isinstance(node, ast.Call) and _ERROR_CALL.search(_callee(node))):
            for text in _texts(node):
                yield node.lineno, text


def test_no_error_text_of_a_service_or_the_edge_names_a_grpc_method() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {word} in {text!r}"
        for path in _sources("services", "edge")
        for line, text in error_texts(path)
        for word in re.findall(r"[A-Za-z]+", text)
        if word in RPC_NAMES
    ]
    assert not found, "\n".join(sorted(set(found)))


def test_no_error_text_of_a_service_names_something_to_call() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {match.group(0)} in {text!r}"
        for path in _sources("services")
        for line, text in error_texts(path)
        for match in _TOOL_REFERENCE.finditer(text)
    ]
    assert not found, "\n".join(sorted(set(found)))


def _names() -> ProfileNames:
    tool = Tool(
        name="get_training_plan",
        input_schema={"type": "object", "properties": {"goalId": {"type": "string"}}},
        output_schema={"type": "object", "properties": {"workoutId": {"type": "string"}}},
    )
    listing = Tool(name="list_training_plans", input_schema={"type": "object"})
    return ProfileNames.of([tool, listing])


def test_the_scan_refuses_rpc_names_foreign_tools_unpublished_references_and_foreign_arguments() -> None:
    names, every = _names(), frozenset({"get_training_plan", "list_training_plans", "get_today_coaching"})

    def scan(text: str, sent: tuple[str, ...] = ()) -> list[str]:
        return offences(text, "get_training_plan", names, every, sent)

    assert scan("goal g1 does not exist; ListGoals shows the goal IDs") == ["gRPC method ListGoals"]
    assert scan("see get_today_coaching") == ["another profile's tool get_today_coaching"]
    assert scan("create one (create_goal)") == ["unpublished name create_goal"]
    assert scan("date: must be a date") == ["argument date (date) is not one of get_training_plan's"]
    # What the profile publishes, and the caller's own words, pass.
    assert scan("goalId: goal g1 does not exist; list_training_plans shows the goalIds") == []
    assert scan("pick one of ez_bar, trap_bar; get_training_plan shows the workoutId") == []
    assert scan("notAnArgument: unknown argument", sent=("notAnArgument",)) == []


def test_runflow_adds_its_own_tools_to_trainings_plan_refusals() -> None:
    text = "goal g1 does not exist for this account"
    missing = RemoteError(grpc.StatusCode.NOT_FOUND, text, "GOAL_NOT_FOUND")
    assert from_plans(missing).description == f"{text}; list_training_plans shows the goalIds"
    assert from_plans(missing).error == from_remote(missing).error == "not_found"
    # A reason RunFlow has no hint for, and an outage, read as from_remote says.
    other = RemoteError(grpc.StatusCode.NOT_FOUND, "no such thing", "OTHER")
    assert from_plans(other) == from_remote(other)
    down = RemoteError(grpc.StatusCode.UNAVAILABLE, "down", "GOAL_NOT_FOUND")
    assert from_plans(down) == from_remote(down)
