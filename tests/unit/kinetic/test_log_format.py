"""JSON log lines carry the trace and span of the call they were logged in (decision 0042)."""

from __future__ import annotations

import io
import json
import logging

from opentelemetry import trace

from kinetic.log_format import JsonFormatter, formatter
from tests.observability import span_exporter


def _logger_into(stream: io.StringIO) -> logging.Logger:
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter("training", "json"))
    logger = logging.getLogger("tests.json_lines")
    logger.handlers[:] = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger


def test_every_line_is_one_json_object_with_the_current_trace_id():
    span_exporter()  # an SDK tracer provider, as a process with an exporter has
    stream = io.StringIO()
    logger = _logger_into(stream)
    with trace.get_tracer("tests").start_as_current_span("a tool call") as span:
        logger.info("stored %d sets", 3)
        try:
            raise ValueError("boom")
        except ValueError:
            logger.exception("failed")
    logger.warning("outside any call")

    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert len(lines) == 3, stream.getvalue()
    context = span.get_span_context()
    for line in lines[:2]:
        assert line["trace_id"] == format(context.trace_id, "032x")
        assert line["span_id"] == format(context.span_id, "016x")
        assert line["process"] == "training"
        assert line["logger"] == "tests.json_lines"
    assert lines[0]["message"] == "stored 3 sets"
    assert lines[0]["level"] == "INFO"
    assert "ValueError: boom" in lines[1]["exception"]
    assert lines[2]["trace_id"] is None and lines[2]["span_id"] is None
    assert set(lines[2]) >= {"time", "level", "process", "logger", "message", "trace_id", "span_id"}


def test_text_stays_the_default_format():
    assert not isinstance(formatter("edge", "text"), JsonFormatter)
