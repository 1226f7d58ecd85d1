"""The session core reaches gyms only through its own ports (decision 0029).

Nothing under ``services/sessions`` outside ``gyms/`` imports the gyms hexagon, except the service's
``bootstrap.py``, which plugs it in; gyms may use the core's port and shared plumbing but none of
its use cases, adapters of sessions or entrypoints.
"""

from __future__ import annotations

import ast
from pathlib import Path

SESSIONS = Path(__file__).resolve().parents[3] / "services" / "sessions"
GYMS = SESSIONS / "gyms"
# What gyms may use of the session core: the port it implements and shared plumbing.
CORE_ALLOWED_TO_GYMS = (
    "services.sessions.service_layer.gym_directory",
    "services.sessions.adapters.read_engine",
    "services.sessions.domain.object_ids",
)
PACKAGE = "services.sessions"  # ``import services.sessions``: the CLI finds the migrations folder by it


def allowed_in_gyms(module: str) -> bool:
    """Whether a module of gyms may import ``module`` (a module or a name in one) of the core."""
    if not module.startswith(PACKAGE) or module.startswith(f"{PACKAGE}.gyms") or module == PACKAGE:
        return True
    return any(module == port or module.startswith(f"{port}.") for port in CORE_ALLOWED_TO_GYMS)


def imported_modules(path: Path) -> set[str]:
    """Every imported module, and ``module.name`` for each name of a ``from module import name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_the_session_core_does_not_import_gyms():
    core = [p for p in SESSIONS.rglob("*.py") if GYMS not in p.parents and p != SESSIONS / "bootstrap.py"]
    assert len(core) > 20
    offenders = {
        str(p.relative_to(SESSIONS)): sorted(
            m for m in imported_modules(p) if m.startswith("services.sessions.gyms")
        )
        for p in core
    }
    assert {path: mods for path, mods in offenders.items() if mods} == {}


def test_gyms_use_only_the_cores_ports_and_shared_plumbing():
    modules = list(GYMS.rglob("*.py"))
    assert len(modules) > 15
    reaches = {
        str(p.relative_to(SESSIONS)): sorted(m for m in imported_modules(p) if not allowed_in_gyms(m))
        for p in modules
    }
    assert {path: mods for path, mods in reaches.items() if mods} == {}


def test_the_checks_see_a_reach():
    assert not allowed_in_gyms("services.sessions.service_layer.session_logging.PerformanceLog")
    assert not allowed_in_gyms("services.sessions.adapters.session_repository")
    assert allowed_in_gyms("services.sessions.service_layer.gym_directory.PlanDay")
