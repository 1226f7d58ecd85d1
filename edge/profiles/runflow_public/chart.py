"""The plan page's chart: weekly volume as bars, the long run as a line over them, inline SVG.

Inline SVG needs no script and no image request (the page's CSP allows neither from elsewhere), it
scales with the page (``viewBox``, width 100 %) and prints sharp. Every number drawn is also in the
week list below it, and the SVG carries a title and description for screen readers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from edge.oauth.render import Safe, escape
from edge.profiles.runflow_public.plan_view import WeekSummary

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 46, 10, 22, 34
PHASE_COLOURS = {"base": "#7aa7e8", "build": "#3b7dd8", "peak": "#1a56db", "taper": "#9fb7d9"}
LONG_RUN_COLOUR = "#d9480f"


def _nice_ceiling(value: float) -> float:
    """The axis top: 10, 20, 25, 50... times a power of ten, at least ``value``."""
    if value <= 0:
        return 10.0
    power = 10.0 ** math.floor(math.log10(value))
    for step in (1.0, 2.0, 2.5, 5.0, 10.0):
        if step * power >= value:
            return step * power
    return 10.0 * power  # pragma: no cover - the loop ends at 10


def weekly_chart(weeks: Sequence[WeekSummary]) -> Safe:
    """Bars of planned km per week (coloured by phase), the long run's km as a line with dots."""
    top = _nice_ceiling(max((week.planned_km for week in weeks), default=0))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / max(1, len(weeks))

    def y(km: float) -> float:
        return TOP + plot_h * (1 - km / top)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        'aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg">',
        '<title id="chart-title">Weekly volume and long run</title>',
        f'<desc id="chart-desc">{len(weeks)} weeks; bars: planned kilometres per week; line: the long '
        f"run's kilometres.</desc>",
    ]
    for tick in range(5):
        km = top * tick / 4
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(km):.1f}" y2="{y(km):.1f}" class="grid"/>'
            f'<text x="{LEFT - 6}" y="{y(km) + 4:.1f}" class="axis" text-anchor="end">{km:g}</text>'
        )
    points = []
    label_every = max(1, math.ceil(len(weeks) / 10))
    for index, week in enumerate(weeks):
        x = LEFT + slot * index
        bar_w = max(1.0, slot * 0.7)
        colour = PHASE_COLOURS.get(week.phase, "#3b7dd8")
        parts.append(
            f'<rect x="{x + (slot - bar_w) / 2:.1f}" y="{y(week.planned_km):.1f}" width="{bar_w:.1f}" '
            f'height="{plot_h * week.planned_km / top:.1f}" fill="{colour}">'
            f"<title>Week {index + 1}: {escape(week.planned_km)} km, long run {escape(week.long_run_km)} km"
            "</title></rect>"
        )
        if index % label_every == 0:
            parts.append(
                f'<text x="{x + slot / 2:.1f}" y="{HEIGHT - BOTTOM + 20}" class="axis" '
                f'text-anchor="middle">{index + 1}</text>'
            )
        if week.long_run_km > 0:
            points.append((x + slot / 2, y(week.long_run_km)))
    if points:
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{LONG_RUN_COLOUR}" stroke-width="2.5"/>')
        parts.extend(
            f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3.5" fill="{LONG_RUN_COLOUR}"/>' for px, py in points
        )
    parts.append(f'<text x="{LEFT}" y="{TOP - 6}" class="axis">km</text></svg>')
    return Safe("".join(parts))
