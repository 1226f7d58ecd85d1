"""Exercise catalog use cases: search, read, add a custom exercise, seed the shared catalog."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine

from kinetic import page_tokens
from kinetic.errors import AlreadyExists, FieldViolation, InvalidArgument, NotFound
from knowledge.training.catalog import load_catalog
from knowledge.training.exercise_names import resolve_exercise
from services.training.adapters import exercise_repository as repo
from services.training.domain.exercises import EQUIPMENT, MUSCLES, Exercise, validate_exercise
from services.training.domain.search import candidate_prefixes, normalize, rank, typo_rank

MAX_QUERY_CHARS = 200
DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
# A typo search reads every visible exercise (the catalog's 401 and the account's own); it runs only
# when nothing matched as written, and this bounds it whatever an account adds (decision 0108).
TYPO_SCAN_LIMIT = 5000


@dataclass(frozen=True)
class SearchPage:
    """One page of ranked search results."""

    exercises: list[Exercise]
    next_page_token: str
    total_size: int


class ExerciseCatalog:
    """Search and extend the exercise catalog of one training store."""

    def __init__(self, engine: Engine, clock: Callable[[], datetime] | None = None) -> None:
        self._engine = engine
        self._clock = clock or (lambda: datetime.now(UTC))

    def seed(self, catalog: Sequence[Exercise]) -> bool:
        """Store the shared catalog if it changed; returns whether anything was written."""
        with self._engine.begin() as conn:
            return repo.replace_catalog(conn, catalog, self._clock())

    def search(
        self,
        account_id: str,
        query: str = "",
        muscle: str = "",
        equipment: str = "",
        page_size: int = 0,
        page_token: str = "",
    ) -> SearchPage:
        """Rank the account's visible exercises against ``query``; filter; return one page."""
        _require_account(account_id)
        if len(query) > MAX_QUERY_CHARS:
            raise InvalidArgument.for_field(
                "query", f"is {len(query)} characters; use at most {MAX_QUERY_CHARS}"
            )
        if muscle and muscle not in MUSCLES:
            raise InvalidArgument.for_field(
                "muscle", f"unknown muscle {muscle!r}; one of {', '.join(MUSCLES)}"
            )
        if equipment and equipment not in EQUIPMENT:
            raise InvalidArgument.for_field(
                "equipment", f"unknown equipment {equipment!r}; one of {', '.join(EQUIPMENT)}"
            )
        if page_size < 0 or page_size > MAX_PAGE_SIZE:
            raise InvalidArgument.for_field("page_size", f"must be between 1 and {MAX_PAGE_SIZE}")
        limit = page_size or DEFAULT_PAGE_SIZE
        normalized = normalize(query)
        offset = page_tokens.decode(page_token, account_id, normalized, muscle, equipment)
        with self._engine.connect() as conn:
            if not normalized:
                page, total = repo.list_page(conn, account_id, muscle, equipment, offset, limit)
            else:
                candidates = repo.find_candidates(
                    conn, account_id, candidate_prefixes(normalized), muscle, equipment
                )
                scored = [(score, ex) for ex in candidates if (score := rank(normalized, ex)) is not None]
                spelled: list[Exercise] = []
                if not scored:
                    # Nothing as written: first what the workout log reads the words as (a typo or
                    # another language's name, decision 0103), then every visible exercise a typo
                    # away (custom ones too, decision 0108).
                    spelled = _spelled_otherwise(conn, account_id, query, muscle, equipment)
                    visible, _ = repo.list_page(conn, account_id, muscle, equipment, 0, TYPO_SCAN_LIMIT)
                    scored = [
                        (score, ex) for ex in visible if (score := typo_rank(normalized, ex)) is not None
                    ]
                scored.sort(key=lambda pair: (-pair[0], pair[1].name.casefold(), pair[1].exercise_id))
                first = {ex.exercise_id for ex in spelled}
                found = spelled + [ex for _, ex in scored if ex.exercise_id not in first]
                total = len(found)
                page = found[offset : offset + limit]
        next_offset = offset + len(page)
        token = (
            page_tokens.encode(next_offset, account_id, normalized, muscle, equipment)
            if next_offset < total
            else ""
        )
        return SearchPage(page, token, total)

    def get(self, account_id: str, exercise_id: str) -> Exercise:
        """One exercise the account can see."""
        _require_account(account_id)
        if not exercise_id:
            raise InvalidArgument.for_field("exercise_id", "is required")
        with self._engine.connect() as conn:
            exercise = repo.get(conn, account_id, exercise_id)
        if exercise is None:
            raise NotFound(f"no exercise {exercise_id!r}", reason="EXERCISE_NOT_FOUND")
        return exercise

    def create_custom(self, account_id: str, draft: Exercise) -> Exercise:
        """Add a custom exercise visible only to ``account_id``."""
        _require_account(account_id)
        exercise = replace(
            draft,
            exercise_id=f"custom-{uuid.uuid4()}",
            name=draft.name.strip(),
            custom=True,
        )
        problems = validate_exercise(exercise)
        if problems:
            violations = [FieldViolation(f"exercise.{field}", problem) for field, problem in problems]
            raise InvalidArgument(
                "; ".join(f"{v.field}: {v.description}" for v in violations), violations=violations
            )
        with self._engine.begin() as conn:
            if repo.name_taken(conn, account_id, exercise.name.casefold()):
                raise AlreadyExists(
                    f"an exercise named {exercise.name!r} exists already", reason="EXERCISE_NAME_TAKEN"
                )
            repo.add(conn, exercise, account_id, self._clock())
        return exercise


def _spelled_otherwise(
    conn: Connection, account_id: str, query: str, muscle: str, equipment: str
) -> list[Exercise]:
    """When no name or alias fits the query: the catalog exercises the workout log would offer for
    it, a typo ("sqaut") or another language's name ("Kniebeugen") away (decision 0103)."""
    resolution = resolve_exercise(query, catalog=load_catalog())
    wanted = [resolution.exercise_id] if resolution.exercise_id else []
    wanted += [c.exercise_id for c in resolution.candidates]
    found = [ex for exercise_id in wanted if (ex := repo.get(conn, account_id, exercise_id)) is not None]
    return [
        ex
        for ex in found
        if (not muscle or muscle in (*ex.primary_muscles, *ex.secondary_muscles))
        and (not equipment or equipment in ex.equipment)
    ]


def _require_account(account_id: str) -> None:
    if not account_id:
        raise InvalidArgument.for_field("account_id", "is required")
