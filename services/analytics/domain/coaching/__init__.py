"""The daily coaching engine: pure, deterministic rules over plain values (no I/O).

A caller (the analytics service) reads the windows the rules need and passes them in as
``inputs.CoachingInputs``; the engine answers the training status (``status.training_status``) and
the day's decision (``decision.daily_decision``). The same inputs always give the same answer and
the same ``decision_id``. Rules, bands and their sources: docs/decisions/0058-daily-coaching-decision.md.

- ``inputs``: the day, the planned sessions, the loads going into the day, readiness entries and
  recent activities;
- ``recovery``: the athlete's rolling baselines and the green/amber/red recovery class;
- ``status``: load class, training state, drivers and freshness;
- ``decision``: the action for the planned session and the session to do;
- ``identity``: the decision ID, a digest of every input.
"""
