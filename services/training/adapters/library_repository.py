"""Reads and writes of the Training library's rows, one connection (and transaction) at a time.

Writers call :func:`lock_library` first: it updates the library row, which makes every write of an
account wait for the one before it (a row lock on PostgreSQL, the write lock on SQLite), so version
checks and the sequence never race (docs/decisions/0011-training-library.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, TypeVar

from sqlalchemy import Column, Connection, Row, and_, bindparam, delete, func, insert, or_, select, update

from services.training.adapters import tables
from services.training.adapters.library_codec import (
    content_from_json,
    content_to_json,
    phases_from_json,
    phases_to_json,
    segments_from_json,
    segments_to_json,
)
from services.training.domain.model import OccurrenceOverride, Plan, Workout
from services.training.domain.plan_days import ActivePlan
from services.training.domain.versions import format_version


@dataclass(frozen=True)
class LibraryState:
    """An account's library epoch and source sequence."""

    epoch: str
    source_sequence: int


def _aware(value: datetime | None) -> datetime | None:
    # SQLite hands back naive datetimes; every stored time is UTC.
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)


# --- library state -----------------------------------------------------------------------------

# The statements every write runs, built once with bound parameters (decision 0123): building one
# per call and working out its cache key cost more than SQLite's work on these rows.
_LIBRARY = tables.libraries.c
_READ_LIBRARY = select(_LIBRARY.epoch, _LIBRARY.source_sequence).where(
    _LIBRARY.account_id == bindparam("account")
)
# Takes the lock and answers the state in one statement (RETURNING, as auth's grants use it).
_LOCK_LIBRARY = (
    update(tables.libraries)
    .where(_LIBRARY.account_id == bindparam("account"))
    .values(source_sequence=_LIBRARY.source_sequence)
    .returning(_LIBRARY.epoch, _LIBRARY.source_sequence)
)
_ADVANCE_SEQUENCE = (
    update(tables.libraries)
    .where(_LIBRARY.account_id == bindparam("account"))
    .values(source_sequence=bindparam("sequence"))
)
_INSERT_WORKOUTS = insert(tables.workouts)
_INSERT_PLAN = insert(tables.plans)


def read_library(conn: Connection, account_id: str) -> LibraryState | None:
    """The library state, or None before the account's first use."""
    row = conn.execute(_READ_LIBRARY, {"account": account_id}).first()
    return LibraryState(row.epoch, row.source_sequence) if row else None


def create_library(conn: Connection, account_id: str, epoch: str, now: datetime) -> None:
    """A new, empty library (the caller handles a concurrent creation's IntegrityError)."""
    conn.execute(
        insert(tables.libraries).values(
            account_id=account_id, epoch=epoch, source_sequence=0, change_sequence=0, created_at=now
        )
    )


def lock_library(conn: Connection, account_id: str) -> LibraryState | None:
    """Take the account's write lock for this transaction and return the current state."""
    row = conn.execute(_LOCK_LIBRARY, {"account": account_id}).first()
    return LibraryState(row.epoch, row.source_sequence) if row else None


def advance_sequence(conn: Connection, account_id: str, state: LibraryState) -> LibraryState:
    """Record one change: the source sequence grows by one."""
    nxt = state.source_sequence + 1
    conn.execute(_ADVANCE_SEQUENCE, {"account": account_id, "sequence": nxt})
    return LibraryState(state.epoch, nxt)


def erase(conn: Connection, account_id: str, new_epoch: str) -> LibraryState:
    """Remove every record of the account's library and start ``new_epoch`` at sequence 0.

    The change feed is the caller's to erase too (``library_change_log.erase``): its sequence goes on.
    """
    for table in (
        tables.plan_snapshots,  # endurance plans (decision 0062) are library records too
        tables.plan_workouts,
        tables.plan_goals,
        tables.workouts,
        tables.plans,
        tables.occurrence_overrides,
        tables.write_requests,
        tables.deletion_previews,
    ):
        conn.execute(delete(table).where(table.c.account_id == account_id))
    conn.execute(
        update(tables.libraries)
        .where(tables.libraries.c.account_id == account_id)
        .values(epoch=new_epoch, source_sequence=0)
    )
    return LibraryState(new_epoch, 0)


