"""benchmarks/calendar_render.py at tiny size, so it cannot rot; no timing is asserted (decision 0019)."""

from __future__ import annotations

import asyncio

from benchmarks.calendar_render import (
    DIRECT_RENDERERS,
    ZONE,
    check_identical,
    compare,
    load_answers,
    reads_over,
    records_of,
    views,
)
from benchmarks.training_data import LibraryShape
from edge.profiles.metric import compact, reads, training_json
from edge.profiles.metric.records import record

TINY = LibraryShape(
    past_plans=1,
    phases_per_plan=2,
    phase_days=7,
    workouts_per_phase=2,
    current_workouts=2,
    standalone_workouts=1,
    templates=1,
    schedule_change_days=10,
    pending_moves=1,
)


def test_the_render_benchmark_runs_and_compares_both_renderings(tmp_path, capsys) -> None:
    account, answers = load_answers(tmp_path, TINY)
    counted = {view: len(messages) for view, (messages, _) in records_of(answers).items()}
    assert all(counted.values()), counted

    assert check_identical(answers) == sum(counted.values())
    compare(answers)
    views(account, answers, profile=False)

    printed = capsys.readouterr().out
    assert all(view in printed for view in counted)
    for name in DIRECT_RENDERERS:
        assert getattr(reads, name) is getattr(training_json, name), "the generic switch is undone"
    calendar = asyncio.run(
        reads_over(answers).read(account, {**answers.arguments["calendar"], "timeZone": ZONE})
    )
    # The view then drops empty defaults and names weekdays (decision 0038).
    assert calendar["data"]["occurrences"] == [
        compact.occurrence(record(o)) for o in answers.calendar.occurrences
    ]
