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

from tests.fuzz.error_texts import RPC_NAMES

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
