"""RunFlow's structured steps v2 to Training's endurance part and back, Training's field paths in the
tools' argument names, and the rules the plan schemas cannot say (decision 0064)."""

from __future__ import annotations

import pytest

from edge.profiles.runflow import plan_requests, plan_rules, steps
from edge.profiles.runflow.plan_render import argument_path, workout
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2

TRACK = {
    "name": "Track",
    "scheduledDate": "2026-10-06",
    "order": 2,
    "sport": "RUN",
    "workoutType": "INTERVALS",
    "plannedDurationSeconds": 3600,
    "plannedDistanceMeters": 12000,
    "intensity": {"kind": "pace", "label": "I"},
    "plannedTss": 80,
    "structuredSteps": [
        {"type": "warm_up", "durationSeconds": 900, "target": {"kind": "heart_rate", "heartRateZone": 2}},
        {
            "type": "repeat",
            "repeatCount": 5,
            "steps": [
                {
                    "type": "interval",
                    "role": "work",
                    "distanceMeters": 1000,
                    "target": {"kind": "pace", "paceZone": "I"},
                },
                {
                    "type": "interval",
                    "role": "recovery",
                    "durationSeconds": 90,
                    "target": {"kind": "power", "ftpPercentLow": 50.5, "ftpPercentHigh": 60},
                    "notes": "jog",
                },
            ],
        },
        {
            "type": "cool_down",
            "durationSeconds": 600,
            "target": {"kind": "pace", "paceLowSecondsPerKm": 330, "paceHighSecondsPerKm": 360},
        },
    ],
}


def test_a_workout_goes_to_training_and_reads_back_in_the_same_words():
    draft = steps.draft(TRACK, lock_planned_tss=True)
    assert (draft.workout_type, draft.order, draft.endurance.sport) == ("intervals", 2, "run")
    assert draft.endurance.planned_tss == 80 and draft.endurance.planned_tss_locked
    work = draft.endurance.steps[1].steps[0]
    assert work.target.pace_zone == "I" and not work.target.HasField("pace_low_seconds_per_km")
    stored = plans_pb2.PlanWorkout(
        workout_id="w1",
        name=draft.name,
        scheduled_date=draft.scheduled_date,
        order=draft.order,
        workout_type=draft.workout_type,
        endurance=draft.endurance,
    )
    read = workout(stored)
    for word in (
        "name",
        "scheduledDate",
        "order",
        "sport",
        "workoutType",
        "plannedDurationSeconds",
        "plannedDistanceMeters",
        "intensity",
        "plannedTss",
        "structuredSteps",
    ):
        assert read[word] == TRACK[word], word
    assert read["plannedTssLocked"] is True


def test_an_unlocked_planned_tss_is_sent_for_training_to_compute_over():
    assert not steps.draft(TRACK).endurance.planned_tss_locked


def test_a_change_keeps_the_stored_endurance_part_and_replaces_what_it_names():
    current = steps.draft(TRACK).endurance
    change = plan_requests.change(
        {"workoutId": "w1", "plannedDurationSeconds": 4000, "name": "Longer"}, current
    )
    assert list(change.update_mask.paths) == ["name", "endurance"]
    assert change.workout.endurance.planned_duration_seconds == 4000
    assert len(change.workout.endurance.steps) == 3 and change.workout.endurance.sport == "run"
    locked = plan_requests.change({"workoutId": "w1", "plannedTss": 55, "workoutType": "TEMPO"}, None)
    assert (
        list(locked.update_mask.paths) == ["workout_type", "planned_tss"]
        and locked.workout.workout_type == "tempo"
    )
    assert locked.workout.endurance.planned_tss == 55 and locked.workout.endurance.planned_tss_locked
    cleared = plan_requests.change({"workoutId": "w1", "structuredSteps": []}, current)
    assert (
        list(cleared.workout.endurance.steps) == []
        and cleared.workout.endurance.planned_duration_seconds == 3600
    )


def test_sports_are_the_contracts_words_and_another_sport_reads_upper_case():
    assert [steps.SPORTS[word] for word in ("RUN", "BIKE", "SWIM", "STRENGTH")] == [
        "run",
        "ride",
        "swim",
        "strength",
    ]
    assert steps.contract_sport("ride") == "BIKE" and steps.contract_sport("other") == "OTHER"


