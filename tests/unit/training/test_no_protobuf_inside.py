"""Training's library speaks protobuf only in its entrypoints (docs/decisions/0110, 0113).

Protobuf is the contract at the edge: ``services/training/entrypoints`` reads requests into
values and builds answers (and the stored forms kept in a message's bytes). ``domain``,
``service_layer`` and ``adapters`` import no generated stub, no ``google.protobuf``, no
JSON-to-message reader and no entrypoint; the domain imports no adapter either. Checked on every
module's syntax tree (nested imports included). One import is allowed, by name: the bridge
``endurance_rules.parse_endurance``, which the endurance plans (``plans/rules``,
``plans/plans_pb``) still call with the ``EnduranceTarget`` message; a second test pins that
nothing but the plans calls it, so it cannot spread. ``services/training/plans`` is not covered:
it keeps its own ``*_pb`` modules beside its use cases (decision 0113 says what is left).
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


def _offences(folder: Path, *forbidden: re.Pattern[str]) -> list[str]:
    found = []
    for file in sorted(folder.rglob("*.py")):
        path = file.relative_to(ROOT).as_posix()
        for function, module, line in _imports(ast.parse(file.read_text(encoding="utf-8"))):
            if any(p.match(module) for p in forbidden) and (path, function) != BRIDGE:
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
