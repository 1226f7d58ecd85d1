"""``python -m benchmarks.tools_list_sizes``: what a model reads before its first call, per profile.

Each profile is built as ``edge.app`` builds it and listed through the mcp package's in-memory
client (as ``tests/unit/edge/test_tools_list_golden.py`` pins it); a size is the UTF-8 bytes of that
``tools/list`` answer as compact JSON, split into the tools' input schemas, output schemas and
descriptions (the tools' own and those inside their schemas). ``MAIN_BEFORE`` holds the same
figures measured on ``main`` before decision 0120, printed beside today's. No service runs.
``benchmarks.assistant_scenarios`` prints the same table after its scenarios. ``breakdown`` splits
one profile's answer exactly (the parts add up to its size) by tool and by keyword, as
``python -m benchmarks.tools_list_sizes`` prints it for RunFlow (decision 0120's second amendment).
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Any

from tests.unit.edge.test_tools_list_golden import PROFILES, listed_tools


@dataclass(frozen=True)
class ListSize:
    """Bytes of one profile's ``tools/list`` answer, in total and by part."""

    total: int
    inputs: int
    outputs: int
    descriptions: int


# Measured on main at 8e454d7 with this module's measure (docs/decisions/0120-lean-tool-lists.md).
MAIN_BEFORE = {
    "kinetic-metric": ListSize(total=44634, inputs=5520, outputs=33875, descriptions=12357),
    "kinetic-client-ai": ListSize(total=31113, inputs=6989, outputs=19520, descriptions=5812),
    "kinetic-open-workout-schema": ListSize(total=23731, inputs=12914, outputs=0, descriptions=10706),
    "kinetic-primed": ListSize(total=7625, inputs=1008, outputs=4302, descriptions=1475),
    "kinetic-runflow": ListSize(total=93205, inputs=79247, outputs=0, descriptions=36102),
    "kinetic-runflow-public": ListSize(total=5545, inputs=4290, outputs=0, descriptions=2380),
}


