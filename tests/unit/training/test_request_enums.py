"""Training reads a request's closed-set words from their enum twins, and from the strings when a
twin is unset (decision 0129): this release's callers send both, the previous release's edge only
the strings, and a later one may send only the enums. Each is read the same, a word outside the set
is still refused with today's path and text, and a retry hashes the same whichever it sent."""

from __future__ import annotations

import json

import pytest
from google.protobuf.field_mask_pb2 import FieldMask

from kinetic.proto_enums import put_word, put_words, read_twins, twin_value, words_of
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2 as pb
from services.training.domain.input_values import Violations
from services.training.entrypoints.edit_input_pb import edit_command, endurance_input_from_pb
from services.training.plans import rules
from services.training.plans.commands_pb import goal_draft, mutate_command, workout_draft
from services.training.plans.plans_grpc import generate
from services.training.plans.plans_pb import plan_query

SHAPES = ("both", "strings", "enums")


def _shaped(message, shape: str):
    """``message`` (built with both) as each kind of caller sends it."""
    if shape == "strings":
        return read_twins(message)  # every twin read into its string and cleared
    if shape == "enums":
        _blank_strings(message)
    return message


def _blank_strings(message) -> None:
    # Every string that has a twin set is emptied: the twin alone says the word.
    for field, value in message.ListFields():
        twin = message.DESCRIPTOR.fields_by_name.get(field.name + "_value")
        if field.type == field.TYPE_STRING and twin is not None and twin.enum_type is not None:
            if twin.is_repeated and getattr(message, twin.name):
                del value[:]
            elif not twin.is_repeated and message.HasField(twin.name):
                message.ClearField(field.name)
        elif field.message_type is not None:
            for item in value if field.is_repeated else (value,):
                _blank_strings(item)


def _endurance() -> pb.EnduranceTarget:
    return pb.EnduranceTarget(
        sport="ride",
        sport_value=pb.SPORT_RIDE,
        planned_duration_seconds=3600,
        intensity=pb.IntensityTarget(kind="power", label="Z2", kind_value=pb.TARGET_KIND_POWER),
        steps=[
            pb.EnduranceStep(type="warm_up", type_value=pb.STEP_TYPE_WARM_UP, duration_seconds=600),
            pb.EnduranceStep(
                type="repeat",
                type_value=pb.STEP_TYPE_REPEAT,
                repeat_count=3,
                steps=[
                    pb.EnduranceStep(
                        type="interval",
                        type_value=pb.STEP_TYPE_INTERVAL,
                        role="work",
                        role_value=pb.STEP_ROLE_WORK,
                        duration_seconds=300,
                        target=pb.StepTarget(
                            kind="power", kind_value=pb.TARGET_KIND_POWER, watts_low=250, watts_high=270
                        ),
                    ),
                    pb.EnduranceStep(
                        type="interval",
                        type_value=pb.STEP_TYPE_INTERVAL,
                        role="recovery",
                        role_value=pb.STEP_ROLE_RECOVERY,
                        duration_seconds=120,
                    ),
                ],
            ),
        ],
    )


def _draft() -> plans_pb2.WorkoutDraft:
    return plans_pb2.WorkoutDraft(
        name="Intervals",
        scheduled_date="2026-10-01",
        workout_type="ride_intervals",
        workout_type_value=plans_pb2.WORKOUT_TYPE_RIDE_INTERVALS,
        endurance=_endurance(),
    )


def _goal() -> plans_pb2.Goal:
    return plans_pb2.Goal(
        name="Season",
        sport="triathlon",
        sport_value=plans_pb2.GOAL_SPORT_TRIATHLON,
        frequencies=[plans_pb2.SportFrequency(sport="swim", sport_value=pb.SPORT_SWIM, sessions_per_week=2)],
        phase_blocks=[
            plans_pb2.PhaseBlock(
                name="Base",
                start_date="2026-10-01",
                end_date="2026-10-31",
                targets=[plans_pb2.PhaseTarget(sport="run", sport_value=pb.SPORT_RUN, weekly_tss=200)],
            )
        ],
    )


def _filter() -> plans_pb2.ReplaceFilter:
    return plans_pb2.ReplaceFilter(sports=["run", "swim"], sports_value=[pb.SPORT_RUN, pb.SPORT_SWIM])


@pytest.mark.parametrize("shape", SHAPES)
def test_a_draft_reads_the_same_from_either_field(shape: str) -> None:
    draft = workout_draft(_shaped(_draft(), shape))
    assert draft == workout_draft(_shaped(_draft(), "strings"))
    assert draft.workout_type == "ride_intervals"
    assert draft.endurance is not None and draft.endurance.sport == "ride"
    assert draft.endurance.intensity is not None and draft.endurance.intensity.kind == "power"
    work = draft.endurance.steps[1].steps[0]
    assert (draft.endurance.steps[0].type, work.type, work.role) == ("warm_up", "interval", "work")
    assert work.target is not None and work.target.kind == "power"
    problems = Violations()
    rules.check_draft(problems, "workouts[0]", draft)
    assert not problems.items


