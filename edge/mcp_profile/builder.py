"""A profile is a table: one MCP server built from a profile's tools (docs/decisions/0028-profile-builder.md).

A ``Profile`` names the server (name, title, version, instructions), its error style and its
tools. Each tool is one row (``rows.ToolRow``, decision 0100) holding what ``tools/list`` publishes
(name, title, description, input and output schemas, hints) and what ``tools/call`` runs: the scope
it needs, the cross-field rules the schema cannot say, the handler and the renderer.
``build_profile`` does every piece of per-tool work once: it compiles the input validators and
builds the published ``Tool`` list.
A call then only looks the tool up, checks the scope, validates, runs the rules and the handler,
and renders; a REST mirror calls the same ``CompiledTool.run``, so both answer alike.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import grpc
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
from mcp.types import (
    CallToolRequestParams,
    CallToolResult,
    EmptyResult,
    ListToolsResult,
    PaginatedRequestParams,
    SetLevelRequestParams,
    Tool,
)
from starlette.types import ASGIApp

from edge.guard import Principal, principal_of
from edge.mcp_profile.errors import ErrorStyle
from edge.mcp_profile.http_status import ProblemStatus, note_problem
from edge.mcp_profile.observed import ToolObserver
from edge.mcp_profile.rows import Arguments as Arguments
from edge.mcp_profile.rows import CrossFieldRule as CrossFieldRule
from edge.mcp_profile.rows import Handler as Handler
from edge.mcp_profile.rows import Payload as Payload
from edge.mcp_profile.rows import Renderer as Renderer
from edge.mcp_profile.rows import ToolSpec as ToolSpec
from edge.mcp_profile.rows import compact_result as compact_result
from edge.mcp_profile.validation import compile_validator, invalid_arguments, query_types
from edge.mcp_profile.value_rules import value_violations
from edge.mcp_tracing import trace_within_edge
from edge.problems import EdgeProblem, from_remote, unavailable
from kinetic.errors import RemoteError

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Profile:
    """A contract as a table: the server's identity, its error style and its tools.

    ``remote_errors`` turns a service's gRPC error that a handler let through into the problem the
    client sees.
    """

    name: str
    title: str
    version: str
    instructions: str
    errors: ErrorStyle
    tools: tuple[ToolSpec, ...]
    remote_errors: Callable[[RemoteError], EdgeProblem] = from_remote
    # Whether ``logging/setLevel`` is answered (the ``logging`` capability). A stateless server
    # sends no log notifications, so any level is kept trivially; hosts that set one get no error.
    accepts_log_level: bool = False


class CompiledTool:
    """A tool ready to call: its validator compiled and its published form built, once."""

    def __init__(
        self,
        spec: ToolSpec,
        remote_errors: Callable[[RemoteError], EdgeProblem],
        observer: ToolObserver | None = None,
    ) -> None:
        self.spec = spec
        self.published = Tool(
            name=spec.name,
            title=spec.title,
            description=spec.description,
            input_schema=dict(spec.input_schema),
            output_schema=dict(spec.output_schema) if spec.output_schema is not None else None,
            annotations=spec.published_annotations,
        )
        # For REST mirrors, whose query strings are read by the types this schema declares.
        self.query_types = query_types(spec.input_schema)
        self._validator = compile_validator(spec.input_schema)
        self._remote_errors = remote_errors
        self._observer = observer

    def check(self, arguments: Arguments) -> None:
        """Refuse ``arguments`` that break the schema or a cross-field rule, listing every violation."""
        # Unstorable text and numbers first: the schema's messages may quote the values they refuse.
        violations = value_violations(arguments) or self._validator.violations(arguments)
        if not violations:
            # The rules read typed, known arguments: they run only on arguments the schema accepts.
            for rule in self.spec.rules:
                violations.extend(rule(arguments))
        if violations:
            raise invalid_arguments(violations)

    async def run(self, principal: Principal, arguments: Arguments) -> Payload:
        """Scope, validation, rules, handler: the payload, or an ``EdgeProblem`` to show.

        Observed (span attributes, RED metrics) when a tracer or meter provider is installed.
        """
        if self._observer is None:
            return await self._run(principal, arguments)
        return await self._observer.observe(
            self.spec.name, principal.account_id, self._run(principal, arguments)
        )

    async def _run(self, principal: Principal, arguments: Arguments) -> Payload:
        if principal.scopes.isdisjoint(self.spec.scopes):
            needs = " or ".join(self.spec.scopes)
            raise EdgeProblem("insufficient_scope", f"{self.spec.name} needs the scope {needs}", 403)
        self.check(arguments)
        try:
            return await self.spec.handler(principal, arguments)
        except grpc.aio.AioRpcError as error:
            raise self._remote_errors(RemoteError.from_rpc(error)) from error
        except (EdgeProblem, MCPError):
            raise
        except Exception as error:
            # A fault of Kinetic's own: logged with its traceback for the team, answered in the
            # profile's own words for "not now" (never Python's message, never JSON-RPC code 0).
            _log.exception("tool %s failed", self.spec.name)
            raise unavailable(
                description=f"Kinetic could not answer {self.spec.name} because of a fault on its side, "
                "now logged; retry in 5 s, and if it keeps failing, try other values"
            ) from error


@dataclass
class BuiltProfile:
    """A profile's low-level MCP server and its compiled tools (REST mirrors call them by name)."""

    profile: Profile
    server: Server[Any]
    tools: dict[str, CompiledTool] = field(default_factory=dict)

    def endpoint(self, app: ASGIApp) -> ASGIApp:
        """``app`` (the profile's MCP endpoint), answering refusals with their HTTP status when the
        profile's error style says so."""
        return ProblemStatus(app) if self.profile.errors.answers_with_status else app


