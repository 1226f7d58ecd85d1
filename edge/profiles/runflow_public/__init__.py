"""RunFlow's anonymous PlanGen path, ``/mcp/runflow/public``: plans and plan pages (decision 0066)."""
