"""Opaque page tokens: an offset bound to the query that produced it.

A token carries the offset and a short hash of the query and filters; a token reused with another
query, or garbled, is refused as ``page_token`` input instead of silently paging something else.
"""

from __future__ import annotations

import base64
import hashlib
import json

from kinetic.errors import InvalidArgument


def _fingerprint(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:12]


def encode(offset: int, *query_parts: str) -> str:
    """Token for the page starting at ``offset`` of the given query."""
    raw = json.dumps({"o": offset, "q": _fingerprint(*query_parts)}, separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode(token: str, *query_parts: str) -> int:
    """Offset of ``token``; 0 for an empty token. Raises InvalidArgument naming ``page_token``."""
    if not token:
        return 0
    try:
        padded = token + "=" * (-len(token) % 4)
        data = json.loads(base64.urlsafe_b64decode(padded.encode()).decode())
        offset = data["o"]
        fingerprint = data["q"]
    except (ValueError, KeyError, TypeError, UnicodeDecodeError) as exc:
        raise InvalidArgument.for_field("page_token", "is not a token this API issued") from exc
    if not isinstance(offset, int) or offset < 0:
        raise InvalidArgument.for_field("page_token", "is not a token this API issued")
    if fingerprint != _fingerprint(*query_parts):
        raise InvalidArgument.for_field(
            "page_token", "belongs to another query; repeat the same query and filters to page on"
        )
    return offset