_Record = TypeVar("_Record")


def _records_by_id(
    conn: Connection,
    id_column: Column[str],
    account_id: str,
    ids: Iterable[str],
    from_row: Callable[[Row[Any]], _Record],
) -> dict[str, _Record]:
    """The account's rows of ``id_column``'s table whose ID is among ``ids``, read, by ID."""
    wanted = list(dict.fromkeys(ids))
    if not wanted:
        return {}
    table = id_column.table
    rows = conn.execute(select(table).where(table.c.account_id == account_id, id_column.in_(wanted)))
    return {row._mapping[id_column]: from_row(row) for row in rows}


# --- workouts ----------------------------------------------------------------------------------

_W = tables.workouts.c


def workout_from_row(row: Row[Any]) -> Workout:
    """A workout from a row with the workouts columns (also used by migration 0003's backfill)."""
    return Workout(
        id=row.workout_id,
        version=format_version(row.version_counter, row.version_device),
        content=content_from_json(row.name, row.kind, row.content),
        segments=segments_from_json(row.segments),
        plan_id=row.plan_id,
        phase_id=row.phase_id,
        active_from=date.fromisoformat(row.active_from) if row.active_from else None,
        active_until=date.fromisoformat(row.active_until) if row.active_until else None,
        created_at=_aware(row.created_at),
        updated_at=_aware(row.updated_at),
    )


def get_workouts(conn: Connection, account_id: str, workout_ids: Iterable[str]) -> dict[str, Workout]:
    """The account's workouts among ``workout_ids``, by ID (missing ones are absent)."""
    return _records_by_id(conn, _W.workout_id, account_id, workout_ids, workout_from_row)


def workout_ids_among(conn: Connection, account_id: str, workout_ids: Iterable[str]) -> set[str]:
    """Which of ``workout_ids`` the account has (IDs only: nothing to decode)."""
    wanted = list(dict.fromkeys(workout_ids))
    if not wanted:
        return set()
    found = conn.execute(select(_W.workout_id).where(_W.account_id == account_id, _W.workout_id.in_(wanted)))
    return set(found.scalars())


def list_workouts(
    conn: Connection, account_id: str, *, name_contains: str, plan_id: str, offset: int, limit: int
) -> tuple[list[Workout], int]:
    """A page of workouts ordered by name then ID, and how many match in all."""
    conditions = [_W.account_id == account_id]
    if name_contains:
        escaped = name_contains.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        conditions.append(_W.name_key.like(f"%{escaped}%", escape="\\"))
    if plan_id:
        conditions.append(_W.plan_id == plan_id)
    total = conn.execute(select(func.count()).select_from(tables.workouts).where(*conditions)).scalar_one()
    rows = conn.execute(
        select(tables.workouts)
        .where(*conditions)
        .order_by(_W.name_key, _W.workout_id)
        .offset(offset)
        .limit(limit)
    )
    return [workout_from_row(row) for row in rows], int(total)


def recurring_workouts_in(conn: Connection, account_id: str, start: date, end: date) -> list[Workout]:
    """Workouts that recur and whose active range overlaps [start, end)."""
    rows = conn.execute(
        select(tables.workouts).where(
            _W.account_id == account_id,
            _W.recurring.is_(True),
            or_(_W.active_from.is_(None), _W.active_from < end.isoformat()),
            or_(_W.active_until.is_(None), _W.active_until > start.isoformat()),
        )
    )
    return [workout_from_row(row) for row in rows]


