"""A workout in a person's own words, made into exercises and sets the workout log can store.

Pure modules, no I/O (docs/decisions/0045-log-text-parsing.md): ``parse.parse_workout_text`` reads
"squat 5x5 at 100, then 3x10 dips" into entries and sets, or raises ``NothingToLog`` saying what to
write differently when it is not sure. Which exercise the words name is the workout log's exercise
matching (``service_layer/exercise_matching.py``); both are reached through LogWorkoutText
(docs/decisions/0092-log-text-in-the-workout-log.md).
"""
