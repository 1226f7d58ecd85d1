"""Endurance plans' pure rules: goal fields, workout drafts, masks and the order within a day
(docs/decisions/0062-endurance-plans.md). Each goal and draft is sent as its message and read as
the entrypoint reads it (``commands_pb``, decision 0113), so the paths are the wire's."""

from __future__ import annotations

from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from services.training.domain.input_values import Violations
from services.training.domain.model import WORKOUT_KINDS
from services.training.plans import rules
from services.training.plans.commands_pb import goal_draft, workout_draft


def fields_of(problems: Violations) -> list[str]:
    return [v.field for v in problems.items]


def test_a_placed_workout_takes_its_position_and_the_others_make_room():
    assert rules.arrange_day([("a", 1), ("b", 2)], {"n": 1}) == {"n": 1, "a": 2, "b": 3}
    assert rules.arrange_day([("a", 1), ("b", 2)], {"n": 0}) == {"a": 1, "b": 2, "n": 3}
    assert rules.arrange_day([("a", 3), ("b", 7)], {}) == {"a": 1, "b": 2}  # gaps close
    assert rules.arrange_day([], {"x": 0, "y": 0}) == {"x": 1, "y": 2}  # in the order given


def test_a_goal_lists_every_problem_with_its_path():
    goal = plans_pb2.Goal(
        name="",
        sport="rowing",
        plan_start_date="2026-10-01",
        race_date="2026-09-01",
        rest_days=[1, 8, 1],
        strength_per_week=15,
        phase_blocks=[plans_pb2.PhaseBlock(name="Base", start_date="2026-10-10", end_date="2026-10-01")],
        frequencies=[plans_pb2.SportFrequency(sport="run", sessions_per_week=3)] * 2,
        race_type="half marathon",
    )
    problems = Violations()
    rules.check_new_goal(problems, "goal", goal_draft(goal))
    assert fields_of(problems) == [
        "goal.name",
        "goal.sport",
        "goal.raceType",
        "goal.raceDate",
        "goal.strengthPerWeek",
        "goal.restDays[1]",
        "goal.restDays",
        "goal.frequencies",
        "goal.phaseBlocks[0].endDate",
    ]


def test_a_strength_phase_target_has_no_distance():
    block = plans_pb2.PhaseBlock(
        name="Base",
        start_date="2026-10-01",
        end_date="2026-10-28",
        targets=[plans_pb2.PhaseTarget(sport="strength", weekly_distance_meters=1000)],
    )
    problems = Violations()
    rules.check_goal(problems, "goal", goal_draft(plans_pb2.Goal(phase_blocks=[block])), ["phase_blocks"])
    assert fields_of(problems) == ["goal.phaseBlocks[0].targets[0].weeklyDistanceMeters"]


def test_a_new_workout_needs_a_name_a_date_and_its_endurance_part():
    problems = Violations()
    rules.check_draft(
        problems, "workouts[3]", workout_draft(plans_pb2.WorkoutDraft(scheduled_date="2026-13-01"))
    )
    assert fields_of(problems) == ["workouts[3].name", "workouts[3].scheduledDate", "workouts[3].endurance"]


def test_a_strength_workout_never_gets_a_distance():
    draft = plans_pb2.WorkoutDraft(
        name="Gym",
        scheduled_date="2026-10-01",
        endurance=training_pb2.EnduranceTarget(sport="strength", planned_distance_meters=5000),
    )
    problems = Violations()
    rules.check_draft(problems, "workouts[0]", workout_draft(draft))
    assert fields_of(problems) == ["workouts[0].endurance.plannedDistanceMeters"]


def test_a_workout_type_defaults_from_the_sport_and_kinds_fit_the_library():
    draft = plans_pb2.WorkoutDraft(
        name="Spin", scheduled_date="2026-10-01", endurance=training_pb2.EnduranceTarget(sport="ride")
    )
    problems = Violations()
    values = rules.check_draft(problems, "w", workout_draft(draft))
    assert not problems.items and values.workout_type == "ride_endurance"
    kinds = {rules.library_kind(s) for s in rules.TARGET_SPORTS}
    assert kinds == {"cardio", "fullBody", "custom"} and kinds <= set(WORKOUT_KINDS)


def test_an_update_mask_names_known_fields_only():
    problems = Violations()
    rules.check_mask(problems, "updateMask", ["name", "is_active"], rules.GOAL_MASK_FIELDS)
    rules.check_mask(problems, "changes[0].updateMask", [], rules.WORKOUT_MASK_FIELDS)
    assert fields_of(problems) == ["updateMask[1]", "changes[0].updateMask"]


def test_a_pace_target_may_name_only_its_zone():
    step = training_pb2.EnduranceStep(
        type="interval",
        role="work",
        duration_seconds=1200,
        target=training_pb2.StepTarget(kind="pace", pace_zone="T"),
    )
    draft = plans_pb2.WorkoutDraft(
        name="Tempo",
        scheduled_date="2026-10-01",
        endurance=training_pb2.EnduranceTarget(sport="run", steps=[step]),
    )
    problems = Violations()
    values = rules.check_draft(problems, "w", workout_draft(draft))
    assert not problems.items
    assert values.endurance is not None and values.endurance.steps[0].target is not None
    assert values.endurance.steps[0].target.pace_zone == "T"
