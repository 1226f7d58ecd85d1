"""The Training library's RPCs: protobuf in, one use case, protobuf out."""

from __future__ import annotations

from datetime import UTC

from kinetic.training.v1 import training_pb2
from services.training.entrypoints.edit_input_pb import edit_command
from services.training.entrypoints.library_pb import (
    change_to_pb,
    commit_response,
    edit_response,
    endurance_summaries,
    library_to_pb,
    occurrence_to_pb,
    plan_to_pb,
    preview_response,
    status_response,
    workout_to_pb,
)
from services.training.service_layer.deletions import TrainingDeletions
from services.training.service_layer.library_edits import TrainingEditor
from services.training.service_layer.library_feed import LibraryChangeFeed
from services.training.service_layer.occurrence_status import OccurrenceStatuses
from services.training.service_layer.training_library import CalendarWindow, TrainingLibrary, week_start_of


class LibraryRpcs:
    """Implements the library methods of TrainingService (mixed into the servicer)."""

    def __init__(
        self,
        library: TrainingLibrary,
        editor: TrainingEditor,
        deletions: TrainingDeletions,
        statuses: OccurrenceStatuses,
        feed: LibraryChangeFeed,
    ) -> None:
        self._library = library
        self._editor = editor
        self._deletions = deletions
        self._statuses = statuses
        self._feed = feed

    async def GetLibrary(
        self, request: training_pb2.GetLibraryRequest, context: object
    ) -> training_pb2.GetLibraryResponse:
        return training_pb2.GetLibraryResponse(library=library_to_pb(self._library.state(request.account_id)))

    async def ListWorkouts(
        self, request: training_pb2.ListWorkoutsRequest, context: object
    ) -> training_pb2.ListWorkoutsResponse:
        page = self._library.workouts(
            request.account_id,
            workout_ids=list(request.workout_ids),
            name=request.name,
            plan_id=request.plan_id,
            page_size=request.page_size,
            page_token=request.page_token,
            time_zone=request.time_zone,
        )
        return training_pb2.ListWorkoutsResponse(
            library=library_to_pb(page.state),
            workouts=[workout_to_pb(w, page.exercise_names, page.today) for w in page.workouts],
            next_page_token=page.next_page_token,
            total_size=page.total_size,
        )

    async def ListPlans(
        self, request: training_pb2.ListPlansRequest, context: object
    ) -> training_pb2.ListPlansResponse:
        state, plans = self._library.plans(request.account_id, list(request.plan_ids))
        return training_pb2.ListPlansResponse(
            library=library_to_pb(state), plans=[plan_to_pb(p) for p in plans]
        )

    async def ListOccurrences(
        self, request: training_pb2.ListOccurrencesRequest, context: object
    ) -> training_pb2.ListOccurrencesResponse:
        window = self._library.calendar(
            request.account_id,
            time_zone=request.time_zone,
            from_day=request.from_day,
            to_day=request.to_day,
            week_starts_on=request.week_starts_on,
        )
        return training_pb2.ListOccurrencesResponse(
            library=library_to_pb(window.state), occurrences=_occurrences(window, with_weeks=True)
        )

    async def ListHistory(
        self, request: training_pb2.ListHistoryRequest, context: object
    ) -> training_pb2.ListHistoryResponse:
        window = self._library.history(
            request.account_id, time_zone=request.time_zone, from_day=request.from_day, to_day=request.to_day
        )
        return training_pb2.ListHistoryResponse(
            library=library_to_pb(window.state), occurrences=_occurrences(window, with_weeks=False)
        )

    async def EditTraining(
        self, request: training_pb2.EditTrainingRequest, context: object
    ) -> training_pb2.EditTrainingResponse:
        return edit_response(self._editor.edit(edit_command(request)))

    async def PreviewDeletion(
        self, request: training_pb2.PreviewDeletionRequest, context: object
    ) -> training_pb2.PreviewDeletionResponse:
        return preview_response(
            self._deletions.preview(
                request.account_id,
                kind=request.kind,
                target_id=request.id,
                time_zone=request.time_zone,
                delete_workouts=request.delete_workouts,
            )
        )

    async def CommitDeletion(
        self, request: training_pb2.CommitDeletionRequest, context: object
    ) -> training_pb2.CommitDeletionResponse:
        return commit_response(
            self._deletions.commit(
                request.account_id,
                preview_token=request.preview_token,
                confirmed=request.confirmed,
                idempotency_key=request.idempotency_key,
                device_id=request.device_id,
            )
        )

    async def SetOccurrenceStatus(
        self, request: training_pb2.SetOccurrenceStatusRequest, context: object
    ) -> training_pb2.SetOccurrenceStatusResponse:
        answer = self._statuses.set_status(
            request.account_id,
            workout_id=request.workout_id,
            original_scheduled_day=request.original_scheduled_day,
            status=request.status,
            completed_at=request.complete_time.ToDatetime(tzinfo=UTC)
            if request.HasField("complete_time")
            else None,
        )
        return status_response(answer)

    async def EraseLibrary(
        self, request: training_pb2.EraseLibraryRequest, context: object
    ) -> training_pb2.EraseLibraryResponse:
        erased = self._statuses.erase(request.account_id)
        return training_pb2.EraseLibraryResponse(library=library_to_pb(erased))

    async def ListLibraryChanges(
        self, request: training_pb2.ListLibraryChangesRequest, context: object
    ) -> training_pb2.ListLibraryChangesResponse:
        page = self._feed.list_changes(request.account_id, request.after_sequence, request.page_size)
        return training_pb2.ListLibraryChangesResponse(
            changes=[change_to_pb(c) for c in page.changes], latest_sequence=page.latest_sequence
        )


def _occurrences(window: CalendarWindow, *, with_weeks: bool) -> list[training_pb2.Occurrence]:
    summaries = endurance_summaries(window.endurance)
    return [
        occurrence_to_pb(
            o,
            window.workout_names,
            window.placement,
            week_start_of(o.day, window.week_starts_on) if with_weeks else None,
            summaries,
        )
        for o in window.occurrences
    ]
