"""The goal a generated plan (``services.training.plans.generator``, decision 0065) is stored as,
for RunFlow's ``create_training_plan`` (issue 20; generated in Training since decision 0096): the
standard builder's plan, stored like any other. ``generated_goal_pb`` makes its ``CreateGoal``.
"""

from __future__ import annotations

# The creation mode of a goal the standard builder made (its notes and race target follow a
# recalibration, ``generated_notes``; its long runs are judged by the generator's table, 0114).
CREATION_MODE = "STANDARD_BUILDER"
