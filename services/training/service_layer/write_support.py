"""What every Training write shares: the envelope checks, idempotency, version checks, fresh state.

A write runs in one transaction that first takes the account's write lock, so a write that fails
changes nothing and two writers with the same expected version cannot both win
(docs/decisions/0011-training-library.md).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from sqlalchemy import Connection

from kinetic.errors import Conflict, DomainError, InvalidArgument
from knowledge.training.formats import version_key
from services.training.adapters import exercise_repository
from services.training.adapters import library_change_log as change_log
from services.training.adapters import library_repository as repo
from services.training.adapters.library_change_log import ChangeEntry, WorkoutRecord
from services.training.adapters.library_repository import LibraryState, StoredRequest
from services.training.domain.model import Plan, Workout
from services.training.domain.versions import format_version
from services.training.service_layer.answers import StoredForms


def request_hash(*parts: Any) -> str:
    """A stable hash of a request body (keys sorted), to tell a retry from a different request."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def replay(stored: StoredRequest, operation: str, body_hash: str) -> bytes:
    """The stored first answer of an idempotency key (the bytes of its message, read by the
    entrypoint), or a conflict when the key meant another body."""
    if stored.operation != operation or stored.request_hash != body_hash:
        raise Conflict(
            "this idempotencyKey was already used for a different request; use a new key for a new change",
            reason="IDEMPOTENCY_KEY_REUSED",
        )
    return stored.response


def epoch_changed(state: LibraryState) -> DomainError:
    """The library was erased since the caller read it: it must read again."""
    return DomainError(
        "the Training library was erased or replaced since it was read; read it again and use the new epoch",
        reason="EPOCH_CHANGED",
        metadata={"epoch": state.epoch, "sourceSequence": str(state.source_sequence)},
    )


