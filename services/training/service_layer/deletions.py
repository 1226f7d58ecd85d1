"""Two-step deletion of plans and workouts: a preview bound to the target's state, then a commit.

The preview lists what would go (memberships, workouts, the next 93 days of occurrences, the effect
on recurring sessions, and the occurrences of other workouts a deleted workout replaces, which are
given back to their own workouts) and returns a token valid five minutes. Only the token's hash is
stored. A commit needs ``confirmed: true`` and an idempotency key, and is refused when anything the
preview showed has changed since (docs/decisions/0011-training-library.md). A commit appends its
updates and deletions to the library change feed in its transaction, each deleted workout followed by
the occurrences that go with it (occurrence.lapsed) and those it gives back (occurrence.changed;
0023-training-change-feed.md, ``deleted_replacements``).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from sqlalchemy import Connection, Engine

from kinetic.errors import Conflict, DomainError, InvalidArgument, NotFound
from knowledge.training.formats import (
    DELETION_PREVIEW_DAYS,
    DELETION_PREVIEW_LIFETIME,
    version_key,
)
from services.training.adapters import library_change_log as change_log
from services.training.adapters import library_repository as repo
from services.training.adapters.library_change_log import ChangeEntry, OccurrenceRecord, WorkoutRecord
from services.training.adapters.library_repository import StoredPreview
from services.training.domain import calendar, occurrences
from services.training.domain.model import Plan, Workout
from services.training.domain.versions import check_device_id, check_idempotency_key
from services.training.service_layer.answers import (
    AffectedWorkout,
    CommitAnswer,
    DeletionPreview,
    PlanMembership,
    PreviewAnswer,
    Replayed,
    StoredForms,
)
from services.training.service_layer.deleted_replacements import DeletedReplacements
from services.training.service_layer.override_visibility import UncompletedOverrides, visibility_entries
from services.training.service_layer.training_library import Clock, ensure_library, require_account, utc_now
from services.training.service_layer.write_support import exercise_names_for, replay, request_hash

KINDS = ("plan", "workout")


@dataclass(frozen=True)
class _Target:
    """What a deletion would touch, read in one transaction."""

    plan: Plan | None
    workout: Workout | None
    members: list[Workout]  # plan: its workouts; workout: itself
    containing_plan: Plan | None  # workout: the plan it belongs to
    deleted: list[Workout]  # the members the deletion deletes (none when a plan keeps its workouts)
    replacements: DeletedReplacements  # what the deleted workouts replace in other workouts


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _load(conn: Connection, account_id: str, kind: str, target_id: str, delete_workouts: bool) -> _Target:
    if kind == "plan":
        plan = repo.get_plans(conn, account_id, [target_id]).get(target_id)
        if plan is None:
            raise NotFound(f"plan {target_id} does not exist in this library", reason="PLAN_NOT_FOUND")
        ids = [w for phase in plan.phases for w in phase.workout_ids]
        found = repo.get_workouts(conn, account_id, ids)
        members = [found[i] for i in dict.fromkeys(ids) if i in found]
        deleted = members if delete_workouts else []
        replacements = DeletedReplacements.load(conn, account_id, deleted)
        return _Target(plan, None, members, None, deleted, replacements)
    workout = repo.get_workouts(conn, account_id, [target_id]).get(target_id)
    if workout is None:
        raise NotFound(f"workout {target_id} does not exist in this library", reason="WORKOUT_NOT_FOUND")
    containing = (
        repo.get_plans(conn, account_id, [workout.plan_id]).get(workout.plan_id) if workout.plan_id else None
    )
    replacements = DeletedReplacements.load(conn, account_id, [workout])
    return _Target(None, workout, [workout], containing, [workout], replacements)


def _state_versions(target: _Target) -> dict[str, str]:
    # The workouts whose occurrences a deleted workout replaces are bound too: the preview showed
    # those occurrences given back, and moving or replacing one moves its workout's version on.
    versions: dict[str, str] = target.replacements.owner_versions()
    if target.plan is not None:
        versions[version_key("plan", target.plan.id)] = target.plan.version
    if target.containing_plan is not None:
        versions[version_key("plan", target.containing_plan.id)] = target.containing_plan.version
    for workout in target.members:
        versions[version_key("workout", workout.id)] = workout.version
    return versions


def _recurrence_effect(target: _Target, removed: int, restored: Sequence[OccurrenceRecord]) -> str:
    if target.plan is not None and not target.deleted:
        return (
            f"The plan's {len(target.members)} workout(s) keep their definitions and schedules, so their "
            "sessions stay on the calendar within their former phase dates; only the plan and its phases "
            "are removed."
        )
    recurring = [w for w in target.deleted if any(s.schedule is not None for s in w.segments)]
    if not recurring:
        effect = "The deleted workout(s) have no schedule, so no recurring sessions of theirs stop."
    else:
        names = ", ".join(sorted(w.content.name for w in recurring))
        effect = (
            f"Recurring sessions of {names} stop: {removed} occurrence(s) in the next "
            f"{DELETION_PREVIEW_DAYS} days are removed and none are scheduled after. "
            "Completed history is kept."
        )
    shown = target.replacements.shown_count()
    if shown:
        owners = ", ".join(sorted({o.workout_name for o in restored})) or "other workouts"
        elsewhere = shown - len(restored)
        effect += (
            f" Sessions of {owners} that the deleted workout(s) were to replace go back to their own "
            f"workout: {len(restored)} in the next {DELETION_PREVIEW_DAYS} days (restoredOccurrences)"
            + (f" and {elsewhere} on other days" if elsewhere else "")
            + ". Completed replacements stay as history."
        )
    return effect


class TrainingDeletions:
    """Preview and commit deletions of plans and workouts."""

    def __init__(self, engine: Engine, forms: StoredForms, clock: Clock = utc_now) -> None:
        self._engine = engine
        self._forms = forms
        self._clock = clock

    def preview(
        self, account_id: str, *, kind: str, target_id: str, time_zone: str, delete_workouts: bool
    ) -> PreviewAnswer:
        """Describe the deletion and issue a five-minute token bound to what was shown."""
        require_account(account_id)
        if kind not in KINDS:
            raise InvalidArgument.for_field("kind", "must be plan or workout")
        if not target_id:
            raise InvalidArgument.for_field("id", f"is required: the ID of the {kind} to delete")
        if delete_workouts and kind != "plan":
            raise InvalidArgument.for_field("deleteWorkouts", "applies only to plans")
        zone = calendar.check_time_zone(time_zone)
        now = self._clock()
        state = ensure_library(self._engine, account_id, now)
        today = calendar.local_today(zone, now)
        window_end = today + timedelta(days=DELETION_PREVIEW_DAYS)
        with self._engine.begin() as conn:
            target = _load(conn, account_id, kind, target_id, delete_workouts)
            target.replacements.refuse_active()
            deleted = target.deleted
            overrides = [
                o
                for o in repo.overrides_touching(conn, account_id, today, window_end)
                if o.workout_id in {w.id for w in deleted}
            ]
            removed = [
                o
                for o in occurrences.expand(deleted, overrides, today, window_end)
                if o.status != "completed"
            ]
            restored = target.replacements.restored_in(today, window_end)
            names = exercise_names_for(conn, account_id, target.members)
            deleted_ids = {w.id for w in deleted}
            workout_names = {w.id: w.content.name for w in target.members}
            # A removed occurrence that another workout replaced is shown under that workout's
            # name, and that workout is usually not one of the target's members.
            replacing = {o.replacement_workout_id for o in removed if o.replacement_workout_id}
            outside = repo.get_workouts(conn, account_id, replacing - set(workout_names))
            workout_names |= {i: w.content.name for i, w in outside.items()}
            placement = {w.id: (w.plan_id or "", w.phase_id or "") for w in target.members}
            preview = DeletionPreview(
                kind=kind,
                window_start=today,
                window_end=window_end,
                recurrence_effect=_recurrence_effect(target, len(removed), restored),
                restored_occurrences=tuple(restored),
                plan=target.plan,
                workout=WorkoutRecord(target.workout, names, today) if target.workout is not None else None,
                memberships=tuple(self._memberships(target)),
                affected_workouts=tuple(
                    AffectedWorkout(w.id, w.content.name, "deleted" if w.id in deleted_ids else "kept")
                    for w in target.members
                ),
                removed_occurrences=tuple(OccurrenceRecord(o, workout_names, placement) for o in removed),
            )
            token = secrets.token_urlsafe(32)
            expires_at = now + DELETION_PREVIEW_LIFETIME
            repo.purge_previews(conn, now - timedelta(days=1))
            repo.save_preview(
                conn,
                _token_hash(token),
                StoredPreview(
                    account_id=account_id,
                    kind=kind,
                    target_id=target_id,
                    delete_workouts=delete_workouts,
                    state_versions=_state_versions(target),
                    preview=self._forms.preview(preview),
                    expires_at=expires_at,
                    committed=False,
                ),
            )
        return PreviewAnswer(preview=preview, token=token, library=state, expires_at=expires_at)

    @staticmethod
    def _memberships(target: _Target) -> list[PlanMembership]:
        plan = target.plan or target.containing_plan
        if plan is None:
            return []
        wanted = {w.id for w in target.members}
        return [
            PlanMembership(
                plan_id=plan.id, plan_name=plan.name, phase_id=phase.id, phase_name=phase.name, workout_id=w
            )
            for phase in plan.phases
            for w in phase.workout_ids
            if w in wanted
        ]

    def commit(
        self, account_id: str, *, preview_token: str, confirmed: bool, idempotency_key: str, device_id: str
    ) -> CommitAnswer | Replayed:
        """Carry out a previewed deletion once; a retry with the same key returns the first result."""
        require_account(account_id)
        if not confirmed:
            raise InvalidArgument.for_field(
                "confirmed",
                "must be true: present the exact preview and get the user's explicit confirmation",
            )
        if not preview_token:
            raise InvalidArgument.for_field("previewToken", "is required: the token from the preview step")
        check_idempotency_key(idempotency_key)
        device = check_device_id(device_id)
        now = self._clock()
        ensure_library(self._engine, account_id, now)
        body = request_hash("commitDeletion", _token_hash(preview_token))
        with self._engine.begin() as conn:
            state = repo.lock_library(conn, account_id)
            assert state is not None
            stored = repo.find_request(conn, account_id, idempotency_key)
            if stored is not None:
                return Replayed(replay(stored, "delete", body))
            found = repo.find_preview(conn, account_id, _token_hash(preview_token))
            if found is None:
                raise NotFound(
                    "previewToken is not a preview of this library (or the library was erased); "
                    "preview again",
                    reason="PREVIEW_NOT_FOUND",
                )
            if found.committed:
                raise Conflict("this preview was already carried out", reason="PREVIEW_ALREADY_USED")
            if found.expires_at <= now:
                raise DomainError(
                    "the preview expired (previews last five minutes); preview again and confirm the new one",
                    reason="PREVIEW_EXPIRED",
                )
            target = self._current_target(conn, account_id, found)
            if target is None or _state_versions(target) != found.state_versions:
                raise Conflict(
                    f"the {found.kind} changed after the preview; preview again and confirm the new preview",
                    reason="PREVIEW_STALE",
                )
            target.replacements.refuse_active()  # a session may have started since the preview
            entries = _delete(conn, account_id, target, device, now)
            repo.mark_preview_committed(conn, _token_hash(preview_token))
            state = repo.advance_sequence(conn, account_id, state)
            change_log.append(conn, account_id, state.epoch, entries, now, self._forms.record)
            answer = CommitAnswer(library=state, preview=found.preview)
            first = self._forms.commit_answer(answer)
            repo.save_request(conn, account_id, idempotency_key, "delete", body, first, now)
        return answer

    @staticmethod
    def _current_target(conn: Connection, account_id: str, found: StoredPreview) -> _Target | None:
        try:
            return _load(conn, account_id, found.kind, found.target_id, found.delete_workouts)
        except NotFound:
            return None


def _delete(
    conn: Connection, account_id: str, target: _Target, device: str, now: datetime
) -> list[ChangeEntry]:
    """Carry out the deletion; returns its change feed entries (updates first, the target last; each
    deleted workout followed by its lapsed occurrences, then the occurrences it gives back)."""
    if target.workout is not None:
        updated_plans: list[str] = []
        if target.containing_plan is not None:
            plan = target.containing_plan
            phases = tuple(
                replace(p, workout_ids=tuple(w for w in p.workout_ids if w != target.workout.id))
                for p in plan.phases
            )
            repo.save_plan(conn, account_id, replace(plan, phases=phases), device, now)
            updated_plans.append(plan.id)
        lapsing = _lapsing(conn, account_id, [target.workout])
        repo.delete_workouts(conn, account_id, [target.workout.id])
        target.replacements.store(conn, account_id)
        deleted = change_log.deletion_entry(change_log.WORKOUT_DELETED, target.workout.id)
        return [
            *_stored_updates(conn, account_id, [], updated_plans, now),
            deleted,
            *lapsing[target.workout.id],
            *target.replacements.entries(target.workout.id),
        ]
    assert target.plan is not None
    entries: list[ChangeEntry] = []
    if target.deleted:
        lapsing = _lapsing(conn, account_id, target.deleted)
        repo.delete_workouts(conn, account_id, [w.id for w in target.deleted])
        target.replacements.store(conn, account_id)
        for workout in target.deleted:
            entries += [
                change_log.deletion_entry(change_log.WORKOUT_DELETED, workout.id),
                *lapsing[workout.id],
                *target.replacements.entries(workout.id),
            ]
    else:
        for workout in target.members:
            detached = replace(workout, plan_id=None, phase_id=None)
            repo.save_workout(conn, account_id, detached, device, now)
        entries += _stored_updates(conn, account_id, [w.id for w in target.members], [], now)
    repo.delete_plan(conn, account_id, target.plan.id)
    return [*entries, change_log.deletion_entry(change_log.PLAN_DELETED, target.plan.id)]


def _lapsing(conn: Connection, account_id: str, workouts: Sequence[Workout]) -> dict[str, list[ChangeEntry]]:
    """By workout, occurrence.lapsed for each occurrence that deleting ``workouts`` takes off every
    read: the moved, replaced and active ones, whose overrides go with the workout (completed ones
    stay as history). Read before the deletion, so each record is the occurrence as last shown."""
    overrides = UncompletedOverrides.load(conn, account_id, workouts)
    return {w.id: visibility_entries(overrides.shown([w]), {}) for w in workouts}


def _stored_updates(
    conn: Connection, account_id: str, workout_ids: list[str], plan_ids: list[str], now: datetime
) -> list[ChangeEntry]:
    # A commit has no time zone: a workout's current schedule is rendered for the UTC day.
    workouts = repo.get_workouts(conn, account_id, workout_ids)
    names = exercise_names_for(conn, account_id, list(workouts.values()))
    plans = repo.get_plans(conn, account_id, plan_ids)
    return [
        change_log.workout_entry(change_log.WORKOUT_UPDATED, WorkoutRecord(workouts[i], names, now.date()))
        for i in workout_ids
    ] + [change_log.plan_entry(change_log.PLAN_UPDATED, plans[i]) for i in plan_ids]
