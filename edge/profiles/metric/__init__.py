"""The Metric profile (seeds/000): MCP tools and REST endpoints under ``/api/connectors/muse/``."""
