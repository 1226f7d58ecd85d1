"""GymAdminService and ClientWorkoutService over gRPC: protobuf in, one use case, protobuf out."""

from __future__ import annotations

from typing import TypeAlias

import grpc

from kinetic.grpc_server import ServiceBinding
from kinetic.sessions.v1 import gyms_pb2, gyms_pb2_grpc
from services.sessions.gyms.bootstrap import GymModule
from services.sessions.gyms.domain.model import parse_language
from services.sessions.gyms.entrypoints import pb
from services.sessions.gyms.service_layer.admin import GymAdmin
from services.sessions.gyms.service_layer.client import ClientWorkouts

ADMIN_SERVICE_NAME = "kinetic.sessions.v1.GymAdminService"
CLIENT_SERVICE_NAME = "kinetic.sessions.v1.ClientWorkoutService"

Context: TypeAlias = grpc.aio.ServicerContext


class GymAdminServicer(gyms_pb2_grpc.GymAdminServiceServicer):
    """Thin adapter from gRPC to the gym admin use cases."""

    def __init__(self, admin: GymAdmin) -> None:
        self._admin = admin

    async def CreateCompany(
        self, request: gyms_pb2.CreateCompanyRequest, context: Context
    ) -> gyms_pb2.CreateCompanyResponse:
        c = request.company
        company = self._admin.create_company(
            c.name, c.mcp_integration_enabled, pb.policy(c.client_mcp_policy)
        )
        return gyms_pb2.CreateCompanyResponse(company=pb.company_pb(company))

    async def UpdateCompany(
        self, request: gyms_pb2.UpdateCompanyRequest, context: Context
    ) -> gyms_pb2.UpdateCompanyResponse:
        c = request.company
        company = self._admin.update_company(
            c.id,
            list(request.update_mask.paths),
            name=c.name,
            mcp_integration_enabled=c.mcp_integration_enabled,
            policy=pb.policy(c.client_mcp_policy),
        )
        return gyms_pb2.UpdateCompanyResponse(company=pb.company_pb(company))

    async def CreateCoach(
        self, request: gyms_pb2.CreateCoachRequest, context: Context
    ) -> gyms_pb2.CreateCoachResponse:
        coach = self._admin.create_coach(request.coach.company_id, request.coach.name)
        return gyms_pb2.CreateCoachResponse(coach=pb.coach_pb(coach))

    async def CreateClient(
        self, request: gyms_pb2.CreateClientRequest, context: Context
    ) -> gyms_pb2.CreateClientResponse:
        c = request.client
        client = self._admin.create_client(c.account_id, c.name, c.health_data_consent)
        return gyms_pb2.CreateClientResponse(client=pb.client_pb(client))

    async def UpdateClient(
        self, request: gyms_pb2.UpdateClientRequest, context: Context
    ) -> gyms_pb2.UpdateClientResponse:
        c = request.client
        client = self._admin.update_client(
            c.id, list(request.update_mask.paths), name=c.name, health_data_consent=c.health_data_consent
        )
        return gyms_pb2.UpdateClientResponse(client=pb.client_pb(client))

    async def SetClientRelationship(
        self, request: gyms_pb2.SetClientRelationshipRequest, context: Context
    ) -> gyms_pb2.SetClientRelationshipResponse:
        r = request.relationship
        stored = self._admin.set_relationship(r.client_id, r.company_id, r.client_ai_access_enabled)
        return gyms_pb2.SetClientRelationshipResponse(
            relationship=gyms_pb2.ClientRelationship(
                client_id=stored.client_id,
                company_id=stored.company_id,
                client_ai_access_enabled=stored.client_ai_access_enabled,
            )
        )

    async def CreateExercise(
        self, request: gyms_pb2.CreateExerciseRequest, context: Context
    ) -> gyms_pb2.CreateExerciseResponse:
        e = request.exercise
        exercise = self._admin.create_exercise(
            company_id=e.company_id,
            owner_client_id=e.owner_client_id,
            catalog_exercise_id=e.catalog_exercise_id,
            name=pb.localized(e.name),
            instructions=pb.localized(e.instructions),
            allowlisted=e.allowlisted,
        )
        return gyms_pb2.CreateExerciseResponse(exercise=pb.exercise_pb(exercise))

    async def CreatePlan(
        self, request: gyms_pb2.CreatePlanRequest, context: Context
    ) -> gyms_pb2.CreatePlanResponse:
        p = request.plan
        plan = self._admin.create_plan(
            coach_id=p.coach_id,
            client_id=p.client_id,
            name=pb.localized(p.name),
            description=pb.localized(p.description),
            status=p.status,
            is_wod=p.is_wod,
            days=pb.new_days(p),
        )
        return gyms_pb2.CreatePlanResponse(plan=pb.plan_pb(plan))

    async def SetPlanStatus(
        self, request: gyms_pb2.SetPlanStatusRequest, context: Context
    ) -> gyms_pb2.SetPlanStatusResponse:
        plan = self._admin.set_plan_status(request.plan_id, request.status)
        return gyms_pb2.SetPlanStatusResponse(plan=pb.plan_pb(plan))

    async def SetMachinePreset(
        self, request: gyms_pb2.SetMachinePresetRequest, context: Context
    ) -> gyms_pb2.SetMachinePresetResponse:
        p = request.preset
        preset = self._admin.set_machine_preset(p.exercise_id, p.scope, pb.setup_fields(p), p.coach_id)
        return gyms_pb2.SetMachinePresetResponse(preset=pb.preset_pb(preset))

    async def SetEquipmentProfile(
        self, request: gyms_pb2.SetEquipmentProfileRequest, context: Context
    ) -> gyms_pb2.SetEquipmentProfileResponse:
        p = request.profile
        items = self._admin.set_equipment_profile(p.client_id, pb.equipment_items(p))
        return gyms_pb2.SetEquipmentProfileResponse(
            profile=gyms_pb2.EquipmentProfile(
                client_id=p.client_id.lower(),
                items=[
                    gyms_pb2.EquipmentItem(equipment_key=i.equipment_key, quantity=i.quantity) for i in items
                ],
            )
        )


