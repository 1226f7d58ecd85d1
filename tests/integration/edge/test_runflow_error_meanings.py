"""RunFlow's errors mean what seed 004 and MCP 2025-11-25 say (issue 27, decision 0075): ``-32002`` is
the paid-tier gate's alone; an unknown tool is the protocol error ``-32602``; a mistyped argument or
a plan that is not there is a tool error (``isError``) whose text the model reads and corrects."""

from __future__ import annotations

import pytest
import pytest_asyncio

from tests.integration.edge.runflow_calls import RunFlow, pro, runflow_key, tool_error_text

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(loop_scope="module")
async def runflow(account_stack) -> RunFlow:
    await pro(account_stack)
    return RunFlow(account_stack, await runflow_key(account_stack))


async def test_an_unknown_tool_is_the_protocol_error_invalid_params(account_stack, runflow):
    response = await runflow.post("create_goal", {})
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["code"] == -32602 and "create_goal" in error["message"], error
    assert (await runflow.error("create_goal", code=-32602)).message == error["message"]


@pytest.mark.parametrize(
    ("tool", "arguments", "words"),
    [
        ("recalibrate_thresholds", {"ftp": 250}, "ftp"),  # the mistyped argument
        ("get_training_plan", {"goalId": "nope"}, "nope"),  # the missing goal
        ("get_fitness_metrics", {"days": "many"}, "days"),
    ],
)
async def test_a_bad_argument_or_a_missing_plan_is_a_tool_error_saying_what_to_fix(
    account_stack, runflow, tool, arguments, words
):
    text = tool_error_text(await runflow.post(tool, arguments))
    assert words in text and "-32002" not in text, text
    assert await runflow.refusal(tool, arguments) == text  # the official client hands the model the text


async def test_the_free_tier_alone_answers_minus_32002(account_stack):
    free = RunFlow(account_stack, await runflow_key(account_stack))
    error = await free.error("recalibrate_thresholds", {"ftp": 250})
    assert error.message == "RunFlow Personal MCP requires an active Paid Premium account (Tier 2/3)."
