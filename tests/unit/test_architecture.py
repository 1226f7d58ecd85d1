"""The services never reach into each other, the edge holds no service code, the shared package
neither: checked on every module's syntax tree.

A service reads another's data over gRPC and static training knowledge from
``knowledge.training`` (docs/decisions/0026-training-knowledge-package.md); it never imports
another service's modules or opens files in another service's folder, because each ships as its own
image and may change its insides at any time.

Inside sessions, the rooms (gyms, the workout log, the endurance records) are held to the same
rule as the services: a room imports itself, the session core (``domain``, ``adapters``,
``service_layer``, ``entrypoints``), ``knowledge`` and plumbing, never another room; the core
imports no room, except the composition root ``services/sessions/bootstrap.py``, which plugs them
in (docs/decisions/0099-rooms-import-no-room.md).

Inside a service, a room may keep a package to itself: the workout log's text reader
(``services/sessions/workout_log/text``) is reached through the log's LogWorkoutText and
MatchExercises, never imported by the session core or another room, and it stays pure (standard
library and itself only), so reading words never grows I/O of its own
(docs/decisions/0092-log-text-in-the-workout-log.md). Exercise names, which the workout-file import
also reads, are catalog knowledge in ``knowledge.training.exercise_names``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVICES = ("auth", "training", "sessions", "analytics")
# Generated gRPC stubs: produced by protoc, nobody edits them.
GENERATED = re.compile(r"^kinetic/[a-z_]+/v1/")
# A path or dotted module name into a service's folder, inside any string (docstrings included).
SERVICE_PATH = re.compile(r"\bservices[/\\.](" + "|".join(SERVICES) + r")\b")
# The catalog's file name: only the knowledge package may know where the catalog lives.
CATALOG_FILE = "catalog.json"
PATH_BUILDERS = frozenset({"Path", "PurePath", "PurePosixPath", "joinpath", "join"})
# Which parts of the domain library each owner reads (docs/decisions/0001, 0095): a new reader is a
# decision, not an import. Auth knows accounts, not training; the edge publishes the limits, the
# generator's arguments and the formulas' text, and judges no plan itself.
KNOWLEDGE_USED_BY = {
    "services/auth": frozenset(),
    "services/training": frozenset({"training", "endurance", "limits", "plan_generation", "plan_safety"}),
    "services/sessions": frozenset({"training", "endurance", "limits"}),
    "services/analytics": frozenset({"training", "endurance", "limits", "plan_safety"}),
    "edge": frozenset({"training", "endurance", "limits", "plan_generation"}),
    "knowledge": frozenset({"training", "endurance", "limits", "plan_generation", "plan_safety"}),
}
# A room's own package -> the folder whose modules alone may import it.
ROOM_PRIVATE = {"services.sessions.workout_log.text": "services/sessions/workout_log/"}
TEXT_READER = "services/sessions/workout_log/text"
# The rooms inside sessions, and the one module of its core that may import them.
SESSIONS_PACKAGE = "services.sessions"
ROOMS = ("gyms", "workout_log", "endurance")
COMPOSITION_ROOT = "services/sessions/bootstrap.py"


@dataclass(frozen=True)
class Offence:
    """One reach across a boundary: where it is and what it reaches."""

    path: str
    line: int
    problem: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.problem}"


def architecture_offences(path: str, source: str) -> list[Offence]:
    """Every boundary the module at ``path`` (relative to the repository root, with ``/``) crosses.

    - ``services/<svc>/``: imports of ``services.<other>`` or ``edge``; strings naming another
      service's folder (``services/training``, a ``... / "training"`` join) or ``catalog.json``;
    - ``edge/``: imports of ``services``; strings naming any service's folder or ``catalog.json``;
    - ``kinetic/``: imports of ``services``, ``edge`` or ``knowledge`` (plumbing knows no training);
    - ``services/sessions/<room>/``: imports of another room; the rest of ``services/sessions``
      but ``bootstrap.py``: imports of any room.
    Other paths (tests, benchmarks, scripts) may reach anywhere and give no offences.
    """
    owner = _owner(path)
    if owner is None:
        return []
    tree = ast.parse(source, filename=path)
    offences: list[Offence] = []
    for line, candidates in _imports(tree, _package_of(path)):
        forbidden = next((module for module in candidates if not _may_import(owner, module)), None)
        if forbidden is not None:
            offences.append(Offence(path, line, f"imports {forbidden}"))
        private = next((module for module in candidates if not _room_allows(path, module)), None)
        if forbidden is None and private is not None:
            offences.append(Offence(path, line, f"imports {private}, another room's own package"))
        room = next((module for module in candidates if not _rooms_allow(path, module)), None)
        if forbidden is None and private is None and room is not None:
            offences.append(Offence(path, line, f"imports {room}, {_room_problem(path)}"))
    if owner not in ("kinetic", "knowledge"):
        offences += _path_offences(path, tree, owner)
    return sorted(offences, key=lambda o: o.line)


def _owner(path: str) -> str | None:
    """``services/<svc>`` for a service's module, ``edge``, ``kinetic``, or None (not checked)."""
    parts = path.split("/")
    if parts[0] == "services" and len(parts) > 2 and parts[1] in SERVICES:
        return f"services/{parts[1]}"
    if parts[0] == "edge":
        return "edge"
    if parts[0] == "kinetic" and not GENERATED.match(path):
        return "kinetic"
    if parts[0] == "knowledge":
        return "knowledge"
    return None


