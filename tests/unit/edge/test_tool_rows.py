"""Every profile is declared as rows: one ``ToolRow`` literal per tool, in one ``TOOLS`` tuple
(docs/decisions/0100-tool-rows.md).

A row names its handler directly (a method of the class that serves it); the profile the app builds
serves exactly its rows, in their order, each handler bound to an object of that class. No profile
module keeps a table keyed by tool name or looks a handler up by name.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from types import ModuleType

import pytest
from mcp.types import ToolAnnotations

from edge.guard import Principal
from edge.mcp_profile.builder import Arguments, Payload
from edge.mcp_profile.rows import Method, ToolRow, bind, hints
from edge.profiles.client_ai import tools as client_ai
from edge.profiles.metric import tools as metric
from edge.profiles.ows import tools as ows
from edge.profiles.primed import tools as primed
from edge.profiles.runflow import plan_tools as runflow_plans
from edge.profiles.runflow import tools as runflow
from edge.profiles.runflow_public import tools as runflow_public
from tests.unit.edge.test_tools_list_golden import PROFILES

DECLARED: dict[str, ModuleType] = {
    "kinetic-metric": metric,
    "kinetic-client-ai": client_ai,
    "kinetic-open-workout-schema": ows,
    "kinetic-primed": primed,
    "kinetic-runflow": runflow,
    "kinetic-runflow-public": runflow_public,
}
# Where rows are written: each profile's tools module, and RunFlow's plan tools.
ROW_MODULES = (*DECLARED.values(), runflow_plans)


def test_every_served_profile_is_declared_here():
    assert sorted(DECLARED) == sorted(PROFILES)


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_each_tool_is_one_row_naming_its_handler(name: str):
    rows = DECLARED[name].TOOLS
    assert isinstance(rows, tuple) and rows
    names = [row.name for row in rows]
    assert len(set(names)) == len(names), "tool names are unique"
    for row in rows:
        assert isinstance(row, ToolRow)
        assert inspect.iscoroutinefunction(row.handler), row.name
        # A method of a class (Owner.method), not a closure or a name to look up.
        owner = row.handler.__qualname__.rpartition(".")[0]
        assert owner and "<locals>" not in owner, row.handler.__qualname__
        assert next(iter(inspect.signature(row.handler).parameters)) == "self", row.name


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_the_served_profile_is_its_rows_in_order(name: str):
    rows = DECLARED[name].TOOLS
    served = PROFILES[name].tools
    assert [tool.name for tool in served] == [row.name for row in rows]
    for row, tool in zip(rows, served, strict=True):
        assert tool.handler.__func__ is row.handler  # type: ignore[attr-defined]
        assert (tool.title, tool.description, tool.input_schema, tool.output_schema) == (
            row.title,
            row.description,
            row.input_schema,
            row.output_schema,
        )
        assert (tool.annotations, tool.scopes, tool.rules, tool.render) == (
            row.annotations,
            row.scopes,
            row.rules,
            row.render,
        )


@pytest.mark.parametrize("module", ROW_MODULES, ids=lambda module: module.__name__)
def test_no_table_is_keyed_by_tool_name_and_no_handler_is_found_by_name(module: ModuleType):
    tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
    names = {row.name for declared in DECLARED.values() for row in declared.TOOLS}
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = {str(key.value) for key in node.keys if isinstance(key, ast.Constant)}
            assert not keys & names, f"{module.__name__}: a table keyed by tool name: {sorted(keys & names)}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id != "getattr", f"{module.__name__} looks something up by name"


class Logs:
    async def log(self, principal: Principal, args: Arguments) -> Payload:
        return {"logged": True}


class Reads:
    async def read(self, principal: Principal, args: Arguments) -> Payload:
        return {}


class LoudLogs(Logs):
    pass


def row(handler: Method) -> ToolRow[Method]:
    return ToolRow(
        name="log",
        description="Log.",
        input_schema={},
        annotations=hints(read_only=False),
        scope="log",
        handler=handler,
    )


async def test_bind_serves_each_row_with_the_object_whose_class_defines_its_handler():
    logs, reads = Logs(), Reads()
    (served,) = bind((row(Logs.log),), reads, logs)
    assert served.handler.__self__ is logs  # type: ignore[attr-defined]
    assert await served.handler(Principal("a", frozenset(), "api_key"), {}) == {"logged": True}
    # Inherited methods count: the subclass defines what its base does.
    (inherited,) = bind((row(Logs.log),), LoudLogs())
    assert inherited.handler.__func__ is Logs.log  # type: ignore[attr-defined]


def test_bind_refuses_a_handler_no_object_or_two_objects_serve():
    with pytest.raises(ValueError, match="exactly one of Reads; 0 define it"):
        bind((row(Logs.log),), Reads())
    with pytest.raises(ValueError, match="exactly one of Logs, LoudLogs; 2 define it"):
        bind((row(Logs.log),), Logs(), LoudLogs())


def test_hints_title_themselves_with_the_rows_title_unless_they_carry_one():
    titled = ToolRow(
        name="t",
        title="Tool",
        description="",
        input_schema={},
        annotations=hints(read_only=True),
        scope="s",
        handler=Reads.read,
    )
    assert titled.published_annotations == ToolAnnotations(
        title="Tool", read_only_hint=True, open_world_hint=False
    )
    own = ToolRow(
        name="t",
        description="",
        input_schema={},
        annotations=hints(read_only=True, title="Own"),
        scope="s",
        handler=Reads.read,
    )
    assert own.published_annotations.title == "Own"