@pytest.mark.parametrize("shape", SHAPES)
def test_a_goal_a_filter_and_a_plan_read_from_either_field(shape: str) -> None:
    goal = goal_draft(_shaped(_goal(), shape)).fields
    assert goal.sport == "triathlon"
    assert [f.sport for f in goal.frequencies] == ["swim"]
    assert [t.sport for t in goal.phase_blocks[0].targets] == ["run"]
    deleted = plans_pb2.DeleteWorkouts(filter=_shaped(_filter(), shape))
    command = mutate_command(plans_pb2.MutatePlanRequest(account_id="a", delete_workouts=deleted))
    assert command.mutation.filter.sports == ("run", "swim")  # type: ignore[union-attr]
    asked = plans_pb2.GetPlanRequest(account_id="a", sport="swim", sport_value=pb.SPORT_SWIM)
    assert plan_query(_shaped(asked, shape)).sport == "swim"


@pytest.mark.parametrize("shape", SHAPES)
def test_a_library_edit_reads_its_endurance_part_from_either_field(shape: str) -> None:
    sent = endurance_input_from_pb(_shaped(_endurance(), shape))
    assert sent == endurance_input_from_pb(_shaped(_endurance(), "strings"))
    assert (sent.sport, sent.steps[1].steps[1].role) == ("ride", "recovery")


def test_the_enum_is_read_over_the_string_and_an_unknown_value_falls_back_to_it() -> None:
    draft = plans_pb2.WorkoutDraft(workout_type="easy", workout_type_value=plans_pb2.WORKOUT_TYPE_LONG)
    assert workout_draft(draft).workout_type == "long"
    draft.workout_type_value = 99  # type: ignore[assignment]  # a value a later release added: the string says it
    assert workout_draft(draft).workout_type == "easy"
    mixed = plans_pb2.ReplaceFilter(sports=["run", "swim"], sports_value=[pb.SPORT_RUN, 99])  # type: ignore[list-item]
    assert words_of(mixed, "sports") == ["run", "swim"]


def test_a_word_outside_the_set_travels_in_the_string_and_is_refused_as_before() -> None:
    draft = plans_pb2.WorkoutDraft(name="Paddle", scheduled_date="2026-10-01")
    put_word(draft, "workout_type", "kayaking")
    put_word(draft.endurance, "sport", "kayak")
    assert not draft.HasField("workout_type_value") and not draft.endurance.HasField("sport_value")
    problems = Violations()
    rules.check_draft(problems, "workouts[3]", workout_draft(draft))
    texts = {v.field: v.description for v in problems.items}
    assert texts["workouts[3].endurance.sport"].startswith("must be one of")
    assert "workouts[3].workoutType" in texts
    # A word the writer changes to one outside the set clears the twin the message held.
    put_word(draft.endurance, "sport", "run")
    put_word(draft.endurance, "sport", "kayak")
    assert not draft.endurance.HasField("sport_value")
    sports = plans_pb2.ReplaceFilter()
    put_words(sports, "sports", ["run", "kayak"])
    assert list(sports.sports) == ["run", "kayak"] and not sports.sports_value


@pytest.mark.parametrize("shape", SHAPES)
def test_a_retry_hashes_the_same_whichever_field_its_edge_sent(shape: str) -> None:
    def asked(shaped: str) -> plans_pb2.MutatePlanRequest:
        change = plans_pb2.WorkoutChange(
            workout_id="w1", workout=_shaped(_draft(), shaped), update_mask=FieldMask(paths=["workout_type"])
        )
        return plans_pb2.MutatePlanRequest(
            account_id="a",
            idempotency_key="key-0001",
            modify_workouts=plans_pb2.ModifyWorkouts(changes=[change]),
        )

    # The previous release hashed the bytes as sent, and its edge sent the strings only.
    assert mutate_command(asked(shape)).request_hash == mutate_command(asked("strings")).request_hash
    other = asked(shape)
    other.modify_workouts.changes[0].workout.workout_type_value = plans_pb2.WORKOUT_TYPE_EASY
    assert mutate_command(other).request_hash != mutate_command(asked("strings")).request_hash

    def edit(shaped: str) -> pb.EditTrainingRequest:
        workout = pb.WorkoutInput(name="Ride", endurance=_shaped(_endurance(), shaped))
        return pb.EditTrainingRequest(
            account_id="a",
            edit_input=pb.EditInput(create_workout=pb.CreateWorkoutAction(workout=workout)),
        )

    assert edit_command(edit(shape)).hashed_input == edit_command(edit("strings")).hashed_input
    assert "sportValue" not in str(edit_command(edit(shape)).hashed_input)


def test_a_generated_plan_s_goal_carries_both() -> None:
    arguments = {"event": "10K", "raceDate": "2027-03-14", "weeklyVolumeKm": 25, "startDate": "2026-12-01"}
    request = plans_pb2.GeneratePlanRequest(
        arguments_json=json.dumps(arguments), today="2026-12-01", as_goal=True
    )
    create = generate(request).goal
    assert create.workouts
    assert create.goal.sport_value == plans_pb2.GOAL_SPORT_RUN
    for draft in create.workouts:
        assert draft.workout_type_value == twin_value(plans_pb2.WorkoutType, draft.workout_type)
        assert draft.endurance.sport_value == pb.SPORT_RUN
        for step in draft.endurance.steps:
            assert step.type_value == twin_value(pb.StepType, step.type)
