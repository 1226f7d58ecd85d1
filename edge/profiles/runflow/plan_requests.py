"""The tools' arguments as Training's plan messages: goals, workout changes, filters, thresholds
(decision 0064). Arguments arrive checked against the schemas; whole numbers are sent as ints."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from google.protobuf import field_mask_pb2

from edge.profiles.runflow.steps import ENDURANCE_ARGUMENTS, SPORTS, apply_endurance, retotal
from kinetic.analytics.v1 import endurance_pb2
from kinetic.proto_enums import put_word, put_words, twin_value, word_of
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from knowledge.endurance import running, swimming

GOAL_SPORTS = {
    "RUN": "run",
    "BIKE": "ride",
    "SWIM": "swim",
    "TRIATHLON": "triathlon",
    "DUATHLON": "duathlon",
    "OTHER": "other",
}
# The goal arguments and the UpdateGoal mask names (Goal's proto fields) they set.
GOAL_MASK = {
    "name": "name",
    "planStartDate": "plan_start_date",
    "raceDate": "race_date",
    "sport": "sport",
    "raceType": "race_type",
    "trainingFocus": "training_focus",
    "frequencies": "frequencies",
    "strengthPerWeek": "strength_per_week",
    "restDays": "rest_days",
    "phaseBlocks": "phase_blocks",
    "notes": "notes",
}
# A workout change's plain fields and the WorkoutDraft fields (mask names) they set.
DRAFT_FIELDS = {
    "name": "name",
    "notes": "notes",
    "scheduledDate": "scheduled_date",
    "order": "order",
    "workoutType": "workout_type",
}
CHANGE_ARGUMENTS = (*DRAFT_FIELDS, *ENDURANCE_ARGUMENTS, "plannedTss")
CREATION_MODE = "AI_ASSISTED"


def phase_target(given: Mapping[str, Any]) -> plans_pb2.PhaseTarget:
    sport = SPORTS[given["sport"]]
    # Each word with its enum twin, for a Training of either release (decision 0129).
    target = plans_pb2.PhaseTarget(sport=sport, sport_value=twin_value(training_pb2.Sport, sport))
    if "weeklyDistanceMeters" in given:
        target.weekly_distance_meters = float(given["weeklyDistanceMeters"])
    if "weeklyDurationSeconds" in given:
        target.weekly_duration_seconds = int(given["weeklyDurationSeconds"])
    if "weeklyTss" in given:
        target.weekly_tss = float(given["weeklyTss"])
    if "sessionsPerWeek" in given:
        target.sessions_per_week = int(given["sessionsPerWeek"])
    return target


def goal(arguments: Mapping[str, Any]) -> plans_pb2.Goal:
    """The goal fields the arguments give (the others empty)."""
    sport = GOAL_SPORTS.get(arguments.get("sport", ""), "")
    built = plans_pb2.Goal(
        name=arguments.get("name", ""),
        sport=sport,
        sport_value=twin_value(plans_pb2.GoalSport, sport),
        race_type=arguments.get("raceType", ""),
        race_date=arguments.get("raceDate", ""),
        plan_start_date=arguments.get("planStartDate", ""),
        training_focus=arguments.get("trainingFocus", ""),
        strength_per_week=int(arguments.get("strengthPerWeek", 0)),
        rest_days=[int(day) for day in arguments.get("restDays", ())],
        notes=arguments.get("notes", ""),
        frequencies=[
            plans_pb2.SportFrequency(
                sport=SPORTS[f["sport"]],
                sport_value=twin_value(training_pb2.Sport, SPORTS[f["sport"]]),
                sessions_per_week=int(f["sessionsPerWeek"]),
            )
            for f in arguments.get("frequencies", ())
        ],
        phase_blocks=[
            plans_pb2.PhaseBlock(
                name=block["name"],
                start_date=block["startDate"],
                end_date=block["endDate"],
                focus=block.get("focus", ""),
                targets=[phase_target(target) for target in block.get("targets", ())],
            )
            for block in arguments.get("phaseBlocks", ())
        ],
    )
    return built


def goal_mask(arguments: Mapping[str, Any]) -> field_mask_pb2.FieldMask:
    return field_mask_pb2.FieldMask(paths=[mask for word, mask in GOAL_MASK.items() if word in arguments])


def day_filter(arguments: Mapping[str, Any]) -> plans_pb2.ReplaceFilter:
    built = plans_pb2.ReplaceFilter(
        from_day=arguments.get("fromDate", ""), to_day=arguments.get("toDate", "")
    )
    put_words(built, "sports", [SPORTS[sport] for sport in arguments.get("sports", ())])  # 0129
    return built


def change(item: Mapping[str, Any], current: training_pb2.EnduranceTarget | None) -> plans_pb2.WorkoutChange:
    """One workout's change: the fields given, and the endurance part rewritten from ``current`` with
    the endurance fields given (Training replaces the part whole)."""
    draft = plans_pb2.WorkoutDraft()
    mask: list[str] = []
    for word, field in DRAFT_FIELDS.items():
        if word in item:
            value = item[word]
            if field == "workout_type":
                put_word(draft, field, value.lower())  # with its enum twin (decision 0129)
            else:
                setattr(draft, field, int(value) if field == "order" else value)
            mask.append(field)
    if any(word in item for word in ENDURANCE_ARGUMENTS):
        if current is not None:
            draft.endurance.CopyFrom(current)
        apply_endurance(draft.endurance, item)
        retotal(draft.endurance, item)
        mask.append("endurance")
    if "plannedTss" in item:
        draft.endurance.planned_tss = float(item["plannedTss"])
        draft.endurance.planned_tss_locked = True
        mask.append("planned_tss")
    return plans_pb2.WorkoutChange(
        workout_id=item["workoutId"], workout=draft, update_mask=field_mask_pb2.FieldMask(paths=mask)
    )


def move(item: Mapping[str, Any]) -> plans_pb2.WorkoutMove:
    return plans_pb2.WorkoutMove(
        workout_id=item["workoutId"], scheduled_date=item["scheduledDate"], order=int(item.get("order", 0))
    )


def status(item: Mapping[str, Any]) -> plans_pb2.WorkoutStatus:
    return plans_pb2.WorkoutStatus(
        workout_id=item["workoutId"],
        completed=bool(item["completed"]),
        linked_activity_id=item.get("linkedActivityId", ""),
    )


def recalibrated(
    known: plans_pb2.AthleteThresholds, arguments: Mapping[str, Any]
) -> plans_pb2.AthleteThresholds:
    """``known`` with the values a recalibration gives, derived as the sessions service derives them
    (VDOT from the race, CSS from the two trials), so Training need not wait for analytics."""
    new = plans_pb2.AthleteThresholds()
    new.CopyFrom(known)
    if "raceResult" in arguments:
        race = arguments["raceResult"]
        new.vdot = running.vdot_from_race(float(race["distanceMeters"]), float(race["timeSeconds"]))
    if "thresholdPaceSecondsPerKm" in arguments:
        new.threshold_pace_seconds_per_km = float(arguments["thresholdPaceSecondsPerKm"])
    if "ftpWatts" in arguments:
        new.ftp_watts = float(arguments["ftpWatts"])
    if "cssTest" in arguments:
        trials = arguments["cssTest"]
        speed = swimming.critical_swim_speed(float(trials["seconds400m"]), float(trials["seconds200m"]))
        new.css_seconds_per_100m = speed.seconds_per_100m
    for word, field in (
        ("thresholdHr", "threshold_hr_bpm"),
        ("maxHr", "max_hr_bpm"),
        ("restingHr", "resting_hr_bpm"),
    ):
        if word in arguments:
            setattr(new, field, float(arguments[word]))
    return new


def threshold_records(arguments: Mapping[str, Any]) -> Sequence[dict[str, Any]]:
    """The sessions ``Threshold`` fields of each value a recalibration gives (source recalibrated)."""
    records: list[dict[str, Any]] = []
    if "raceResult" in arguments:
        race = arguments["raceResult"]
        records.append(
            {
                "kind": "race_result",
                "distance_m": float(race["distanceMeters"]),
                "seconds": float(race["timeSeconds"]),
            }
        )
    if "thresholdPaceSecondsPerKm" in arguments:
        records.append(
            {"kind": "threshold_pace", "seconds_per_km": float(arguments["thresholdPaceSecondsPerKm"])}
        )
    if "ftpWatts" in arguments:
        records.append({"kind": "ftp", "watts": float(arguments["ftpWatts"])})
    if "cssTest" in arguments:
        trials = arguments["cssTest"]
        records.append(
            {
                "kind": "css",
                "seconds_400m": float(trials["seconds400m"]),
                "seconds_200m": float(trials["seconds200m"]),
            }
        )
    for word, kind in (("thresholdHr", "threshold_hr"), ("maxHr", "max_hr"), ("restingHr", "resting_hr")):
        if word in arguments:
            records.append({"kind": kind, "bpm": float(arguments[word])})
    return records


def planned_load(workout: plans_pb2.PlanWorkout) -> endurance_pb2.PlannedLoad:
    """A completed plan workout as AssessCompletion reads it."""
    endurance = workout.endurance
    load = endurance_pb2.PlannedLoad(
        workout_id=workout.workout_id,
        day=workout.scheduled_date,
        sport=word_of(endurance, "sport"),  # Training's answer: the twins, else the strings (0129)
        workout_type=word_of(workout, "workout_type"),
        planned_tss=endurance.planned_tss,
    )
    if endurance.HasField("planned_distance_meters"):
        load.distance_meters = endurance.planned_distance_meters
    if endurance.HasField("planned_duration_seconds"):
        load.duration_seconds = endurance.planned_duration_seconds
    return load


# The creation mode of a plan Kinetic's plan generator made (create_training_plan; decision 0065).
GENERATED_CREATION_MODE = "STANDARD_BUILDER"


def generated_race_type(goal: plans_pb2.Goal) -> str:
    """The event of a generated plan, which the safety engine judges its long runs by (decision
    0114); empty for a plan the athlete wrote."""
    return goal.race_type if goal.creation_mode == GENERATED_CREATION_MODE else ""


def safety_loads(loads: Sequence[plans_pb2.PlanLoad]) -> list[endurance_pb2.PlannedLoad]:
    """The mutation's plan loads as the safety engine takes them (it skips the days before today)."""
    converted = []
    for load in loads:
        planned = endurance_pb2.PlannedLoad(
            workout_id=load.workout_id,
            day=load.day,
            sport=word_of(load, "sport"),
            workout_type=word_of(load, "workout_type"),
            planned_tss=load.planned_tss,
        )
        if load.HasField("distance_meters"):
            planned.distance_meters = load.distance_meters
        if load.HasField("duration_seconds"):
            planned.duration_seconds = load.duration_seconds
        converted.append(planned)
    return converted
