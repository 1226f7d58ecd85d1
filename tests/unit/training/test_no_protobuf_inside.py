"""Training's library domain reads plain values, not messages (docs/decisions/0110).

Protobuf is the contract at the edge: ``services/training/entrypoints`` reads requests into
values and builds answers. ``services/training/domain`` imports no generated stub, no
``google.protobuf``, no entrypoint and no adapter, checked on every module's syntax tree (nested
imports included). One import is allowed, by name: the bridge
``endurance_rules.parse_endurance``, which the endurance plans (``plans/rules``,
``plans/plans_pb``) still call with the ``EnduranceTarget`` message; a second test pins that
nothing but the plans calls it, so it cannot spread. ``services/training/service_layer`` is not
covered yet: its modules still build answers as messages (decision 0110 lists them).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOMAIN = ROOT / "services" / "training" / "domain"
# A generated stub (kinetic.training.v1), protobuf itself, the JSON-to-message reader, or a layer
# that speaks protobuf (entrypoints, adapters).
PROTOBUF = re.compile(
    r"^(kinetic\.[a-z_]+\.v1|google\.protobuf|kinetic\.training_edit_json"
    r"|services\.training\.(entrypoints|adapters))(\.|$)"
)
BRIDGE = ("services/training/domain/endurance_rules.py", "parse_endurance")


def _imports(tree: ast.AST) -> Iterator[tuple[str, str, int]]:
    """(the function holding it or "", the module imported, the line) for every import."""

    def walk(node: ast.AST, function: str) -> Iterator[tuple[str, str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield function, alias.name, child.lineno
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                yield function, child.module, child.lineno
                for alias in child.names:
                    yield function, f"{child.module}.{alias.name}", child.lineno
            named = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
            yield from walk(child, named)

    yield from walk(tree, "")


def _offences(folder: Path) -> list[str]:
    found = []
    for file in sorted(folder.rglob("*.py")):
        path = file.relative_to(ROOT).as_posix()
        for function, module, line in _imports(ast.parse(file.read_text(encoding="utf-8"))):
            if PROTOBUF.match(module) and (path, function) != BRIDGE:
                found.append(f"{path}:{line}: imports {module}")
    return found


def test_the_library_domain_imports_no_protobuf() -> None:
    assert len(list(DOMAIN.rglob("*.py"))) > 10  # the walk found the folder
    assert _offences(DOMAIN) == []


def test_the_checker_finds_a_message_import_at_any_depth() -> None:
    source = (
        "from kinetic.training.v1 import training_pb2\n"
        "def f():\n    import google.protobuf.json_format\n"
        "def parse_endurance():\n    from services.training.adapters import library_pb\n"
    )
    tree = ast.parse(source)
    found = [module for _, module, _ in _imports(tree) if PROTOBUF.match(module)]
    assert "kinetic.training.v1" in found
    assert "google.protobuf.json_format" in found
    assert "services.training.adapters.library_pb" in found


def test_only_the_endurance_plans_call_the_bridge() -> None:
    callers = sorted(
        file.relative_to(ROOT).as_posix()
        for file in (ROOT / "services").rglob("*.py")
        if re.search(r"\bparse_endurance\b", file.read_text(encoding="utf-8"))
    )
    assert callers == [
        "services/training/domain/endurance_rules.py",
        "services/training/plans/plans_pb.py",
        "services/training/plans/rules.py",
    ]
