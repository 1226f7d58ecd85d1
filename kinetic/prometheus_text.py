"""OpenTelemetry ``MetricsData`` in Prometheus' text exposition format (version 0.0.4).

Names follow the OpenTelemetry-to-Prometheus rules: characters outside ``[a-zA-Z0-9_:]`` become
``_``, the unit ``s`` adds ``_seconds``, monotonic sums add ``_total``; a histogram becomes
``_bucket{le=...}`` (cumulative), ``_sum`` and ``_count``. Attributes become labels.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping

from opentelemetry.sdk.metrics.export import Gauge, Histogram, Metric, MetricsData, Sum

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

_INVALID = re.compile(r"[^a-zA-Z0-9_:]")
_UNIT_SUFFIXES = {"s": "seconds", "ms": "milliseconds", "By": "bytes"}


def metric_name(metric: Metric) -> str:
    """The Prometheus name of ``metric`` (without ``_bucket``/``_sum``/``_count``)."""
    name = _INVALID.sub("_", metric.name)
    suffix = _UNIT_SUFFIXES.get(metric.unit or "")
    if suffix and not name.endswith(f"_{suffix}"):
        name = f"{name}_{suffix}"
    if isinstance(metric.data, Sum) and metric.data.is_monotonic and not name.endswith("_total"):
        name = f"{name}_total"
    return name


def _value(number: float) -> str:
    if math.isinf(number):
        return "+Inf" if number > 0 else "-Inf"
    if isinstance(number, int) or float(number).is_integer():
        return str(int(number))
    return repr(float(number))


def _escape(value: object) -> str:
    return str(value).replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _labels(attributes: Mapping[str, object] | None, extra: tuple[str, str] | None = None) -> str:
    pairs = [(_INVALID.sub("_", key), value) for key, value in (attributes or {}).items()]
    if extra is not None:
        pairs.append(extra)
    if not pairs:
        return ""
    return "{" + ",".join(f'{key}="{_escape(value)}"' for key, value in pairs) + "}"


def _samples(name: str, metric: Metric) -> Iterator[str]:
    data = metric.data
    if isinstance(data, Histogram):
        for point in data.data_points:
            cumulative = 0
            for bound, count in zip(point.explicit_bounds, point.bucket_counts, strict=False):
                cumulative += count
                yield f"{name}_bucket{_labels(point.attributes, ('le', _value(bound)))} {cumulative}"
            yield f"{name}_bucket{_labels(point.attributes, ('le', '+Inf'))} {point.count}"
            yield f"{name}_sum{_labels(point.attributes)} {_value(point.sum)}"
            yield f"{name}_count{_labels(point.attributes)} {point.count}"
    elif isinstance(data, Sum | Gauge):
        for number_point in data.data_points:
            yield f"{name}{_labels(number_point.attributes)} {_value(number_point.value)}"


def _kind(metric: Metric) -> str:
    if isinstance(metric.data, Histogram):
        return "histogram"
    if isinstance(metric.data, Sum) and metric.data.is_monotonic:
        return "counter"
    return "gauge"


def render(data: MetricsData | None) -> str:
    """Every metric of ``data``, one ``# HELP``/``# TYPE`` header per name."""
    lines: list[str] = []
    seen: set[str] = set()
    for resource_metrics in data.resource_metrics if data is not None else ():
        for scope_metrics in resource_metrics.scope_metrics:
            for metric in scope_metrics.metrics:
                name = metric_name(metric)
                if name not in seen:
                    seen.add(name)
                    if metric.description:
                        lines.append(f"# HELP {name} {_escape(metric.description)}")
                    lines.append(f"# TYPE {name} {_kind(metric)}")
                lines.extend(_samples(name, metric))
    return "\n".join(lines) + "\n" if lines else ""
