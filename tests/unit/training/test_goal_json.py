"""A goal's stored JSON written from the domain values (decision 0102) is what the message's JSON
mapping wrote before, so goal rows stored then and now read alike; a snapshot's JSON round-trips."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

from google.protobuf import json_format
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from services.training.domain.endurance import EnduranceTarget
from services.training.plans.goal import GoalFields, SnapshotContent, SnapshotWorkout
from services.training.plans.goal_json import (
    details_from_json,
    details_to_json,
    is_json_snapshot,
    snapshot_from_json,
    snapshot_to_json,
    summaries_from_json,
    summaries_to_json,
    time_to_json,
)
from services.training.plans.plans_pb import goal_fields_from_pb

DETAIL_FIELDS = ("training_focus", "phase_blocks", "frequencies", "strength_per_week", "rest_days")


def stamp(value: datetime) -> Timestamp:
    message = Timestamp()
    message.FromDatetime(value)
    return message


def rich_goal() -> plans_pb2.Goal:
    return plans_pb2.Goal(
        goal_id="g1",
        sport="run",
        race_type="MARATHON",
        training_focus="Aerobic base",
        phase_blocks=[
            plans_pb2.PhaseBlock(
                name="Base",
                start_date="2026-09-20",
                end_date="2026-11-01",
                targets=[
                    plans_pb2.PhaseTarget(sport="run", weekly_distance_meters=40000, sessions_per_week=0),
                    plans_pb2.PhaseTarget(sport="strength", weekly_duration_seconds=3600, weekly_tss=80.5),
                ],
            )
        ],
        frequencies=[plans_pb2.SportFrequency(sport="run", sessions_per_week=4), plans_pb2.SportFrequency()],
        strength_per_week=2,
        rest_days=[1, 5],
        coaching_summaries=[
            plans_pb2.CoachingSummary(
                week_start="2026-09-21", text="Good", update_time=stamp(datetime(2026, 9, 21, 8, tzinfo=UTC))
            ),
            plans_pb2.CoachingSummary(
                week_start="2026-09-28",
                text="Better",
                update_time=stamp(datetime(2026, 9, 28, 8, 0, 0, 123456, tzinfo=UTC)),
            ),
        ],
    )


def message_mapping_details(goal: plans_pb2.Goal) -> str:
    """What the store wrote before decision 0102."""
    details = plans_pb2.Goal()
    for name in DETAIL_FIELDS:
        value = getattr(goal, name)
        if isinstance(value, (str, int)):
            setattr(details, name, value)
        else:
            getattr(details, name).extend(value)
    return json.dumps(json_format.MessageToDict(details), sort_keys=True)


def test_details_are_written_as_the_message_mapping_wrote_them():
    goal = rich_goal()
    assert details_to_json(goal_fields_from_pb(goal)) == message_mapping_details(goal)
    assert details_to_json(GoalFields(goal_id="g")) == message_mapping_details(plans_pb2.Goal()) == "{}"


def test_details_and_summaries_stored_before_read_back_as_the_same_values():
    goal = rich_goal()
    fields = goal_fields_from_pb(goal)
    assert details_from_json(message_mapping_details(goal)) == {
        name: getattr(fields, name) for name in DETAIL_FIELDS
    }
    old_summaries = json.dumps([json_format.MessageToDict(s) for s in goal.coaching_summaries])
    assert summaries_from_json(old_summaries) == fields.coaching_summaries
    assert summaries_to_json(fields.coaching_summaries) == old_summaries


def test_times_are_written_as_a_timestamp_s_json():
    for value in (
        datetime(2026, 9, 21, 8, tzinfo=UTC),
        datetime(2026, 9, 21, 8, 0, 0, 120000, tzinfo=UTC),
        datetime(2026, 9, 21, 8, 0, 0, 123456, tzinfo=UTC),
    ):
        assert time_to_json(value) == stamp(value).ToJsonString()


def test_a_snapshot_round_trips_and_is_told_from_a_message():
    workout = SnapshotWorkout(
        workout_id="w1",
        version="3.mcp-runflow",
        name="Easy run",
        notes="",
        day=date(2026, 9, 22),
        order=1,
        workout_type="easy",
        completed=True,
        linked_activity_id="act-1",
        completed_at=datetime(2026, 9, 22, 18, tzinfo=UTC),
        endurance=EnduranceTarget(sport="run", planned_duration_seconds=2700),
    )
    content = SnapshotContent(
        name="Autumn marathon", notes="n", fields=goal_fields_from_pb(rich_goal()), workouts=(workout,)
    )
    stored = snapshot_to_json(content)
    assert is_json_snapshot(stored) and snapshot_from_json(stored) == content
    legacy = plans_pb2.GetPlanResponse(goal=rich_goal()).SerializeToString()
    assert not is_json_snapshot(legacy) and not is_json_snapshot(b"")
