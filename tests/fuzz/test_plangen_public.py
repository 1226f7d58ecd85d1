"""The anonymous PlanGen tools with arguments drawn from their published schema (decision 0066).

The profile serves no account and touches no service, so its fuzzing needs no stack: each drawn
call runs the compiled tool as the MCP path does (schema, then the generator). Every call must end
in a plan (or a link) or in a 400 that names what to fix; nothing else may escape. Dates are drawn
near today as well, so conforming calls reach the generator and not only the date checks.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import date, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings

from edge.mcp_profile.builder import build_profile
from edge.problems import EdgeProblem
from edge.profiles.runflow_public.handlers import PlanGenTools
from edge.profiles.runflow_public.links import PlanLinks
from edge.profiles.runflow_public.tools import ANONYMOUS, anonymous, public_plangen_profile
from services.training.plans.generator import EVENTS
from tests.fuzz.conftest import DERANDOMIZE, EXAMPLES
from tests.fuzz.json_schema_values import arguments
from tests.generated_plans import local_plans


def today() -> date:
    """Read when a test runs: a module-level date would be yesterday's for a suite running past
    midnight."""
    return date.today()


KNOWN = {
    "raceDate": [(today() + timedelta(weeks=weeks)).isoformat() for weeks in (3, 9, 16, 24, 40)],
    "startDate": [today().isoformat(), (today() + timedelta(days=10)).isoformat()],
    "event": [event.id for event in EVENTS],
}
VALID = {"event": "10K", "raceDate": KNOWN["raceDate"][2], "weeklyVolumeKm": 30}
BUILT = build_profile(
    public_plangen_profile(
        PlanGenTools(PlanLinks(b"fuzzing-plan-link-secret"), "http://edge.test", local_plans())
    ),
    principal=anonymous,
)


@pytest.mark.parametrize("tool", sorted(BUILT.tools))
def test_every_drawn_call_answers_a_plan_or_a_400_that_names_an_argument(tool: str) -> None:
    compiled = BUILT.tools[tool]
    outcomes: Counter[str] = Counter()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=DERANDOMIZE,
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(args=arguments(compiled.published.input_schema, KNOWN))
    @example(args=VALID)
    @example(args={**VALID, "weeklyVolumeKm": -1})
    def call(args: dict[str, Any]) -> None:
        try:
            answer = asyncio.run(compiled.run(ANONYMOUS, args))
        except EdgeProblem as problem:
            assert problem.status == 400 and problem.error == "invalid_request", problem
            assert problem.description.strip()
            outcomes["refused"] += 1
            return
        assert "planId" in answer
        outcomes["answered"] += 1

    call()
    assert outcomes["answered"] >= 1 and outcomes["refused"] >= 1, outcomes