def _workout_values(workout: Workout, counter: int, device_id: str, now: datetime) -> dict[str, Any]:
    return {
        "version_counter": counter,
        "version_device": device_id,
        "name": workout.content.name,
        "name_key": workout.content.name.lower(),
        "kind": workout.content.kind,
        "content": content_to_json(workout.content),
        "segments": segments_to_json(workout.segments),
        "plan_id": workout.plan_id,
        "phase_id": workout.phase_id,
        "active_from": workout.active_from.isoformat() if workout.active_from else None,
        "active_until": workout.active_until.isoformat() if workout.active_until else None,
        "recurring": any(segment.schedule is not None for segment in workout.segments),
        "updated_at": now,
    }


def insert_workout(
    conn: Connection, account_id: str, workout: Workout, device_id: str, now: datetime
) -> None:
    """Store a new workout at version 1."""
    insert_workouts(conn, account_id, [workout], device_id, now)


def insert_workouts(
    conn: Connection, account_id: str, workouts: Sequence[Workout], device_id: str, now: datetime
) -> None:
    """Store new workouts at version 1 in one statement (a plan's batch of 200 is one round trip)."""
    if workouts:
        conn.execute(
            _INSERT_WORKOUTS,
            [
                {
                    "workout_id": w.id,
                    "account_id": account_id,
                    "created_at": now,
                    **_workout_values(w, 1, device_id, now),
                }
                for w in workouts
            ],
        )


def save_workout(conn: Connection, account_id: str, workout: Workout, device_id: str, now: datetime) -> None:
    """Store a changed workout, one version up from the one it was read at."""
    counter = int(workout.version.split(".", 1)[0]) + 1
    conn.execute(
        update(tables.workouts)
        .where(_W.account_id == account_id, _W.workout_id == workout.id)
        .values(**_workout_values(workout, counter, device_id, now))
    )


def delete_workouts(conn: Connection, account_id: str, workout_ids: Sequence[str]) -> None:
    """Delete workouts and their pending occurrence changes; completed history stays."""
    if not workout_ids:
        return
    conn.execute(delete(tables.workouts).where(_W.account_id == account_id, _W.workout_id.in_(workout_ids)))
    # A deleted plan workout leaves no endurance-plan row behind, whoever deleted it (decision 0062).
    placed = tables.plan_workouts.c  # rows placing workouts in an endurance plan
    conn.execute(
        delete(tables.plan_workouts).where(
            placed.account_id == account_id, placed.workout_id.in_(workout_ids)
        ),
    )
    conn.execute(
        delete(tables.occurrence_overrides).where(
            _O.account_id == account_id,
            _O.workout_id.in_(workout_ids),
            _O.status != "completed",
        )
    )


# --- plans -------------------------------------------------------------------------------------

_P = tables.plans.c


def plan_from_row(row: Row[Any]) -> Plan:
    """A plan from a row with the plans columns."""
    return Plan(
        id=row.plan_id,
        version=format_version(row.version_counter, row.version_device),
        name=row.name,
        notes=row.notes,
        phases=phases_from_json(row.phases),
        created_at=_aware(row.created_at),
        updated_at=_aware(row.updated_at),
    )


def inactive_goal_ids(conn: Connection, account_id: str, plan_ids: Iterable[str]) -> set[str]:
    """The plans among ``plan_ids`` that are endurance goals other than the active one (archived,
    or kept beside the active goal): their planned days do not count (decision 0112)."""
    wanted = set(plan_ids)
    if not wanted:
        return set()
    goals = tables.plan_goals.c
    rows = conn.execute(
        select(goals.goal_id).where(
            goals.account_id == account_id, goals.goal_id.in_(wanted), goals.is_active.is_(False)
        )
    )
    return {row.goal_id for row in rows}


