"""TrainingService over gRPC: protobuf in, one use case, protobuf out."""

from __future__ import annotations

import grpc

from kinetic.training.v1 import training_pb2, training_pb2_grpc
from services.training.domain.exercises import Exercise
from services.training.entrypoints.library_grpc import LibraryRpcs
from services.training.entrypoints.library_pb import library_to_pb
from services.training.service_layer.account_erasure import AccountErasure
from services.training.service_layer.deletions import TrainingDeletions
from services.training.service_layer.exercise_catalog import ExerciseCatalog
from services.training.service_layer.library_edits import TrainingEditor
from services.training.service_layer.library_feed import LibraryChangeFeed
from services.training.service_layer.occurrence_status import OccurrenceStatuses
from services.training.service_layer.training_library import TrainingLibrary

_MODE_TO_PB = {
    "sets": training_pb2.TRACKING_MODE_SETS,
    "duration": training_pb2.TRACKING_MODE_DURATION,
    "intervals": training_pb2.TRACKING_MODE_INTERVALS,
    "distance": training_pb2.TRACKING_MODE_DISTANCE,
    "calories": training_pb2.TRACKING_MODE_CALORIES,
    "checkOff": training_pb2.TRACKING_MODE_CHECK_OFF,
}
_PB_TO_MODE = {value: key for key, value in _MODE_TO_PB.items()}


def exercise_to_pb(exercise: Exercise) -> training_pb2.Exercise:
    """Domain exercise to its protobuf message."""
    return training_pb2.Exercise(
        exercise_id=exercise.exercise_id,
        name=exercise.name,
        aliases=exercise.aliases,
        primary_muscles=exercise.primary_muscles,
        secondary_muscles=exercise.secondary_muscles,
        equipment=exercise.equipment,
        tracking_modes=[_MODE_TO_PB[mode] for mode in exercise.tracking_modes],
        custom=exercise.custom,
    )


def exercise_from_pb(message: training_pb2.Exercise) -> Exercise:
    """Protobuf exercise to the domain type; an unset mode becomes "" and fails validation by name."""
    return Exercise(
        exercise_id=message.exercise_id,
        name=message.name,
        aliases=tuple(message.aliases),
        primary_muscles=tuple(message.primary_muscles),
        secondary_muscles=tuple(message.secondary_muscles),
        equipment=tuple(message.equipment),
        tracking_modes=tuple(_PB_TO_MODE.get(mode, "") for mode in message.tracking_modes),
        custom=message.custom,
    )


class TrainingServicer(LibraryRpcs, training_pb2_grpc.TrainingServiceServicer):
    """Thin adapter from gRPC to the training use cases (library methods in ``LibraryRpcs``)."""

    def __init__(
        self,
        catalog: ExerciseCatalog,
        library: TrainingLibrary,
        editor: TrainingEditor,
        deletions: TrainingDeletions,
        statuses: OccurrenceStatuses,
        feed: LibraryChangeFeed,
        erasure: AccountErasure,
    ) -> None:
        super().__init__(library, editor, deletions, statuses, feed)
        self._catalog = catalog
        self._erasure = erasure

    async def EraseAccount(
        self, request: training_pb2.EraseAccountRequest, context: grpc.aio.ServicerContext
    ) -> training_pb2.EraseAccountResponse:
        return training_pb2.EraseAccountResponse(deleted_rows=self._erasure.erase(request.account_id))

    async def SearchExercises(
        self, request: training_pb2.SearchExercisesRequest, context: grpc.aio.ServicerContext
    ) -> training_pb2.SearchExercisesResponse:
        page = self._catalog.search(
            request.account_id,
            query=request.query,
            muscle=request.muscle,
            equipment=request.equipment,
            page_size=request.page_size,
            page_token=request.page_token,
        )
        return training_pb2.SearchExercisesResponse(
            exercises=[exercise_to_pb(ex) for ex in page.exercises],
            next_page_token=page.next_page_token,
            total_size=page.total_size,
            library=library_to_pb(self._library.state(request.account_id)),
        )

    async def GetExercise(
        self, request: training_pb2.GetExerciseRequest, context: grpc.aio.ServicerContext
    ) -> training_pb2.GetExerciseResponse:
        exercise = self._catalog.get(request.account_id, request.exercise_id)
        return training_pb2.GetExerciseResponse(exercise=exercise_to_pb(exercise))

    async def CreateCustomExercise(
        self, request: training_pb2.CreateCustomExerciseRequest, context: grpc.aio.ServicerContext
    ) -> training_pb2.CreateCustomExerciseResponse:
        exercise = self._catalog.create_custom(request.account_id, exercise_from_pb(request.exercise))
        return training_pb2.CreateCustomExerciseResponse(exercise=exercise_to_pb(exercise))
