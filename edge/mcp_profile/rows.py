"""A tool is one row: everything ``tools/list`` publishes and ``tools/call`` runs, in one literal.

Each profile declares its tools as one tuple of ``ToolRow`` literals, in the order ``tools/list``
shows them: name, title, description, input and output schemas, hints, scope, the cross-field rules
and a direct reference to the handler (a method of the class that serves it, e.g.
``handler=WorkoutLogTools.add_sets``). The objects behind those methods exist only once the app has
its backends, so a profile hands them to ``bind``, which binds every row's method to the one object
whose class defines it. Reading a row tells everything about a tool; nothing is looked up by name
(docs/decisions/0100-tool-rows.md, 0028-profile-builder.md).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MethodType
from typing import Any, Generic, TypeVar

from mcp.types import CallToolResult, TextContent, ToolAnnotations

from edge.guard import Principal
from edge.mcp_profile.validation import Schema, Violation

Arguments = Mapping[str, Any]
Payload = dict[str, Any]
# A handler ready to call: ``async (principal, validated arguments) -> payload``.
Handler = Callable[[Principal, Arguments], Awaitable[Payload]]
# A handler as a row names it: a method of its serving class, not yet bound to an object.
Method = Callable[[Any, Principal, Arguments], Awaitable[Payload]]
Renderer = Callable[[Payload], CallToolResult]
# A rule the schema cannot say (e.g. "planId and planMomentId together"), run on valid arguments.
CrossFieldRule = Callable[[Arguments], Sequence[Violation]]

HandlerT = TypeVar("HandlerT")


def compact_result(payload: Payload) -> CallToolResult:
    """Compact JSON text plus the same object as structured content (the SDK would pretty-print)."""
    text = json.dumps(payload, separators=(",", ":"))
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=payload)


def hints(
    *,
    read_only: bool,
    destructive: bool | None = None,
    idempotent: bool | None = None,
    title: str | None = None,
) -> ToolAnnotations:
    """A tool's published hints. Every Kinetic tool reads and writes Kinetic's own records only, so
    none is open-world. Their title is the row's (``ToolRow.published_annotations``) unless ``title``
    gives one (Metric's tools publish only this one)."""
    return ToolAnnotations(
        title=title,
        read_only_hint=read_only,
        destructive_hint=destructive,
        idempotent_hint=idempotent,
        open_world_hint=False,
    )


@dataclass(frozen=True)
class ToolRow(Generic[HandlerT]):
    """One tool of a profile. ``ToolRow[Method]`` is a profile's declaration (its handler a method
    still to bind); ``ToolSpec`` (``ToolRow[Handler]``) is the same row ready to serve."""

    name: str
    description: str
    input_schema: Schema
    annotations: ToolAnnotations
    scope: str
    handler: HandlerT
    title: str | None = None
    output_schema: Schema | None = None
    rules: tuple[CrossFieldRule, ...] = ()
    render: Renderer = compact_result
    # Scopes that do as well as ``scope`` (Primed's get_training_status takes either of two).
    alternative_scopes: tuple[str, ...] = ()
    # Whether the hints repeat ``title`` (protocol 2025-03-26 had only the hints' title); RunFlow's
    # do not (decision 0120, amendment 2).
    title_in_hints: bool = True

    @property
    def scopes(self) -> tuple[str, ...]:
        """Every scope that lets a token call the tool; any one of them is enough."""
        return (self.scope, *self.alternative_scopes)

    @property
    def published_annotations(self) -> ToolAnnotations:
        """The hints as published: titled with the tool's title unless they carry a title of their
        own (Metric's tools have only the hints' title)."""
        if self.annotations.title is not None or self.title is None or not self.title_in_hints:
            return self.annotations
        return self.annotations.model_copy(update={"title": self.title})

    def bound_to(self: ToolRow[Method], owner: object) -> ToolSpec:
        """This row served by ``owner``, an instance of the class that defines its handler."""
        handler: Handler = MethodType(self.handler, owner)
        return ToolSpec(
            name=self.name,
            description=self.description,
            input_schema=self.input_schema,
            annotations=self.annotations,
            scope=self.scope,
            handler=handler,
            title=self.title,
            output_schema=self.output_schema,
            rules=self.rules,
            render=self.render,
            alternative_scopes=self.alternative_scopes,
            title_in_hints=self.title_in_hints,
        )


ToolSpec = ToolRow[Handler]


def defines(owner: object, method: Method) -> bool:
    """Whether ``method`` is one of the functions ``owner``'s class (or a base) defines."""
    return any(method in vars(cls).values() for cls in type(owner).__mro__)


def bind(rows: Sequence[ToolRow[Method]], *owners: object) -> tuple[ToolSpec, ...]:
    """Every row, in order, with its handler bound to the one of ``owners`` whose class defines it.

    Checked when the profile is built: a handler no owner (or more than one) defines fails at start.
    """
    served = []
    for row in rows:
        found = [owner for owner in owners if defines(owner, row.handler)]
        if len(found) != 1:
            classes = ", ".join(type(owner).__name__ for owner in owners)
            raise ValueError(
                f"{row.name}: its handler {row.handler.__qualname__} must be defined by exactly one of "
                f"{classes}; {len(found)} define it"
            )
        served.append(row.bound_to(found[0]))
    return tuple(served)
