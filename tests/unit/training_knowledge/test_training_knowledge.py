"""The training knowledge package: its version follows its content, its formats and its catalog."""

from __future__ import annotations

import hashlib
import json
import re
from datetime import date, timedelta
from types import ModuleType

import pytest

import knowledge.training as training_knowledge
from knowledge.training import catalog, formats, rules

# One line per published VERSION: the fingerprint of what it published. When this test fails, the
# catalog, the rules or the formats changed: bump VERSION and add its line, so readers can tell.
FINGERPRINTS = {
    "1.0.0": "13025256b0d7c28cb39e670dbd5e4ee63456e384a92508abc504b18cdab740f0",
}


def _public_constants(module: ModuleType) -> list[str]:
    return [f"{name}={getattr(module, name)!r}" for name in sorted(vars(module)) if name.isupper()]


def content_fingerprint() -> str:
    digest = hashlib.sha256(catalog.CATALOG_PATH.read_bytes())
    for line in _public_constants(rules) + _public_constants(formats):
        digest.update(line.encode())
    return digest.hexdigest()


def test_the_version_names_the_published_content() -> None:
    assert FINGERPRINTS.get(training_knowledge.VERSION) == content_fingerprint(), (
        "the training knowledge changed: bump VERSION and record its fingerprint"
    )


def test_a_content_change_changes_the_fingerprint(monkeypatch: pytest.MonkeyPatch) -> None:
    before = content_fingerprint()
    monkeypatch.setattr(formats, "CALENDAR_MAX_DAYS", 94)
    assert content_fingerprint() != before


PATTERNS = {
    "IDEMPOTENCY_KEY": formats.IDEMPOTENCY_KEY,
    "DEVICE_ID": formats.DEVICE_ID,
    "VERSION": formats.VERSION,
    "VERSION_KEY": formats.VERSION_KEY,
    "LOCAL_DAY": formats.LOCAL_DAY,
}


@pytest.mark.parametrize("name", PATTERNS)
def test_each_compiled_format_is_its_published_pattern(name: str) -> None:
    published = getattr(formats, f"{name}_PATTERN")
    assert PATTERNS[name].pattern == published
    # JSON Schema patterns are unanchored: a published pattern anchors itself.
    assert published.startswith("^") and published.endswith("$")
    assert "\\d" not in published


@pytest.mark.parametrize(
    ("pattern", "good", "bad"),
    [
        (
            formats.IDEMPOTENCY_KEY,
            ["abcd1234", "edit:2026-09-25.a_b-c", "k" * 80],
            ["short", "k" * 81, "has space"],
        ),
        (formats.DEVICE_ID, ["kinetic", "iPhone-15", "a" * 40], ["", "a" * 41, "dev_1", "dév"]),
        (
            formats.VERSION,
            ["1.kinetic", "1234567890.phone-2"],
            ["0.kinetic", "1.", "01.x", "12345678901.x", "1.a_b"],
        ),
        (
            formats.VERSION_KEY,
            ["workout:3f2b8c1e-9d4a-4e6b-8c2d-1a2b3c4d5e6f", "plan:3f2b8c1e-9d4a-4e6b-8c2d-1a2b3c4d5e6f"],
            ["session:3f2b8c1e-9d4a-4e6b-8c2d-1a2b3c4d5e6f", "workout:3F2B8C1E-9D4A-4E6B-8C2D-1A2B3C4D5E6F"],
        ),
        (formats.LOCAL_DAY, ["2026-09-25"], ["20260925", "2026-W39-5", "٢٠٢٦-09-25"]),
    ],
)
def test_formats_accept_and_refuse(pattern: re.Pattern[str], good: list[str], bad: list[str]) -> None:
    for value in good:
        assert pattern.fullmatch(value), value
    for value in [*bad, *(value + "\n" for value in good)]:
        assert not pattern.fullmatch(value), value


def test_version_and_version_key_builders_write_the_formats() -> None:
    record_id = "3f2b8c1e-9d4a-4e6b-8c2d-1a2b3c4d5e6f"
    assert formats.VERSION.fullmatch(formats.format_version(7, formats.DEFAULT_DEVICE_ID))
    for kind in formats.VERSIONED_KINDS:
        assert formats.VERSION_KEY.fullmatch(formats.version_key(kind, record_id))


@pytest.mark.parametrize("week_starts_on", range(formats.SUNDAY, formats.SATURDAY + 1))
def test_a_week_starts_on_its_first_weekday_and_holds_seven_days(week_starts_on: int) -> None:
    first = formats.week_start(date(2026, 3, 8), week_starts_on)
    assert formats.weekday_number(first) == week_starts_on
    assert [formats.week_start(first + timedelta(days=n), week_starts_on) for n in range(7)] == [first] * 7
    assert formats.week_start(first + timedelta(days=7), week_starts_on) == first + timedelta(days=7)


def test_weekday_numbers_start_on_sunday() -> None:
    assert formats.weekday_number(date(2026, 9, 20)) == formats.SUNDAY  # a Sunday
    assert formats.weekday_number(date(2026, 9, 21)) == formats.MONDAY
    assert formats.weekday_number(date(2026, 9, 26)) == formats.SATURDAY


@pytest.mark.parametrize("week_starts_on", [0, 8, True, 2.0])
def test_week_start_refuses_what_is_not_a_weekday_number(week_starts_on: object) -> None:
    with pytest.raises(ValueError, match="week_starts_on"):
        formats.week_start(date(2026, 9, 25), week_starts_on)  # type: ignore[arg-type]


def test_the_catalog_is_read_once_and_indexed_by_id() -> None:
    exercises = catalog.load_catalog()
    assert exercises is catalog.load_catalog()
    assert len(exercises) > 100
    assert catalog.catalog_by_id()["barbell-back-squat"].name == "Barbell Back Squat"
    assert all(mode in rules.TRACKING_MODES for e in exercises for mode in e.tracking_modes)


def test_the_catalog_parser_refuses_bad_shapes_and_duplicates() -> None:
    entries = json.loads(catalog.CATALOG_PATH.read_text(encoding="utf-8"))[:2]
    with pytest.raises(ValueError, match="JSON list"):
        catalog.parse_catalog_entries({"exercises": entries})
    with pytest.raises(ValueError, match=r"unknown fields \['video'\]"):
        catalog.parse_catalog_entries([{**entries[0], "video": "x"}])
    with pytest.raises(ValueError, match="name must be a string"):
        catalog.parse_catalog_entries([{**entries[0], "name": 3}])
    with pytest.raises(ValueError, match="exercise_id is used"):
        catalog.parse_catalog_entries([entries[0], {**entries[1], "exercise_id": entries[0]["exercise_id"]}])
    with pytest.raises(ValueError, match="is used by an earlier entry"):
        catalog.parse_catalog_entries([entries[0], {**entries[1], "name": entries[0]["name"].lower()}])
