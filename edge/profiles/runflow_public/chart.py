"""The plan page's chart: weekly volume as bars coloured by phase, the long run as a line over them,
drawn by Kinetic's one chart drawer (``edge.svg_chart``).

Every number drawn is also in the week list below it, and the SVG carries a title and description
for screen readers.
"""

from __future__ import annotations

from collections.abc import Sequence

from edge.oauth.render import Safe
from edge.profiles.runflow_public.plan_view import WeekSummary
from edge.svg_chart import Bars, Chart, Line, draw

PHASE_COLOURS = {"base": "#7aa7e8", "build": "#3b7dd8", "peak": "#1a56db", "taper": "#9fb7d9"}
LONG_RUN_COLOUR = "#d9480f"


def weekly_chart(weeks: Sequence[WeekSummary]) -> Safe:
    """Bars of planned km per week (coloured by phase), the long run's km as a line with dots."""
    bars = Bars(
        "Planned",
        [week.planned_km for week in weeks],
        [PHASE_COLOURS.get(week.phase, "#3b7dd8") for week in weeks],
        titles=[
            f"Week {index}: {week.planned_km} km, long run {week.long_run_km} km"
            for index, week in enumerate(weeks, start=1)
        ],
    )
    long_run = Line(
        "Long run",
        [week.long_run_km if week.long_run_km > 0 else None for week in weeks],
        LONG_RUN_COLOUR,
        dots=True,
    )
    return draw(
        Chart(
            chart_id="chart",
            title="Weekly volume and long run",
            description=f"{len(weeks)} weeks; bars: planned kilometres per week; line: the long run's "
            "kilometres.",
            labels=[str(index) for index in range(1, len(weeks) + 1)],
            unit="km",
            bars=[bars],
            lines=[long_run],
        )
    )
