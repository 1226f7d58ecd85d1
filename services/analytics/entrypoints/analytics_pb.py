"""Protobuf messages from the analytics use cases' answers.

Kilogram figures are rounded here, where every reader's answer is built: logged loads to 0.01 kg,
figures derived from them to 0.1 kg (``domain/precision.py``, decision 0037).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from itertools import repeat
from operator import add
from typing import Any

from kinetic.analytics.v1 import analytics_pb2 as pb
from kinetic.timestamps import seconds_and_nanos
from services.analytics.adapters.aggregates import Figure, SeriesColumns
from services.analytics.domain import balance as focus
from services.analytics.domain import trends
from services.analytics.domain.lifting import BestSet
from services.analytics.domain.precision import derived_kg, derived_kg_each, logged_kg, logged_kg_each
from services.analytics.entrypoints import insights_pb
from services.analytics.service_layer import queries as q

# Progress and records are built from plain dicts, which the protobuf runtime turns into messages
# in C, and each point's day and time are worked out once for the point and its set: building
# nested messages field by field (and Timestamp.FromDatetime, twice per point) cost about 5 µs a
# point, the largest share of a 1-year series (decision 0021, Benchmark).


def _when(moment: datetime) -> dict[str, int]:
    """``moment`` (aware) as Timestamp fields: what ``Timestamp.FromDatetime`` gives, in integers."""
    seconds, nanos = seconds_and_nanos(moment)
    return {"seconds": seconds, "nanos": nanos}


def _set_fields(session_id: str, day: str, when: dict[str, int], best: BestSet) -> dict[str, Any]:
    return {
        "session_id": session_id,
        "performance_id": best.performance_id,
        "set_number": best.set_number,
        "day": day,
        "session_start_time": when,
        "weight_kg": logged_kg(best.weight_kg),
        "reps": best.reps,
    }


def _record(
    figure: Figure | None, zone: q.Zone, formula: str = "", *, derived: bool = True
) -> dict[str, Any] | None:
    """A record's fields; ``derived`` False for a figure that is a logged load (the heaviest load)."""
    if figure is None:
        return None
    day = zone.day(figure.started_at).isoformat()
    return {
        "value": derived_kg(figure.best.value) if derived else logged_kg(figure.best.value),
        "formula": formula,
        "set": _set_fields(figure.session_id, day, _when(figure.started_at), figure.best),
    }


def records_response(answer: q.RecordsAnswer) -> pb.GetPersonalRecordsResponse:
    """GetPersonalRecordsResponse from the records answer."""
    return pb.GetPersonalRecordsResponse(
        exercises=[
            pb.ExerciseRecords(
                exercise_id=e.exercise_id,
                exercise_name=e.label.name,
                catalog_exercise_id=e.label.catalog_exercise_id,
                heaviest_load=_record(e.heaviest_load, answer.zone, derived=False),
                estimated_one_rep_max=_record(e.estimated_one_rep_max, answer.zone, answer.formula),
                best_set_volume=_record(e.best_set_volume, answer.zone),
            )
            for e in answer.exercises
        ],
        formula=answer.formula,
        as_of_sequence=answer.as_of_sequence,
    )


_EPOCH_DAY = date(1970, 1, 1).toordinal()
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _series_times(series: SeriesColumns, zone: q.Zone) -> tuple[list[int], list[int], list[int]]:
    """Each point's local day (days since 1970-01-01), start seconds and nanos: what ``zone.day``
    and ``Timestamp.FromDatetime`` give for each start, a column at a time."""
    started = series.started_at
    if started and type(started[0]) is str:
        # SQLite's stored UTC text, read as an aware time at once (datetime.replace costs several
        # times what parsing does), with map: no Python frame per point.
        moments = list(map(datetime.fromisoformat, map(add, started, repeat("+00:00"))))
    else:
        moments = started  # PostgreSQL's aware datetimes
    spans = [moment - _EPOCH for moment in moments]
    seconds = [span.days * 86400 + span.seconds for span in spans]
    nanos = [span.microseconds * 1000 for span in spans]
    if zone.name == "UTC":
        days = [span.days for span in spans]
    else:
        info = zone.info
        days = [moment.astimezone(info).toordinal() - _EPOCH_DAY for moment in moments]
    return days, seconds, nanos


