"""Kinetic's one chart drawer (edge.svg_chart) and the training page's weeks (decision 0117)."""

from __future__ import annotations

import itertools
import re
from datetime import date

from edge.oauth.training import _week_start
from edge.svg_chart import Bars, Chart, Line, draw, nice_ceiling


def _ticks(svg: str) -> list[float]:
    return [float(v) for v in re.findall(r'text-anchor="end">(-?[0-9.]+)</text>', svg)]


def test_the_axis_ticks_are_round_figures_from_zero() -> None:
    svg = draw(Chart("c", "T", "D", ["a", "b"], "km", bars=[Bars("x", [12.0, 47.0], "#000")]))
    assert _ticks(svg) == [0, 20, 40, 60]


def test_a_negative_value_takes_the_axis_below_zero_with_a_zero_line() -> None:
    svg = draw(
        Chart("c", "T", "D", ["a", "b", "c"], "TSS/day", lines=[Line("form", [-14.4, 3.0, 29.5], "#000")])
    )
    ticks = _ticks(svg)
    assert ticks[0] <= -14.4 and ticks[-1] >= 29.5 and 0 in ticks
    steps = {round(b - a, 6) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1  # evenly spaced
    assert 'class="zero"' in svg


def test_stacked_bars_sit_on_each_other_and_skip_empty_layers() -> None:
    svg = draw(
        Chart(
            "c",
            "T",
            "D",
            ["w1", "w2"],
            "hours",
            bars=[Bars("Run", [1.0, 0.0], "#111"), Bars("Ride", [2.0, 1.0], "#222")],
        )
    )
    rects = re.findall(
        r'<rect x="[0-9.]+" y="([0-9.]+)" width="[0-9.]+" height="([0-9.]+)" fill="(#[0-9]+)"', svg
    )
    assert [fill for _, _, fill in rects] == ["#111", "#222", "#222"]  # the empty run of w2 is not drawn
    (run_y, _, _), (ride_y, ride_h, _) = rects[0], rects[1]
    assert abs(float(ride_y) + float(ride_h) - float(run_y)) < 0.2  # the ride sits on the run


def test_a_missing_value_breaks_the_line() -> None:
    svg = draw(Chart("c", "T", "D", list("abcde"), "W", lines=[Line("p", [1, 2, None, 4, 5], "#000")]))
    assert svg.count("<polyline") == 2


def test_the_chart_is_named_for_screen_readers_and_scales() -> None:
    svg = draw(Chart("load-chart", "Fitness <&>", "90 days", ["a"], "x", lines=[Line("f", [1.0], "#000")]))
    assert 'aria-labelledby="load-chart-title load-chart-desc"' in svg and 'role="img"' in svg
    assert '<title id="load-chart-title">Fitness &lt;&amp;&gt;</title>' in svg
    assert 'viewBox="0 0 640 260"' in svg and "width=" not in svg.split(">")[0]


def test_nice_ceiling() -> None:
    assert [nice_ceiling(v) for v in (0, 7, 12, 21, 26, 51, 101)] == [10, 10, 20, 25, 50, 100, 200]


def test_weeks_start_on_the_accounts_first_weekday() -> None:
    monday, sunday = 1, 7
    thursday = date(2026, 12, 10)
    assert _week_start(thursday, monday) == date(2026, 12, 7)
    assert _week_start(thursday, sunday) == date(2026, 12, 6)
    assert _week_start(date(2026, 12, 6), sunday) == date(2026, 12, 6)
    assert _week_start(thursday, 0) == date(2026, 12, 7)  # unset: Monday
