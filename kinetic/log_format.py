"""Log lines of every Kinetic process: ``text`` for a person at a terminal, ``json`` for a log store.

``configure_logging(process, log_format)`` replaces what ``logging.basicConfig`` did in each entry
point. In ``json`` each line is one object: ``time`` (UTC, ISO 8601), ``level``, ``process``,
``logger``, ``message``, ``trace_id`` and ``span_id`` of the span current when the line was
logged (null outside any traced call, and always when tracing exports nothing), and
``exception`` with the traceback when there is one (docs/decisions/0042-metrics-traces-logs.md).
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

from opentelemetry import trace


class JsonFormatter(logging.Formatter):
    """One JSON object per record, carrying the current trace and span IDs."""

    def __init__(self, process: str) -> None:
        super().__init__()
        self._process = process

    def format(self, record: logging.LogRecord) -> str:
        context = trace.get_current_span().get_span_context()
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "process": self._process,
            "logger": record.name,
            "message": record.getMessage(),
            "trace_id": format(context.trace_id, "032x") if context.is_valid else None,
            "span_id": format(context.span_id, "016x") if context.is_valid else None,
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def formatter(process: str, log_format: str) -> logging.Formatter:
    """The formatter ``log_format`` ("text" or "json") names."""
    if log_format == "json":
        return JsonFormatter(process)
    return logging.Formatter(f"%(asctime)s {process} %(levelname)s %(message)s")


def configure_logging(process: str, log_format: str, level: int = logging.INFO) -> None:
    """Send the root logger's records to stderr in ``log_format``, at ``level``."""
    handler = logging.StreamHandler()
    handler.setFormatter(formatter(process, log_format))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