@pytest.mark.parametrize(
    ("stored", "lists", "single", "shown"),
    [
        (
            "workouts[136].endurance.steps[0].durationSeconds",
            {"workouts": "workouts"},
            None,
            "workouts[136].structuredSteps[0].durationSeconds",
        ),
        (
            "workouts[3].endurance.steps[1].steps[0].target.paceZone",
            {"workouts": "workouts"},
            None,
            "workouts[3].structuredSteps[1].steps[0].target.paceZone",
        ),
        (
            "changes[4].workout.endurance.plannedDistanceMeters",
            {"changes": "workouts"},
            None,
            "workouts[4].plannedDistanceMeters",
        ),
        (
            "changes[0].workout.endurance.steps[2].role",
            {"changes": "changes"},
            "changes",
            "structuredSteps[2].role",
        ),
        ("workouts[0].endurance.sport", {"workouts": "workouts"}, "workouts", "sport"),
        (
            "goal.phaseBlocks[1].targets[0].weeklyDistanceMeters",
            {},
            None,
            "phaseBlocks[1].targets[0].weeklyDistanceMeters",
        ),
        ("replaceFilter.toDay", {}, None, "replaceFilter.toDate"),
        ("filter.from_day", {}, None, "fromDate"),
        (".toDay", {}, None, "toDate"),
        ("moves[0].scheduledDate", {}, "moves", "scheduledDate"),
        ("importWorkouts.workouts[2].name", {"workouts": "workouts"}, None, "workouts[2].name"),
        ("statuses[0]", {}, "statuses", "statuses"),
    ],
)
def test_trainings_paths_read_as_the_tools_arguments(stored, lists, single, shown):
    assert argument_path(stored, lists, single) == shown


def test_recalibrated_thresholds_are_derived_as_the_sessions_service_derives_them():
    known = plans_pb2.AthleteThresholds(ftp_watts=250, vdot=45)
    new = plan_requests.recalibrated(
        known,
        {
            "raceResult": {"distanceMeters": 10000, "timeSeconds": 2400},
            "cssTest": {"seconds400m": 360, "seconds200m": 170},
            "restingHr": 48,
        },
    )
    assert new.ftp_watts == 250 and 51 < new.vdot < 53 and new.resting_hr_bpm == 48
    assert round(new.css_seconds_per_100m) == 95
    kinds = [record["kind"] for record in plan_requests.threshold_records({"ftpWatts": 300, "maxHr": 190})]
    assert kinds == ["ftp", "max_hr"]


@pytest.mark.parametrize(
    ("rule", "arguments", "words"),
    [
        (plan_rules.ids_or_filter, {}, "give workoutIds, or"),
        (plan_rules.ids_or_filter, {"workoutIds": ["a"], "goalId": "g"}, "not both"),
        (plan_rules.ordered_window, {"fromDate": "2026-03-10", "toDate": "2026-03-01"}, "before fromDate"),
        (plan_rules.some_shift, {"deltaDays": 0}, "must not be 0"),
        (plan_rules.goal_change, {"goalId": "g"}, "nothing to update"),
        (
            plan_rules.workout_changes("workouts"),
            {"workouts": [{"workoutId": "a", "name": "x"}, {"workoutId": "b"}]},
            "workouts[1]",
        ),
        (plan_rules.threshold_values, {"raceResult": {"distanceMeters": 1500, "timeSeconds": 90}}, "VDOT"),
        (plan_rules.threshold_values, {"cssTest": {"seconds400m": 300, "seconds200m": 160}}, "faster pace"),
        (plan_rules.real_dates("weekStart"), {"weekStart": "2026-02-30"}, "not a date"),
    ],
)
def test_the_rules_refuse_what_the_schemas_cannot_say(rule, arguments, words):
    violations = rule(arguments)
    assert violations and words in f"{violations[0].path} {violations[0].message}"


def test_the_rules_accept_good_arguments():
    assert not plan_rules.ids_or_filter({"goalId": "g", "sports": ["RUN"]})
    assert not plan_rules.ids_or_filter({"workoutIds": ["a"]})
    assert not plan_rules.threshold_values({"ftpWatts": 250})
    assert not plan_rules.workout_changes(None)({"workoutId": "a", "order": 2})


def test_a_step_read_back_omits_what_it_does_not_have():
    bare = training_pb2.EnduranceStep(type="interval", role="work", duration_seconds=60)
    assert steps.step_json(bare) == {"type": "interval", "role": "work", "durationSeconds": 60}
