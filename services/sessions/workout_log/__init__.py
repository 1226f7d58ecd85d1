"""The workout log: whole workouts, sets added to the session in progress, edits, deletion with
undo, the log's preferences and the program an account follows (WorkoutLogService).

A module of its own inside the sessions service (``domain``, ``service_layer``, ``adapters``,
``entrypoints``, built by ``bootstrap``), like ``gyms``. Unlike gyms it is not a separate hexagon
behind ports: a workout IS a session, so it writes through the core's repositories and change feed
under the core's account lock, and every reader of sessions sees what it stores. The core never
imports it; ``services/sessions/bootstrap.py`` plugs it in. Rules: docs/decisions/0049-workout-log.md.
"""
