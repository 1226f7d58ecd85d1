"""read_training's records through the real edge equal MessageToDict of Training's own answers.

A small version of the benchmark's big library (moved, replaced, completed and missed
occurrences, plans with phases, schedule segments) plus the guidance example (crossFitBlocks),
read through MCP and straight from the training service: the edge's field-by-field rendering
(edge/profiles/metric/training_json.py) must give the generic rendering's JSON byte for byte
(docs/decisions/0019-training-benchmark.md).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from benchmarks.training_data import LibraryLoader, LibraryShape
from edge.profiles.metric import compact
from edge.profiles.metric.records import record
from kinetic.training.v1 import training_pb2
from tests.integration.edge.metric_calls import Tools, client_token

ZONE = "Europe/Amsterdam"
# Large override shares, so a tiny history still holds every occurrence status.
SMALL = LibraryShape(
    past_plans=2,
    phases_per_plan=2,
    phase_days=7,
    workouts_per_phase=2,
    current_workouts=2,
    standalone_workouts=1,
    templates=2,
    schedule_change_days=5,
    completed_share=0.6,
    moved_share=0.3,
    replaced_share=0.3,
    pending_moves=2,
)


def generic(messages: Any, shape: Callable[[dict[str, Any]], dict[str, Any]]) -> str:
    # MessageToDict's JSON, then the same compacting the views apply (decision 0038).
    return json.dumps([shape(record(m)) for m in messages], separators=(",", ":"))


def served(records: list[dict[str, Any]]) -> str:
    # json.loads keeps the key order of the tool's text, so this is that text's records again.
    return json.dumps(records, separators=(",", ":"))


async def test_views_render_trainings_answers_as_message_to_dict(stack, sqlite_engines) -> None:
    tools = Tools(stack.mcp_url, await client_token(stack, "metric-muse"))
    loader = LibraryLoader(sqlite_engines("training"), ZONE)
    loaded = loader.load_big(stack.account_id, SMALL)
    assert loaded.moved and loaded.replaced and loaded.completed
    example = (await tools("get_workout_guidance", {}))["example"]
    await tools(
        "edit_training",
        {
            "epoch": await tools.epoch(),
            "timeZone": ZONE,
            "idempotencyKey": "render-guidance-example",
            "expectedVersions": {},
            "input": copy.deepcopy(example),
        },
    )
    training = stack.backends.training
    account = stack.account_id
    start, end = (day.isoformat() for day in loader.window)
    past = (loader.window[0] - timedelta(days=93)).isoformat()
    history_from = (loader.today - timedelta(days=365)).isoformat()
    tomorrow = (loader.today + timedelta(days=1)).isoformat()
    statuses: set[str] = set()

    for window_from, window_to in ((past, start), (start, end)):
        view = await tools.read(
            "calendar", timeZone=ZONE, to=window_to, weekStartsOn=2, **{"from": window_from}
        )
        answer = await training.ListOccurrences(
            training_pb2.ListOccurrencesRequest(
                account_id=account, time_zone=ZONE, from_day=window_from, to_day=window_to, week_starts_on=2
            )
        )
        assert served(view["data"]["occurrences"]) == generic(answer.occurrences, compact.occurrence)
        statuses |= {o.status for o in answer.occurrences}
    assert {"scheduled", "moved", "replaced", "completed"} <= statuses

    view = await tools.read("history", timeZone=ZONE, to=tomorrow, **{"from": history_from})
    history = await training.ListHistory(
        training_pb2.ListHistoryRequest(
            account_id=account, time_zone=ZONE, from_day=history_from, to_day=tomorrow
        )
    )
    assert history.occurrences and all(o.HasField("complete_time") for o in history.occurrences)
    assert served(view["data"]["occurrences"]) == generic(history.occurrences, compact.occurrence)

    view = await tools.read("workouts", pageSize=100)
    workouts = await training.ListWorkouts(
        training_pb2.ListWorkoutsRequest(account_id=account, page_size=100)
    )
    assert served(view["data"]["workouts"]) == generic(workouts.workouts, compact.workout)
    assert any(w.cross_fit_blocks for w in workouts.workouts)
    assert any(len(w.schedule_segments) > 1 for w in workouts.workouts)
    assert any(not w.HasField("schedule") for w in workouts.workouts), "the templates do not recur"

    name = workouts.workouts[0].name
    view = await tools.read("workouts", name=name)
    matching = await training.ListWorkouts(
        training_pb2.ListWorkoutsRequest(account_id=account, name=name, page_size=100)
    )
    assert served(view["data"]["matches"]) == generic(matching.workouts, compact.workout)

    view = await tools.read("plans")
    plans = await training.ListPlans(training_pb2.ListPlansRequest(account_id=account))
    assert len(plans.plans) == SMALL.past_plans + 1
    assert served(view["data"]["plans"]) == generic(plans.plans, compact.plan)
