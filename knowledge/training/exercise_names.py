"""Which exercise a person meant by the words they used: "bench", "pull-ups", "row".

Pure: the caller passes the catalog, the account's own exercises and what the person chose before.
Only an exact match resolves; anything else is handed back with candidates so the person is asked
rather than guessed for. The rules and why: docs/decisions/0045-log-text-parsing.md.

Catalog knowledge, beside the catalog: the workout log (its exercise matching and its workout-file
import, sessions) and the edge (the Open Workout Schema tools' confirmations) both read it
(decisions 0092 and 0098).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from types import MappingProxyType
from typing import Final, Literal

from knowledge.training.catalog import CatalogExercise
from knowledge.training.exercise_words import fold, in_english

MAX_CANDIDATES: Final = 5

# Spellings that mean the same word once plurals are folded ("flyes" -> "flye" -> "fly").
_SPELLINGS: Final = MappingProxyType({"flye": "fly"})
# Every letter of every language counts ("bankdrücken"); decision 0103.
_WORD = re.compile(r"[^\W_]+")
# Apostrophes join ("farmer's" is "farmers"); every other non-alphanumeric character separates.
_APOSTROPHES = re.compile("['\u2019]")


@dataclass(frozen=True)
class Candidate:
    """An exercise the words may have meant, to offer the person."""

    exercise_id: str
    name: str


@dataclass(frozen=True)
class Resolution:
    """What the words resolved to.

    ``resolved``: ``exercise_id`` is the one exercise meant. ``ambiguous``: the words fit several
    exercises (``candidates``, best first). ``unknown``: no exercise has these words; ``candidates``
    are the nearest by shared words, possibly none.
    """

    kind: Literal["resolved", "ambiguous", "unknown"]
    exercise_id: str | None
    candidates: tuple[Candidate, ...]


def _fold_word(word: str) -> str:
    """One word in its singular spelling, so "dips", "presses" and "flies" match "dip", "press", "fly".

    Plain suffix rules rather than a dictionary: both the catalog and the person's words go through
    the same rules, so a rule only has to be consistent, not grammatical.
    """
    if len(word) > 3 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif word.endswith("yes") or (len(word) > 3 and word.endswith(("sses", "ches", "shes", "xes", "zes"))):
        word = word[:-2]
    elif len(word) >= 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    return _SPELLINGS.get(word, word)


def _folded_words(words: str) -> tuple[str, ...]:
    lowered = unicodedata.normalize("NFC", _APOSTROPHES.sub("", words)).casefold()
    return tuple(_fold_word(word) for word in _WORD.findall(lowered))


def _english_words(words: str) -> tuple[str, ...]:
    """The words as the catalog's English: other languages, verbs and filler read (decision 0103)."""
    lowered = unicodedata.normalize("NFC", _APOSTROPHES.sub("", words)).casefold()
    return tuple(_fold_word(word) for word in in_english([fold(w) for w in _WORD.findall(lowered)]))


def normalize_words(words: str) -> str:
    """The key two spellings of one exercise name share: "pull-ups", "pull up" and "Pullups" give "pullup".

    Lower case, singular words, and no spaces, hyphens or punctuation at all: whether a compound is
    written open, hyphenated or closed ("pull up", "pull-up", "pullup") differs from person to person,
    and no two catalog names or aliases differ only in that (tests/unit/test_exercise_names.py).
    """
    return "".join(_folded_words(words))


def tracking_of(sets: Sequence[tuple[bool, bool, bool]]) -> str:
    """How sets given as (has reps, has distance, has duration) are tracked: "distance" when every
    set is a distance, "duration" when every set is a time without reps, else ""."""
    if sets and all(distance for _, distance, _ in sets):
        return "distance"
    if sets and all(duration and not reps for reps, _, duration in sets):
        return "duration"
    return ""


def _label_words(label: str) -> frozenset[str]:
    """A name's words, plus each adjacent pair written closed, so "pullups" is found in "pull up"."""
    words = _folded_words(label)
    return frozenset(words) | {first + second for first, second in pairwise(words)}


@dataclass(frozen=True)
class _Indexed:
    """One exercise as the resolver compares it."""

    exercise_id: str
    name: str
    kind: str  # the first tracking mode, or "custom": ambiguous candidates cover each kind
    labels: tuple[tuple[frozenset[str], int], ...]  # each name's words and its own word count


@dataclass(frozen=True)
class _Index:
    by_name: Mapping[str, frozenset[str]]  # normalized catalog name -> exercise IDs
    by_alias: Mapping[str, frozenset[str]]  # normalized alias -> exercise IDs
    exercises: tuple[_Indexed, ...]  # in catalog order, which breaks ties between candidates
    by_id: Mapping[str, _Indexed]


def _indexed(exercise_id: str, name: str, kind: str, labels: Iterable[str]) -> _Indexed:
    return _Indexed(
        exercise_id=exercise_id,
        name=name,
        kind=kind,
        labels=tuple((_label_words(label), len(_folded_words(label))) for label in labels),
    )


