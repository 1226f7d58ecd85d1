"""The OpenAPI 3.1 description of the REST endpoints, served at ``/openapi.json``."""

from __future__ import annotations

from typing import Any

from edge.profiles.metric.reads import VIEWS

_ERROR = {
    "type": "object",
    "required": ["error", "error_description"],
    "properties": {
        "error": {"type": "string", "description": "Machine-readable code, e.g. invalid_request."},
        "error_description": {"type": "string", "description": "What went wrong and what to fix."},
        "field": {"type": "string", "description": "The argument to fix, when one is at fault."},
    },
}


def _error_response(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


def _param(name: str, description: str, schema: dict[str, Any], required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "description": description, "schema": schema}


def openapi_document(public_url: str) -> dict[str, Any]:
    """The OpenAPI 3.1 document for the REST API at ``public_url``."""
    errors = {
        "400": _error_response("Invalid input; error_description names the field."),
        "401": _error_response("Missing, invalid, expired or revoked credentials."),
        "403": _error_response("The token lacks the training scope."),
        "429": _error_response("Too many requests for this account."),
        "503": _error_response("A backend is temporarily unavailable."),
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Kinetic Training API",
            "version": "0.1.0",
            "description": "REST mirror of the Metric MCP tools. Units: kilograms, meters, seconds.",
        },
        "servers": [{"url": public_url}],
        "security": [{"bearer": ["training"]}],
        "paths": {
            "/api/connectors/muse/workout-guidance": {
                "get": {
                    "operationId": "getWorkoutGuidance",
                    "summary": "Workout-design guidance, target fields, setup rules and a full example.",
                    "responses": {
                        "200": {
                            "description": "The guidance.",
                            "content": {"application/json": {"schema": {"type": "object"}}},
                        },
                        **{k: v for k, v in errors.items() if k != "400"},
                    },
                }
            },
            "/api/connectors/muse/training": {
                "get": {
                    "operationId": "readTraining",
                    "summary": "Read one view of the user's Training data (read_training).",
                    "parameters": [
                        _param("view", "Which view to read.", {"type": "string", "enum": list(VIEWS)}, True),
                        _param("timeZone", "IANA time zone, e.g. America/New_York.", {"type": "string"}),
                        _param(
                            "query", "exercises: words or shorthand.", {"type": "string", "maxLength": 200}
                        ),
                        _param("muscle", "exercises: only this muscle.", {"type": "string"}),
                        _param("equipment", "exercises: only this equipment.", {"type": "string"}),
                        _param(
                            "pageSize",
                            "exercises: results per page.",
                            {"type": "integer", "minimum": 1, "maximum": 100},
                        ),
                        _param("pageToken", "nextPageToken of the previous page.", {"type": "string"}),
                    ],
                    "responses": {
                        "200": {
                            "description": "The view.",
                            "content": {
                                "application/json": {"schema": {"$ref": "#/components/schemas/View"}}
                            },
                        },
                        **errors,
                    },
                }
            },
        },
        "components": {
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "An access token for the Metric resource, or a personal API key (rf_...).",
                }
            },
            "schemas": {
                "Error": _ERROR,
                "View": {
                    "type": "object",
                    "required": ["timeZone", "contentTrust", "view", "data"],
                    "properties": {
                        "timeZone": {"type": "string"},
                        "contentTrust": {"const": "user-provided"},
                        "view": {"type": "string", "enum": list(VIEWS)},
                        "data": {"type": "object"},
                    },
                },
            },
        },
    }
