"""The Client AI Workout V2 profile (seed 002) on ``/mcp/client-ai``."""
