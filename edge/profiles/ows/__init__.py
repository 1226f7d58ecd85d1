"""The Open Workout Schema tool profile (seed 003) on ``/mcp/ows``: decision 0050."""
