"""Exercise search: normalisation, the terms a store indexes, and ranking.

A store keeps every term of :func:`search_terms` in a lookup table and finds candidates with a prefix
match (``term LIKE 'q%'``, or an index range scan) on each of :func:`candidate_prefixes`; it then
scores the candidates with :func:`rank`. The rules below guarantee that this two-step lookup finds
exactly what ranking the whole catalog would find.
"""

from __future__ import annotations

import itertools
import unicodedata

from services.training.domain.exercises import Exercise

# Score bands, best first. Each band leaves room below the next one for a closeness bonus (< 100).
_EXACT_NAME = 600.0
_EXACT_ALIAS = 500.0
_NAME_PREFIX = 400.0
_ALIAS_PREFIX = 300.0
_WORD_PREFIXES = 200.0
_SUBSTRING = 100.0


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


def search_terms(ex: Exercise) -> set[str]:
    """Every term a store indexes for ``ex``, to find it by prefix.

    For the name and each alias: the normalized phrase, its compacted form without spaces
    (``"pullup"``), each single word, and each pair of adjacent words written together (so
    ``"pullup"`` also finds ``"Weighted Pull-Up"``). A store looks these up with
    ``term LIKE prefix || '%'`` for each of :func:`candidate_prefixes`.
    """
    terms: set[str] = set()
    for text in (ex.name, *ex.aliases):
        phrase = normalize(text)
        if phrase:
            terms |= {phrase, _compact(phrase)} | _words_and_joins(phrase)
    return terms


def rank(query: str, ex: Exercise) -> float | None:
    """Score ``ex`` against ``query``: ``None`` when it does not match, otherwise higher is better.

    Bands, best first: exact name; exact alias or shorthand; name starts with the query; an alias
    starts with the query; every query word starts a word of the name or aliases (more of them in
    the name scores higher); "substring": every query word starts a search term, which includes
    adjacent words written together, or the query without spaces starts one. Spaces never matter
    for the first four bands ("pullup" is "Pull-Up"). Callers break equal scores by name.
    """
    q = normalize(query)
    if not q:
        return None
    qc = _compact(q)
    name = normalize(ex.name)
    aliases = [a for a in (normalize(alias) for alias in ex.aliases) if a]

    if q == name or qc == _compact(name):
        return _EXACT_NAME
    if any(q == a or qc == _compact(a) for a in aliases):
        return _EXACT_ALIAS
    if _compact(name).startswith(qc):
        return _NAME_PREFIX + 90.0 * len(qc) / len(_compact(name))
    alias_prefix = [len(qc) / len(_compact(a)) for a in aliases if _compact(a).startswith(qc)]
    if alias_prefix:
        return _ALIAS_PREFIX + 90.0 * max(alias_prefix)

    query_words = q.split()
    name_words = name.split()
    all_words = {w for phrase in (name, *aliases) for w in phrase.split()}
    if all(any(w.startswith(qw) for w in all_words) for qw in query_words):
        in_name = sum(any(w.startswith(qw) for w in name_words) for qw in query_words)
        whole = sum(qw in all_words for qw in query_words)
        tightness = len(query_words) / max(len(name_words), len(query_words))
        return (
            _WORD_PREFIXES
            + 60.0 * in_name / len(query_words)
            + 25.0 * tightness
            + 10.0 * whole / len(query_words)
        )

    name_terms = {name, _compact(name)} | _words_and_joins(name)
    terms = search_terms(ex)
    every_word = all(any(t.startswith(qw) for t in terms) for qw in query_words)
    if every_word or any(t.startswith(qc) for t in terms):
        in_name = sum(any(t.startswith(qw) for t in name_terms) for qw in query_words)
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
