"""Personal records and progress from analytics, in the Open Workout Schema tools' terms.

Analytics catches up with the sessions feed before it answers, so a workout just logged is already
counted. Figures are in the profile's unit; an estimated one-rep max always says its formula, which
the tool descriptions ask assistants to quote (decision 0050).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from edge.profiles.ows import render
from edge.profiles.ows.context import LogContext, Unit
from edge.profiles.ows.ids import set_id, workout_id
from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.sessions.v1 import sessions_pb2

Json = dict[str, Any]
FORMULA = "epley"
FORMULA_TEXT = {
    "epley": "Epley: estimated 1RM = load × (1 + reps / 30)",
    "brzycki": "Brzycki: estimated 1RM = load × 36 / (37 - reps)",
}
METRIC_TEXT = {
    "e1rm": FORMULA_TEXT[FORMULA] + ", the best set of each session",
    "top_set": "the heaviest load lifted in a working set of each session",
    "volume": "load × reps summed over the working sets of each session",
}
# Record kinds: the analytics field and the tools' name.
KINDS = (
    ("heaviest_load", "heaviest_load"),
    ("estimated_one_rep_max", "estimated_1rm"),
    ("best_set_volume", "best_set_volume"),
)


def record_json(kind: str, record: analytics_pb2.PersonalRecord, unit: Unit) -> Json:
    """One record: value in ``unit``, the day and the set it comes from."""
    reference = record.set
    # The heaviest load is a logged load; the others are worked out from one (decision 0107).
    value = (
        render.logged_load_in(unit, record.value)
        if kind == "heaviest_load"
        else render.kg_to(unit, record.value)
    )
    out: Json = {
        "value": value,
        "unit": f"{unit} × reps" if kind == "best_set_volume" else unit,
        "date": reference.day,
        "set": {
            "load": render.logged_load_in(unit, reference.weight_kg),
            "reps": int(reference.reps),
            "unit": unit,
        },
        "workout_id": workout_id(reference.session_id),
        "set_id": set_id(reference.performance_id, reference.set_number),
    }
    if kind == "estimated_1rm":
        out["formula"] = FORMULA_TEXT.get(record.formula or FORMULA, record.formula)
    return out


def exercise_records_json(exercise: analytics_pb2.ExerciseRecords, unit: Unit) -> Json:
    """Every record of one exercise that has one."""
    out: Json = {
        "exercise": exercise.exercise_name or exercise.exercise_id,
        "exercise_id": exercise.exercise_id,
    }
    for field, name in KINDS:
        if exercise.HasField(field):
            out[name] = record_json(name, getattr(exercise, field), unit)
    return out


class NewRecords:
    """Reads the account's records from analytics."""

    def __init__(self, analytics: Callable[[], analytics_pb2_grpc.AnalyticsServiceStub]) -> None:
        self._analytics = analytics

    async def of(
        self, context: LogContext, exercise_ids: list[str]
    ) -> analytics_pb2.GetPersonalRecordsResponse:
        """The records of ``exercise_ids`` (every exercise when empty)."""
        reply: analytics_pb2.GetPersonalRecordsResponse = await self._analytics().GetPersonalRecords(
            analytics_pb2.GetPersonalRecordsRequest(
                account_id=context.account_id,
                exercise_ids=exercise_ids,
                formula=FORMULA,
                time_zone=context.time_zone,
            )
        )
        return reply

    async def set_in(self, workout: sessions_pb2.Session, context: LogContext) -> list[Json]:
        """The records the workout holds now: each one its sets set (or tie-broke to) first."""
        exercise_ids = sorted(
            {p.exercise_id for p in workout.performances if not render.is_unconfirmed(p) and p.sets}
        )
        if not exercise_ids:
            return []
        reply = await self.of(context, exercise_ids)
        found: list[Json] = []
        for exercise in reply.exercises:
            for field, name in KINDS:
                if exercise.HasField(field) and getattr(exercise, field).set.session_id == workout.session_id:
                    found.append(
                        {
                            "exercise": exercise.exercise_name or exercise.exercise_id,
                            "exercise_id": exercise.exercise_id,
                            "record": name,
                            **record_json(name, getattr(exercise, field), context.unit),
                        }
                    )
        return found
