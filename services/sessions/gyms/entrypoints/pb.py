"""Protobuf <-> gym domain conversions, for the gym servicers. No use cases here."""

from __future__ import annotations

from google.protobuf import struct_pb2

from kinetic.errors import InvalidArgument
from kinetic.sessions.v1 import gyms_pb2
from services.sessions.gyms.domain.admin_input import NewPlanDay
from services.sessions.gyms.domain.equipment import EquipmentItem
from services.sessions.gyms.domain.model import (
    Client,
    ClientMcpPolicy,
    Coach,
    Company,
    EffectiveField,
    GymExercise,
    Language,
    Localized,
    MachinePreset,
    Plan,
    PlanExerciseContent,
    SetupField,
    SetupScalar,
)
from services.sessions.gyms.domain.next_day import NextDay
from services.sessions.gyms.service_layer.client import DayView, PlanView, PresetView


def localized(text: gyms_pb2.LocalizedText) -> Localized:
    """Domain text from its message."""
    return Localized(text.en, text.nl)


def localized_pb(text: Localized) -> gyms_pb2.LocalizedText:
    """The message of a domain text."""
    return gyms_pb2.LocalizedText(en=text.en, nl=text.nl)


def policy(message: gyms_pb2.ClientMcpPolicy) -> ClientMcpPolicy:
    """Domain policy from its message."""
    return ClientMcpPolicy(tuple(message.allowed_modules), message.write_tools_allowed)


def company_pb(company: Company) -> gyms_pb2.Company:
    """The message of a company."""
    return gyms_pb2.Company(
        id=company.id,
        name=company.name,
        mcp_integration_enabled=company.mcp_integration_enabled,
        client_mcp_policy=gyms_pb2.ClientMcpPolicy(
            allowed_modules=list(company.policy.allowed_modules),
            write_tools_allowed=company.policy.write_tools_allowed,
        ),
    )


def coach_pb(coach: Coach) -> gyms_pb2.Coach:
    """The message of a coach."""
    return gyms_pb2.Coach(id=coach.id, company_id=coach.company_id, name=coach.name)


def client_pb(client: Client) -> gyms_pb2.Client:
    """The message of a client."""
    return gyms_pb2.Client(
        id=client.id,
        account_id=client.account_id,
        name=client.name,
        health_data_consent=client.health_data_consent,
    )


def exercise_pb(exercise: GymExercise) -> gyms_pb2.GymExercise:
    """The admin message of an exercise."""
    return gyms_pb2.GymExercise(
        id=exercise.id,
        company_id=exercise.company_id,
        owner_client_id=exercise.owner_client_id,
        catalog_exercise_id=exercise.catalog_exercise_id,
        name=localized_pb(exercise.name),
        instructions=localized_pb(exercise.instructions),
        allowlisted=exercise.allowlisted,
    )


def new_days(message: gyms_pb2.WorkoutPlan) -> list[NewPlanDay]:
    """The days of a CreatePlan request."""
    return [
        NewPlanDay(
            name=localized(day.name),
            visible=day.visible,
            exercises=tuple(
                PlanExerciseContent(
                    exercise_id=item.exercise_id,
                    target_sets=item.target_sets if item.HasField("target_sets") else None,
                    target_reps=item.target_reps,
                    target_weight_kg=item.target_weight_kg if item.HasField("target_weight_kg") else None,
                    rest_seconds=item.rest_seconds if item.HasField("rest_seconds") else None,
                    notes=localized(item.notes),
                )
                for item in day.exercises
            ),
        )
        for day in message.days
    ]


def plan_pb(plan: Plan) -> gyms_pb2.WorkoutPlan:
    """The admin message of a plan, with every day."""
    return gyms_pb2.WorkoutPlan(
        id=plan.id,
        company_id=plan.company_id,
        coach_id=plan.coach_id,
        client_id=plan.client_id,
        name=localized_pb(plan.name),
        description=localized_pb(plan.description),
        status=plan.status,
        is_wod=plan.is_wod,
        days=[
            gyms_pb2.WorkoutPlanDay(
                id=day.id,
                name=localized_pb(day.name),
                visible=day.visible,
                exercises=[
                    gyms_pb2.WorkoutPlanExercise(
                        id=item.id,
                        exercise_id=item.exercise_id,
                        target_sets=item.target_sets,
                        target_reps=item.target_reps,
                        target_weight_kg=item.target_weight_kg,
                        rest_seconds=item.rest_seconds,
                        notes=localized_pb(item.notes),
                    )
                    for item in day.exercises
                ],
            )
            for day in plan.days
        ],
    )


def scalar(value: struct_pb2.Value, field_name: str) -> SetupScalar:
    """A setup value: a string, number or boolean."""
    kind = value.WhichOneof("kind")
    if kind == "string_value":
        return str(value.string_value)
    if kind == "number_value":
        return float(value.number_value)
    if kind == "bool_value":
        return bool(value.bool_value)
    raise InvalidArgument.for_field(field_name, "must be a string, number or boolean")


