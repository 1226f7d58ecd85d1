"""The Primed profile (seed 001): five read-only coaching tools on ``/mcp/primed`` (decision 0059)."""
