"""The program library's data and lookups: every program loads, refers only to catalog exercises,
carries credit and disclaimer, keeps its published versions unchanged, and is found by its filters."""

from __future__ import annotations

import copy
import hashlib
import json
from datetime import date
from typing import Any

import pytest

from knowledge.training.catalog import catalog_by_id
from knowledge.training.programs import (
    ProgramNotFound,
    day_keys,
    get_program,
    has_day,
    latest_programs,
    load_programs,
    program_progress,
    program_targets,
    search_programs,
)
from knowledge.training.programs.library import PROGRAMS_PATH, parse_programs
from knowledge.training.programs.model import (
    PROGRAM_EQUIPMENT,
    LoggedEntry,
    LoggedSession,
    LoggedSet,
)

# A published version never changes: one fingerprint per (program, version). When this fails, you
# edited a published program: put the edit in a new version instead (decision 0046), and add its line.
PUBLISHED = {
    ("kp:five-by-five", 1): "df7e602ef1530038cfcda5b3177ac3812063035f2cec8c5a0c94c9c8e88ee069",
    ("kp:five-by-five", 2): "eccadfe20ddfce9fd1a9be50cd7ca8eacb0319ffa3d6d16519bb9a665c1a7840",
    ("kp:starting-strength-style", 1): "28ae79288886ef3c3f7a09c20272330378c7432e6d46d736652d848ecbf17bcc",
    ("kp:texas-method-style", 1): "5511da6ba9f182410aa8f68519036af9f586ec6e21b0932568c3b78fe4e720e8",
    ("kp:531-style", 1): "44520239df008732ec5b40f9b3a517e9bb9ec06fa68734f43a54908e6824fcdf",
    ("kp:gzclp-style", 1): "3f7037d0d75e8db57b1515b2153e55bd2553e71e144bba3a07cf57337c006051",
    ("kp:candito-style", 1): "2cd67e76282067a46a6b4cb88b9678a3ff72ea8cb4a004f71c63fad859d03f1c",
    ("kp:push-pull-legs", 1): "24b2c2b2b038415f04b85acbbc44658c206bc4a2df51c077d2fa050cfa6e554a",
    ("kp:upper-lower", 1): "ffddc3a95b695c40d5ca33d83c049a8deaa1a40ddb39ac7cedf3b860f4f57de5",
    ("kp:phul-style", 1): "ac4890d7f185a4040b12e45533cfdc45dc71215a22db0f82003aed1f9a018963",
    ("kp:bro-split", 1): "b4042e1858fcc049df98b4e9f8bedd3f99aa84b0a1bd77b3b60646b88e13169b",
    ("kp:beginner-full-body", 1): "2a2109a19f42c239a58217bbcf1edc70431a75306de93d0deebd224dbae02fff",
    ("kp:bodyweight-basics", 1): "0b43d5e9e93f30638f47b3b3e703399a2a4c252a82f8f005070cc2286125ac4f",
    ("kp:dumbbell-full-body", 1): "b1435eeede785e66f660e34c9bf9ae87cb344cbf520bc288062e050a60de75fc",
    ("kp:minimal-home", 1): "28e56a0ebd41feeba63587916f5ba3c580e0ebeee93014de425d98ca6fcf5f01",
    ("kp:conjugate-style", 1): "2ca6e15b9cca2f1576f1b381f24061f7c9cd5283c70da914c09b72436e0f3fd6",
}

REQUIRED_IDS = {
    "kp:five-by-five",
    "kp:531-style",
    "kp:gzclp-style",
    "kp:push-pull-legs",
    "kp:upper-lower",
    "kp:beginner-full-body",
    "kp:bodyweight-basics",
}


def raw_entries() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(PROGRAMS_PATH.read_text(encoding="utf-8"))
    return entries


