"""Reading request bodies defensively: size caps, strict form decoding, one value per OAuth field.

Malformed input must end as an OAuth ``invalid_request`` with a description, never a 500.
"""

from __future__ import annotations

from urllib.parse import parse_qsl

from starlette.requests import Request

from edge.json_bodies import JsonRefused, read_json
from edge.oauth.backend import OAuthError

FORM_TYPE = "application/x-www-form-urlencoded"
MAX_BODY_BYTES = 16 * 1024
MAX_FIELDS = 64


def media_type(request: Request) -> str:
    """The request's media type without parameters, lower-cased."""
    return request.headers.get("content-type", "").split(";", 1)[0].strip().lower()


async def read_body(request: Request, limit: int = MAX_BODY_BYTES) -> bytes:
    """The body, refused with 400 once it passes ``limit`` bytes (checked while streaming)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise OAuthError("invalid_request", f"the request body is larger than {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise OAuthError("invalid_request", f"the request body is larger than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def read_form_pairs(request: Request, limit: int = MAX_BODY_BYTES) -> list[tuple[str, str]]:
    """Decode a urlencoded body into pairs; other media types and bad encodings are refused."""
    if media_type(request) != FORM_TYPE:
        raise OAuthError("invalid_request", f"use {FORM_TYPE}")
    body = await read_body(request, limit)
    try:
        text = body.decode("utf-8")
        return parse_qsl(text, keep_blank_values=True, strict_parsing=bool(text), max_num_fields=MAX_FIELDS)
    except ValueError as error:  # UnicodeDecodeError is a ValueError too
        raise OAuthError("invalid_request", "the form body is malformed") from error


async def read_oauth_form(request: Request, limit: int = MAX_BODY_BYTES) -> dict[str, str]:
    """A form for an OAuth endpoint: each parameter at most once (RFC 6749 §3.2)."""
    pairs = await read_form_pairs(request, limit)
    form: dict[str, str] = {}
    for key, value in pairs:
        if key in form:
            raise OAuthError("invalid_request", f"{key}: the parameter appears more than once")
        form[key] = value
    return form


def required_parameter(form: dict[str, str], name: str) -> str:
    """The form's ``name`` parameter; ``invalid_request`` when it is missing or empty (RFC 6749 §5.2)."""
    value = form.get(name, "")
    if not value:
        raise OAuthError("invalid_request", f"{name} is required")
    return value


async def read_json_object(request: Request, limit: int = MAX_BODY_BYTES) -> str:
    """A JSON object body, returned as text after checking it parses as an object."""
    if media_type(request) != "application/json":
        raise OAuthError("invalid_client_metadata", "use application/json")
    body = await read_body(request, limit)
    try:
        text = body.decode("utf-8")
        # Nesting bounded before parsing (decision 0068): a deep body is a 400, never a 500.
        parsed = read_json(text)
    except UnicodeDecodeError:
        raise OAuthError("invalid_client_metadata", "the body is not UTF-8 text") from None
    except JsonRefused as refused:
        raise OAuthError("invalid_client_metadata", str(refused)) from None
    if not isinstance(parsed, dict):
        raise OAuthError("invalid_client_metadata", "the body must be a JSON object")
    return text