def _package_of(path: str) -> list[str]:
    parts = path.removesuffix(".py").split("/")
    return parts if parts[-1] == "__init__" else parts[:-1]


def _imports(tree: ast.AST, package: list[str]) -> Iterator[tuple[int, list[str]]]:
    """``(line, absolute modules)`` per imported name; ``from x import y`` gives ``[x, x.y]``,
    because ``y`` may be a module (``from services import training``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, [alias.name]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against the module's own package
                anchor = package[: len(package) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                yield node.lineno, [base, f"{base}.{alias.name}"]


def _may_import(owner: str, module: str) -> bool:
    top, _, rest = module.partition(".")
    if owner == "kinetic":
        # Plumbing knows no training: no service, no edge, no domain library (decision 0095).
        return top not in ("services", "edge", "knowledge")
    if owner == "knowledge":
        # The domain library reads nothing but itself and the contracts (generated stubs): no
        # plumbing, no service, no edge (docs/decisions/0095-domain-library.md).
        return top not in ("services", "edge") and (
            top != "kinetic" or GENERATED.match(_as_path(module)) is not None
        )
    if top == "knowledge" and rest:
        return rest.split(".")[0] in KNOWLEDGE_USED_BY.get(owner, frozenset())
    if owner == "edge":
        return top != "services"
    if top == "edge":
        return False
    if top != "services" or not rest:
        return True
    return rest.split(".")[0] == owner.removeprefix("services/")


def _as_path(module: str) -> str:
    return module.replace(".", "/") + "/"


def _room_allows(path: str, module: str) -> bool:
    for package, room in ROOM_PRIVATE.items():
        if (module == package or module.startswith(package + ".")) and not path.startswith(room):
            return False
    return True


def _room_of(path: str) -> str | None:
    """The room of a sessions module (``gyms``, ...), "" for the session core, None elsewhere."""
    parts = path.split("/")
    if parts[:2] != ["services", "sessions"]:
        return None
    return parts[2] if len(parts) > 3 and parts[2] in ROOMS else ""


def _room_imported(module: str) -> str | None:
    """The room ``module`` lies in, or None when it lies in none."""
    if not module.startswith(SESSIONS_PACKAGE + "."):
        return None
    name = module.removeprefix(SESSIONS_PACKAGE + ".").split(".")[0]
    return name if name in ROOMS else None


def _rooms_allow(path: str, module: str) -> bool:
    own, reached = _room_of(path), _room_imported(module)
    if own is None or reached is None or path == COMPOSITION_ROOT:
        return True
    return own == reached


def _room_problem(path: str) -> str:
    if _room_of(path):
        return "another room: share it through the session core (decision 0099)"
    return "a room: only services/sessions/bootstrap.py plugs the rooms in (decision 0099)"


def _path_offences(path: str, tree: ast.AST, owner: str) -> list[Offence]:
    own_service = owner.removeprefix("services/")
    foreign = {name for name in SERVICES if name != own_service}
    offences: list[Offence] = []
    for node in ast.walk(tree):
        problems: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            problems += [
                f"names another service's folder: {match[0]!r}"
                for match in SERVICE_PATH.finditer(node.value)
                if match[1] in foreign
            ]
            if CATALOG_FILE in node.value:
                problems.append(f"names {CATALOG_FILE}: read knowledge.training")
        problems += [
            f"builds a path into another service: {part!r}" for part in _path_parts(node) if part in foreign
        ]
        offences += [Offence(path, getattr(node, "lineno", 0), problem) for problem in problems]
    return offences


def _path_parts(node: ast.AST) -> list[str]:
    """The string pieces of a path being built: both sides of ``/``, the arguments of ``Path(...)``,
    ``.joinpath(...)`` and ``os.path.join(...)``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        pieces = [node.left, node.right]
    elif isinstance(node, ast.Call) and _callee_name(node.func) in PATH_BUILDERS:
        pieces = list(node.args)
    else:
        return []
    return [p.value for p in pieces if isinstance(p, ast.Constant) and isinstance(p.value, str)]