def fingerprint(entry: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(entry, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def test_published_versions_never_change() -> None:
    found = {(entry["program_id"], entry["version"]): fingerprint(entry) for entry in raw_entries()}
    assert found == PUBLISHED


def test_the_library_has_at_least_twelve_programs_including_the_named_ones() -> None:
    ids = {program.program_id for program in latest_programs()}
    assert len(ids) >= 12
    assert ids >= REQUIRED_IDS


def test_every_planned_exercise_and_main_lift_is_a_catalog_exercise() -> None:
    catalog = catalog_by_id()
    for program in load_programs():
        assert program.exercise_ids() <= catalog.keys(), program.program_id
        assert set(program.main_lifts) <= catalog.keys(), program.program_id


@pytest.mark.parametrize("program", load_programs(), ids=lambda p: f"{p.program_id}@{p.version}")
def test_every_program_is_complete(program: Any) -> None:
    assert program.name and program.summary and program.schedule and program.progression.description
    assert program.level in ("beginner", "intermediate", "advanced")
    assert set(program.equipment) <= PROGRAM_EQUIPMENT
    assert len(set(day_keys(program))) == len(program.days)
    # Written days, or a listing-only entry (followed with the person's own routines) with no lifts.
    assert program.days or (program.listing_only and not program.main_lifts)
    assert "not medical advice" in program.disclaimer
    assert "endorse" in program.disclaimer and "Kinetic" in program.disclaimer
    assert program.credit.strip()


def test_a_version_after_the_first_says_what_changed() -> None:
    first, second = get_program("kp:five-by-five", 1), get_program("kp:five-by-five", 2)
    assert first.changes == "" and second.changes
    assert first.progression.deload_percent != second.progression.deload_percent


def test_get_program_returns_the_latest_version_unless_one_is_named() -> None:
    assert get_program("kp:five-by-five").version == 2
    assert get_program("kp:five-by-five", 1).version == 1


def test_an_unknown_program_names_what_exists() -> None:
    with pytest.raises(ProgramNotFound, match="kp:five-by-five") as raised:
        get_program("kp:nothing-like-it")
    assert "kp:upper-lower" in str(raised.value)


def test_an_unknown_version_names_the_published_ones() -> None:
    with pytest.raises(ProgramNotFound, match="published versions: 1, 2"):
        get_program("kp:five-by-five", 3)


def test_search_without_filters_lists_latest_versions_by_id() -> None:
    found = search_programs()
    assert [p.program_id for p in found] == sorted(p.program_id for p in found)
    assert len({p.program_id for p in found}) == len(found)
    assert next(p for p in found if p.program_id == "kp:five-by-five").version == 2


def test_search_matches_words_of_the_name_or_summary() -> None:
    assert "kp:push-pull-legs" in [p.program_id for p in search_programs("Push Pull")]
    assert [p.program_id for p in search_programs("kettlebell juggling")] == []


@pytest.mark.parametrize(
    ("filters", "check"),
    [
        ({"days_per_week": 4}, lambda p: p.days_per_week == 4),
        ({"equipment": "pull-up-bar"}, lambda p: "pull-up-bar" in p.equipment),
        ({"level": "advanced"}, lambda p: p.level == "advanced"),
        (
            {"level": "beginner", "equipment": "dumbbell"},
            lambda p: p.level == "beginner" and "dumbbell" in p.equipment,
        ),
    ],
)
def test_each_filter_keeps_only_matching_programs(filters: dict[str, Any], check: Any) -> None:
    found = search_programs(**filters)
    assert found and all(check(program) for program in found)
    assert all(program in found for program in latest_programs() if check(program))


def test_a_bodyweight_search_finds_the_bodyweight_program() -> None:
    assert "kp:bodyweight-basics" in [p.program_id for p in search_programs(equipment="Bodyweight")]


@pytest.mark.parametrize(("limit", "expected"), [(0, 1), (3, 3), (1000, len(latest_programs()))])
def test_the_limit_is_kept_within_one_to_a_hundred(limit: int, expected: int) -> None:
    assert len(search_programs(limit=limit)) == expected


def test_day_keys_follow_the_rotation_and_has_day_checks_exactly() -> None:
    program = get_program("kp:531-style")
    assert day_keys(program)[:2] == ("w1d1", "w1d2") and len(day_keys(program)) == 12
    assert has_day(program, "w3d4")
    assert not has_day(program, "W3D4") and not has_day(program, "A")


def _broken(edit: Any) -> list[dict[str, Any]]:
    entries = copy.deepcopy(raw_entries()[:1])
    edit(entries[0])
    return entries


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda e: e["days"][0]["exercises"][0].update(exercise_id="not-in-catalog"),
            "not a catalog exercise",
        ),
        (lambda e: e.update(disclaimer="Just a plan."), "not medical advice"),
        (lambda e: e.update(equipment=["kettlebell"]), "equipment"),
        (lambda e: e.update(version=2, changes="Lighter deload."), "versions must be 1, 2"),
        (lambda e: e["days"][1].update(key="A"), "used by an earlier day"),
        (lambda e: e.update(changes="Something new."), "changes"),
        (lambda e: e.update(main_lifts=["push-up"]), "on no day"),
        (lambda e: e["days"][0]["exercises"][0].update(reps="12-8"), "reps must be"),
        (
            lambda e: e["days"][0]["exercises"][0].update(rule="percent_of_day", of_day="A", percent=80),
            "another day",
        ),
    ],
)
def test_the_loader_rejects_a_bad_entry_and_says_why(edit: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_programs(_broken(edit))


def test_a_listing_only_entry_has_no_days_targets_or_match_and_says_what_comes_next() -> None:
    listing = get_program("kp:conjugate-style")
    assert listing.listing_only and not listing.days
    assert program_targets(listing, starting_loads_kg={}, logged=()).days == ()
    progress = program_progress(listing, started_on=date(2026, 11, 1), linked=(), today=date(2026, 12, 1))
    assert progress.next_day == "" and "own routines" in progress.next_day_reason
    squat = LoggedEntry("barbell-back-squat", (LoggedSet(5, 100.0),))
    done = program_progress(
        listing,
        started_on=date(2026, 11, 1),
        linked=(LoggedSession("w_1", date(2026, 11, 3), None, (squat,)),),
        today=date(2026, 12, 1),
    )
    (review,) = done.recent
    assert review.status == "as_written" and "own routines" in review.detail
    assert all(not p.listing_only for p in latest_programs() if p.program_id != "kp:conjugate-style")
