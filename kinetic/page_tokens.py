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


# Far beyond any real account; keeps a skip from turning into a huge OFFSET scan.
MAX_SKIP = 5_000_000


def page_window(
    page_size: int, page_token: str, skip: int, query_parts: tuple[str, ...], *, default: int, maximum: int
) -> tuple[int, int]:
    """The (offset, size) a list request asks for: ``skip`` more rows after its token's offset.

    Raises InvalidArgument naming ``page_size``, ``skip`` or ``page_token``.
    """
    if not 0 <= page_size <= maximum:
        raise InvalidArgument.for_field("page_size", f"must be from 1 to {maximum} (0 means {default})")
    if not 0 <= skip <= MAX_SKIP:
        raise InvalidArgument.for_field("skip", f"must be from 0 to {MAX_SKIP}")
    return decode(page_token, *query_parts) + skip, page_size or default


def next_page_token(offset: int, size: int, total: int, query_parts: tuple[str, ...]) -> str:
    """Token for the page after ``[offset, offset + size)``; empty when nothing follows."""
    following = offset + size
    return encode(following, *query_parts) if following < total else ""