def active_plan(conn: Connection, account_id: str) -> ActivePlan | None:
    """The active endurance goal and the days of its first and last session (decision 0115): one
    row of ``plan_goals`` and one indexed aggregate over the goal's workouts; None without one."""
    goals = tables.plan_goals.c
    goal = conn.execute(
        select(goals.goal_id)
        .where(goals.account_id == account_id, goals.is_active.is_(True))
        .order_by(goals.updated_at.desc(), goals.goal_id)
        .limit(1)
    ).first()
    if goal is None:
        return None
    first, last = conn.execute(
        select(func.min(_W.active_from), func.max(_W.active_from)).where(
            _W.account_id == account_id, _W.plan_id == goal.goal_id
        )
    ).one()
    if first is None or last is None:
        return None
    return ActivePlan(goal.goal_id, date.fromisoformat(str(first)), date.fromisoformat(str(last)))


def get_plans(conn: Connection, account_id: str, plan_ids: Iterable[str]) -> dict[str, Plan]:
    """The account's plans among ``plan_ids``, by ID (missing ones are absent)."""
    return _records_by_id(conn, _P.plan_id, account_id, plan_ids, plan_from_row)


def list_plans(conn: Connection, account_id: str) -> list[Plan]:
    """Every plan of the account, by name then ID."""
    rows = conn.execute(
        select(tables.plans).where(_P.account_id == account_id).order_by(_P.name_key, _P.plan_id)
    )
    return [plan_from_row(row) for row in rows]


def _plan_values(plan: Plan, counter: int, device_id: str, now: datetime) -> dict[str, Any]:
    return {
        "version_counter": counter,
        "version_device": device_id,
        "name": plan.name,
        "name_key": plan.name.lower(),
        "notes": plan.notes,
        "phases": phases_to_json(plan.phases),
        "updated_at": now,
    }


def insert_plan(conn: Connection, account_id: str, plan: Plan, device_id: str, now: datetime) -> None:
    """Store a new plan at version 1."""
    conn.execute(
        _INSERT_PLAN,
        {
            "plan_id": plan.id,
            "account_id": account_id,
            "created_at": now,
            **_plan_values(plan, 1, device_id, now),
        },
    )


def save_plan(conn: Connection, account_id: str, plan: Plan, device_id: str, now: datetime) -> None:
    """Store a changed plan, one version up."""
    counter = int(plan.version.split(".", 1)[0]) + 1
    conn.execute(
        update(tables.plans)
        .where(_P.account_id == account_id, _P.plan_id == plan.id)
        .values(**_plan_values(plan, counter, device_id, now))
    )


def delete_plan(conn: Connection, account_id: str, plan_id: str) -> None:
    """Delete a plan row (its workouts are handled by the caller) and, when it was an endurance
    goal, the goal's own rows: a workout kept from it becomes an ordinary library workout."""
    conn.execute(delete(tables.plans).where(_P.account_id == account_id, _P.plan_id == plan_id))
    for table in (tables.plan_goals, tables.plan_workouts, tables.plan_snapshots):
        conn.execute(delete(table).where(table.c.account_id == account_id, table.c.goal_id == plan_id))


# --- occurrence overrides ----------------------------------------------------------------------

_O = tables.occurrence_overrides.c


def override_from_row(row: Row[Any]) -> OccurrenceOverride:
    """An occurrence override from a row with the occurrence_overrides columns."""
    return OccurrenceOverride(
        workout_id=row.workout_id,
        original_day=date.fromisoformat(row.original_day),
        destination_day=date.fromisoformat(row.destination_day) if row.destination_day else None,
        replacement_workout_id=row.replacement_workout_id,
        status=row.status,
        completed_at=_aware(row.completed_at),
    )


def overrides_touching(conn: Connection, account_id: str, start: date, end: date) -> list[OccurrenceOverride]:
    """Overrides whose original or current day lies in [start, end)."""
    lo, hi = start.isoformat(), end.isoformat()
    rows = conn.execute(
        select(tables.occurrence_overrides).where(
            _O.account_id == account_id,
            or_(
                and_(_O.original_day >= lo, _O.original_day < hi),
                and_(_O.destination_day >= lo, _O.destination_day < hi),
            ),
        )
    )
    return [override_from_row(row) for row in rows]