def _keys(pairs: Iterable[tuple[str, str]]) -> Mapping[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for label, exercise_id in pairs:
        key = normalize_words(label)
        if key:
            found.setdefault(key, set()).add(exercise_id)
    return MappingProxyType({key: frozenset(ids) for key, ids in found.items()})


@cache
def _catalog_index(catalog: tuple[CatalogExercise, ...]) -> _Index:
    """Built once per catalog: resolving runs on every log call, the catalog never changes."""
    exercises = tuple(
        _indexed(
            item.exercise_id,
            item.name,
            item.tracking_modes[0] if item.tracking_modes else "sets",
            (item.name, *item.aliases),
        )
        for item in catalog
    )
    return _Index(
        by_name=_keys((item.name, item.exercise_id) for item in catalog),
        by_alias=_keys((alias, item.exercise_id) for item in catalog for alias in item.aliases),
        exercises=exercises,
        by_id=MappingProxyType({item.exercise_id: item for item in exercises}),
    )


def resolve_exercise(
    words: str,
    *,
    catalog: Sequence[CatalogExercise],
    custom: Sequence[tuple[str, str]] = (),
    remembered: Mapping[str, str] = MappingProxyType({}),
) -> Resolution:
    """Resolve ``words`` to one exercise of ``catalog`` or ``custom`` (the account's ``(id, name)``).

    In order: what the person chose before for these words (``remembered``, keyed by
    ``normalize_words``, ignored when that exercise no longer exists); then exact matches, the
    account's own names first, then catalog names, then catalog aliases, where one exercise resolves
    and several are ambiguous; then the exercises whose names contain every word (ambiguous when
    several do); otherwise unknown, with the exercises sharing the most words as candidates.
    """
    index = _catalog_index(tuple(catalog))
    own = tuple(_indexed(exercise_id, name, "custom", (name,)) for exercise_id, name in custom)
    own_by_id = {item.exercise_id: item for item in own}

    def lookup(exercise_id: str) -> _Indexed | None:
        return own_by_id.get(exercise_id) or index.by_id.get(exercise_id)

    key = normalize_words(words)
    if not key:
        return Resolution("unknown", None, ())
    chosen = remembered.get(key)
    if chosen is not None and lookup(chosen) is not None:
        return Resolution("resolved", chosen, ())

    own_names = _keys((name, exercise_id) for exercise_id, name in custom)
    english = _english_words(words)
    for wanted, written in ((key, _folded_words(words)), ("".join(english), english)):
        for tier in (own_names, index.by_name, index.by_alias):
            ids = tier.get(wanted)
            if ids is None:
                continue
            if len(ids) == 1:
                return Resolution("resolved", next(iter(ids)), ())
            matches = [item for item in (*own, *index.exercises) if item.exercise_id in ids]
            return Resolution("ambiguous", None, _candidates(matches, written))

    query = frozenset(english)
    everyone = (*own, *index.exercises)
    containing = [item for item in everyone if query and any(query <= label for label, _ in item.labels)]
    if len(containing) > 1:
        return Resolution("ambiguous", None, _candidates(containing, tuple(query)))
    near = [item for item in everyone if any(query & label for label, _ in item.labels)]
    typos = _spelled_alike("".join(english), index, own, own_names)
    ranked = _candidates(near, tuple(query))
    offered = (*typos, *(c for c in ranked if c not in typos))
    return Resolution("unknown", None, offered[:MAX_CANDIDATES])


def _spelled_alike(
    key: str, index: _Index, own: Sequence[_Indexed], own_names: Mapping[str, frozenset[str]]
) -> tuple[Candidate, ...]:
    """Exercises whose name or alias is a typo away from ``key`` ("sqaut", "deadlfit", "pulups"):
    offered first, never chosen, since a typo of one word can be another word (decision 0103)."""
    if len(key) < 3:
        return ()
    allowed = 1 if len(key) <= 6 else 2
    found: dict[str, int] = {}
    for tier in (own_names, index.by_name, index.by_alias):
        for label, ids in tier.items():
            if abs(len(label) - len(key)) > allowed:
                continue
            distance = _edits(key, label, allowed)
            if distance <= allowed:
                for exercise_id in ids:
                    found[exercise_id] = min(distance, found.get(exercise_id, distance))
    order = {item.exercise_id: n for n, item in enumerate((*own, *index.exercises))}
    names = {item.exercise_id: item.name for item in (*own, *index.exercises)}
    best = sorted(found, key=lambda exercise_id: (found[exercise_id], order.get(exercise_id, 0)))
    return tuple(Candidate(exercise_id, names[exercise_id]) for exercise_id in best[:MAX_CANDIDATES])


def _edits(a: str, b: str, cap: int) -> int:
    """Edits (insert, delete, change, swap two neighbours) from ``a`` to ``b``; above ``cap`` is cap + 1."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > cap:
            return cap + 1
        previous2, previous = previous, current
    return previous[-1]


def _closeness(item: _Indexed, query: tuple[str, ...]) -> float:
    """How much of the exercise's best-fitting name the query's words cover (1.0: all of it)."""
    wanted = frozenset(query)
    best = 0.0
    for label, size in item.labels:
        shared = len(wanted & label)
        if shared:
            best = max(best, shared / (size + len(wanted - label)))
    return best


def _candidates(matches: Sequence[_Indexed], query: tuple[str, ...]) -> tuple[Candidate, ...]:
    """The best few of ``matches``, closest first, but first one of each kind of exercise.

    "row" fits a dozen barbell, dumbbell and cable rows and the rowing machine; ranked by closeness
    alone the rowing machine would not make the five offered, though a person logging 2000 m meant it.
    So the closest of each kind (tracking mode, or the account's own) comes first, then the rest.
    Ties keep the account's own exercises, then catalog order.
    """
    ranked = sorted(enumerate(matches), key=lambda numbered: (-_closeness(numbered[1], query), numbered[0]))
    ordered = [item for _, item in ranked]
    seen_kinds: set[str] = set()
    leaders: list[_Indexed] = []
    for item in ordered:
        if item.kind not in seen_kinds:
            seen_kinds.add(item.kind)
            leaders.append(item)
    rest = [item for item in ordered if item not in leaders]
    return tuple(Candidate(item.exercise_id, item.name) for item in (*leaders, *rest)[:MAX_CANDIDATES])
