"""Exercise search: normalisation, the terms a store indexes, and ranking.

A store keeps every term of :func:`search_terms` in a lookup table and finds candidates with a prefix
match (``term LIKE 'q%'``, or an index range scan) on each of :func:`candidate_prefixes`; it then
scores the candidates with :func:`rank`. The rules below guarantee that this two-step lookup finds
exactly what ranking the whole catalog would find.
"""

from __future__ import annotations

import itertools
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from services.training.domain.exercises import Exercise

# Score bands, best first. Each band leaves room below the next one for a closeness bonus (< 100).
_EXACT_NAME = 800.0
_EXACT_ALIAS = 700.0
_NAME_PREFIX = 600.0
# The name's last words are the query: the movement itself ("Front Squat" for "squat"), before
# names that merely contain it and before exercises only an alias ties to it ("Squat Clean").
_NAME_HEAD = 500.0
_NAME_WORDS = 400.0
_ALIAS_PREFIX = 300.0
_WORD_PREFIXES = 200.0
_SUBSTRING = 100.0


# Names, aliases and queries repeat from call to call; normalising them dominated a search's CPU
# (benchmarks/edge_vs_inprocess.py), so results are memoised. Both functions are pure.
@lru_cache(maxsize=16384)
def normalize(text: str) -> str:
    """Lowercase, strip accents, drop apostrophes, turn other punctuation into spaces, collapse spaces.

    ``"Pull-Up"`` becomes ``"pull up"``, ``"T2B"`` ``"t2b"``, ``"Farmer's Carry"`` ``"farmers carry"``.
    The result is a fixed point: ``normalize(normalize(x)) == normalize(x)``.
    """
    decomposed = unicodedata.normalize("NFKD", text)
    unmarked = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    # Apostrophes join rather than split, so "farmer's" and "farmers" are the same word.
    unmarked = unmarked.replace("'", "").replace("\u2019", "")
    spaced = "".join(c if c.isalnum() else " " for c in unmarked)
    return " ".join(spaced.split())


def _compact(normalized: str) -> str:
    return normalized.replace(" ", "")


def _words_and_joins(phrase: str) -> set[str]:
    """The words of a normalized phrase plus each adjacent pair written together ("pull up" -> "pullup")."""
    words = phrase.split()
    return {*words, *(a + b for a, b in itertools.pairwise(words))}


@lru_cache(maxsize=8192)
def _terms(name: str, aliases: tuple[str, ...]) -> frozenset[str]:
    terms: set[str] = set()
    for text in (name, *aliases):
        phrase = normalize(text)
        if phrase:
            terms |= {phrase, _compact(phrase)} | _words_and_joins(phrase)
    return frozenset(terms)


def search_terms(ex: Exercise) -> set[str]:
    """Every term a store indexes for ``ex``, to find it by prefix.

    For the name and each alias: the normalized phrase, its compacted form without spaces
    (``"pullup"``), each single word, and each pair of adjacent words written together (so
    ``"pullup"`` also finds ``"Weighted Pull-Up"``). A store looks these up with
    ``term LIKE prefix || '%'`` for each of :func:`candidate_prefixes`.
    """
    return set(_terms(ex.name, ex.aliases))


@dataclass(frozen=True)
class _Prepared:
    """What ranking needs of one exercise, normalised once (see the memo note above)."""

    name: str
    name_compact: str
    aliases: tuple[str, ...]
    aliases_compact: tuple[str, ...]
    name_words: tuple[str, ...]
    all_words: frozenset[str]
    name_terms: frozenset[str]
    terms: frozenset[str]


@lru_cache(maxsize=8192)
def _prepare(name_text: str, alias_texts: tuple[str, ...]) -> _Prepared:
    name = normalize(name_text)
    aliases = tuple(a for a in (normalize(alias) for alias in alias_texts) if a)
    return _Prepared(
        name=name,
        name_compact=_compact(name),
        aliases=aliases,
        aliases_compact=tuple(_compact(a) for a in aliases),
        name_words=tuple(name.split()),
        all_words=frozenset(w for phrase in (name, *aliases) for w in phrase.split()),
        name_terms=frozenset({name, _compact(name)} | _words_and_joins(name)),
        terms=_terms(name_text, alias_texts),
    )


def rank(query: str, ex: Exercise) -> float | None:
    """Score ``ex`` against ``query``: ``None`` when it does not match, otherwise higher is better.

    Bands, best first: exact name; exact alias or shorthand; name starts with the query; name ends
    with the query's words (the main movement: "Front Squat" for "squat"); every query word starts a
    word of the name; an alias starts with the query; every query word starts a word of the name or
    aliases (more of them in the name scores higher); "substring": every query word starts a search
    term, which includes adjacent words written together, or the query without spaces starts one.
    Spaces never matter
    for the exact, prefix and alias-prefix bands ("pullup" is "Pull-Up"). Callers break equal scores by name.
    """
    q = normalize(query)
    if not q:
        return None
    return _rank_normalized(q, ex.name, ex.aliases)


