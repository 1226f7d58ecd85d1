"""The log_text phrasing corpus logged through a real sessions server (dialling a real training
server): the share of real-world phrasings stored as meant, and no wrong store (issue 31, decision
0103). Each phrasing is logged by an account of its own, so no phrasing's records or remembered
words change another's answer. Run with ``-s`` to see the figures and every phrasing not understood.

Unconfirmed entries are judged with the candidates the Open Workout Schema profile offers for them in
``needs_confirmation``, as the user would see them: the log's own (``unconfirmed_entries``), else the
catalogue's for the stored words (``ExerciseNames.candidates_for``).
"""

from __future__ import annotations

import json
from collections import Counter
from types import SimpleNamespace
from typing import Any, cast

import grpc
import pytest

from edge.profiles.ows.exercises import ExerciseNames
from kinetic.errors import RemoteError
from kinetic.sessions.v1 import sessions_pb2
from kinetic.sessions.v1 import workout_log_pb2 as wl
from tests.fixtures.log_text.corpus import (
    HELD_OUT,
    MeantSet,
    Phrasing,
    StoredEntry,
    Verdict,
    judge,
    load_corpus,
)
from tests.integration.sessions.session_support import session_stack

UNDERSTOOD_AT_LEAST = 0.95
_NO_HISTORY: Any = SimpleNamespace(profile=SimpleNamespace(remembered_exercises=()))


@pytest.fixture
async def stack(sqlite_engines, tmp_path):
    async with session_stack(sqlite_engines, tmp_path) as running:
        yield running


def _stored_set(stored: sessions_pb2.PerformanceSet) -> MeantSet:
    load = None
    if stored.HasField("weight_kg") and stored.load_unit:
        load = stored.load_value if stored.load_unit == "lb" else stored.weight_kg
    return MeantSet(
        reps=int(stored.reps_number) if stored.HasField("reps_number") else None,
        load=load,
        unit=stored.load_unit if load is not None else "",
        duration_s=stored.time_seconds if stored.HasField("time_seconds") else None,
        distance_m=stored.distance_meters if stored.HasField("distance_meters") else None,
        rpe=stored.rpe if stored.HasField("rpe") else None,
        warmup=stored.set_type == "W",
    )


def _stored_entry(performance: sessions_pb2.Performance, matched: dict[str, list[str]]) -> StoredEntry:
    """An entry as stored; an unconfirmed one with what the profile offers for it: the log's own
    candidates when it sent them, else the catalogue's for its words (``_needs_confirmation``)."""
    sets = tuple(_stored_set(s) for s in performance.sets)
    if performance.exercise_id.startswith("words:"):
        offered = matched.get(performance.performance_id) or [
            c.exercise_id
            for c in ExerciseNames.candidates_for(performance.exercise_name, cast(Any, _NO_HISTORY))
        ]
        return StoredEntry("", tuple(offered), sets)
    return StoredEntry(performance.exercise_id, (), sets)


async def _answer(stack: Any, phrasing: Phrasing) -> tuple[Verdict, str]:
    request = wl.LogWorkoutTextRequest(
        account_id=f"corpus-{phrasing.line}",
        idempotency_key=f"corpus-{phrasing.line}",
        text=phrasing.text,
        time_zone="Europe/Amsterdam",
        default_load_unit=phrasing.unit,
    )
    try:
        reply = await stack.workout_log.LogWorkoutText(request)
    except grpc.aio.AioRpcError as error:
        refusal = RemoteError.from_rpc(error)
        pairs = json.loads(refusal.metadata.get("candidates", "[]"))
        offered = [str(exercise_id) for exercise_id, _ in pairs]
        return judge(phrasing, None, offered), f"refused {refusal.reason}: {refusal.message[:160]}"
    matched = {u.entry_id: [c.exercise_id for c in u.candidates] for u in reply.unconfirmed_entries}
    stored = [_stored_entry(p, matched) for p in reply.workout.performances]
    return judge(phrasing, stored), "stored " + "; ".join(_shown(entry) for entry in stored)


def _shown(entry: StoredEntry) -> str:
    exercise = entry.exercise_id or f"unconfirmed, offering {list(entry.candidates[:3])}"
    first = entry.sets[0] if entry.sets else None
    return f"{exercise} {len(entry.sets)} sets, first {first}"


async def test_the_corpus_is_understood_with_no_wrong_store(stack):
    corpus = load_corpus()
    assert len(corpus) >= 300
    share, wrong = await _measure(stack, corpus, "log_text corpus")
    assert wrong == [], "\n".join(wrong)
    assert share >= UNDERSTOOD_AT_LEAST, f"{share:.1%} understood"


async def test_the_held_out_phrasings_store_nothing_wrong(stack):
    """Phrasings written after the reader changed (decision 0103): reported, and never stored wrong."""
    _share, wrong = await _measure(stack, load_corpus(HELD_OUT), "held-out phrasings")
    assert wrong == [], "\n".join(wrong)


async def _measure(stack: Any, corpus: list[Phrasing], title: str) -> tuple[float, list[str]]:
    """Log every phrasing; print the share understood and each miss; return the share and the wrong stores."""
    verdicts: Counter[Verdict] = Counter()
    misses: list[str] = []
    for phrasing in corpus:
        verdict, what = await _answer(stack, phrasing)
        verdicts[verdict] += 1
        if verdict != "understood":
            misses.append(f"  [{verdict}] line {phrasing.line}: {phrasing.text!r} -> {what}")
    share = verdicts["understood"] / len(corpus)
    print(
        f"\n{title}: {verdicts['understood']} of {len(corpus)} understood ({share:.1%}), "
        f"{verdicts['not understood']} not understood, {verdicts['wrong store']} wrong stores"
    )
    print("\n".join(misses))
    return share, [m for m in misses if "[wrong store]" in m]
