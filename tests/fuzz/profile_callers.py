"""One caller per profile the edge serves: an account and credential, the mcp package's client.

The profiles are read from ``SERVED_BY_EDGE``, so a new profile is fuzzed once it is served. A
profile whose tools need records to reach their handlers names a ``PREPARE`` step (Client AI: a
gym with an open plan; the workout log: consents and a logged workout); without one its calls still
reach validation and its gates. RunFlow's step puts the account on a paid tier with a plan.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import httpx2
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import INTERNAL_ERROR, Tool

from kinetic.analytics.v1 import analytics_pb2
from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import CLIENT_AI, OPEN_WORKOUT_SCHEMA, RUNFLOW, ProtectedResourceInfo
from kinetic.sessions.v1 import workout_log_pb2
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from tests.eventually import answered
from tests.fuzz.watch import RowCounts, changed
from tests.integration.edge.client_ai_gym import gym_admin, new_account, open_gym
from tests.integration.edge.conftest import Stack
from tests.integration.edge.ows_calls import give_consents

# Under every profile's 300 calls per account and minute, list calls included.
CALLS_PER_ACCOUNT = 250
# Primed's 60 per token and minute (decision 0059), less the client's initialize and its notice.
CALLS_PER_PRIMED_TOKEN = 50
# Error codes that mean "the server failed", not "your input is wrong": never the answer to input.
GENERIC_ERRORS = frozenset({"temporarily_unavailable", "internal_error", "server_error", "rate_limited"})
ZONES = ("UTC", "Europe/Amsterdam", "America/New_York")

Known = dict[str, Sequence[str]]
Prepare = Callable[[Stack, str, int], Awaitable[Known]]


async def _open_gym(stack: Stack, account_id: str, n: int) -> Known:
    channel, admin = gym_admin(stack.servers["sessions"].port)
    try:
        gym = await open_gym(admin, account_id, name=f"Fuzz gym {n}")
    finally:
        await channel.close(None)
    return {
        "planId": [gym.plan.id],
        "planMomentId": [day.id for day in gym.plan.days],
        "exerciseId": list(gym.exercises.values()),
    }


async def _workout_log(stack: Stack, account_id: str, n: int) -> Known:
    """Consents given and one workout logged, so writes reach the workout log and IDs are real."""
    await give_consents(stack.backends, account_id)
    logged = await stack.backends.workout_log.LogWorkout(
        workout_log_pb2.LogWorkoutRequest(
            account_id=account_id,
            idempotency_key=f"fuzz-{n}",
            entries=[
                workout_log_pb2.EntryInput(
                    exercise_id="barbell-back-squat",
                    sets=[workout_log_pb2.LoggedSetInput(reps=5, load_kg=100) for _ in range(3)],
                )
            ],
        )
    )
    workout = logged.workout
    performance = workout.performances[0]
    return {
        "workout_id": [f"w_{workout.session_id}", "current"],
        "entry_id": [
            f"w_{workout.session_id}",
            f"e_{performance.performance_id}",
            *(f"s_{performance.performance_id}_{s.set_number}" for s in performance.sets),
        ],
        "exercise_id": ["barbell-back-squat", "barbell-bench-press", "zottman-curl"],
        "exercise": ["squat", "bench", "press", "zottman thing"],
        "id": ["kp:five-by-five", "kp:upper-lower", "current"],
        "program_id": ["kp:five-by-five"],
        "day": ["A", "B"],
    }


async def _paid_tier(stack: Stack, account_id: str, n: int) -> Known:
    """RunFlow serves paid tiers only (decision 0061): a free account would stop at its gate. An
    active plan with two workouts, so the plan tools' goalId and workoutId reach real records."""
    await stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account_id, plan_tier="pro")
    )
    run = training_pb2.EnduranceTarget(sport="run", planned_duration_seconds=1800)
    created = await stack.backends.endurance_plans.MutatePlan(
        plans_pb2.MutatePlanRequest(
            account_id=account_id,
            device_id="fuzz",
            create_goal=plans_pb2.CreateGoal(
                goal=plans_pb2.Goal(name=f"Fuzz plan {n}", sport="run"),
                workouts=[
                    plans_pb2.WorkoutDraft(name="Easy", scheduled_date=day, endurance=run)
                    for day in ("2026-03-02", "2026-03-04")
                ],
                activate=True,
            ),
        )
    )
    return {"goalId": [created.goal.goal_id], "workoutId": list(created.created_workout_ids)}


PREPARE: Mapping[str, Prepare] = {
    CLIENT_AI.path: _open_gym,
    OPEN_WORKOUT_SCHEMA.path: _workout_log,
    RUNFLOW.path: _paid_tier,
}
_accounts = itertools.count()


@dataclass(frozen=True)
class Outcome:
    """A call's answer: a result, a tool error or a JSON-RPC error; ``generic`` when the server failed."""

    refused: bool
    generic: bool
    text: str
    # Tables whose row count the call changed: (before, after).
    stored: dict[str, tuple[int, int]]