class ClientWorkoutServicer(gyms_pb2_grpc.ClientWorkoutServiceServicer):
    """Thin adapter from gRPC to the client's subject-bound reads."""

    def __init__(self, workouts: ClientWorkouts) -> None:
        self._workouts = workouts

    async def CheckClientAccess(
        self, request: gyms_pb2.CheckClientAccessRequest, context: Context
    ) -> gyms_pb2.CheckClientAccessResponse:
        found = self._workouts.check_access(request.account_id, request.module, request.write)
        return gyms_pb2.CheckClientAccessResponse(
            client=pb.client_pb(found.client), company=pb.company_pb(found.company)
        )

    async def ListMyPlans(
        self, request: gyms_pb2.ListMyPlansRequest, context: Context
    ) -> gyms_pb2.ListMyPlansResponse:
        page = self._workouts.list_my_plans(
            request.account_id,
            request.status,
            request.language,
            request.page_size,
            request.page_token,
            request.skip,
        )
        language = parse_language(request.language)
        return gyms_pb2.ListMyPlansResponse(
            plans=[
                gyms_pb2.ClientPlanSummary(
                    id=listing.plan.id,
                    name=listing.plan.name.get(language),
                    description=listing.plan.description.get(language),
                    status=listing.plan.status,
                    day_count=listing.day_count,
                    next_day=pb.next_day_pb(listing.next_day, language),
                )
                for listing in page.plans
            ],
            total_count=page.total_count,
            next_page_token=page.next_page_token,
        )

    async def GetMyPlan(
        self, request: gyms_pb2.GetMyPlanRequest, context: Context
    ) -> gyms_pb2.GetMyPlanResponse:
        view = self._workouts.get_my_plan(request.account_id, request.plan_id, request.language)
        return gyms_pb2.GetMyPlanResponse(plan=pb.client_plan_pb(view, parse_language(request.language)))

    async def GetMyPlanDay(
        self, request: gyms_pb2.GetMyPlanDayRequest, context: Context
    ) -> gyms_pb2.GetMyPlanDayResponse:
        view = self._workouts.get_my_plan_day(
            request.account_id, request.plan_id, request.plan_moment_id, request.language
        )
        return gyms_pb2.GetMyPlanDayResponse(day=pb.client_day_pb(view, parse_language(request.language)))

    async def GetExercise(
        self, request: gyms_pb2.GetExerciseRequest, context: Context
    ) -> gyms_pb2.GetExerciseResponse:
        exercise = self._workouts.get_exercise(request.account_id, request.exercise_id, request.language)
        return gyms_pb2.GetExerciseResponse(
            exercise=pb.client_exercise_pb(exercise, parse_language(request.language))
        )

    async def GetMachinePreset(
        self, request: gyms_pb2.GetMachinePresetRequest, context: Context
    ) -> gyms_pb2.GetMachinePresetResponse:
        view = self._workouts.get_machine_preset(request.account_id, request.exercise_id, request.language)
        return pb.preset_view_pb(view, parse_language(request.language))

    async def GetEquipmentProfile(
        self, request: gyms_pb2.GetEquipmentProfileRequest, context: Context
    ) -> gyms_pb2.GetEquipmentProfileResponse:
        view = self._workouts.get_equipment_profile(request.account_id, request.language)
        language = parse_language(request.language)
        return gyms_pb2.GetEquipmentProfileResponse(
            items=[
                gyms_pb2.ClientEquipmentItem(
                    equipment_key=item.equipment_key, name=kind.name.get(language), quantity=item.quantity
                )
                for item, kind in view.items
            ],
            catalog=[
                gyms_pb2.EquipmentCatalogItem(key=k.key, name=k.name.get(language)) for k in view.catalog
            ],
            max_items=view.max_items,
        )


def gym_bindings(module: GymModule) -> list[ServiceBinding]:
    """The gym module's two gRPC services, for the sessions server."""
    return [
        ServiceBinding(
            GymAdminServicer(module.admin),
            gyms_pb2_grpc.add_GymAdminServiceServicer_to_server,
            ADMIN_SERVICE_NAME,
        ),
        ServiceBinding(
            ClientWorkoutServicer(module.client),
            gyms_pb2_grpc.add_ClientWorkoutServiceServicer_to_server,
            CLIENT_SERVICE_NAME,
        ),
    ]