@dataclass
class WriteContext:
    """One write's transaction, caller and clock, and the stored forms of what it renders."""

    conn: Connection
    account_id: str
    device_id: str
    state: LibraryState
    today: date
    now: datetime
    expected_versions: Mapping[str, str]
    forms: StoredForms
    changed_workouts: dict[str, Workout] = field(default_factory=dict)
    changed_plans: dict[str, Plan] = field(default_factory=dict)
    # ("workout" | "plan", ID) -> created by this write, in the order first saved: the change feed's order.
    saved: dict[tuple[str, str], bool] = field(default_factory=dict)
    # Occurrences the write hid (occurrence.lapsed) or showed again: they follow the records' entries.
    occurrence_entries: list[ChangeEntry] = field(default_factory=list)
    # Workouts inserted by ``save_new_workouts`` as stored (version 1, this write's times): what a
    # read would answer, so ``stored_workouts`` needs not read them back (decision 0109).
    inserted: dict[str, Workout] = field(default_factory=dict)
    # Plans inserted by ``save_plan`` as stored, likewise (decision 0123).
    inserted_plans: dict[str, Plan] = field(default_factory=dict)

    def check_versions(self, workouts: Sequence[Workout] = (), plans: Sequence[Plan] = ()) -> None:
        """Every existing record a write changes needs the version the caller read; stale → fresh state."""
        current = {version_key("workout", w.id): w.version for w in workouts} | {
            version_key("plan", p.id): p.version for p in plans
        }
        for key in current:
            if key not in self.expected_versions:
                raise InvalidArgument.for_field(
                    f"expectedVersions[{key}]",
                    "is required: read the record first and send the version you read",
                )
        stale = {key for key, version in current.items() if self.expected_versions[key] != version}
        if stale:
            raise Conflict(
                "a record changed since it was read ("
                + ", ".join(sorted(stale))
                + "); review the fresh details and retry with the new versions",
                reason="STALE_VERSION",
                metadata={"fresh": self.fresh_details(workouts, plans)},
            )

    def fresh_details(self, workouts: Sequence[Workout], plans: Sequence[Plan]) -> str:
        """The current state of the records involved, as JSON, for a 409's retry."""
        names = exercise_names_for(self.conn, self.account_id, workouts)
        details = {
            "epoch": self.state.epoch,
            "sourceSequence": self.state.source_sequence,
            "versions": {version_key("workout", w.id): w.version for w in workouts}
            | {version_key("plan", p.id): p.version for p in plans},
            "workouts": [self.forms.record_json(WorkoutRecord(w, names, self.today)) for w in workouts],
            "plans": [self.forms.record_json(p) for p in plans],
        }
        return json.dumps(details, separators=(",", ":"))

    def save_workout(self, workout: Workout, *, new: bool = False) -> None:
        """Store a created or changed workout and remember it for the response."""
        store = repo.insert_workout if new else repo.save_workout
        store(self.conn, self.account_id, workout, self.device_id, self.now)
        self.changed_workouts[workout.id] = workout
        self.inserted.pop(workout.id, None)
        self.saved.setdefault(("workout", workout.id), new)

    def save_new_workouts(self, workouts: Sequence[Workout]) -> None:
        """Store created workouts in one statement and remember them, in order, for the response."""
        repo.insert_workouts(self.conn, self.account_id, workouts, self.device_id, self.now)
        first = format_version(1, self.device_id)
        for workout in workouts:
            self.changed_workouts[workout.id] = workout
            self.inserted[workout.id] = replace(
                workout, version=first, created_at=self.now, updated_at=self.now
            )
            self.saved.setdefault(("workout", workout.id), True)

    def stored_again(self, workout_id: str) -> None:
        """``workout_id`` was written again after its insert, outside ``save_workout``: read it back."""
        self.inserted.pop(workout_id, None)

    def save_plan(self, plan: Plan, *, new: bool = False) -> None:
        """Store a created or changed plan and remember it for the response."""
        store = repo.insert_plan if new else repo.save_plan
        store(self.conn, self.account_id, plan, self.device_id, self.now)
        self.changed_plans[plan.id] = plan
        if new:
            # Known as stored, as an inserted workout is (decision 0123): not read back.
            self.inserted_plans[plan.id] = replace(
                plan, version=format_version(1, self.device_id), created_at=self.now, updated_at=self.now
            )
        else:
            self.inserted_plans.pop(plan.id, None)
        self.saved.setdefault(("plan", plan.id), new)

    def change_entries(
        self, workouts: Sequence[Workout], plans: Sequence[Plan], names: Mapping[str, str]
    ) -> list[ChangeEntry]:
        """The feed entries of this write: every saved record as stored after it (``workouts`` and
        ``plans``; ``names``: the workouts' exercise names), created or updated, in the order first
        saved, then ``occurrence_entries``."""
        rendered_workouts = {w.id: WorkoutRecord(w, names, self.today) for w in workouts}
        rendered_plans = {p.id: p for p in plans}
        entries: list[ChangeEntry] = []
        for (record_type, record_id), created in self.saved.items():
            if record_type == "workout":
                kind = change_log.WORKOUT_CREATED if created else change_log.WORKOUT_UPDATED
                entries.append(change_log.workout_entry(kind, rendered_workouts[record_id]))
            else:
                kind = change_log.PLAN_CREATED if created else change_log.PLAN_UPDATED
                entries.append(change_log.plan_entry(kind, rendered_plans[record_id]))
        return entries + self.occurrence_entries

    def stored_workouts(self) -> list[Workout]:
        """The changed workouts as stored now (with their new versions); those only inserted are
        known as stored, the others are read back."""
        found = dict(self.inserted)
        found |= repo.get_workouts(
            self.conn, self.account_id, [i for i in self.changed_workouts if i not in found]
        )
        return [found[i] for i in self.changed_workouts if i in found]

    def stored_plans(self) -> list[Plan]:
        """The changed plans as stored now; those only inserted are known as stored, the others
        are read back."""
        found = dict(self.inserted_plans)
        wanted = [i for i in self.changed_plans if i not in found]
        if wanted:
            found |= repo.get_plans(self.conn, self.account_id, wanted)
        return [found[i] for i in self.changed_plans if i in found]


def exercise_names_for(conn: Connection, account_id: str, workouts: Sequence[Workout]) -> dict[str, str]:
    """Display names of the exercises ``workouts`` use."""
    ids = {m.exercise_id for w in workouts for m in w.content.exercises}
    return {k: v[0] for k, v in exercise_repository.names_and_modes(conn, account_id, ids).items()}
