"""Every field of every proto says what it holds: a newcomer reads the contract between services in
the protos, not in the code that fills them (the services' own rule since the first slice)."""

from __future__ import annotations

import re
from pathlib import Path

PROTOS = Path(__file__).resolve().parents[2] / "protos"
# A message field: optional label, a type (scalar, message, map<...>), a name and its number.
FIELD = re.compile(r"^\s*(?:repeated\s+|optional\s+)?(?:map<[^>]+>|[A-Za-z_][\w.]*)\s+\w+\s*=\s*\d+")


def undocumented_fields(text: str) -> list[str]:
    """The fields of one proto file without a comment above them or on their line."""
    lines = text.splitlines()
    bare = []
    for index, line in enumerate(lines):
        if not FIELD.match(line) or line.strip().startswith(("//", "option ", "reserved ")):
            continue
        above = lines[index - 1].strip() if index else ""
        if "//" not in line and not above.startswith("//"):
            bare.append(f"line {index + 1}: {line.strip()}")
    return bare


def test_the_check_sees_a_bare_field_and_a_commented_one() -> None:
    text = "message A {\n  // Its day, YYYY-MM-DD.\n  string day = 1;\n  int32 count = 2;\n}\n"
    assert undocumented_fields(text) == ["line 4: int32 count = 2;"]


def test_every_proto_field_has_a_comment() -> None:
    bare = {
        str(path.relative_to(PROTOS)): found
        for path in sorted(PROTOS.rglob("*.proto"))
        if (found := undocumented_fields(path.read_text()))
    }
    assert not bare, "\n".join(f"{name}: {len(found)}, first {found[0]}" for name, found in bare.items())
