"""Search normalisation, ranking, and the candidate-prefix guarantee over the whole catalog."""

from __future__ import annotations

import pytest

from services.training.domain.catalog import load_catalog
from services.training.domain.exercises import Exercise
from services.training.domain.search import candidate_prefixes, normalize, rank, search_terms

CATALOG = load_catalog()

SHORTHAND = {
    "rdl": "romanian-deadlift",
    "ohp": "overhead-press",
    "db bench": "dumbbell-bench-press",
    "bb row": "barbell-bent-over-row",
    "sldl": "stiff-leg-deadlift",
    "ghr": "glute-ham-raise",
    "hspu": "handstand-push-up",
    "t2b": "toes-to-bar",
    "ttb": "toes-to-bar",
    "c2b": "chest-to-bar-pull-up",
    "du": "double-under",
    "kb swing": "kettlebell-swing",
    "ghd sit-up": "ghd-sit-up",
    "bss": "bulgarian-split-squat",
    "bulgarian": "bulgarian-split-squat",
    "rfess": "bulgarian-split-squat",
    "pull up": "pull-up",
    "pullup": "pull-up",
    "Pull-Up": "pull-up",
    "chin": "chin-up",
    "chinup": "chin-up",
    "skull crusher": "skull-crusher",
    "jm press": "jm-press",
    "squat": "barbell-back-squat",
    "bench": "barbell-bench-press",
    "deadlift": "barbell-deadlift",
    "tgu": "turkish-get-up",
    "hpc": "hang-power-clean",
    "c&j": "clean-and-jerk",
    "ohs": "overhead-squat",
    "db row": "one-arm-dumbbell-row",
    "ez curl": "ez-bar-curl",
    "muscle up": "ring-muscle-up",
    "bmu": "bar-muscle-up",
    "farmers walk": "farmers-carry",
    "hip thrust": "barbell-hip-thrust",
    "wall balls": "wall-ball",
}

# Shorthand, partial words, multi-word, punctuation and accents.
QUERIES = [
    *SHORTHAND,
    "sq",
    "squ",
    "back sq",
    "dumb",
    "dumbbell press",
    "incline",
    "incl db",
    "press",
    "row",
    "curl",
    "pul",
    "pullu",
    "pushup",
    "push up",
    "dip",
    "lunge",
    "walking lunge db",
    "plank",
    "side plank",
    "kettle",
    "kb",
    "snatch",
    "power",
    "clean jerk",
    "ski",
    "bike",
    "run",
    "stretch",
    "foam",
    "hip",
    "benchpress",
    "backsquat",
    "splitsquat",
    "t",
    "x",
    "Café Crème",
    "rope climb",
    "toes",
    "up",
    "a b",
    "farmer's",
]


def ranked(query: str) -> list[Exercise]:
    scored = [(score, ex) for ex in CATALOG if (score := rank(query, ex)) is not None]
    scored.sort(key=lambda pair: (-pair[0], pair[1].name.casefold(), pair[1].exercise_id))
    return [ex for _, ex in scored]


def _exercise(name: str, *aliases: str) -> Exercise:
    return Exercise(
        exercise_id=normalize(name).replace(" ", "-"),
        name=name,
        aliases=aliases,
        primary_muscles=("quads",),
        secondary_muscles=(),
        equipment=("barbell",),
        tracking_modes=("sets",),
    )


def test_normalize() -> None:
    assert normalize("Pull-Up") == "pull up"
    assert normalize("T2B") == "t2b"
    assert normalize("  Farmer's   Carry ") == "farmers carry"
    assert normalize("Crème Brûlée") == "creme brulee"
    assert normalize("90/90 Hip_Switch!") == "90 90 hip switch"
    assert normalize("---") == ""
    for text in ("Pull-Up", "Ça va  Bien", "ghd sit-up", "C&J"):
        assert normalize(normalize(text)) == normalize(text)


def test_search_terms() -> None:
    terms = search_terms(_exercise("Weighted Pull-Up", "Loaded Chin"))
    assert {"weighted pull up", "weightedpullup", "weighted", "pull", "up", "pullup", "weightedpull"} <= terms
    assert {"loaded chin", "loadedchin", "loaded", "chin"} <= terms
    assert all(t == normalize(t) or " " not in t for t in terms)