def compact_bytes(value: Any) -> int:
    """The UTF-8 bytes of ``value`` as compact JSON, as a client receives it."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def description_bytes(schema: Any, *, names: bool = False) -> int:
    """The bytes of every ``description`` text in a schema (a property *named* description is no
    description: ``names`` says ``schema`` maps names to schemas)."""
    if isinstance(schema, list):
        return sum(description_bytes(item) for item in schema)
    if not isinstance(schema, dict):
        return 0
    found = 0
    for key, value in schema.items():
        if key == "description" and not names and isinstance(value, str):
            found += len(value.encode())
        elif key not in ("enum", "const", "default", "examples"):
            found += description_bytes(value, names=key in ("properties", "$defs") and not names)
    return found


def size_of(listed: dict[str, Any]) -> ListSize:
    tools = listed["tools"]
    return ListSize(
        total=compact_bytes(listed),
        inputs=sum(compact_bytes(tool["inputSchema"]) for tool in tools),
        outputs=sum(compact_bytes(tool["outputSchema"]) for tool in tools if "outputSchema" in tool),
        descriptions=sum(
            len(tool.get("description", "").encode())
            + description_bytes(tool["inputSchema"])
            + description_bytes(tool.get("outputSchema"))
            for tool in tools
        ),
    )


# Keywords whose value maps names to schemas, holds one schema, or a list of schemas.
_NAMED = frozenset({"properties", "patternProperties", "$defs", "dependentSchemas"})
_ONE = frozenset({"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"})
_MANY = frozenset({"anyOf", "allOf", "oneOf", "prefixItems"})


def _entry(key: str, value: Any) -> int:
    """The bytes of ``"key":value`` in compact JSON."""
    return compact_bytes({key: value}) - 2


def keyword_bytes(schema: Any, found: Counter[str]) -> None:
    """Adds to ``found`` the bytes of each keyword of ``schema`` (its braces and commas under
    ``{}``): a keyword holding schemas counts only its own key, names and punctuation."""
    if not isinstance(schema, dict):
        found["{}" if schema in (True, False) else "?"] += compact_bytes(schema)
        return
    found["{}"] += 2 + max(len(schema) - 1, 0)
    for key, value in schema.items():
        if key in _NAMED and isinstance(value, dict):
            found[key] += _entry(key, value) - sum(compact_bytes(sub) for sub in value.values())
            for sub in value.values():
                keyword_bytes(sub, found)
        elif key in _ONE and isinstance(value, dict):
            found[key] += _entry(key, value) - compact_bytes(value)
            keyword_bytes(value, found)
        elif key in _MANY and isinstance(value, list):
            found[key] += _entry(key, value) - sum(compact_bytes(sub) for sub in value)
            for sub in value:
                keyword_bytes(sub, found)
        else:
            found[key] += _entry(key, value)


def breakdown(listed: dict[str, Any]) -> tuple[dict[str, int], Counter[str]]:
    """One profile's ``tools/list`` answer split exactly: bytes by tool, and by part (a tool's
    ``name``, ``title``, ``description``, each hint with its value, and each schema keyword)."""
    by_tool: dict[str, int] = {}
    parts: Counter[str] = Counter()
    for tool in listed["tools"]:
        by_tool[tool["name"]] = compact_bytes(tool)
        parts["{}"] += 2 + len(tool) - 1
        for key, value in tool.items():
            if key in ("inputSchema", "outputSchema"):
                parts[key + " (key)"] += _entry(key, {}) - 2
                keyword_bytes(value, parts)
            elif key == "annotations" and isinstance(value, dict):
                parts["{}"] += _entry(key, {}) + max(len(value) - 1, 0)
                for hint, said in value.items():
                    part = "annotations." + hint + ("" if hint == "title" else f"={json.dumps(said)}")
                    parts[part] += _entry(hint, said)
            else:
                parts[f"tool {key}"] += _entry(key, value)
    rest = compact_bytes(listed) - sum(by_tool.values())
    parts["{}"] += rest  # the answer's own keys, the list's brackets and commas
    by_tool["(answer framing)"] = rest
    return by_tool, parts


def report_breakdown(name: str, listed: dict[str, Any]) -> None:
    by_tool, parts = breakdown(listed)
    total = compact_bytes(listed)
    print(f"\n{name}: {total} bytes by tool")
    for tool, size in sorted(by_tool.items(), key=lambda item: -item[1]):
        print(f"  {tool:<40} {size:>7}")
    print(f"{name}: {total} bytes by part (schema keywords, the tools' own fields, hints)")
    for part, size in parts.most_common():
        print(f"  {part:<40} {size:>7} {size / total:>6.1%}")
    assert sum(parts.values()) == total == sum(by_tool.values()), "the parts add up to the answer"


async def measure() -> dict[str, ListSize]:
    """Every profile's ``tools/list`` size, by profile name."""
    return {name: size_of(await listed_tools(profile)) for name, profile in sorted(PROFILES.items())}


def report(sizes: dict[str, ListSize]) -> None:
    columns = ("main", "now", "now/main", "inputs", "outputs", "descr.")
    print(f"{'tools/list bytes':<28}" + "".join(f" {column:>8}" for column in columns))
    for name, size in sizes.items():
        before = MAIN_BEFORE.get(name)
        was = f"{before.total:>8}" if before else f"{'-':>8}"
        ratio = f"{size.total / before.total:>8.2f}" if before else f"{'-':>8}"
        parts = f"{size.inputs:>8} {size.outputs:>8} {size.descriptions:>8}"
        print(f"{name:<28} {was} {size.total:>8} {ratio} {parts}")


async def listed_runflow() -> dict[str, Any]:
    return await listed_tools(PROFILES["kinetic-runflow"])


def main() -> int:
    report(asyncio.run(measure()))
    report_breakdown("kinetic-runflow", asyncio.run(listed_runflow()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
