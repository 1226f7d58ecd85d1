"""Which exercise the words a person logged name: the workout log's one place for it.

Words the account confirmed before win (the log remembers them); then the shared catalog, resolved
here with no call (``knowledge.training.exercise_names``); only words the catalog does not
know ask training, whose search covers the account's own exercises. Ambiguous words are never
guessed (decision 0045); where the matching lives and why: decision 0092.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from sqlalchemy import Engine

from knowledge.training.catalog import catalog_by_id, load_catalog
from knowledge.training.exercise_names import Candidate, normalize_words, resolve_exercise
from services.sessions.domain.session_rules import Violations, require_account
from services.sessions.workout_log.adapters import log_repository as log_repo

CANDIDATES = 5
MAX_WORDS_MATCHED = 100  # a workout's entries at most
MAX_WORDS_CHARS = 1000


@dataclass(frozen=True)
class Wanted:
    """Words to match, and what their sets record ("distance", "duration", or "" for reps)."""

    words: str
    tracking: str = ""


class AccountExercises(Protocol):
    """The account's own (custom) exercises whose names fit some words: training's search."""

    async def search(self, account_id: str, words: str, limit: int) -> Sequence[Candidate]:
        """Up to ``limit`` of the account's own exercises fitting ``words``, best first."""
        ...


@dataclass(frozen=True)
class Match:
    """An exercise as an entry stores it: its ID ("" when unsure), name and the words given."""

    exercise_id: str
    name: str
    words: str
    candidates: tuple[Candidate, ...] = ()
    # Several exercises fit the words equally well (rather than none).
    ambiguous: bool = False


def _usual_tracking(exercise_id: str) -> str:
    found = catalog_by_id().get(exercise_id)
    return found.tracking_modes[0] if found and found.tracking_modes else ""


def _history_first(words: str, candidates: Sequence[Candidate], used: Sequence[str]) -> tuple[Candidate, ...]:
    """``candidates`` with the account's own exercises that fit ``words`` first: those the words
    resolve to, are ambiguous between or are near among the exercises it has logged."""
    by_id = catalog_by_id()
    # The logged exercises as the resolver's per-call list (not a catalog: catalogs are indexed once
    # and cached, and every account's history differs).
    logged = [(exercise_id, by_id[exercise_id].name) for exercise_id in used if exercise_id in by_id]
    among_own = resolve_exercise(words, catalog=(), custom=logged)
    own: list[Candidate] = []
    if among_own.exercise_id:
        own.append(Candidate(among_own.exercise_id, by_id[among_own.exercise_id].name))
    own.extend(among_own.candidates)
    own.extend(c for c in candidates if c.exercise_id in used)
    ordered = dict.fromkeys((*own, *candidates))
    return tuple(ordered)[:CANDIDATES]


def catalog_name(exercise_id: str) -> str:
    """The catalog's name of ``exercise_id``, else the ID itself."""
    found = catalog_by_id().get(exercise_id)
    return found.name if found else exercise_id


class ExerciseMatching:
    """Matches words against the remembered words, the catalog and then the account's exercises."""

    def __init__(self, engine: Engine, account_exercises: AccountExercises) -> None:
        self._engine = engine
        self._account_exercises = account_exercises

    def remembered(self, account_id: str) -> dict[str, str]:
        """The account's confirmed words (normalized) and the exercise each was confirmed as."""
        with self._engine.connect() as conn:
            return log_repo.remembered_words(conn, account_id)

    def history(self, account_id: str) -> list[log_repo.ExerciseUse]:
        """The exercises the account has logged, most used first, with their best estimated 1RM."""
        with self._engine.connect() as conn:
            return log_repo.exercise_history(conn, account_id)

    async def match_all(self, account_id: str, wanted: Sequence[Wanted]) -> list[Match]:
        """MatchExercises: each of ``wanted`` matched, in order."""
        require_account(account_id)
        out = Violations()
        if not 1 <= len(wanted) <= MAX_WORDS_MATCHED:
            out.add("exercises", f"must hold 1 to {MAX_WORDS_MATCHED} exercises (got {len(wanted)})")
        for i, item in enumerate(wanted):
            # Blank words are answered (unknown, with the account's exercises as candidates), not refused.
            if len(item.words) > MAX_WORDS_CHARS:
                out.add(f"exercises[{i}].words", f"must be at most {MAX_WORDS_CHARS} characters")
        out.raise_if_any()
        remembered = self.remembered(account_id)
        used = [use.exercise_id for use in self.history(account_id)]
        return [await self.match(account_id, item.words, remembered, item.tracking, used) for item in wanted]

    async def match(
        self,
        account_id: str,
        words: str,
        remembered: Mapping[str, str],
        tracking: str = "",
        used: Sequence[str] = (),
    ) -> Match:
        """The exercise to store for ``words``, or unsure with candidates, the exercises the account
        has logged (``used``, most used first) that fit the words ahead of the others (decision 0103)."""
        found = await self._match(account_id, words, remembered, tracking)
        if found.exercise_id or not used:
            return found
        return replace(found, candidates=_history_first(words, found.candidates, used))

    async def _match(
        self, account_id: str, words: str, remembered: Mapping[str, str], tracking: str = ""
    ) -> Match:
        """The exercise to store for ``words``; unsure (with candidates) when none is certain.

        ``remembered`` maps the account's confirmed words (``normalize_words``) to exercise IDs.
        ``tracking`` is what the sets record ("distance", "duration", or "" for sets of reps):
        between ambiguous candidates, the one exercise tracked that way is the one meant ("row
        2000m 7:45" is the rowing machine, not a barbell row).
        """
        resolution = resolve_exercise(words, catalog=load_catalog(), remembered=remembered)
        if resolution.kind == "ambiguous" and tracking:
            fitting = [c for c in resolution.candidates if _usual_tracking(c.exercise_id) == tracking]
            if len(fitting) == 1:
                return Match(fitting[0].exercise_id, fitting[0].name, words)
        if resolution.kind == "resolved" and resolution.exercise_id:
            return Match(resolution.exercise_id, catalog_name(resolution.exercise_id), words)
        if resolution.kind == "unknown":
            wanted = normalize_words(words)
            own = await self._account_exercises.search(account_id, words[:200], CANDIDATES)
            exact = [c for c in own if normalize_words(c.name) == wanted]
            if len(exact) == 1:
                return Match(exact[0].exercise_id, exact[0].name, words)
            return Match("", words, words, (*own, *resolution.candidates)[:CANDIDATES])
        return Match("", words, words, resolution.candidates, ambiguous=True)
