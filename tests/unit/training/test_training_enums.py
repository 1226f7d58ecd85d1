"""Training's closed sets travel as a word and its enum twin (decision 0128): every word the domain
can say has its value and back, Training's renderers fill both, and a reader reads the enum, falling
back to the string when an older replica wrote only the string."""

from __future__ import annotations

import pytest
from google.protobuf import json_format

from kinetic.proto_enums import enum_value, enum_word, read_twins, twin_value, word_of
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb
from kinetic.training.v1 import training_pb2 as pb
from services.training.domain.endurance import (
    INTENSITY_KINDS,
    INTERVAL_ROLES,
    SPORTS,
    STEP_TYPES,
    EnduranceStep,
    EnduranceTarget,
    IntensityTarget,
    StepTarget,
)
from services.training.entrypoints.library_pb import endurance_summaries, endurance_to_pb
from services.training.plans.plans_pb import plan_load, plan_load_from_pb
from services.training.plans.rules import GOAL_SPORTS, TARGET_SPORTS, WORKOUT_TYPES


@pytest.mark.parametrize(
    ("enum", "words"),
    [
        (pb.Sport, SPORTS),
        (pb.Sport, TARGET_SPORTS),
        (pb.StepType, STEP_TYPES),
        (pb.StepRole, INTERVAL_ROLES),
        (pb.TargetKind, INTENSITY_KINDS),
        (plans_pb.WorkoutType, WORKOUT_TYPES),
        (plans_pb.GoalSport, GOAL_SPORTS),
    ],
    ids=lambda value: getattr(getattr(value, "DESCRIPTOR", None), "name", None) or "words",
)
def test_every_word_of_the_domain_has_its_enum_value_and_back(enum, words):
    values = [enum_value(enum, word) for word in words]
    assert 0 not in values and len(set(values)) == len(words)
    assert [enum_word(enum, value) for value in values] == list(words)
    # And the enum holds nothing the domain cannot say, besides its unset zero.
    assert sorted(values) == sorted(v for v in enum.values() if v != 0)


def test_a_writer_leaves_the_twin_unset_for_no_word_and_for_a_word_outside_the_set():
    assert twin_value(pb.Sport, "run") == pb.SPORT_RUN
    assert twin_value(pb.StepRole, "") is None
    assert twin_value(pb.Sport, "kayak") is None  # the string still says it; the reader reads that


INTERVALS = EnduranceTarget(
    sport="ride",
    planned_duration_seconds=3600,
    intensity=IntensityTarget(kind="heart_rate", label="Z2"),
    steps=(
        EnduranceStep(type="warm_up", duration_seconds=600),
        EnduranceStep(
            type="repeat",
            repeat_count=5,
            steps=(
                EnduranceStep(
                    type="interval",
                    role="work",
                    duration_seconds=180,
                    target=StepTarget(kind="power", watts_low=250, watts_high=270),
                ),
                EnduranceStep(type="interval", role="recovery", duration_seconds=120),
            ),
        ),
        EnduranceStep(type="cool_down", duration_seconds=600),
    ),
)


def test_the_renderer_fills_every_twin_from_the_word_beside_it():
    message = endurance_to_pb(INTERVALS)
    assert message.sport_value == pb.SPORT_RIDE
    assert message.intensity.kind_value == pb.TARGET_KIND_HEART_RATE
    warm_up, repeat, cool_down = message.steps
    assert (warm_up.type_value, cool_down.type_value) == (pb.STEP_TYPE_WARM_UP, pb.STEP_TYPE_COOL_DOWN)
    assert repeat.type_value == pb.STEP_TYPE_REPEAT and not repeat.HasField("role_value")
    work, recovery = repeat.steps
    assert (work.role_value, recovery.role_value) == (pb.STEP_ROLE_WORK, pb.STEP_ROLE_RECOVERY)
    assert work.target.kind_value == pb.TARGET_KIND_POWER
    # The strings stay filled: a reader of the previous release reads them.
    assert (message.sport, work.type, work.role, work.target.kind) == ("ride", "interval", "work", "power")
    assert endurance_summaries({"w": INTERVALS})["w"].sport_value == pb.SPORT_RIDE