def _old_points(
    series: SeriesColumns,
    times: tuple[list[int], list[int], list[int]],
    values: list[float],
    weights: list[float],
) -> list[dict[str, Any]]:
    """The series as ProgressPoint fields, for readers that do not ask for columns only (an edge of
    the release before the columns, during a rolling restart; decision 0121)."""
    points: list[dict[str, Any]] = []
    has_set = series.figure is not None
    for at, (day_number, session_id, start_seconds, start_nanos, count) in enumerate(
        zip(
            times[0],
            series.session_ids,
            times[1],
            times[2],
            series.record_sets,
            strict=True,
        )
    ):
        day = date.fromordinal(day_number + _EPOCH_DAY).isoformat()
        when = {"seconds": start_seconds, "nanos": start_nanos}
        point: dict[str, Any] = {
            "day": day,
            "session_id": session_id,
            "session_start_time": when,
            "set_count": count,
            "value": values[at],
        }
        if has_set:
            point["set"] = {
                "session_id": session_id,
                "performance_id": series.performance_ids[at],
                "set_number": series.set_numbers[at],
                "day": day,
                "session_start_time": when,
                "weight_kg": weights[at],
                "reps": series.reps[at],
            }
        points.append(point)
    return points


def progress_response(answer: q.ProgressAnswer, *, columns_only: bool = False) -> pb.GetProgressResponse:
    """GetProgressResponse from the progress answer: the series in ``columns``, and as ``points``
    too unless the reader asked for ``columns_only`` (decision 0121, "The progress series, columnar").

    Each column is converted to protobuf from one list (in C); per point only its time and day are
    worked out in Python. A top set is a logged load; an e1RM or a volume is derived.
    """
    series = answer.series
    times = days, seconds, nanos = _series_times(series, answer.zone)
    values = logged_kg_each(series.values) if series.figure == "top_set" else derived_kg_each(series.values)
    weights = logged_kg_each(series.weights_kg)
    columns = pb.ProgressColumns(
        days=days,
        values=values,
        session_ids=series.session_ids,
        start_seconds=seconds,
        start_nanos=nanos,
        set_counts=series.record_sets,
        set_performance_ids=series.performance_ids,
        set_numbers=series.set_numbers,
        set_weights_kg=weights,
        set_reps=series.reps,
    )
    return pb.GetProgressResponse(
        exercise_id=answer.exercise_id,
        metric=answer.metric,
        formula=answer.formula or "",
        from_day=answer.first.isoformat(),
        to_day=answer.last.isoformat(),
        points=None if columns_only else _old_points(series, times, values, weights),
        as_of_sequence=answer.as_of_sequence,
        columns=columns,
    )


def _muscles(tallies: list[focus.MuscleTally]) -> list[pb.MuscleSets]:
    return [
        pb.MuscleSets(
            muscle=m.muscle,
            weighted_sets=m.weighted_sets,
            primary_sets=m.primary_sets,
            secondary_sets=m.secondary_sets,
        )
        for m in tallies
    ]


def balance_message(answer: q.BalanceAnswer) -> pb.FocusBalance:
    """FocusBalance from the balance answer."""
    return pb.FocusBalance(
        from_day=answer.first.isoformat(),
        to_day=answer.last.isoformat(),
        primary_weight=focus.PRIMARY_WEIGHT,
        secondary_weight=focus.SECONDARY_WEIGHT,
        weeks=[
            pb.FocusWeek(
                week=w.label,
                start_day=w.monday.isoformat(),
                muscles=_muscles(w.ranked()),
                unmapped_sets=w.unmapped_sets,
            )
            for w in answer.balance.weeks
        ],
        weekly_average=[
            pb.MuscleSets(muscle=m, weighted_sets=w, primary_sets=p, secondary_sets=s)
            for m, w, p, s in answer.balance.weekly_average
        ],
        unmapped_exercise_ids=answer.balance.unmapped_exercise_ids,
    )


def _trend(e: q.ExerciseInsight, formula: str) -> pb.Trend:
    t: trends.TrendFigures = e.trend
    out = pb.Trend(
        exercise_id=e.exercise_id,
        exercise_name=e.label.name,
        catalog_exercise_id=e.label.catalog_exercise_id,
        formula=formula,
        from_day=t.from_day,
        to_day=t.to_day,
        sample_size=t.sample_size,
        first_e1rm_kg=derived_kg(t.first_e1rm_kg),
        last_e1rm_kg=derived_kg(t.last_e1rm_kg),
        slope_kg_per_week=derived_kg(t.slope_kg_per_week),
        direction=t.direction,
    )
    if t.slope_standard_error_kg_per_week is not None:
        out.slope_standard_error_kg_per_week = derived_kg(t.slope_standard_error_kg_per_week)
    return out


