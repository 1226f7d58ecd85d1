"""The session core does not reach into the workout log (decision 0049).

The workout log builds on the core (its repositories, feed and account lock: a workout is a
session); the core never imports it back, except ``bootstrap.py``, which plugs it in. The endurance
records (decision 0054), a sibling room plugged in the same way, import nothing of it: the
idempotent writes both use are the core's (decision 0099).
"""

from __future__ import annotations

from tests.unit.sessions.test_gyms_boundary import SESSIONS, imported_modules

WORKOUT_LOG = SESSIONS / "workout_log"
ENDURANCE = SESSIONS / "endurance"


def test_the_session_core_does_not_import_the_workout_log():
    core = [
        p
        for p in SESSIONS.rglob("*.py")
        if WORKOUT_LOG not in p.parents and ENDURANCE not in p.parents and p != SESSIONS / "bootstrap.py"
    ]
    assert len(core) > 20
    offenders = {
        str(p.relative_to(SESSIONS)): sorted(
            m for m in imported_modules(p) if m.startswith("services.sessions.workout_log")
        )
        for p in core
    }
    assert {path: mods for path, mods in offenders.items() if mods} == {}


def test_the_endurance_records_import_nothing_of_the_workout_log():
    modules = list(ENDURANCE.rglob("*.py"))
    assert len(modules) > 15
    reaches = {
        str(p.relative_to(SESSIONS)): sorted(
            m for m in imported_modules(p) if m.startswith("services.sessions.workout_log")
        )
        for p in modules
    }
    assert {path: mods for path, mods in reaches.items() if mods} == {}
