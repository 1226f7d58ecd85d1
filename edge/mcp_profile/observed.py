"""What every profile's tool calls tell an SRE: span attributes and RED metrics, per profile and tool.

``ToolObserver.for_profile`` returns None when neither a tracer nor a meter provider is installed
(no exporter, no scrape endpoint): the builder then calls tools exactly as before, with no work
added per call (decision 0031's rule, docs/decisions/0042-metrics-traces-logs.md).

On the current span (the MCP tool span, or the HTTP span of a REST mirror) it sets
``kinetic.profile``, ``gen_ai.tool.name``, ``kinetic.account.hash`` (a hash: account IDs stay out
of trace stores), ``kinetic.outcome`` (``ok``/``error``) and ``error.type`` (the refusal's code).
It counts ``kinetic.mcp.tool.calls`` and ``kinetic.mcp.tool.errors`` and times
``kinetic.mcp.tool.duration`` with ``profile``, ``tool``, ``outcome`` and ``error`` labels.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable
from time import perf_counter
from typing import Any, TypeVar

from opentelemetry import metrics, trace
from opentelemetry.trace import StatusCode

from edge.problems import EdgeProblem
from kinetic.metrics import DURATION_BUCKETS, metrics_active
from kinetic.telemetry import tracing_active

T = TypeVar("T")

OK = "ok"
ERROR = "error"


def account_hash(account_id: str) -> str:
    """A stable, short stand-in for an account ID: the same account's calls group together."""
    return hashlib.sha256(account_id.encode()).hexdigest()[:16]


class ToolObserver:
    """Annotates and measures one profile's tool calls."""

    def __init__(self, profile: str, *, traced: bool, measured: bool) -> None:
        self._profile = profile
        self._traced = traced
        self._measured = measured
        meter = metrics.get_meter("kinetic.edge")
        self._calls = meter.create_counter(
            "kinetic.mcp.tool.calls", unit="{call}", description="tool calls, by profile, tool and outcome"
        )
        self._errors = meter.create_counter(
            "kinetic.mcp.tool.errors", unit="{call}", description="refused or failed tool calls, by code"
        )
        self._duration = meter.create_histogram(
            "kinetic.mcp.tool.duration",
            unit="s",
            description="time from the tool's lookup to its payload or refusal",
            explicit_bucket_boundaries_advisory=list(DURATION_BUCKETS),
        )

    @classmethod
    def for_profile(cls, profile: str) -> ToolObserver | None:
        """An observer if spans or metrics go anywhere, else None (nothing to do per call)."""
        traced, measured = tracing_active(), metrics_active()
        if not traced and not measured:
            return None
        return cls(profile, traced=traced, measured=measured)

    async def observe(self, tool: str, account_id: str, call: Awaitable[T]) -> T:
        """Await ``call``, recording its outcome; an ``EdgeProblem``'s code is the error reason."""
        span = trace.get_current_span() if self._traced else None
        if span is not None:
            span.set_attributes(
                {
                    "kinetic.profile": self._profile,
                    "gen_ai.tool.name": tool,
                    "kinetic.account.hash": account_hash(account_id),
                }
            )
        started = perf_counter()
        try:
            result = await call
        except EdgeProblem as problem:
            self._finish(span, tool, started, problem.error)
            raise
        except BaseException as error:
            cancelled = isinstance(error, asyncio.CancelledError)
            self._finish(span, tool, started, "cancelled" if cancelled else "internal_error")
            raise
        self._finish(span, tool, started, None)
        return result

    def _finish(self, span: Any, tool: str, started: float, reason: str | None) -> None:
        outcome = OK if reason is None else ERROR
        if span is not None:
            span.set_attribute("kinetic.outcome", outcome)
            if reason is not None:
                span.set_attribute("error.type", reason)
                span.set_status(StatusCode.ERROR, reason)
        if not self._measured:
            return
        labels = {"profile": self._profile, "tool": tool, "outcome": outcome}
        self._calls.add(1, labels)
        self._duration.record(perf_counter() - started, labels)
        if reason is not None:
            self._errors.add(1, {"profile": self._profile, "tool": tool, "error": reason})
