"""The edge: one Starlette app serving MCP tool profiles, REST and OAuth pages in front of the services."""