class ProfileCaller:
    """Calls one profile's tools, switching to a fresh account before the rate limit would answer."""

    def __init__(self, stack: Stack, resource: ProtectedResourceInfo, rows: RowCounts) -> None:
        self.stack = stack
        self.resource = resource
        self.rows = rows
        self.known: Known = {"timeZone": ZONES}
        self.account_id = ""
        self.calls = 0
        self._session = contextlib.AsyncExitStack()
        self._client: Client | None = None

    async def __aenter__(self) -> ProfileCaller:
        await self._fresh_account()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._session.aclose()

    async def list_tools(self) -> list[Tool]:
        await self._budget()
        assert self._client is not None
        return list((await self._client.list_tools()).tools)

    async def call(self, tool: str, arguments: dict[str, Any]) -> Outcome:
        """One call; the rows are counted after any account switch, just around the call itself."""
        await self._budget()
        assert self._client is not None
        # Analytics derives its rows from the feeds in the background: bring them up to date with
        # the calls before, so the counts around this call show only what this call did.
        # On a busy machine analytics may answer "still catching up" (UNAVAILABLE): ask again.
        await answered(
            lambda: self.stack.backends.analytics.GetFeedPosition(
                analytics_pb2.GetFeedPositionRequest(account_id=self.account_id)
            )
        )
        before = self.rows()
        try:
            result = await self._client.call_tool(tool, arguments)
        except MCPError as error:
            return Outcome(True, error.code == INTERNAL_ERROR, str(error), changed(before, self.rows()))
        text = " ".join(getattr(part, "text", "") for part in result.content)
        refused = bool(result.is_error)
        # Only a refusal must leave the tables as they were: count again for those alone.
        stored = changed(before, self.rows()) if refused else {}
        return Outcome(refused, refused and _generic(text), text, stored)

    async def _budget(self) -> None:
        self.calls += 1
        budget = CALLS_PER_ACCOUNT if self.resource.accepts_api_keys else CALLS_PER_PRIMED_TOKEN
        if self.calls > budget:
            await self._session.aclose()
            self._session = contextlib.AsyncExitStack()
            await self._fresh_account()
            self.calls = 1

    async def _fresh_account(self) -> None:
        n = next(_accounts)
        account_id = await new_account(self.stack.backends, f"fuzz{n}@example.com")
        self.account_id = account_id
        credential = await self._credential(account_id)
        prepare = PREPARE.get(self.resource.path)
        if prepare is not None:
            # In place: the strategies already built read this mapping as they draw.
            self.known.update(await prepare(self.stack, account_id, n))
        http = await self._session.enter_async_context(
            httpx2.AsyncClient(headers={"Authorization": f"Bearer {credential}"}, timeout=60)
        )
        url = self.stack.base_url + self.resource.path
        self._client = await self._session.enter_async_context(
            Client(streamable_http_client(url, http_client=http))
        )

    async def _credential(self, account_id: str) -> str:
        """An API key with every scope, or an access token where the contract takes no keys (Primed)."""
        auth = self.stack.backends.auth
        scopes = list(self.resource.scopes)
        if not self.resource.accepts_api_keys:
            audience = self.resource.resource_url(self.stack.base_url)
            issued = await auth.IssueAccessToken(
                auth_pb2.IssueAccessTokenRequest(account_id=account_id, audience=audience, scopes=scopes)
            )
            return str(issued.access_token)
        key = await auth.CreateApiKey(
            auth_pb2.CreateApiKeyRequest(account_id=account_id, name="fuzz", scopes=scopes)
        )
        return str(key.secret)


# The edge's outage texts (``edge.problems.unavailable``): RunFlow's tool errors are the bare message
# (decision 0075), so a failure shows in its text, not in a code.
OUTAGE_TEXTS = ("is temporarily unavailable", "is still catching up", "is unavailable; retry")


def _generic(text: str) -> bool:
    if text.startswith(("Error executing tool", "internal_error")) or "Traceback" in text:
        return True
    if any(words in text for words in OUTAGE_TEXTS):
        return True
    try:
        body = json.loads(text)
    except ValueError:
        return False
    return isinstance(body, dict) and body.get("error") in GENERIC_ERRORS


Call = Callable[[str, dict[str, Any]], Outcome]


async def serve_blocking(
    caller: ProfileCaller, blocking: Callable[[Call], None], call_seconds: float
) -> None:
    """Run ``blocking`` (hypothesis) in a thread; its calls run here, in this task.

    The mcp client's task groups must be entered and left by one task: the account switch closes
    one client and opens the next, so every call is made by the task that opened them.
    """
    loop = asyncio.get_running_loop()
    work: asyncio.Queue[tuple[str, dict[str, Any], Future[Outcome]]] = asyncio.Queue()

    def call(tool: str, arguments: dict[str, Any]) -> Outcome:
        answer: Future[Outcome] = Future()
        loop.call_soon_threadsafe(work.put_nowait, (tool, arguments, answer))
        return answer.result(call_seconds)

    thread = asyncio.ensure_future(asyncio.to_thread(blocking, call))
    while not thread.done():
        next_call = asyncio.ensure_future(work.get())
        await asyncio.wait({next_call, thread}, return_when=asyncio.FIRST_COMPLETED)
        if not next_call.done():
            next_call.cancel()
            continue
        tool, arguments, answer = next_call.result()
        try:
            answer.set_result(await caller.call(tool, arguments))
        except Exception as error:  # the thread raises it where the call was made
            answer.set_exception(error)
    await thread
