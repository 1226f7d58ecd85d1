"""The Open Workout Schema's reads of the log: get_workouts, get_personal_records, get_progress and
search_exercises.

Days are the user's local days. Calm mode withholds totals, records and progress numbers: the
answer says they were withheld and why, so an assistant does not read an empty list as "none"
(decision 0050).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, timedelta
from typing import Any

from edge.analytics.render import day_text
from edge.guard import Principal
from edge.problems import EdgeProblem
from edge.profiles.ows import render
from edge.profiles.ows.context import ContextSource, LogContext, Unit
from edge.profiles.ows.exercises import ExerciseNames
from edge.profiles.ows.ids import workout_id
from edge.profiles.ows.records import METRIC_TEXT, NewRecords, exercise_records_json
from edge.profiles.ows.schemas import EXERCISES_DEFAULT, WORKOUTS_DEFAULT
from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.sessions.v1 import workout_log_pb2, workout_log_pb2_grpc
from kinetic.training.v1 import training_pb2, training_pb2_grpc

Args = Mapping[str, Any]
Result = dict[str, Any]
WORKOUTS_WINDOW_DAYS = 30
PROGRESS_WINDOW_DAYS = 90
# The longest window a read covers: ten years, enough for any history an import brings.
MAX_WINDOW_DAYS = 3660
CALM_NOTE = (
    "Calm mode is on: records, totals and progress numbers are withheld. Don't volunteer them; the "
    "user can turn calm mode off with update_profile."
)


def day_window(args: Args, context: LogContext, default_days: int) -> tuple[date, date]:
    """``from`` and ``to`` checked: real days, in order, at most ten years apart."""

    def parse(name: str) -> date | None:
        value = args.get(name)
        if value is None:
            return None
        try:
            return date.fromisoformat(value)
        except ValueError:
            raise EdgeProblem(
                "invalid_input", f"{name}: {value!r} is not a day; use YYYY-MM-DD", 400, {"field": name}
            ) from None

    last = parse("to") or context.today()
    first = parse("from") or last - timedelta(days=default_days)
    if first > last:
        raise EdgeProblem("invalid_input", f"from: {first} is after to ({last})", 400, {"field": "from"})
    if (last - first).days > MAX_WINDOW_DAYS:
        raise EdgeProblem(
            "invalid_input", f"from: the window is longer than {MAX_WINDOW_DAYS} days", 400, {"field": "from"}
        )
    return first, last


class ReadingTools:
    """The four reads."""

    def __init__(
        self,
        contexts: ContextSource,
        log: Callable[[], workout_log_pb2_grpc.WorkoutLogServiceStub],
        training: Callable[[], training_pb2_grpc.TrainingServiceStub],
        analytics: Callable[[], analytics_pb2_grpc.AnalyticsServiceStub],
        names: ExerciseNames,
    ) -> None:
        self._contexts = contexts
        self._log = log
        self._training = training
        self._analytics = analytics
        self._names = names
        self._records = NewRecords(analytics)

    async def get_workouts(self, principal: Principal, args: Args) -> Result:
        """Workouts between two local days, newest first, with totals unless calm."""
        context = await self._contexts.of(principal)
        first, last = day_window(args, context, WORKOUTS_WINDOW_DAYS)
        exercise_ids: list[str] = []
        if "exercise" in args:
            exercise_ids = [(await self._names.for_read(args["exercise"], context)).exercise_id]
        limit = args.get("limit", WORKOUTS_DEFAULT)
        reply = await self._log().ListLoggedWorkouts(
            workout_log_pb2.ListLoggedWorkoutsRequest(
                account_id=principal.account_id,
                from_day=first.isoformat(),
                to_day=last.isoformat(),
                time_zone=context.time_zone,
                exercise_ids=exercise_ids,
                limit=limit,
            )
        )
        result: Result = {
            "from": first.isoformat(),
            "to": last.isoformat(),
            "workouts": [render.workout_json(w, context) for w in reply.workouts],
            "more": reply.total_count > len(reply.workouts),
        }
        if context.calm:
            result["calm_mode"] = True
        else:
            result["total_workouts"] = reply.total_count
            result["totals"] = render.workout_totals(
                (p for w in reply.workouts for p in w.performances), context.unit
            )
        return result

    async def get_personal_records(self, principal: Principal, args: Args) -> Result:
        """Current records: heaviest load, estimated 1RM (with its formula), best set volume."""
        context = await self._contexts.of(principal)
        exercise_ids: list[str] = []
        if "exercise" in args:
            exercise_ids = [(await self._names.for_read(args["exercise"], context)).exercise_id]
        if context.calm:
            return {"calm_mode": True, "records": [], "note": CALM_NOTE}
        reply = await self._records.of(context, exercise_ids)
        return {"records": [exercise_records_json(e, context.unit) for e in reply.exercises]}

    async def get_progress(self, principal: Principal, args: Args) -> Result:
        """One metric of one exercise, a point per session, with the formula used."""
        context = await self._contexts.of(principal)
        named = await self._names.for_read(args["exercise"], context)
        first, last = day_window(args, context, PROGRESS_WINDOW_DAYS)
        metric = args["metric"]
        reply: analytics_pb2.GetProgressResponse = await self._analytics().GetProgress(
            analytics_pb2.GetProgressRequest(
                account_id=principal.account_id,
                exercise_id=named.exercise_id,
                metric=metric,
                from_day=first.isoformat(),
                to_day=last.isoformat(),
                formula="epley",
                time_zone=context.time_zone,
                columns_only=True,  # the series column by column (decision 0121)
            )
        )
        result: Result = {
            "exercise": named.name,
            "exercise_id": named.exercise_id,
            "metric": metric,
            "formula": METRIC_TEXT[metric],
            "from": reply.from_day,
            "to": reply.to_day,
        }
        return progress_points(result, reply, metric, context.calm, context.unit)

    async def search_exercises(self, principal: Principal, args: Args) -> Result:
        """Catalogue and custom exercises by name or shorthand, best first."""
        reply = await self._training().SearchExercises(
            training_pb2.SearchExercisesRequest(
                account_id=principal.account_id,
                query=args["query"],
                muscle=args.get("muscle", ""),
                equipment=args.get("equipment", ""),
                page_size=args.get("limit", EXERCISES_DEFAULT),
            )
        )
        return {
            "exercises": [
                {
                    "exercise_id": e.exercise_id,
                    "name": e.name,
                    "aliases": list(e.aliases),
                    "muscles": list(e.primary_muscles),
                    # The muscle filter matches secondary muscles too (decision 0082).
                    "secondary_muscles": list(e.secondary_muscles),
                    "equipment": list(e.equipment),
                    "custom": e.custom,
                }
                for e in reply.exercises
            ],
            "total_matches": reply.total_size,
        }


def progress_points(
    result: Result, reply: analytics_pb2.GetProgressResponse, metric: str, calm: bool, unit: Unit
) -> Result:
    """``result`` with ``get_progress``'s points: from the answer's columns when it has them, else
    from its points (an analytics of the release before the columns; decision 0121). Both give the
    same result for the same series."""
    if calm:
        result["calm_mode"] = True
        result["note"] = CALM_NOTE
    else:
        result["unit"] = f"{unit} × reps" if metric == "volume" else unit
    if reply.HasField("columns"):
        result["points"] = _column_points(reply.columns, metric, calm, unit)
        return result
    if calm:
        result["points"] = [{"date": p.day, "workout_id": workout_id(p.session_id)} for p in reply.points]
        return result
    # A top set is a logged load, read back as logged (decision 0107); the others are worked out.
    value_in = render.logged_load_in if metric == "top_set" else render.kg_to
    result["points"] = [
        {
            "date": p.day,
            "value": value_in(unit, p.value),
            "workout_id": workout_id(p.session_id),
            **(
                {"set": {"load": render.logged_load_in(unit, p.set.weight_kg), "reps": int(p.set.reps)}}
                if p.HasField("set")
                else {}
            ),
        }
        for p in reply.points
    ]
    return result


def _column_points(
    columns: analytics_pb2.ProgressColumns, metric: str, calm: bool, unit: Unit
) -> list[dict[str, Any]]:
    days = [day_text(d) for d in columns.days]
    workouts = [workout_id(s) for s in columns.session_ids]
    if calm:
        return [{"date": d, "workout_id": w} for d, w in zip(days, workouts, strict=True)]
    value_in = render.logged_load_in if metric == "top_set" else render.kg_to
    values = [value_in(unit, v) for v in columns.values]
    if len(columns.set_performance_ids) != len(days) or not days:  # a volume has no set
        return [
            {"date": d, "value": v, "workout_id": w} for d, v, w in zip(days, values, workouts, strict=True)
        ]
    return [
        {
            "date": d,
            "value": v,
            "workout_id": w,
            "set": {"load": render.logged_load_in(unit, load), "reps": int(r)},
        }
        for d, v, w, load, r in zip(
            days, values, workouts, columns.set_weights_kg, columns.set_reps, strict=True
        )
    ]
