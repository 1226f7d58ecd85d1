"""Every decision record opens with its number and title, then a status line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DECISIONS = Path(__file__).resolve().parents[3] / "docs" / "decisions"
RECORDS = sorted(DECISIONS.glob("*.md"))


def test_there_are_decision_records():
    assert len(RECORDS) >= 25


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name)
def test_a_record_has_its_number_a_title_and_a_status_line_after_it(path: Path):
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    number = path.name[:4]
    assert re.fullmatch(rf"# {number} \S.*", lines[0]), f"{path.name}: first line must be '# {number} Title'"
    assert re.match(r"Status: \w", lines[1]), f"{path.name}: the line after the title must be 'Status: ...'"