def _short_series(s: q.ShortSeries) -> pb.ShortSeries:
    return pb.ShortSeries(
        exercise_id=s.exercise_id,
        exercise_name=s.label.name,
        catalog_exercise_id=s.label.catalog_exercise_id,
        sample_size=len(s.points),
        from_day=s.points[0].day,
        to_day=s.points[-1].day,
        span_days=int(trends.span_days(s.points)),
    )


def _suggestion(e: q.ExerciseInsight, s: trends.SuggestionFigures, formula: str) -> pb.Suggestion:
    last = e.points[-1]
    return pb.Suggestion(
        exercise_id=e.exercise_id,
        exercise_name=e.label.name,
        catalog_exercise_id=e.label.catalog_exercise_id,
        kind=s.kind,
        load_kg=logged_kg(s.load_kg),
        reps=s.reps,
        uncertainty_kg=derived_kg(s.uncertainty_kg),
        from_day=e.trend.from_day,
        to_day=e.trend.to_day,
        sample_size=e.trend.sample_size,
        formula=formula,
        predicted_e1rm_kg=derived_kg(s.predicted_e1rm_kg),
        last_load_kg=logged_kg(last.weight_kg),
        last_reps=last.reps,
        basis=s.basis,
    )


def _proposals(answer: q.InsightsAnswer) -> list[pb.PlanAdjustment]:
    out: list[pb.PlanAdjustment] = []
    for e in answer.exercises:
        if e.deload_kg is None:
            continue
        label = e.label.name or e.exercise_id
        out.append(
            pb.PlanAdjustment(
                kind="deload",
                exercise_id=e.exercise_id,
                summary=f"Lower {label} to {e.deload_kg:g} kg for one week",
                rationale=(
                    f"estimated 1RM ({answer.formula}) fell {abs(e.trend.slope_kg_per_week):.1f} kg per week "
                    f"over {e.trend.sample_size} sessions from {e.trend.from_day} to {e.trend.to_day}"
                ),
                amount=logged_kg(e.deload_kg),
                requires_approval=True,
                targets=[insights_pb.plan_target(t) for t in e.deload_targets],
            )
        )
    add = answer.add_sets
    if add is not None:
        out.append(
            pb.PlanAdjustment(
                kind="add_sets",
                muscle=add.muscle,
                summary=f"Add {add.extra_sets_per_week} set(s) per week for {add.muscle}",
                rationale=(
                    f"{add.muscle} averaged {add.weekly_sets:.1f} weighted sets per week against "
                    f"{add.top_weekly_sets:.1f} for {add.top_muscle} from {answer.balance.first} "
                    f"to {answer.balance.last}"
                ),
                amount=add.extra_sets_per_week,
                requires_approval=True,
                targets=[insights_pb.plan_target(answer.add_sets_target)] if answer.add_sets_target else [],
            )
        )
    return out


def insights_response(answer: q.InsightsAnswer) -> pb.GetInsightsResponse:
    """GetInsightsResponse from the insights answer."""
    names = {w.workout_id: w.name for w in answer.workouts.workouts.values()}
    return pb.GetInsightsResponse(
        trends=[_trend(e, answer.formula) for e in answer.exercises],
        suggestions=[
            _suggestion(e, e.suggestion, answer.formula) for e in answer.exercises if e.suggestion is not None
        ],
        balance=balance_message(answer.balance),
        proposals=_proposals(answer),
        from_day=answer.first.isoformat(),
        to_day=answer.last.isoformat(),
        time_zone=answer.zone.name,
        disclaimer=q.DISCLAIMER,
        as_of_sequence=answer.as_of_sequence,
        as_of_training_sequence=answer.training_sequence,
        workout_choices=[insights_pb.workout_choice(c, names) for c in answer.workouts.choices],
        session_sources=insights_pb.session_sources(answer.workouts.sources),
        comparable_workouts=[
            insights_pb.comparable_workout(w, answer.zone) for w in answer.workouts.comparable
        ],
        not_enough_data=[_short_series(s) for s in answer.not_enough_data],
        min_trend_sessions=trends.MIN_TREND_SESSIONS,
        min_trend_span_days=trends.MIN_TREND_SPAN_DAYS,
    )
