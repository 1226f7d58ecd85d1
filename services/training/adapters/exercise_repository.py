"""Reads and writes exercises, their search terms and tags, with SQLAlchemy Core.

Core rows, not ORM objects: materialising ORM instances costs about three times as much per row.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any, cast

from sqlalchemy import ColumnElement, Connection, Row, Select, bindparam, delete, func, insert, or_, select

from services.training.adapters.tables import catalog_state, exercise_tags, exercise_terms, exercises
from services.training.domain.exercises import Exercise
from services.training.domain.search import search_terms

_CATALOG_KEY = "catalog_sha256"


def _visible_to(account_id: str) -> ColumnElement[bool]:
    return or_(exercises.c.account_id.is_(None), exercises.c.account_id == account_id)


def _visible_to_unindexed(account_id: Any) -> ColumnElement[bool]:
    # Same meaning as _visible_to, written so the planner cannot drive the query from the account
    # index (which reads the whole catalog) and instead starts from the few matching search terms.
    owner: ColumnElement[str] = func.coalesce(exercises.c.account_id, account_id)
    return cast(ColumnElement[bool], owner == account_id)


# Column order of _decode's arguments.
_COLUMNS = (
    exercises.c.exercise_id,
    exercises.c.name,
    exercises.c.aliases,
    exercises.c.primary_muscles,
    exercises.c.secondary_muscles,
    exercises.c.equipment,
    exercises.c.tracking_modes,
    exercises.c.custom,
)


def _row_to_exercise(row: Row[Any]) -> Exercise:
    m = row._mapping
    return _decode(
        m["exercise_id"],
        m["name"],
        m["aliases"],
        m["primary_muscles"],
        m["secondary_muscles"],
        m["equipment"],
        m["tracking_modes"],
        bool(m["custom"]),
    )


# The same rows are read again and again (the catalog changes only on deploys); decoding their JSON
# columns was a fifth of a search's CPU, so decoded exercises are memoised by their stored values.
@lru_cache(maxsize=8192)
def _decode(
    exercise_id: str,
    name: str,
    aliases: str,
    primary_muscles: str,
    secondary_muscles: str,
    equipment: str,
    tracking_modes: str,
    custom: bool,
) -> Exercise:
    return Exercise(
        exercise_id=exercise_id,
        name=name,
        aliases=tuple(json.loads(aliases)),
        primary_muscles=tuple(json.loads(primary_muscles)),
        secondary_muscles=tuple(json.loads(secondary_muscles)),
        equipment=tuple(json.loads(equipment)),
        tracking_modes=tuple(json.loads(tracking_modes)),
        custom=custom,
    )


def _tag_filter(kind: str, value: Any) -> ColumnElement[bool]:
    return exercises.c.exercise_id.in_(
        select(exercise_tags.c.exercise_id).where(
            exercise_tags.c.kind == kind, exercise_tags.c.value == value
        )
    )


def _tag_filters(muscle: str, equipment: str) -> list[ColumnElement[bool]]:
    filters: list[ColumnElement[bool]] = []
    for kind, value in (("muscle", muscle), ("equipment", equipment)):
        if value:
            filters.append(_tag_filter(kind, value))
    return filters


@lru_cache(maxsize=4)
def _candidates_statement(by_muscle: bool, by_equipment: bool) -> Select[Any]:
    """The candidate query, built once per filter combination; values are bound per call.

    Building the statement on every search cost more than running it (benchmarks/edge_vs_inprocess.py).
    """
    ids = select(exercise_terms.c.exercise_id).where(
        exercise_terms.c.term >= bindparam("low"), exercise_terms.c.term < bindparam("high")
    )
    where = [exercises.c.exercise_id.in_(ids), _visible_to_unindexed(bindparam("account_id"))]
    if by_muscle:
        where.append(_tag_filter("muscle", bindparam("muscle")))
    if by_equipment:
        where.append(_tag_filter("equipment", bindparam("equipment")))
    return select(*_COLUMNS).where(*where)


def find_candidates(
    conn: Connection, account_id: str, prefixes: Sequence[str], muscle: str, equipment: str
) -> list[Exercise]:
    """Exercises visible to the account with a search term starting with one of ``prefixes``."""
    statement = _candidates_statement(bool(muscle), bool(equipment))
    found: dict[str, Exercise] = {}
    for prefix in prefixes:
        params = {"low": prefix, "high": prefix + "\U0010ffff", "account_id": account_id}
        params.update({"muscle": muscle, "equipment": equipment})
        for row in conn.execute(statement, params).all():
            found.setdefault(row[0], _decode(*row[:7], bool(row[7])))
    return list(found.values())


def list_page(
    conn: Connection, account_id: str, muscle: str, equipment: str, offset: int, limit: int
) -> tuple[list[Exercise], int]:
    """Every visible exercise (filtered) in name order: one page and the total count."""
    where = [_visible_to(account_id), *_tag_filters(muscle, equipment)]
    total = conn.execute(select(func.count()).select_from(exercises).where(*where)).scalar_one()
    rows = conn.execute(
        select(exercises)
        .where(*where)
        .order_by(exercises.c.name_key, exercises.c.exercise_id)
        .offset(offset)
        .limit(limit)
    )
    return [_row_to_exercise(row) for row in rows], int(total)


def get(conn: Connection, account_id: str, exercise_id: str) -> Exercise | None:
    """One exercise if the account can see it."""
    row = conn.execute(
        select(exercises).where(exercises.c.exercise_id == exercise_id, _visible_to(account_id))
    ).first()
    return None if row is None else _row_to_exercise(row)


def name_taken(conn: Connection, account_id: str, name_key: str) -> bool:
    """Whether a catalog or this account's custom exercise already has this name."""
    row = conn.execute(
        select(exercises.c.exercise_id).where(exercises.c.name_key == name_key, _visible_to(account_id))
    ).first()
    return row is not None


