"""A workout in a person's own words, made into exercises and sets Kinetic can store.

Two pure modules, no I/O, for the tools that log from text (docs/decisions/0045-log-text-parsing.md):

- ``parse``: ``parse_workout_text`` reads "squat 5x5 at 100, then 3x10 dips" into entries and
  sets, or raises ``NothingToLog`` saying what to write differently when it is not sure;
- ``exercise_names``: ``resolve_exercise`` maps the words a person used for an exercise ("bench",
  "pull-ups") to the shared catalog or their own exercises, or says which ones they may have meant.
"""
