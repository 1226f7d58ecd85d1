"""One profile builder: an MCP server (and its REST mirror's calls) from a table of tools."""
