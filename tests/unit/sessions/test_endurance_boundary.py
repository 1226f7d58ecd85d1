"""The session core does not reach into the endurance records (decision 0054).

The endurance records build on the core (its account lock and change feed); nothing else under
``services/sessions`` imports them, except ``bootstrap.py``, which plugs them in, and the change
feed's entrypoint, which only needs the generated messages (``kinetic.sessions.v1``), not the module.
"""

from __future__ import annotations

from tests.unit.sessions.test_gyms_boundary import SESSIONS, imported_modules

ENDURANCE = SESSIONS / "endurance"


def test_the_session_core_does_not_import_the_endurance_records():
    others = [
        p for p in SESSIONS.rglob("*.py") if ENDURANCE not in p.parents and p != SESSIONS / "bootstrap.py"
    ]
    assert len(others) > 20
    offenders = {
        str(p.relative_to(SESSIONS)): sorted(
            m for m in imported_modules(p) if m.startswith("services.sessions.endurance")
        )
        for p in others
    }
    assert {path: mods for path, mods in offenders.items() if mods} == {}
