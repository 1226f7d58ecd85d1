"""Training speaks protobuf only at its edges (docs/decisions/0110, 0113).

Protobuf is the contract at the edge: ``services/training/entrypoints`` reads requests into
values and builds answers (and the stored forms kept in a message's bytes). ``domain``,
``service_layer`` and ``adapters`` import no generated stub, no ``google.protobuf``, no
JSON-to-message reader and no entrypoint; the domain imports no adapter either. Checked on every
module's syntax tree (nested imports included). The endurance plans (``services/training/plans``,
its generator included) follow the same rule except in their named edges, ``PLAN_EDGES``: the
gRPC servicer, the request readers, the answers' renderers, the generated goal's ``CreateGoal``
and the one outbound client (analytics); their use cases import none of those edges but that
client, whose answer is a value.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
TRAINING = ROOT / "services" / "training"
DOMAIN = TRAINING / "domain"
# A generated stub (kinetic.training.v1), protobuf itself, the JSON-to-message reader, or the
# layer that speaks protobuf (entrypoints).
PROTOBUF = re.compile(
    r"^(kinetic\.[a-z_]+\.v1|google\.protobuf|kinetic\.training_edit_json"
    r"|services\.training\.entrypoints)(\.|$)"
)
# The domain is below the adapters too.
BELOW_ADAPTERS = re.compile(r"^services\.training\.adapters(\.|$)")
PLANS = TRAINING / "plans"
# The plans' modules that speak protobuf, each for its reason (decision 0113).
PLAN_EDGES = {
    "plans_grpc.py": "the gRPC servicer",
    "commands_pb.py": "reads requests into commands",
    "plans_pb.py": "renders answers; makes and reads the stored message bytes (PlanForms)",
    "generated_goal_pb.py": "a generated plan as the CreateGoal message (answered, and hashed as sent)",
    "planning_context.py": "the outbound client of analytics; answers a value",
}
# A use case of the plans may not reach protobuf through an edge either (the client aside).
PLAN_ENTRY = re.compile(
    r"^services\.training\.plans\.(plans_grpc|commands_pb|plans_pb|generated_goal_pb)(\.|$)"
)


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


def _offences(folder: Path, *forbidden: re.Pattern[str]) -> list[str]:
    found = []
    for file in sorted(folder.rglob("*.py")):
        path = file.relative_to(ROOT).as_posix()
        for _, module, line in _imports(ast.parse(file.read_text(encoding="utf-8"))):
            if any(p.match(module) for p in forbidden):
                found.append(f"{path}:{line}: imports {module}")
    return found


def test_the_library_domain_imports_no_protobuf() -> None:
    assert len(list(DOMAIN.rglob("*.py"))) > 10  # the walk found the folder
    assert _offences(DOMAIN, PROTOBUF, BELOW_ADAPTERS) == []


@pytest.mark.parametrize("layer", ["service_layer", "adapters"])
def test_the_service_layer_and_adapters_import_no_protobuf(layer: str) -> None:
    folder = TRAINING / layer
    assert len(list(folder.rglob("*.py"))) > 5  # the walk found the folder
    assert _offences(folder, PROTOBUF) == []


def test_the_checker_names_an_offence_in_a_layer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The layer test on a copy holding one message import: it must report it.
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    layer = tmp_path / "services" / "training" / "service_layer"
    layer.mkdir(parents=True)
    (layer / "answers.py").write_text("def f():\n    from google.protobuf import json_format\n")
    assert _offences(layer, PROTOBUF) == [
        "services/training/service_layer/answers.py:2: imports google.protobuf",
        "services/training/service_layer/answers.py:2: imports google.protobuf.json_format",
    ]


def test_the_checker_finds_a_message_import_at_any_depth() -> None:
    source = (
        "from kinetic.training.v1 import training_pb2\n"
        "def f():\n    import google.protobuf.json_format\n"
        "def parse_endurance():\n    from services.training.entrypoints import library_pb\n"
        "from services.training.adapters import tables\n"
    )
    tree = ast.parse(source)
    found = [module for _, module, _ in _imports(tree) if PROTOBUF.match(module)]
    assert "kinetic.training.v1" in found
    assert "google.protobuf.json_format" in found
    assert "services.training.entrypoints.library_pb" in found
    assert "services.training.adapters" not in found
    assert any(BELOW_ADAPTERS.match(module) for _, module, _ in _imports(tree))


def test_the_plans_use_cases_import_no_protobuf() -> None:
    files = [f for f in PLANS.rglob("*.py") if f.parent != PLANS or f.name not in PLAN_EDGES]
    assert len(files) > 20  # the walk found the folder and its generator
    found = []
    for file in sorted(files):
        path = file.relative_to(ROOT).as_posix()
        for _, module, line in _imports(ast.parse(file.read_text(encoding="utf-8"))):
            if PROTOBUF.match(module) or PLAN_ENTRY.match(module):
                found.append(f"{path}:{line}: imports {module}")
    assert found == []


@pytest.mark.parametrize("edge", sorted(PLAN_EDGES))
def test_each_named_edge_of_the_plans_speaks_protobuf(edge: str) -> None:
    # An edge that no longer imports protobuf leaves the list, so the list cannot outgrow the code.
    tree = ast.parse((PLANS / edge).read_text(encoding="utf-8"))
    assert any(PROTOBUF.match(module) for _, module, _ in _imports(tree))


def test_no_bridge_reads_a_message_in_the_domain() -> None:
    # The endurance plans read their drafts and legacy snapshots at the edge (0113): nothing calls
    # the domain with an ``EnduranceTarget`` message any more.
    callers = sorted(
        file.relative_to(ROOT).as_posix()
        for file in (ROOT / "services").rglob("*.py")
        if re.search(r"\bparse_endurance\b", file.read_text(encoding="utf-8"))
    )
    assert callers == []