def get_override(
    conn: Connection, account_id: str, workout_id: str, original_day: date
) -> OccurrenceOverride | None:
    """One occurrence's override, if any."""
    row = conn.execute(
        select(tables.occurrence_overrides).where(
            _O.account_id == account_id,
            _O.workout_id == workout_id,
            _O.original_day == original_day.isoformat(),
        )
    ).first()
    return override_from_row(row) if row else None


def put_override(conn: Connection, account_id: str, override: OccurrenceOverride, workout_name: str) -> None:
    """Insert or replace one occurrence's override."""
    conn.execute(
        delete(tables.occurrence_overrides).where(
            _O.workout_id == override.workout_id, _O.original_day == override.original_day.isoformat()
        )
    )
    conn.execute(
        insert(tables.occurrence_overrides).values(
            workout_id=override.workout_id,
            original_day=override.original_day.isoformat(),
            account_id=account_id,
            destination_day=override.destination_day.isoformat() if override.destination_day else None,
            replacement_workout_id=override.replacement_workout_id,
            status=override.status,
            workout_name=workout_name,
            completed_at=override.completed_at,
        )
    )


def uncompleted_overrides(
    conn: Connection, account_id: str, workout_ids: Sequence[str]
) -> list[OccurrenceOverride]:
    """The overrides of ``workout_ids`` that are not completed (pending or active), by original day.

    Completed ones are history: no schedule change hides them and deleting the workout keeps them.
    """
    if not workout_ids:
        return []
    rows = conn.execute(
        select(tables.occurrence_overrides)
        .where(_O.account_id == account_id, _O.workout_id.in_(workout_ids), _O.status != "completed")
        .order_by(_O.original_day, _O.workout_id)
    )
    return [override_from_row(row) for row in rows]


def pending_replacements_by(
    conn: Connection, account_id: str, replacement_ids: Sequence[str]
) -> list[OccurrenceOverride]:
    """The overrides that are not completed (pending or active) and name one of ``replacement_ids`` as
    their replacement, by original day then workout ID."""
    if not replacement_ids:
        return []
    rows = conn.execute(
        select(tables.occurrence_overrides)
        .where(
            _O.account_id == account_id,
            _O.replacement_workout_id.in_(replacement_ids),
            _O.status != "completed",
        )
        .order_by(_O.original_day, _O.workout_id)
    )
    return [override_from_row(row) for row in rows]


def give_back_replacements(conn: Connection, account_id: str, replacement_names: Mapping[str, str]) -> None:
    """Deleting the workouts ``replacement_names`` names (ID -> name) ends the replacements they make.

    A pending replacement goes: the occurrence is its own workout's again (a row left with nothing to
    say is deleted; a moved one stays moved). A completed one is history: it keeps the replacement's
    ID and stores the replacement's name, which reads show once that workout is gone
    (docs/decisions/0023-training-change-feed.md, "Deleted replacements").
    """
    if not replacement_names:
        return
    ids = list(replacement_names)
    pending = (_O.account_id == account_id, _O.replacement_workout_id.in_(ids), _O.status == "scheduled")
    conn.execute(delete(tables.occurrence_overrides).where(*pending, _O.destination_day.is_(None)))
    conn.execute(update(tables.occurrence_overrides).where(*pending).values(replacement_workout_id=None))
    for replacement_id, name in replacement_names.items():
        conn.execute(
            update(tables.occurrence_overrides)
            .where(
                _O.account_id == account_id,
                _O.replacement_workout_id == replacement_id,
                _O.status == "completed",
            )
            .values(workout_name=name)
        )


def stored_names(
    conn: Connection, account_id: str, identities: Iterable[tuple[str, date]]
) -> dict[tuple[str, date], str]:
    """The name stored with each override among ``identities`` ((workout ID, original day))."""
    wanted = set(identities)
    if not wanted:
        return {}
    rows = conn.execute(
        select(_O.workout_id, _O.original_day, _O.workout_name).where(
            _O.account_id == account_id,
            or_(*(and_(_O.workout_id == w, _O.original_day == d.isoformat()) for w, d in sorted(wanted))),
        )
    )
    return {(row.workout_id, date.fromisoformat(row.original_day)): row.workout_name for row in rows}