def _old_replica(message: pb.EnduranceTarget) -> pb.EnduranceTarget:
    """The same answer as the previous release wrote it: the strings, no twins."""
    old = pb.EnduranceTarget()
    old.CopyFrom(message)
    old.ClearField("sport_value")
    old.intensity.ClearField("kind_value")

    def clear(steps):
        for step in steps:
            step.ClearField("type_value")
            step.ClearField("role_value")
            if step.HasField("target"):
                step.target.ClearField("kind_value")
            clear(step.steps)

    clear(old.steps)
    return old


def test_an_answer_read_is_the_previous_release_answer_byte_for_byte():
    new = endurance_to_pb(INTERVALS)
    old = _old_replica(new)
    assert new.SerializeToString() != old.SerializeToString()
    read = read_twins(new)
    assert read.SerializeToString(deterministic=True) == old.SerializeToString(deterministic=True)
    everything = {"always_print_fields_with_no_presence": True}
    assert json_format.MessageToDict(read, **everything) == json_format.MessageToDict(old, **everything)


def test_an_answer_an_older_replica_wrote_reads_as_its_strings():
    old = _old_replica(endurance_to_pb(INTERVALS))
    before = old.SerializeToString(deterministic=True)
    assert read_twins(old).SerializeToString(deterministic=True) == before
    assert word_of(old, "sport") == "ride"
    assert word_of(old.steps[1].steps[0], "role") == "work"


def test_a_reader_takes_the_enum_over_the_string():
    # As after the contract step, when only the enum travels: the reader says the enum's word.
    message = pb.EnduranceStep(type_value=pb.STEP_TYPE_INTERVAL, role_value=pb.STEP_ROLE_ACTIVE)
    assert (word_of(message, "type"), word_of(message, "role")) == ("interval", "active")
    read_twins(message)
    assert (message.type, message.role) == ("interval", "active")
    assert not message.HasField("type_value") and not message.HasField("role_value")


def test_a_value_a_newer_release_added_reads_as_the_string():
    message = pb.EnduranceTarget(sport="run", sport_value=99)  # type: ignore[arg-type]
    assert word_of(message, "sport") == "run"
    assert read_twins(message).sport == "run" and not message.HasField("sport_value")


def test_twins_inside_lists_are_read():
    response = pb.ListOccurrencesResponse(
        occurrences=[pb.Occurrence(endurance=pb.EnduranceSummary(sport="", sport_value=pb.SPORT_SWIM))]
    )
    read_twins(response)
    assert response.occurrences[0].endurance.sport == "swim"
    assert not response.occurrences[0].endurance.HasField("sport_value")


def _load(**fields) -> plans_pb.PlanLoad:
    return plans_pb.PlanLoad(
        workout_id="w", day="2026-03-02", planned_tss=55.0, distance_meters=12000, **fields
    )


def test_a_stored_load_reads_by_its_enums_or_by_an_older_replica_strings():
    new = _load(
        sport="run",
        workout_type="long",
        sport_value=pb.SPORT_RUN,
        workout_type_value=plans_pb.WORKOUT_TYPE_LONG,
    )
    old = _load(sport="run", workout_type="long")
    enums_only = _load(sport_value=pb.SPORT_RUN, workout_type_value=plans_pb.WORKOUT_TYPE_LONG)
    read = plan_load_from_pb(old)
    assert plan_load_from_pb(new) == read == plan_load_from_pb(enums_only)
    assert (read.sport, read.workout_type, read.day, read.distance_meters) == (
        "run",
        "long",
        "2026-03-02",
        12000,
    )
    # And the renderer writes both again.
    assert plan_load(read) == new
