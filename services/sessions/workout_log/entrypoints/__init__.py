"""See services/sessions/workout_log/__init__.py."""