def _callee_name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _checked_modules() -> Iterator[str]:
    for top in ("services", "edge", "kinetic", "knowledge"):
        for file in sorted((ROOT / top).rglob("*.py")):
            yield file.relative_to(ROOT).as_posix()


def test_no_module_crosses_a_boundary() -> None:
    modules = list(_checked_modules())
    assert len(modules) > 100  # the walk found the tree, not an empty folder
    offences = [
        offence
        for module in modules
        for offence in architecture_offences(module, (ROOT / module).read_text(encoding="utf-8"))
    ]
    assert not offences, "\n".join(map(str, offences))


def test_the_text_reader_stays_pure() -> None:
    """The reader of workout words imports the standard library and itself only: the log's service
    layer brings the account's history to it, so it can be tested with no service running."""
    import sys

    modules = sorted((ROOT / TEXT_READER).glob("*.py"))
    assert len(modules) >= 5  # parse, grammar, tokens, days, nothing_to_log
    own = TEXT_READER.replace("/", ".")
    for file in modules:
        tree = ast.parse(file.read_text(encoding="utf-8"))
        package = _package_of(file.relative_to(ROOT).as_posix())
        for line, candidates in _imports(tree, package):
            top = candidates[0].partition(".")[0]
            assert candidates[0].startswith(own) or top in sys.stdlib_module_names, (
                f"{file.name}:{line} imports {candidates[0]}"
            )


