"""Kinetic's one chart drawer: bars (stacked when there are several layers) and lines over a shared
slot axis, as inline SVG. The plan page's weekly chart and the signed-in training page draw with it.

Inline SVG needs no script and no image request (the pages' CSP allows neither from elsewhere), it
scales with the page (``viewBox``, width 100 % via the pages' ``.chart`` rule) and prints sharp.
Each chart has a ``<title>`` and ``<desc>`` named by ``aria-labelledby``, each bar a ``<title>``, and
the pages put every number drawn in text or a table beside it (decision 0117).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from edge.oauth.render import Safe, escape

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 60, 10, 30, 34
# At most this many slot labels under the axis: more would overlap at 16 px in a 640 px box.
MAX_SLOT_LABELS = 5


@dataclass(frozen=True)
class Bars:
    """One layer of bars, one value per slot; ``colours`` is one colour or one per slot."""

    name: str
    values: Sequence[float]
    colours: str | Sequence[str]
    # Per slot, the bar's tooltip (``<title>``); empty: "<name>: <value>".
    titles: Sequence[str] = ()

    def colour(self, index: int) -> str:
        return self.colours if isinstance(self.colours, str) else self.colours[index]


@dataclass(frozen=True)
class Line:
    """A line through one value per slot; ``None`` leaves a gap."""

    name: str
    values: Sequence[float | None]
    colour: str
    dots: bool = False
    dashed: bool = False


@dataclass(frozen=True)
class Chart:
    """What to draw: ``labels`` name the slots (x axis), ``unit`` the y axis."""

    chart_id: str
    title: str
    description: str
    labels: Sequence[str]
    unit: str
    bars: Sequence[Bars] = ()
    lines: Sequence[Line] = ()
    label_every: int = 0  # 0: as many as fit (MAX_SLOT_LABELS)


def nice_ceiling(value: float) -> float:
    """The axis top: 10, 20, 25, 50... times a power of ten, at least ``value``."""
    if value <= 0:
        return 10.0
    power = 10.0 ** math.floor(math.log10(value))
    for step in (1.0, 2.0, 2.5, 5.0, 10.0):
        if step * power >= value:
            return step * power
    return 10.0 * power  # pragma: no cover - the loop ends at 10


def _bounds(chart: Chart) -> tuple[float, float, float]:
    """The axis bottom, top and tick step: from 0 (or below, for a negative value such as form) in
    steps of a nice number, so every tick label is a round figure."""
    slots = len(chart.labels)
    stacked = [sum(layer.values[i] for layer in chart.bars) for i in range(slots)] if chart.bars else []
    points = [v for line in chart.lines for v in line.values if v is not None]
    high = max([*stacked, *points, 0.0])
    low = min([0.0, *points])
    step = nice_ceiling((high - low) / 4)
    return step * math.floor(low / step), step * max(1, math.ceil(high / step)), step


def _number(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


def draw(chart: Chart) -> Safe:
    """``chart`` as an ``<svg class="chart">`` element."""
    bottom, top, step = _bounds(chart)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slots = len(chart.labels)
    slot = plot_w / max(1, slots)

    def y(value: float) -> float:
        return TOP + plot_h * (top - value) / (top - bottom)

    title_id, desc_id = f"{chart.chart_id}-title", f"{chart.chart_id}-desc"
    parts = [
        f'<svg class="chart" id="{escape(chart.chart_id)}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{escape(title_id)} {escape(desc_id)}" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{escape(title_id)}">{escape(chart.title)}</title>',
        f'<desc id="{escape(desc_id)}">{escape(chart.description)}</desc>',
    ]
    for tick in range(round((top - bottom) / step) + 1):
        value = bottom + step * tick
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" y2="{y(value):.1f}" class="grid"/>'
            f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" class="axis" text-anchor="end">{value:g}</text>'
        )
    if bottom < 0:
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(0):.1f}" y2="{y(0):.1f}" class="zero"/>')
    label_every = chart.label_every or max(1, math.ceil(slots / MAX_SLOT_LABELS))
    bar_w = max(1.0, slot * 0.7)
    for index in range(slots):
        x = LEFT + slot * index
        base = 0.0
        for layer in chart.bars:
            value = layer.values[index]
            # A stack leaves out its empty layers; a lone layer keeps every slot's bar (and title).
            if value < 0 or (value == 0 and len(chart.bars) > 1):
                continue
            tip = (
                layer.titles[index]
                if layer.titles
                else f"{chart.labels[index]}: {layer.name} {_number(value)}"
            )
            parts.append(
                f'<rect x="{x + (slot - bar_w) / 2:.1f}" y="{y(base + value):.1f}" width="{bar_w:.1f}" '
                f'height="{plot_h * value / (top - bottom):.1f}" fill="{escape(layer.colour(index))}">'
                f"<title>{escape(tip)}</title></rect>"
            )
            base += value
        if index % label_every == 0:
            # A label near the right edge ends there instead of running past it.
            near_edge = index * 2 >= slots and slots - index <= label_every * 0.6
            anchor, at = ("end", WIDTH - RIGHT) if near_edge else ("middle", x + slot / 2)
            parts.append(
                f'<text x="{at:.1f}" y="{HEIGHT - BOTTOM + 20}" class="axis" '
                f'text-anchor="{anchor}">{escape(chart.labels[index])}</text>'
            )
    for line in chart.lines:
        parts.extend(_line(line, [LEFT + slot * (i + 0.5) for i in range(slots)], y))
    parts.append(f'<text x="{LEFT}" y="{TOP - 6}" class="axis">{escape(chart.unit)}</text></svg>')
    return Safe("".join(parts))


def _line(line: Line, xs: Sequence[float], y: Callable[[float], float]) -> list[str]:
    """A polyline per unbroken run of values (a ``None`` breaks the line), with dots if asked."""
    runs: list[list[tuple[float, float]]] = [[]]
    for x, value in zip(xs, line.values, strict=True):
        if value is None:
            runs.append([])
        else:
            runs[-1].append((x, y(value)))
    dash = ' stroke-dasharray="6 4"' if line.dashed else ""
    parts = [
        f'<polyline points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in run)}" fill="none" '
        f'stroke="{escape(line.colour)}" stroke-width="2.5"{dash}/>'
        for run in runs
        if run
    ]
    if line.dots:
        parts.extend(
            f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3.5" fill="{escape(line.colour)}"/>'
            for run in runs
            for px, py in run
        )
    return parts
