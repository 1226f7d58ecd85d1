"""Every analytics answer names its exercises and gives their catalog IDs; a trend needs enough
sessions over enough days, and below that the exercise is listed as not enough data (decision 0037).
On SQLite and PostgreSQL, through the use cases over a list-held feed; the edge tests take the same
path through Client AI, Metric and REST."""

from __future__ import annotations

from datetime import timedelta

import pytest

from services.analytics.domain.trends import MIN_TREND_SESSIONS, MIN_TREND_SPAN_DAYS
from services.analytics.entrypoints.analytics_pb import insights_response, records_response
from tests.integration.analytics.analytics_support import ACCOUNT, DAY1, ListFeed, a_set, days, make_queries

GYM_BENCH = "65f0a1b2c3d4e5f6a7b8c9d0"  # a gym's exercise, mapped to the catalog's bench press
OWN_CURL = "65f0a1b2c3d4e5f6a7b8c9d1"  # a client's own exercise: a name, no catalog mapping
OLD_ROW = "65f0a1b2c3d4e5f6a7b8c9d2"  # logged before names were recorded: a mapping, no name
SQUAT = "barbell-back-squat"


def labelled_feed() -> ListFeed:
    feed = ListFeed()
    feed.start("s1", DAY1)
    feed.log("p1", "s1", GYM_BENCH, [a_set(1, 80, 8)], "barbell-bench-press", "Bench Press")
    feed.log("p2", "s1", OWN_CURL, [a_set(1, 20, 10)], "", "Ada's cable curl")
    feed.log("p3", "s1", OLD_ROW, [a_set(1, 140, 5)], "barbell-deadlift")
    feed.log("p4", "s1", SQUAT, [a_set(1, 100, 5)], SQUAT, "Barbell Back Squat")
    return feed


async def test_records_name_gym_own_old_and_catalog_exercises(engines):
    feed = labelled_feed()
    queries = make_queries(engines("analytics"), feed)

    answer = records_response(await queries.personal_records(ACCOUNT, [], "", ""))

    labels = {e.exercise_id: (e.exercise_name, e.catalog_exercise_id) for e in answer.exercises}
    assert labels == {
        GYM_BENCH: ("Bench Press", "barbell-bench-press"),
        OWN_CURL: ("Ada's cable curl", ""),
        OLD_ROW: ("Barbell Deadlift", "barbell-deadlift"),  # the catalog's name of its mapping
        SQUAT: ("Barbell Back Squat", SQUAT),
    }


async def test_the_latest_log_names_the_exercise(engines):
    feed = labelled_feed()
    queries = make_queries(engines("analytics"), feed)
    await queries.personal_records(ACCOUNT, [], "", "")
    feed.start("s2", DAY1 + days(1))
    feed.log("p5", "s2", GYM_BENCH, [a_set(1, 82.5, 8)], "barbell-bench-press", "Bankdrukken")

    answer = records_response(await queries.personal_records(ACCOUNT, [GYM_BENCH], "", ""))

    (bench,) = answer.exercises
    assert (bench.exercise_name, bench.catalog_exercise_id) == ("Bankdrukken", "barbell-bench-press")
    assert bench.heaviest_load.value == 82.5 and bench.heaviest_load.set.weight_kg == 82.5


async def test_two_sessions_a_minute_apart_are_not_enough_data(engines):
    feed = ListFeed()
    for n, load in enumerate((100, 104)):
        feed.start(f"s{n}", DAY1 + timedelta(minutes=n))
        feed.log(f"p{n}", f"s{n}", GYM_BENCH, [a_set(1, load, 5)], "barbell-bench-press", "Bench Press")
    queries = make_queries(engines("analytics"), feed)

    answer = insights_response(await queries.insights(ACCOUNT, "UTC", ""))

    assert list(answer.trends) == [] and list(answer.suggestions) == [] and list(answer.proposals) == []
    (short,) = answer.not_enough_data
    assert (short.exercise_id, short.exercise_name, short.catalog_exercise_id) == (
        GYM_BENCH,
        "Bench Press",
        "barbell-bench-press",
    )
    assert (short.sample_size, short.span_days, short.from_day, short.to_day) == (
        2,
        0,
        "2026-03-02",
        "2026-03-02",
    )
    assert (answer.min_trend_sessions, answer.min_trend_span_days) == (
        MIN_TREND_SESSIONS,
        MIN_TREND_SPAN_DAYS,
    )


async def test_enough_sessions_over_enough_weeks_give_a_rounded_slope_with_its_uncertainty(engines):
    # Epley, 5 reps, one session a week for five weeks: e1RM 116.667, 119.583, 122.5, 124.25,
    # 128.333 kg (the fourth a little low, so the line does not fit exactly).
    feed = ListFeed()
    for week, load in enumerate((100, 102.5, 105, 106.5, 110)):
        feed.start(f"s{week}", DAY1 + days(7 * week - 21))
        feed.log(f"p{week}", f"s{week}", GYM_BENCH, [a_set(1, load, 5)], "barbell-bench-press", "Bench Press")
    queries = make_queries(engines("analytics"), feed)

    answer = insights_response(await queries.insights(ACCOUNT, "UTC", ""))

    (trend,) = answer.trends
    assert list(answer.not_enough_data) == []
    assert (trend.exercise_name, trend.catalog_exercise_id, trend.sample_size) == (
        "Bench Press",
        "barbell-bench-press",
        5,
    )
    # Least squares over x = 0, 7, 14, 21, 28 days: Sxy of the loads 168, Sxx 490, so the slope is
    # 168 / 490 x 7/6 = 0.4 kg/day = 2.8 kg/week.
    e1rms = [w * (1 + 5 / 30) for w in (100, 102.5, 105, 106.5, 110)]
    xs = [0, 7, 14, 21, 28]
    mean_x, mean_y = sum(xs) / 5, sum(e1rms) / 5
    sxx = sum((x - mean_x) ** 2 for x in xs)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, e1rms, strict=True)) / sxx
    residuals = [y - (mean_y + slope * (x - mean_x)) for x, y in zip(xs, e1rms, strict=True)]
    standard_error = (sum(r * r for r in residuals) / 3) ** 0.5 / sxx**0.5
    assert trend.slope_kg_per_week == round(slope * 7, 1) == 2.8
    assert trend.HasField("slope_standard_error_kg_per_week")
    assert trend.slope_standard_error_kg_per_week == pytest.approx(standard_error * 7, abs=0.05)
    assert (trend.first_e1rm_kg, trend.last_e1rm_kg) == (116.7, 128.3)
    assert trend.direction == "rising"
    (suggestion,) = answer.suggestions
    for figure in (suggestion.uncertainty_kg, suggestion.predicted_e1rm_kg, suggestion.load_kg):
        assert figure == round(figure, 1), "kilograms to a tenth at most"
