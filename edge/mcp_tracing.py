"""MCP spans that belong to the edge's trace.

The SDK's built-in tracing middleware parents each MCP message on the ``traceparent`` a client
puts in ``_meta``, which splits one tool call into two traces: the edge's HTTP span in one, the
tool's gRPC and SQL spans in the other. Kinetic replaces it with a middleware that opens the MCP
span under the current (HTTP) span and keeps the client's ``_meta`` context as a span link, so the
call stays one trace from the HTTP request to the row while the client's trace stays reachable.
An assistant that wants its own trace continued sends ``traceparent`` as an HTTP header.

Without an SDK tracer provider (no exporter configured, ``kinetic.telemetry``) neither middleware
is installed: a no-op span still cost context work on every call for nothing (decision 0031).
"""

from __future__ import annotations

from typing import Any

from mcp.server._otel import OpenTelemetryMiddleware as SdkTracingMiddleware
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.types import CallToolResult
from opentelemetry import propagate, trace
from opentelemetry.trace import Link, SpanKind, StatusCode

from kinetic.telemetry import tracing_active

_tracer = trace.get_tracer("kinetic.edge.mcp")


class EdgeTracingMiddleware:
    """One span per MCP message, child of the edge's HTTP span; the ``_meta`` context is a link."""

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        name = ctx.params.get("name") if ctx.params else None
        target = name if isinstance(name, str) else None
        links = []
        if ctx.meta:
            remote = trace.get_current_span(propagate.extract(dict(ctx.meta))).get_span_context()
            if remote.is_valid:
                links.append(Link(remote))
        attributes: dict[str, Any] = {"mcp.method.name": ctx.method}
        if target is not None:
            attributes["gen_ai.tool.name"] = target
        with _tracer.start_as_current_span(
            f"{ctx.method} {target}" if target else ctx.method,
            kind=SpanKind.INTERNAL,
            attributes=attributes,
            links=links,
        ) as span:
            result = await call_next(ctx)
            if isinstance(result, CallToolResult) and result.is_error:
                span.set_attribute("error.type", "tool_error")
                span.set_status(StatusCode.ERROR)
            return result


def trace_within_edge(server: Server[Any]) -> None:
    """Swap the SDK's tracing middleware for ``EdgeTracingMiddleware`` on ``server``.

    When no tracer provider is active, the SDK's middleware goes and none takes its place.
    """
    kept = [m for m in server.middleware if not isinstance(m, SdkTracingMiddleware)]
    server.middleware[:] = [EdgeTracingMiddleware(), *kept] if tracing_active() else kept
