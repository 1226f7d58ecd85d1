"""What an error text may name: the rule of docs/decisions/0076-error-texts-name-the-profile.md.

An error text answers on one profile for one tool. It may name that profile's tools, the names the
profile publishes (its tools' input and output properties, their enum values) and its own error
codes. It must not name a gRPC method of Kinetic's services (those never leave the edge), a tool
of another profile, or a snake_case name the profile does not publish (``create_goal`` is a field
of a service request, not a tool). The argument a text blames (``workouts[0].date: ...`` at the
start of the text or after ``; ``, and a ``field`` detail) must be one of the tool's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROTOS = Path(__file__).resolve().parents[2] / "protos"
RPC_NAMES = frozenset(
    match.group(1)
    for proto in PROTOS.rglob("*.proto")
    for match in re.finditer(r"^\s*rpc\s+(\w+)", proto.read_text(), re.MULTILINE)
)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# A snake_case name written as a reference to something to call: ``(create_goal)``, ```create_goal```
# or ``create_goal(``. Listed values (``one of ez_bar, trap_bar``) are values the caller may send.
_REFERENCE = re.compile(
    r"\(([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\)|`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`|\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\("
)
# The names of MCP's own ``tools/call`` parameters: a text may blame them (an unreadable argument name).
_CALL_PARAMETERS = frozenset({"name", "arguments"})
# A blamed argument: a path such as ``workouts[0].steps[1].durationMinutes`` followed by a colon.
_BLAMED = re.compile(r"(?:^|; )([A-Za-z_][A-Za-z0-9_]*(?:\[\d+\]|\.[A-Za-z_][A-Za-z0-9_]*)*): ")


def schema_names(schema: Any) -> Iterator[str]:
    """Every property name and string enum value anywhere in a JSON Schema."""
    if isinstance(schema, Mapping):
        for name, sub in schema.get("properties", {}).items():
            yield name
            yield from schema_names(sub)
        for value in schema.get("enum", ()):
            if isinstance(value, str):
                yield value
        for key, sub in schema.items():
            if key != "properties":
                yield from schema_names(sub)
    elif isinstance(schema, list):
        for item in schema:
            yield from schema_names(item)


@dataclass(frozen=True)
class ProfileNames:
    """What one profile publishes: its tools, each tool's argument names, every name in its schemas."""

    tools: frozenset[str]
    arguments: Mapping[str, frozenset[str]]
    published: frozenset[str]
    codes: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def of(cls, tools: Iterable[Any], codes: Iterable[str] = ()) -> ProfileNames:
        """From the profile's ``tools/list`` (mcp ``Tool`` objects)."""
        listed = list(tools)
        arguments = {t.name: frozenset(schema_names(t.input_schema)) for t in listed}
        published = {name for t in listed for name in schema_names([t.input_schema, t.output_schema or {}])}
        return cls(frozenset(t.name for t in listed), arguments, frozenset(published), frozenset(codes))


def offences(
    text: str,
    tool: str,
    profile: ProfileNames,
    every_tool: frozenset[str],
    sent: Iterable[str] = (),
    blamed_field: str | None = None,
) -> list[str]:
    """What ``text`` (answered by ``tool``) names that the caller cannot use; empty when clean.

    ``sent`` are the values the call itself sent: a text may quote them back.
    """
    quoted = frozenset(sent)
    for value in sorted((v for v in quoted if len(v) >= 3), key=len, reverse=True):
        text = text.replace(value, " ")
    found: list[str] = []
    for word in dict.fromkeys(_WORD.findall(text)):
        if word in RPC_NAMES:
            found.append(f"gRPC method {word}")
        elif word in every_tool and word not in profile.tools:
            found.append(f"another profile's tool {word}")
    for match in _REFERENCE.finditer(text):
        word = next(group for group in match.groups() if group)
        if word not in profile.tools and word not in profile.published and word not in profile.codes:
            found.append(f"unpublished name {word}")
    own = profile.arguments.get(tool, frozenset())
    # A text in Open Workout Schema's style starts with its code: ``invalid_input: sets[0].reps: ...``.
    code, _, rest = text.partition(": ")
    blamed = [m.group(1) for m in _BLAMED.finditer(rest if code in profile.codes else text)]
    if blamed_field:
        blamed.append(blamed_field)
    for path in blamed:
        if path in quoted:  # the caller's own unknown argument, named back to it
            continue
        for part in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", path):
            # A name the caller sent (an unknown argument, a map's key) may be named back to it.
            if part not in own and part not in profile.codes and part not in _CALL_PARAMETERS | quoted:
                found.append(f"argument {part} ({path}) is not one of {tool}'s")
    return found
