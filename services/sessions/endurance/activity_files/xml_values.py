"""Reading values out of TCX and GPX elements: names without namespaces, times, numbers."""

from __future__ import annotations

import math
from datetime import UTC, datetime

from services.sessions.endurance.activity_files.model import UnreadableActivityFile

_SHOWN_CHARS = 40


def local_name(tag: str) -> str:
    """``{namespace}Name`` → ``Name``: exporters differ in namespaces and prefixes, not in names."""
    return tag.rpartition("}")[2]


def parse_time(text: str | None, where: str) -> float:
    """POSIX seconds of an ISO 8601 time; a time without an offset is UTC, as GPX and TCX specify."""
    try:
        moment = datetime.fromisoformat((text or "").strip())
    except ValueError:
        raise UnreadableActivityFile(
            f"{where} has the time {_shown(text or '')}, which is not an ISO 8601 time"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def parse_number(text: str | None, where: str) -> float:
    """A decimal number; empty text is no value (NaN) and text that is no number refuses the file."""
    stripped = (text or "").strip()
    if not stripped:
        return math.nan
    try:
        return float(stripped)
    except ValueError:
        raise UnreadableActivityFile(f"{where} has {_shown(stripped)} where a number belongs") from None


def _shown(text: str) -> str:
    """A value quoted in a refusal, cut so that a hostile file's megabyte of text is not echoed."""
    return repr(text) if len(text) <= _SHOWN_CHARS else f"{text[:_SHOWN_CHARS]!r}... ({len(text)} characters)"