def completed_between(
    conn: Connection, account_id: str, after: datetime, before: datetime
) -> list[tuple[OccurrenceOverride, str]]:
    """Completed occurrences with completion instants in [after, before), with the workout name."""
    rows = conn.execute(
        select(tables.occurrence_overrides)
        .where(
            _O.account_id == account_id,
            _O.status == "completed",
            _O.completed_at >= after,
            _O.completed_at < before,
        )
        .order_by(_O.completed_at.desc())
    )
    return [(override_from_row(row), row.workout_name) for row in rows]


# --- idempotent write requests -----------------------------------------------------------------

_R = tables.write_requests.c


@dataclass(frozen=True)
class StoredRequest:
    """The first result of an idempotency key."""

    operation: str
    request_hash: str
    response: bytes


def find_request(conn: Connection, account_id: str, key: str) -> StoredRequest | None:
    """What an idempotency key was first used for."""
    row = conn.execute(
        select(_R.operation, _R.request_hash, _R.response).where(
            _R.account_id == account_id, _R.idempotency_key == key
        )
    ).first()
    return StoredRequest(row.operation, row.request_hash, bytes(row.response)) if row else None


def save_request(
    conn: Connection,
    account_id: str,
    key: str,
    operation: str,
    request_hash: str,
    response: bytes,
    now: datetime,
) -> None:
    """Remember a key's first result."""
    conn.execute(
        insert(tables.write_requests).values(
            account_id=account_id,
            idempotency_key=key,
            operation=operation,
            request_hash=request_hash,
            response=response,
            created_at=now,
        )
    )


def purge_requests(conn: Connection, older_than: datetime) -> None:
    """Forget keys older than the replay window."""
    conn.execute(delete(tables.write_requests).where(_R.created_at < older_than))


# --- deletion previews -------------------------------------------------------------------------

_D = tables.deletion_previews.c


@dataclass(frozen=True)
class StoredPreview:
    """A deletion preview as issued."""

    account_id: str
    kind: str
    target_id: str
    delete_workouts: bool
    state_versions: dict[str, str]
    preview: bytes
    expires_at: datetime
    committed: bool


def save_preview(conn: Connection, token_hash: str, preview: StoredPreview) -> None:
    """Store an issued preview under its token's hash."""
    conn.execute(
        insert(tables.deletion_previews).values(
            token_hash=token_hash,
            account_id=preview.account_id,
            kind=preview.kind,
            target_id=preview.target_id,
            delete_workouts=preview.delete_workouts,
            state_versions=json.dumps(preview.state_versions, sort_keys=True),
            preview=preview.preview,
            expires_at=preview.expires_at,
            committed=preview.committed,
        )
    )


def find_preview(conn: Connection, account_id: str, token_hash: str) -> StoredPreview | None:
    """The preview a token stands for, if it is this account's."""
    row = conn.execute(
        select(tables.deletion_previews).where(_D.token_hash == token_hash, _D.account_id == account_id)
    ).first()
    if row is None:
        return None
    expires_at = _aware(row.expires_at)
    assert expires_at is not None
    return StoredPreview(
        account_id=row.account_id,
        kind=row.kind,
        target_id=row.target_id,
        delete_workouts=row.delete_workouts,
        state_versions=json.loads(row.state_versions),
        preview=bytes(row.preview),
        expires_at=expires_at,
        committed=row.committed,
    )


def mark_preview_committed(conn: Connection, token_hash: str) -> None:
    """A preview is carried out once."""
    conn.execute(update(tables.deletion_previews).where(_D.token_hash == token_hash).values(committed=True))


def purge_previews(conn: Connection, expired_before: datetime) -> None:
    """Drop previews that expired before ``expired_before``."""
    conn.execute(delete(tables.deletion_previews).where(_D.expires_at < expired_before))
