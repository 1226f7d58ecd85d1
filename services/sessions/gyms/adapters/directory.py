"""The session core's ``GymDirectory`` port, answered from the gym tables.

The port (``services/sessions/service_layer/gym_directory.py``) belongs to the session core; this
adapter is the only place the gyms hexagon implements it (docs/decisions/0029).
"""

from __future__ import annotations

from sqlalchemy import Engine

from services.sessions.adapters.read_engine import read_engine
from services.sessions.domain.object_ids import is_object_id
from services.sessions.gyms.adapters import repository as repo
from services.sessions.gyms.adapters.client_reads import own_plan, resolve, visible_exercises
from services.sessions.gyms.domain.model import GymExercise, Language, PlanExercise, parse_language
from services.sessions.service_layer import gym_directory as directory


class SqlGymDirectory:
    """:class:`~services.sessions.service_layer.gym_directory.GymDirectory` over the gym tables.

    It answers only about the account's own client; gates are the caller's business
    (``CheckClientAccess``), visibility is this directory's.
    """

    def __init__(self, engine: Engine) -> None:
        self._engine = read_engine(engine)  # reads only

    def plan_day(
        self, account_id: str, plan_id: str, plan_moment_id: str, language: str
    ) -> directory.PlanDay | None:
        """The visible day of a plan assigned to the account's client (WOD plans included, flagged)."""
        lang = parse_language(language)
        if not (account_id and is_object_id(plan_id) and is_object_id(plan_moment_id)):
            return None
        with self._engine.connect() as conn:
            context = resolve(conn, account_id)
            if context is None:
                return None
            plan = own_plan(conn, context, plan_id.lower())
            if plan is None:
                return None
            day = next((d for d in plan.days if d.id == plan_moment_id.lower() and d.visible), None)
            if day is None:
                return None
            shown = visible_exercises(conn, context, day.exercises)
        return directory.PlanDay(
            company_id=plan.company_id,
            plan_id=plan.id,
            plan_moment_id=day.id,
            plan_name=plan.name.get(lang),
            day_name=day.name.get(lang),
            is_wod=plan.is_wod,
            exercises=tuple(_planned(item, exercise, lang) for item, exercise in shown),
        )

    def visible_exercise(
        self, account_id: str, exercise_id: str, language: str
    ) -> directory.VisibleExercise | None:
        """The exercise if it is allowlisted by the client's company or the client's own."""
        lang = parse_language(language)
        if not (account_id and is_object_id(exercise_id)):
            return None
        with self._engine.connect() as conn:
            context, exercise = repo.client_context_and_exercise(conn, account_id, exercise_id.lower())
        if (
            context is None
            or exercise is None
            or not exercise.visible_to(context.client.id, context.company.id)
        ):
            return None
        return directory.VisibleExercise(exercise.id, exercise.name.get(lang), exercise.catalog_exercise_id)


def _planned(item: PlanExercise, exercise: GymExercise, language: Language) -> directory.PlannedExercise:
    return directory.PlannedExercise(
        plan_exercise_id=item.id,
        exercise_id=exercise.id,
        exercise_name=exercise.name.get(language),
        target_sets=item.target_sets,
        target_reps=item.target_reps,
        target_weight_kg=item.target_weight_kg,
        rest_seconds=item.rest_seconds,
    )