@pytest.mark.parametrize(
    ("path", "source", "problem"),
    [
        (
            "services/sessions/endurance/x.py",
            "from services.sessions.workout_log.text.parse import parse_workout_text\n",
            "imports services.sessions.workout_log.text.parse, another room's own package",
        ),
        (
            "services/sessions/service_layer/x.py",
            "from services.sessions.workout_log import text\n",
            "imports services.sessions.workout_log.text, another room's own package",
        ),
        (
            "services/sessions/service_layer/x.py",
            "from services.training.domain.catalog import load_catalog\n",
            "imports services.training.domain.catalog",
        ),
        ("services/sessions/x.py", "from services import training\n", "imports services.training"),
        (
            "services/sessions/endurance/service_layer/x.py",
            "from services.sessions.workout_log.service_layer.workout_logging import LoggedWorkout\n",
            "imports services.sessions.workout_log.service_layer.workout_logging, another room",
        ),
        (
            "services/sessions/workout_log/adapters/x.py",
            "from services.sessions import gyms\n",
            "imports services.sessions.gyms, another room",
        ),
        (
            "services/sessions/gyms/x.py",
            "from ..endurance.domain import ids\n",
            "imports services.sessions.endurance.domain, another room",
        ),
        (
            "services/sessions/service_layer/x.py",
            "import services.sessions.gyms.bootstrap\n",
            "imports services.sessions.gyms.bootstrap, a room",
        ),
        (
            "services/sessions/migrate.py",
            "from services.sessions.workout_log.adapters.tables import log_undo\n",
            "imports services.sessions.workout_log.adapters.tables, a room",
        ),
        ("services/analytics/x.py", "import services.auth.domain as auth\n", "imports services.auth.domain"),
        ("services/auth/x.py", "from edge.problems import invalid_field\n", "imports edge.problems"),
        (
            "services/training/adapters/x.py",
            "from ...sessions import gym_module\n",
            "imports services.sessions",
        ),
        (
            "edge/profiles/x.py",
            "def f():\n    from services.training.domain import calendar\n",
            "imports services.training.domain",
        ),
        ("kinetic/x.py", "from edge.problems import invalid_field\n", "imports edge.problems"),
        ("kinetic/x.py", "from knowledge.endurance import pace\n", "imports knowledge.endurance"),
        ("knowledge/training/x.py", "import services.training\n", "imports services.training"),
        ("services/auth/x.py", "from knowledge.training import catalog\n", "imports knowledge.training"),
        ("edge/x.py", "from knowledge.plan_safety import evaluate\n", "imports knowledge.plan_safety"),
        ("knowledge/endurance/x.py", "from kinetic.settings import Settings\n", "imports kinetic.settings"),
        ("knowledge/plan_safety/x.py", "from edge.problems import invalid_field\n", "imports edge.problems"),
        (
            "services/analytics/adapters/x.py",
            'P = Path(__file__).parents[2] / "training" / "domain" / "c.json"\n',
            "builds a path into another service: 'training'",
        ),
        (
            "services/analytics/x.py",
            'P = ROOT.joinpath("sessions", "gym_cli.py")\n',
            "builds a path into another service: 'sessions'",
        ),
        (
            "services/sessions/x.py",
            'P = "services/training/domain/rules.py"\n',
            "names another service's folder: 'services/training'",
        ),
        (
            "edge/x.py",
            'MODULE = "services.analytics.bootstrap"\n',
            "names another service's folder: 'services.analytics'",
        ),
        ("edge/x.py", 'F = "exercises/catalog.json"\n', "names catalog.json"),
        ("services/training/x.py", '"""Reads catalog.json."""\n', "names catalog.json"),
    ],
)
def test_the_checker_finds_each_kind_of_reach(path: str, source: str, problem: str) -> None:
    found = architecture_offences(path, source)
    assert [o.problem[: len(problem)] for o in found] == [problem], found


def test_the_checker_allows_what_a_module_may_do() -> None:
    allowed = {
        "services/training/x.py": (
            "from services.training.domain import calendar\n"
            "from services import training\n"
            "from knowledge.training.catalog import load_catalog\n"
            'MIGRATIONS = Path(__file__).parent / "migrations"\n'
            '"""See services/training/domain/calendar.py."""\n'
        ),
        "services/sessions/service_layer/x.py": "from ..domain import gym_model\nfrom . import gym_admin\n",
        "services/sessions/endurance/service_layer/x.py": (
            "from services.sessions.service_layer.idempotency import idempotent_write\n"
            "from services.sessions.endurance.domain import ids\n"
            "from ..adapters import endurance_repository\n"
            "from knowledge.endurance.pace import clock_text\n"
            "from kinetic.bounded_parse import ParseWorkers\n"
        ),
        "services/sessions/bootstrap.py": (
            "from services.sessions.gyms.bootstrap import build_gym_module\n"
            "from services.sessions.endurance.bootstrap import build_endurance\n"
        ),
        "services/sessions/workout_log/service_layer/x.py": (
            "from services.sessions.workout_log.text.parse import parse_workout_text\n"
            "from knowledge.training.exercise_names import resolve_exercise\n"
        ),
        "edge/x.py": (
            "from kinetic.training.v1 import training_pb2\n"
            "from knowledge.training.rules import WORKOUT_KINDS\n"
            "from edge.problems import invalid_field\n"
        ),
        "kinetic/launcher.py": 'ARGS = ["-m", "services.auth.cli"]\n',  # starts services, imports none
        "kinetic/training/v1/training_pb2.py": "import services.training\n",  # generated: not checked
        "tests/unit/x.py": "from services.training.domain.catalog import load_catalog\n",
        "knowledge/training/x.py": (
            "from kinetic.training.v1 import training_pb2\n"
            "from knowledge.endurance.pace import clock_text\n"
            'CATALOG = Path(__file__).parent / "catalog.json"\n'
        ),
    }
    for path, source in allowed.items():
        assert architecture_offences(path, source) == [], path