@pytest.mark.parametrize(("query", "expected"), sorted(SHORTHAND.items()))
def test_shorthand_resolves_to_the_intended_exercise_first(query: str, expected: str) -> None:
    results = ranked(query)
    assert results, query
    assert results[0].exercise_id == expected, [e.exercise_id for e in results[:3]]


def test_band_order() -> None:
    squat = _exercise("Squat", "sq")
    back = _exercise("Back Squat", "bs")
    squat_jump = _exercise("Squat Jump")
    alias_prefix = _exercise("Deep Hold", "squat hold")
    front = _exercise("Front Squat")
    inside = _exercise("Deep Squat Hold")
    alias_word = _exercise("Deep Hold", "deep squat")
    joined = _exercise("Weighted Pull-Up")
    exact_name = rank("squat", squat)
    exact_alias = rank("sq", squat)
    name_prefix = rank("squat", squat_jump)
    head = rank("squat", front)
    name_words = rank("squat", inside)
    alias_start = rank("squat", alias_prefix)
    words = rank("squat", alias_word)
    assert exact_name is not None and exact_alias is not None and name_prefix is not None
    assert head is not None and name_words is not None and alias_start is not None and words is not None
    # Issue 14: the movement itself ("Front Squat") before a name that only contains the word, and
    # both before exercises an alias merely ties to the query (a squat clean is a clean).
    assert exact_name > exact_alias > name_prefix > head > name_words > alias_start > words
    # "pullup" starts no word of "Weighted Pull-Up", only the joined pair "pull"+"up".
    substring = rank("pullup", joined)
    assert substring is not None and words > substring
    # Matches start at a word boundary: text inside a word is not a match.
    assert rank("squat", _exercise("Backsquat Thing")) is None
    assert rank("bs", back) is not None
    assert rank("squat", _exercise("Bench Press")) is None


def test_word_matches_in_the_name_beat_matches_in_aliases() -> None:
    in_name = rank("front squat", _exercise("Front Rack Squat"))
    in_alias = rank("front squat", _exercise("Rack Squat", "front loaded rack"))
    assert in_name is not None and in_alias is not None and in_name > in_alias


def test_every_squat_matches_and_back_squats_rank_well() -> None:
    results = ranked("squat")
    ids = [e.exercise_id for e in results]
    assert {e.exercise_id for e in CATALOG if "squat" in normalize(e.name).split()} <= set(ids)
    assert ids[0] == "barbell-back-squat"
    assert ids.index("front-squat") < 15


def test_db_bench_finds_dumbbell_presses_before_others() -> None:
    ids = [e.exercise_id for e in ranked("db bench")]
    assert ids[0] == "dumbbell-bench-press"
    assert {"incline-dumbbell-bench-press", "decline-dumbbell-bench-press"} <= set(ids[:4])


def test_blank_queries_match_nothing() -> None:
    assert ranked("") == []
    assert ranked(" - ") == []
    assert candidate_prefixes("  ") == []


def test_candidate_prefixes_are_normalized_words() -> None:
    assert candidate_prefixes("DB  Bench") == ["db"]
    assert candidate_prefixes("Pull-Up") == ["pull"]


@pytest.mark.parametrize("query", QUERIES)
def test_candidate_prefixes_find_every_match(query: str) -> None:
    prefixes = candidate_prefixes(query)
    for exercise in CATALOG:
        if rank(query, exercise) is None:
            continue
        terms = search_terms(exercise)
        assert any(t.startswith(p) for t in terms for p in prefixes), (query, exercise.exercise_id)


def test_the_query_list_exercises_every_band() -> None:
    # Guards the property test above against a list that only ever hits one kind of match.
    scores = {int(s // 100) for q in QUERIES for e in CATALOG if (s := rank(q, e)) is not None}
    assert scores == {1, 2, 3, 4, 5, 6, 7, 8}


def test_squat_gives_squats_before_cleans_and_snatches() -> None:
    # Issue 14: "squat" listed Clean and Snatch (aliases "squat clean", "squat snatch") third and fourth.
    ranked = sorted(
        (e for e in CATALOG if rank("squat", e) is not None), key=lambda e: (-(rank("squat", e) or 0), e.name)
    )
    names = [e.name for e in ranked]
    squats = [n for n in names if n.lower().endswith("squat")]
    assert names[: len(squats)] == squats
    assert names.index("Clean") > len(squats) and names.index("Snatch") > len(squats)