def scalar_pb(value: SetupScalar) -> struct_pb2.Value:
    """The Value message of a setup value."""
    if isinstance(value, bool):
        return struct_pb2.Value(bool_value=value)
    if isinstance(value, int | float):
        return struct_pb2.Value(number_value=float(value))
    return struct_pb2.Value(string_value=value)


def setup_fields(message: gyms_pb2.MachinePreset) -> list[SetupField]:
    """The fields of a SetMachinePreset request."""
    return [
        SetupField(item.key, localized(item.label), scalar(item.value, f"preset.fields[{index}].value"))
        for index, item in enumerate(message.fields)
    ]


def preset_pb(preset: MachinePreset) -> gyms_pb2.MachinePreset:
    """The admin message of a preset."""
    return gyms_pb2.MachinePreset(
        id=preset.id,
        exercise_id=preset.exercise_id,
        scope=preset.scope,
        coach_id=preset.coach_id,
        fields=[
            gyms_pb2.SetupField(key=f.key, label=localized_pb(f.label), value=scalar_pb(f.value))
            for f in preset.fields
        ],
    )


def equipment_items(message: gyms_pb2.EquipmentProfile) -> list[EquipmentItem]:
    """The items of a SetEquipmentProfile request."""
    return [EquipmentItem(item.equipment_key, item.quantity) for item in message.items]


def client_plan_pb(view: PlanView, language: Language) -> gyms_pb2.ClientPlan:
    """A plan in the client's language with its visible day summaries."""
    plan = view.plan
    return gyms_pb2.ClientPlan(
        id=plan.id,
        name=plan.name.get(language),
        description=plan.description.get(language),
        status=plan.status,
        coach_name=view.coach_name,
        days=[
            gyms_pb2.ClientPlanDaySummary(
                id=s.day.id,
                name=s.day.name.get(language),
                position=s.position,
                exercise_count=s.exercise_count,
            )
            for s in view.days
        ],
        days_truncated=view.days_truncated,
        next_day=next_day_pb(view.next_day, language),
    )


def next_day_pb(found: NextDay | None, language: Language) -> gyms_pb2.ClientNextDay | None:
    """The day that comes next in the client's language (None: the field stays unset)."""
    if found is None:
        return None
    message = gyms_pb2.ClientNextDay(
        id=found.day.id,
        name=found.day.name.get(language),
        position=found.position,
        last_completed_day_id=found.last_completed_day_id,
    )
    if found.last_completed_at is not None:
        message.last_completed_time.FromDatetime(found.last_completed_at)
    return message


def client_day_pb(view: DayView, language: Language) -> gyms_pb2.ClientPlanDay:
    """A day in the client's language with the exercises the client can see."""
    return gyms_pb2.ClientPlanDay(
        id=view.day.id,
        plan_id=view.plan.id,
        plan_name=view.plan.name.get(language),
        name=view.day.name.get(language),
        position=view.position,
        exercises=[
            gyms_pb2.ClientPlanExercise(
                id=item.id,
                exercise_id=exercise.id,
                exercise_name=exercise.name.get(language),
                catalog_exercise_id=exercise.catalog_exercise_id,
                target_sets=item.target_sets,
                target_reps=item.target_reps,
                target_weight_kg=item.target_weight_kg,
                rest_seconds=item.rest_seconds,
                notes=item.notes.get(language),
            )
            for item, exercise in view.exercises
        ],
    )


def client_exercise_pb(exercise: GymExercise, language: Language) -> gyms_pb2.ClientExercise:
    """An exercise in the client's language."""
    return gyms_pb2.ClientExercise(
        id=exercise.id,
        name=exercise.name.get(language),
        instructions=exercise.instructions.get(language),
        catalog_exercise_id=exercise.catalog_exercise_id,
        own=exercise.own,
    )


def client_fields_pb(fields: tuple[SetupField, ...], language: Language) -> list[gyms_pb2.ClientSetupField]:
    """Setup fields in the client's language."""
    return [
        gyms_pb2.ClientSetupField(key=f.key, label=f.label.get(language), value=scalar_pb(f.value))
        for f in fields
    ]


def effective_fields_pb(
    fields: tuple[EffectiveField, ...], language: Language
) -> list[gyms_pb2.ClientSetupField]:
    """The effective setup in the client's language, each field naming its preset's scope."""
    return [
        gyms_pb2.ClientSetupField(
            key=f.setup_field.key,
            label=f.setup_field.label.get(language),
            value=scalar_pb(f.setup_field.value),
            source=f.source,
        )
        for f in fields
    ]


def preset_view_pb(view: PresetView, language: Language) -> gyms_pb2.GetMachinePresetResponse:
    """A client's machine preset; a kept value carries the label of the effective field of its key."""
    labels = {f.setup_field.key: f.setup_field.label.get(language) for f in view.effective_fields}
    return gyms_pb2.GetMachinePresetResponse(
        exercise_id=view.exercise_id,
        company_fields=client_fields_pb(view.company_fields, language),
        system_fields=client_fields_pb(view.system_fields, language),
        effective_fields=effective_fields_pb(view.effective_fields, language),
        next_setup_values=[
            gyms_pb2.ClientSetupField(key=key, label=labels.get(key, ""), value=scalar_pb(value))
            for key, value in view.next_setup_values
        ],
    )
