"""Endurance plans ("goals"): library plans and workouts with what only plans of a race have
(docs/decisions/0062-endurance-plans.md)."""
