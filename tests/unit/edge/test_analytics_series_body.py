"""A progress series rendered from analytics' columns is the body the points gave (decision 0121).

``render.progress_body`` writes ``/api/analytics/progress``'s body straight from
``GetProgressResponse.columns``; it must equal, byte for byte, what ``JSONResponse`` made of the old
rendering of the same points (``progress_json`` of an answer with points only, as an analytics of
the release before the columns sends it), for awkward values too. OWS's ``get_progress`` gives the
same result from either form.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.testclient import TestClient

from edge.analytics import render
from edge.analytics.rest import analytics_routes
from edge.guard import PRINCIPAL_KEY, Principal
from edge.profiles.metric.rest import NO_STORE
from edge.profiles.ows.reading_tools import progress_points
from kinetic.analytics.v1 import analytics_pb2 as pb

AWKWARD_FLOATS = [0.0, -0.0, 1e-7, 1e16, 1e22, 1.5e300, 5e-324, 0.1 + 0.2, 123456789.123, 2.5, 100.0, -3.75]
AWKWARD_TEXT = [
    "s-1",
    'quote"d',
    "back\\slash",
    "tab\tnew\nline\x01",
    "ünïcødé",
    "snow ☃ 💪",
    "line\u2028sep",
    "",
]
# Pre-1970, midnight, nanos below a microsecond, exactly one microsecond, the largest nanos.
AWKWARD_TIMES = [(-86400 * 400 - 1, 0), (0, 0), (1, 999), (1_772_436_600, 1000), (1_772_436_600, 999_999_999)]
INT32_MAX = 2**31 - 1


def series(rng: random.Random, size: int, with_sets: bool) -> list[dict[str, Any]]:
    points = []
    for n in range(size):
        seconds, nanos = rng.choice(AWKWARD_TIMES) if n < 10 else (rng.randrange(-(10**9), 3 * 10**9), 0)
        point: dict[str, Any] = {
            "day_number": rng.randrange(-20000, 30000),
            "value": rng.choice(AWKWARD_FLOATS) if n % 2 else rng.uniform(-1e6, 1e6),
            "session_id": rng.choice(AWKWARD_TEXT) + str(n),
            "seconds": seconds,
            "nanos": nanos,
            "set_count": rng.choice([0, 1, 8, INT32_MAX]),
        }
        if with_sets:
            point |= {
                "performance_id": rng.choice(AWKWARD_TEXT),
                "set_number": rng.choice([1, 12, INT32_MAX, -1]),
                "weight_kg": rng.choice(AWKWARD_FLOATS),
                "reps": rng.choice([1.0, 5.0, 12.0, 0.5, 1e16]),
            }
        points.append(point)
    return points


def answers(points: list[dict[str, Any]], with_sets: bool, exercise_id: str = "bänk 🏋") -> dict[str, Any]:
    """The same series as an older analytics (points), a columns-only one and one with both."""
    head: dict[str, Any] = {
        "exercise_id": exercise_id,
        "metric": "e1rm" if with_sets else "volume",
        "formula": "epley" if with_sets else "",
        "from_day": "1969-01-01",
        "to_day": "2026-03-02",
        "as_of_sequence": 2**62,
    }
    messages = []
    for p in points:
        day = render.day_text(p["day_number"])
        when = {"seconds": p["seconds"], "nanos": p["nanos"]}
        fields: dict[str, Any] = {
            "day": day,
            "session_id": p["session_id"],
            "session_start_time": when,
            "set_count": p["set_count"],
            "value": p["value"],
        }
        if with_sets:
            fields["set"] = {
                "session_id": p["session_id"],
                "performance_id": p["performance_id"],
                "set_number": p["set_number"],
                "day": day,
                "session_start_time": when,
                "weight_kg": p["weight_kg"],
                "reps": p["reps"],
            }
        messages.append(fields)
    columns = pb.ProgressColumns(
        days=[p["day_number"] for p in points],
        values=[p["value"] for p in points],
        session_ids=[p["session_id"] for p in points],
        start_seconds=[p["seconds"] for p in points],
        start_nanos=[p["nanos"] for p in points],
        set_counts=[p["set_count"] for p in points],
        set_performance_ids=[p["performance_id"] for p in points] if with_sets else [],
        set_numbers=[p["set_number"] for p in points] if with_sets else [],
        set_weights_kg=[p["weight_kg"] for p in points] if with_sets else [],
        set_reps=[p["reps"] for p in points] if with_sets else [],
    )
    # Through bytes, as the edge gets them.
    return {
        "points": pb.GetProgressResponse.FromString(
            pb.GetProgressResponse(**head, points=messages).SerializeToString()
        ),
        "columns": pb.GetProgressResponse.FromString(
            pb.GetProgressResponse(**head, columns=columns).SerializeToString()
        ),
        "both": pb.GetProgressResponse.FromString(
            pb.GetProgressResponse(**head, points=messages, columns=columns).SerializeToString()
        ),
    }


@pytest.mark.parametrize("with_sets", [True, False])
@pytest.mark.parametrize("size", [0, 1, 40, 300])
def test_the_body_from_columns_is_the_body_from_points(with_sets, size):
    rng = random.Random(size * 2 + with_sets)
    forms = answers(series(rng, size, with_sets), with_sets)
    for zone in ("Europe/Amsterdam", 'Zürich/"odd"'):
        # What the edge answered before the columns: JSONResponse of the points' rendering.
        before = JSONResponse(render.progress_json(forms["points"], zone)).body
        for form in ("points", "columns", "both"):
            assert render.progress_body(forms[form], zone) == before, form
            assert render.progress_json(forms[form], zone) == render.progress_json(forms["points"], zone)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
@pytest.mark.parametrize("where", ["value", "weight_kg", "reps"])
def test_a_value_json_cannot_hold_is_refused_as_before(bad, where):
    points = series(random.Random(7), 5, True)
    points[3][where] = bad
    forms = answers(points, True)
    with pytest.raises(ValueError, match="not JSON compliant"):
        JSONResponse(render.progress_json(forms["points"], "UTC"))
    for form in ("points", "columns", "both"):
        with pytest.raises(ValueError, match="not JSON compliant"):
            render.progress_body(forms[form], "UTC")


def test_sums_that_overflow_take_the_general_way():
    points = series(random.Random(8), 4, True)
    for p in points:
        p["value"] = 1.5e308  # each finite, their sum is not
    forms = answers(points, True)
    before = JSONResponse(render.progress_json(forms["points"], "UTC")).body
    assert render.progress_body(forms["columns"], "UTC") == before


@pytest.mark.parametrize("with_sets", [True, False])
@pytest.mark.parametrize("calm", [False, True])
@pytest.mark.parametrize("unit", ["kg", "lb"])
def test_ows_get_progress_is_the_same_from_either_form(with_sets, calm, unit):
    points = series(random.Random(9), 60, with_sets)
    for p in points:  # loads and reps as analytics answers them
        p["value"] = abs(p["value"]) % 500
        if with_sets:
            p["weight_kg"] = round(abs(p["weight_kg"]) % 500, 2)
            p["reps"] = float(random.Random(p["day_number"]).randrange(1, 13))
    forms = answers(points, with_sets)
    metric = "top_set" if with_sets else "volume"
    before = progress_points({"metric": metric}, forms["points"], metric, calm, unit)
    assert len(before["points"]) == 60
    for form in ("columns", "both"):
        assert progress_points({"metric": metric}, forms[form], metric, calm, unit) == before


@pytest.mark.parametrize("loads", [[90.0, 92.5, 1e16, 1e-7], [0.0, 90.0], [-0.0, 90.0], [-0.0, 0.0]])
def test_repeated_loads_and_zeros(loads):
    points = series(random.Random(10), 50, True)
    for n, p in enumerate(points):
        p["weight_kg"] = loads[n % len(loads)]
        p["reps"] = loads[(n + 1) % len(loads)]
    forms = answers(points, True)
    before = JSONResponse(render.progress_json(forms["points"], "UTC")).body
    assert render.progress_body(forms["columns"], "UTC") == before
    # A negative zero keeps its sign, as json.dumps writes it.
    assert (b'"weightKg":-0.0' in before) == any(x == 0 and math.copysign(1, x) < 0 for x in loads)


class Analytics:
    """GetProgress as an analytics of either release answers it (decision 0121, rolling release)."""

    def __init__(self, forms: dict[str, Any], knows_columns: bool) -> None:
        self.forms = forms
        self.knows_columns = knows_columns
        self.asked: list[pb.GetProgressRequest] = []

    async def GetProgress(self, request: pb.GetProgressRequest) -> pb.GetProgressResponse:
        self.asked.append(request)
        if not self.knows_columns:  # the release before: columns_only unknown, points only
            return self.forms["points"]
        return self.forms["columns" if request.columns_only else "both"]


def test_the_progress_path_answers_alike_from_either_analytics():
    forms = answers(series(random.Random(11), 120, True), True)
    responses = {}
    for knows_columns in (False, True):
        analytics = Analytics(forms, knows_columns)
        app = Starlette(routes=analytics_routes(lambda a=analytics: a, lambda: None))  # type: ignore[misc]

        async def with_principal(scope: Any, receive: Any, send: Any, app: Any = app) -> None:
            scope[PRINCIPAL_KEY] = Principal("acc-1", frozenset(), "api_key")
            await app(scope, receive, send)

        with TestClient(with_principal) as client:
            responses[knows_columns] = client.get(
                "/progress", params={"exerciseId": "squat", "metric": "e1rm", "timeZone": "Europe/Amsterdam"}
            )
        assert [r.columns_only for r in analytics.asked] == [True]
    before = JSONResponse(render.progress_json(forms["points"], "Europe/Amsterdam"), headers=NO_STORE)
    for response in responses.values():
        assert response.status_code == 200
        assert response.content == before.body
        assert [(k, v) for k, v in response.headers.items()] == [
            (k.decode(), v.decode()) for k, v in before.raw_headers
        ]
