"""Training's plan refusals in RunFlow's own words (docs/decisions/0076-error-texts-name-the-profile.md).

Training words its refusals for any caller ("goal g1 does not exist for this account"): it cannot
know which tools its caller has. RunFlow adds, by the service's reason, which of its own tools
shows the IDs to use or makes what is missing, so the assistant can correct itself.
"""

from __future__ import annotations

from collections.abc import Mapping

from edge.problems import EdgeProblem, from_remote
from kinetic.errors import RemoteError

_CREATE = "create one (create_training_plan or create_custom_training_plan)"
HINTS: Mapping[str, str] = {
    "NO_ACTIVE_GOAL": f"{_CREATE} or name a goalId from list_training_plans",
    "GOAL_NOT_FOUND": "list_training_plans shows the goalIds",
    "GOAL_ARCHIVED": f"{_CREATE} or activate another one from list_training_plans",
    "WORKOUT_NOT_FOUND": "get_training_plan shows the workoutIds",
    "SNAPSHOT_NOT_FOUND": "list_plan_snapshots shows the snapshotIds",
}


def from_plans(error: RemoteError) -> EdgeProblem:
    """``from_remote``'s problem, its description followed by RunFlow's hint for the reason."""
    problem = from_remote(error)
    hint = HINTS.get(error.reason)
    if hint is not None and problem.status < 500:
        problem.description = f"{problem.description}; {hint}"
    return problem