def request_principal(ctx: ServerRequestContext[Any, Any]) -> Principal:
    """The caller the guard authenticated (``edge.guard``) for this MCP request."""
    request = ctx.request
    if request is None:
        raise RuntimeError("an MCP call without an HTTP request did not pass the guard")
    return principal_of(request.scope)


def build_profile(
    profile: Profile,
    principal: Callable[[ServerRequestContext[Any, Any]], Principal] = request_principal,
) -> BuiltProfile:
    """The MCP server for ``profile`` on the SDK's public low-level ``Server``.

    ``principal`` finds the caller of a request; tests of an in-memory server pass their own.
    """
    # Decided once per profile: with nothing installed to read them, calls are not observed at all.
    observer = ToolObserver.for_profile(profile.name)
    tools = {spec.name: CompiledTool(spec, profile.remote_errors, observer) for spec in profile.tools}
    listed = ListToolsResult(tools=[tool.published for tool in tools.values()])
    errors = profile.errors

    def refuse(
        ctx: ServerRequestContext[Any, Any],
        problem: EdgeProblem,
        answer: Callable[[EdgeProblem], CallToolResult] = errors.outcome,
    ) -> CallToolResult:
        try:
            return answer(problem)
        except MCPError:
            # Only a JSON-RPC error takes the problem's HTTP status: a tool error is a result (200).
            if errors.answers_with_status and ctx.request is not None:
                note_problem(ctx.request.scope, problem)
            raise

    async def list_tools(
        ctx: ServerRequestContext[Any, Any], params: PaginatedRequestParams | None
    ) -> ListToolsResult:
        return listed

    async def call_tool(ctx: ServerRequestContext[Any, Any], params: CallToolRequestParams) -> CallToolResult:
        tool = tools.get(params.name)
        if tool is None:
            return refuse(
                ctx,
                EdgeProblem(
                    errors.unknown_tool,
                    f"unknown tool {params.name[:64]!r}; tools/list names this server's tools",
                    400,
                    {"field": "name"},
                ),
                errors.protocol_error or errors.outcome,
            )
        try:
            payload = await tool.run(principal(ctx), params.arguments or {})
        except EdgeProblem as problem:
            return refuse(ctx, problem)
        return tool.spec.render(payload)

    def input_schema(name: str) -> Mapping[str, Any] | None:
        tool = tools.get(name)
        return tool.published.input_schema if tool is not None else None

    async def set_logging_level(
        ctx: ServerRequestContext[Any, Any], params: SetLevelRequestParams
    ) -> EmptyResult:
        return EmptyResult()

    # The SDK marks the logging capability deprecated (newer protocol versions drop it); the
    # versions Kinetic speaks still define logging/setLevel, and a profile that answers it says so.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=MCPDeprecationWarning, message=".*logging capability")
        server: Server[Any] = Server(
            profile.name,
            version=profile.version,
            title=profile.title,
            instructions=profile.instructions,
            get_tool_input_schema=input_schema,
            on_list_tools=list_tools,
            on_call_tool=call_tool,
            on_set_logging_level=set_logging_level if profile.accepts_log_level else None,
        )
    trace_within_edge(server)
    return BuiltProfile(profile, server, tools)