# Assistants search the same common words ("squat", "bench", "row") again and again, so a score is
# memoised per (query, exercise text): a repeated search skips ranking altogether.
@lru_cache(maxsize=65536)
def _rank_normalized(q: str, name_text: str, alias_texts: tuple[str, ...]) -> float | None:
    qc = _compact(q)
    p = _prepare(name_text, alias_texts)

    if q == p.name or qc == p.name_compact:
        return _EXACT_NAME
    if any(q == a or qc == ac for a, ac in zip(p.aliases, p.aliases_compact, strict=True)):
        return _EXACT_ALIAS
    if p.name_compact.startswith(qc):
        return _NAME_PREFIX + 90.0 * len(qc) / len(p.name_compact)
    query_words = q.split()
    if len(query_words) <= len(p.name_words) and p.name_words[-len(query_words) :] == tuple(query_words):
        return _NAME_HEAD + 90.0 * len(query_words) / len(p.name_words)
    if all(any(w.startswith(qw) for w in p.name_words) for qw in query_words):
        whole = sum(qw in p.name_words for qw in query_words)
        tightness = len(query_words) / max(len(p.name_words), len(query_words))
        return _NAME_WORDS + 60.0 * whole / len(query_words) + 25.0 * tightness
    alias_prefix = [len(qc) / len(ac) for ac in p.aliases_compact if ac.startswith(qc)]
    if alias_prefix:
        return _ALIAS_PREFIX + 90.0 * max(alias_prefix)

    if all(any(w.startswith(qw) for w in p.all_words) for qw in query_words):
        in_name = sum(any(w.startswith(qw) for w in p.name_words) for qw in query_words)
        whole = sum(qw in p.all_words for qw in query_words)
        tightness = len(query_words) / max(len(p.name_words), len(query_words))
        return (
            _WORD_PREFIXES
            + 60.0 * in_name / len(query_words)
            + 25.0 * tightness
            + 10.0 * whole / len(query_words)
        )

    every_word = all(any(t.startswith(qw) for t in p.terms) for qw in query_words)
    if every_word or any(t.startswith(qc) for t in p.terms):
        in_name = sum(any(t.startswith(qw) for t in p.name_terms) for qw in query_words)
        return _SUBSTRING + 60.0 * in_name / len(query_words)
    return None


def candidate_prefixes(query: str) -> list[str]:
    """The prefixes a store looks up in the search-term table to find every possible match.

    Guarantee: every exercise for which ``rank(query, ex)`` is not ``None`` has a term in
    ``search_terms(ex)`` that starts with one of these prefixes. The first word of the normalized
    query is enough: each band either needs that word to start a word or term, or compares the
    query (or its compacted form, which also starts with that word) with the start of the
    normalized or compacted name or an alias, which are terms themselves. Empty for a blank query.
    """
    words = normalize(query).split()
    return words[:1]


# Typos: only when nothing matched as written, every query word of at least TYPO_MIN_LETTERS letters
# may be this many edits (a letter added, dropped, changed, or two swapped) from a word of the name or
# an alias: one up to 7 letters, two from 8 ("sqaut" is Squat, "deadlfit" Deadlift). Shorter words
# must start a word as written: "row" a typo away is too many things (decision 0108).
_TYPO = 50.0
TYPO_MIN_LETTERS = 4
TYPO_LONG_WORD = 8


def edit_distance(a: str, b: str, cap: int) -> int:
    """Optimal-string-alignment distance of ``a`` and ``b`` (two letters swapped is one edit), or
    ``cap + 1`` once it is certain to be more than ``cap``."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    before: list[int] | None = None
    previous = list(range(len(b) + 1))
    for i, letter in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, other in enumerate(b, 1):
            cost = 0 if letter == other else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if before is not None and i > 1 and j > 1 and letter == b[j - 2] and a[i - 2] == other:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > cap:
            return cap + 1
        before, previous = previous, current
    return previous[-1]


def _typo_allowance(word: str) -> int:
    if len(word) < TYPO_MIN_LETTERS:
        return 0
    return 2 if len(word) >= TYPO_LONG_WORD else 1


def typo_rank(query: str, ex: Exercise) -> float | None:
    """Score ``ex`` against a ``query`` that may hold typos; None when a word is too far from every
    word of the name and aliases. Below every band of :func:`rank`: it is searched only when
    nothing matched as written, and the closer and the more in the name, the better."""
    q = normalize(query)
    if not q:
        return None
    p = _prepare(ex.name, ex.aliases)
    edits = 0
    in_name = 0
    for word in q.split():
        allowed = _typo_allowance(word)
        if allowed == 0:
            if not any(w.startswith(word) for w in p.all_words):
                return None
            in_name += any(w.startswith(word) for w in p.name_words)
            continue
        best_name = min((edit_distance(word, w, allowed) for w in p.name_words), default=allowed + 1)
        best = min(best_name, *(edit_distance(word, w, allowed) for w in p.all_words))
        if best > allowed:
            return None
        edits += best
        in_name += best_name == best
    words = len(q.split())
    tightness = words / max(len(p.name_words), words)
    return _TYPO - 10.0 * edits + 20.0 * in_name / words + 10.0 * tightness
