"""Metric's Training writes: ``edit_training`` and the two deletion steps, shared by MCP and REST.

Arguments arrive checked against the published schemas and cross-field rules (tools.py); the
edge still reads the envelope's formats (epoch, versions) and names the field to fix; the training
service is the authority on what an ``input`` may contain and on every version and
epoch check. Its refusals map to Metric's statuses in ``edge.problems.from_training``.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import grpc

from edge.guard import Principal
from edge.problems import from_training, invalid_field
from edge.profiles.metric import arguments as arg
from edge.profiles.metric import compact
from edge.profiles.metric.edit_input import edit_input
from edge.profiles.metric.reads import CONTENT_TRUST
from edge.profiles.metric.records import library_fields, record, versions_of
from edge.profiles.metric.summaries import deletion_summary, edit_summary
from kinetic.errors import RemoteError
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from knowledge.training.formats import VERSION, VERSION_KEY

MAX_EXPECTED_VERSIONS = 100
# Actions that change one occurrence: the workout's definition is unchanged, so the result gives
# the occurrence and the workout's new version, not the workout again.
OCCURRENCE_ACTIONS = ("moveOccurrence", "replaceOccurrence")

# Which request field a not-found reason is about, when the service names none.
_EDIT_FIELDS = {
    "WORKOUT_NOT_FOUND": "input.workoutID",
    "PLAN_NOT_FOUND": "input.planID",
    "OCCURRENCE_NOT_FOUND": "input.originalScheduledDay",
    "IDEMPOTENCY_KEY_REUSED": "idempotencyKey",
    "EPOCH_CHANGED": "epoch",
}
_PREVIEW_FIELDS = {"WORKOUT_NOT_FOUND": "id", "PLAN_NOT_FOUND": "id"}
_COMMIT_FIELDS = {
    "PREVIEW_NOT_FOUND": "previewToken",
    "PREVIEW_EXPIRED": "previewToken",
    "PREVIEW_STALE": "previewToken",
    "PREVIEW_ALREADY_USED": "previewToken",
    "IDEMPOTENCY_KEY_REUSED": "idempotencyKey",
}


def _epoch(args: Mapping[str, Any]) -> str:
    value = arg.text(args, "epoch", required=True, max_length=64)
    if not re.fullmatch(r"[A-Za-z0-9-]{1,64}", value):
        raise invalid_field("epoch", "must be the epoch of your latest Training read (a UUID)")
    return value


def _expected_versions(args: Mapping[str, Any]) -> dict[str, str]:
    versions = arg.object_argument(args, "expectedVersions")
    if len(versions) > MAX_EXPECTED_VERSIONS:
        raise invalid_field("expectedVersions", f"may name at most {MAX_EXPECTED_VERSIONS} records")
    for key, value in versions.items():
        if not VERSION_KEY.fullmatch(key):
            raise invalid_field("expectedVersions", f"key {key[:80]!r} must be 'workout:<id>' or 'plan:<id>'")
        if not isinstance(value, str) or not VERSION.fullmatch(value):
            raise invalid_field(
                f"expectedVersions[{key}]", "must be the version you read, of the form <counter>.<deviceID>"
            )
    return dict(versions)


def _library_result(library: training_pb2.Library, **rest: Any) -> dict[str, Any]:
    return {**library_fields(library), **rest}


async def _call_training(
    method: Callable[..., Awaitable[Any]], request: Any, reason_fields: dict[str, str]
) -> Any:
    """Training's response to ``request``; a refusal becomes Metric's problem, naming the field
    ``reason_fields`` gives for its reason (each write names its own request's fields)."""
    try:
        return await method(request)
    except grpc.aio.AioRpcError as error:
        raise from_training(RemoteError.from_rpc(error), reason_fields) from error


class TrainingWrites:
    """Serves ``edit_training``, ``preview_training_deletion`` and ``confirm_training_deletion``."""

    def __init__(self, training: Callable[[], training_pb2_grpc.TrainingServiceStub]) -> None:
        self._training = training

    async def edit(self, principal: Principal, args: Mapping[str, Any]) -> dict[str, Any]:
        """Apply one versioned, idempotent write (seed 000's edit request)."""
        request = training_pb2.EditTrainingRequest(
            account_id=principal.account_id,
            device_id=arg.device_id(principal),
            epoch=_epoch(args),
            time_zone=arg.time_zone(args, required=True),
            idempotency_key=arg.idempotency_key(args),
            expected_versions=_expected_versions(args),
            edit_input=edit_input(args),
        )
        response = await _call_training(self._training().EditTraining, request, _EDIT_FIELDS)
        workouts = [compact.workout(record(w)) for w in response.workouts]
        plans = [compact.plan(record(p)) for p in response.plans]
        occurrence = (
            compact.occurrence(record(response.occurrence)) if response.HasField("occurrence") else None
        )
        result = _library_result(
            response.library,
            action=response.action,
            replayed=response.replayed,
            summary=edit_summary(response.action, workouts, plans, occurrence),
            workouts=[] if response.action in OCCURRENCE_ACTIONS else workouts,
            plans=plans,
            versions=versions_of(workouts, plans),
        )
        if occurrence is not None:
            result["occurrence"] = occurrence
        return result

    async def preview_deletion(self, principal: Principal, args: Mapping[str, Any]) -> dict[str, Any]:
        """Describe what deleting a plan or workout would do, with a token to confirm it."""
        kind = arg.text(args, "kind", required=True, max_length=20)
        request = training_pb2.PreviewDeletionRequest(
            account_id=principal.account_id,
            kind=kind,
            id=arg.text(args, "id", required=True, max_length=80),
            time_zone=arg.time_zone(args, required=True),
            delete_workouts=arg.boolean(args, "deleteWorkouts"),
        )
        response = await _call_training(self._training().PreviewDeletion, request, _PREVIEW_FIELDS)
        return _library_result(
            response.library,
            contentTrust=CONTENT_TRUST,
            previewToken=response.preview_token,
            expiresAt=response.expire_time.ToJsonString(),
            preview=compact.deletion_preview(record(response.preview)),
        )

    async def commit_deletion(self, principal: Principal, args: Mapping[str, Any]) -> dict[str, Any]:
        """Carry out a preview the user explicitly confirmed (tools.py refuses any other ``confirmed``)."""
        token = arg.text(args, "previewToken", required=True, max_length=4000)
        request = training_pb2.CommitDeletionRequest(
            account_id=principal.account_id,
            preview_token=token,
            confirmed=True,
            idempotency_key=arg.idempotency_key(args),
            device_id=arg.device_id(principal),
        )
        response = await _call_training(self._training().CommitDeletion, request, _COMMIT_FIELDS)
        # The user has seen the preview; the result says what was done, not all of it again.
        deleted = response.deleted
        done: dict[str, Any] = {"kind": deleted.kind}
        if deleted.HasField("plan"):
            done["plan"] = {"id": deleted.plan.id, "version": deleted.plan.version, "name": deleted.plan.name}
        if deleted.HasField("workout"):
            done["workout"] = {"id": deleted.workout.id, "name": deleted.workout.name}
        done["deletedWorkoutIDs"] = [w.workout_id for w in deleted.affected_workouts if w.effect == "deleted"]
        done["keptWorkoutIDs"] = [w.workout_id for w in deleted.affected_workouts if w.effect == "kept"]
        done["removedOccurrenceCount"] = len(deleted.removed_occurrences)
        done["restoredOccurrenceCount"] = len(deleted.restored_occurrences)
        return _library_result(
            response.library,
            contentTrust=CONTENT_TRUST,
            replayed=response.replayed,
            summary=deletion_summary(deleted),
            deleted=done,
        )