def _rows(
    exercise: Exercise, account_id: str | None, now: datetime
) -> tuple[dict[str, object], list[dict[str, str]], list[dict[str, str]]]:
    """The exercise's row, its search-term rows and its tag rows."""
    row: dict[str, object] = {
        "exercise_id": exercise.exercise_id,
        "account_id": account_id,
        "name": exercise.name,
        "name_key": exercise.name.casefold(),
        "aliases": json.dumps(list(exercise.aliases)),
        "primary_muscles": json.dumps(list(exercise.primary_muscles)),
        "secondary_muscles": json.dumps(list(exercise.secondary_muscles)),
        "equipment": json.dumps(list(exercise.equipment)),
        "tracking_modes": json.dumps(list(exercise.tracking_modes)),
        "custom": exercise.custom,
        "created_at": now,
    }
    terms = [{"term": term, "exercise_id": exercise.exercise_id} for term in sorted(search_terms(exercise))]
    tags = {("muscle", m) for m in (*exercise.primary_muscles, *exercise.secondary_muscles)}
    tags |= {("equipment", e) for e in exercise.equipment}
    tag_rows = [{"kind": k, "value": v, "exercise_id": exercise.exercise_id} for k, v in sorted(tags)]
    return row, terms, tag_rows


def add_many(conn: Connection, items: Iterable[Exercise], account_id: str | None, now: datetime) -> None:
    """Insert exercises with their search terms and tags, one batched statement per table."""
    rows: list[dict[str, object]] = []
    terms: list[dict[str, str]] = []
    tags: list[dict[str, str]] = []
    for exercise in items:
        row, exercise_terms_rows, tag_rows = _rows(exercise, account_id, now)
        rows.append(row)
        terms.extend(exercise_terms_rows)
        tags.extend(tag_rows)
    for table, batch in ((exercises, rows), (exercise_terms, terms), (exercise_tags, tags)):
        if batch:
            conn.execute(insert(table), batch)


def add(conn: Connection, exercise: Exercise, account_id: str | None, now: datetime) -> None:
    """Insert one exercise with its search terms and tags."""
    add_many(conn, [exercise], account_id, now)


def catalog_fingerprint(catalog: Iterable[Exercise]) -> str:
    """SHA-256 of the catalog's content, to tell whether the stored copy is current."""
    digest = hashlib.sha256()
    for ex in catalog:
        digest.update(repr(ex).encode())
    return digest.hexdigest()


def replace_catalog(conn: Connection, catalog: Sequence[Exercise], now: datetime) -> bool:
    """Store ``catalog`` unless the same version is stored already; returns whether it wrote."""
    fingerprint = catalog_fingerprint(catalog)
    stored = conn.execute(
        select(catalog_state.c.value).where(catalog_state.c.key == _CATALOG_KEY)
    ).scalar_one_or_none()
    if stored == fingerprint:
        return False
    old_ids = select(exercises.c.exercise_id).where(exercises.c.account_id.is_(None))
    conn.execute(delete(exercise_terms).where(exercise_terms.c.exercise_id.in_(old_ids)))
    conn.execute(delete(exercise_tags).where(exercise_tags.c.exercise_id.in_(old_ids)))
    conn.execute(delete(exercises).where(exercises.c.account_id.is_(None)))
    add_many(conn, catalog, None, now)
    conn.execute(delete(catalog_state).where(catalog_state.c.key == _CATALOG_KEY))
    conn.execute(insert(catalog_state).values(key=_CATALOG_KEY, value=fingerprint))
    return True


def names_and_modes(
    conn: Connection, account_id: str, exercise_ids: Iterable[str]
) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Name and tracking modes of each of ``exercise_ids`` the account can see (others are absent)."""
    ids = list(dict.fromkeys(exercise_ids))
    if not ids:
        return {}
    rows = conn.execute(
        select(exercises.c.exercise_id, exercises.c.name, exercises.c.tracking_modes).where(
            exercises.c.exercise_id.in_(ids), _visible_to(account_id)
        )
    )
    return {row.exercise_id: (row.name, tuple(json.loads(row.tracking_modes))) for row in rows}
