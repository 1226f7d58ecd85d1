"""The next plan day and the effective machine setup: the gyms domain's rules for the client reads."""

from __future__ import annotations

from datetime import UTC, datetime

from services.sessions.gyms.domain.model import Localized, Plan, PlanDay, SetupField, effective_setup
from services.sessions.gyms.domain.next_day import next_day

DONE_AT = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)


def day(day_id: str, visible: bool = True) -> PlanDay:
    return PlanDay(day_id * 24, Localized(day_id, day_id), visible)


def plan(*days: PlanDay) -> Plan:
    return Plan(
        "p" * 24, "c" * 24, "k" * 24, "l" * 24, Localized("P", "P"), Localized("", ""), "Active", False, days
    )


def test_nothing_completed_gives_the_first_visible_day():
    found = next_day(plan(day("a", visible=False), day("b"), day("c")), None)
    assert found is not None and (found.day.id, found.position) == ("b" * 24, 2)
    assert (found.last_completed_day_id, found.last_completed_at) == ("", None)


def test_the_day_after_the_completed_one_skips_hidden_days_and_wraps():
    days = (day("a"), day("b", visible=False), day("c"))
    after_a = next_day(plan(*days), ("a" * 24, DONE_AT))
    after_c = next_day(plan(*days), ("c" * 24, DONE_AT))
    assert after_a is not None and (after_a.day.id, after_a.position) == ("c" * 24, 3)
    assert after_a.last_completed_day_id == "a" * 24 and after_a.last_completed_at == DONE_AT
    assert after_c is not None and after_c.day.id == "a" * 24, "after the last day, the first"


def test_a_completed_day_that_was_removed_or_hidden():
    removed = next_day(plan(day("a"), day("b")), ("z" * 24, DONE_AT))
    hidden = next_day(plan(day("a"), day("b", visible=False), day("c")), ("b" * 24, DONE_AT))
    assert removed is not None and removed.day.id == "a" * 24
    assert hidden is not None and hidden.day.id == "c" * 24, "the day after it still comes next"
    assert next_day(plan(day("a", visible=False)), None) is None


def test_the_company_replaces_the_system_field_of_the_same_key():
    system = [
        SetupField("seat", Localized("Seat", "Zit"), 3),
        SetupField("angle", Localized("Angle", "Hoek"), "flat"),
    ]
    company = [
        SetupField("pin", Localized("Pin", "Pin"), True),
        SetupField("seat", Localized("Seat", "Zit"), 4),
    ]
    merged = [(f.setup_field.key, f.setup_field.value, f.source) for f in effective_setup(system, company)]
    assert merged == [("seat", 4, "company"), ("angle", "flat", "system"), ("pin", True, "company")]
