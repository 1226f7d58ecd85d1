"""See services/sessions/endurance/__init__.py."""
