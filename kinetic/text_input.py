"""The text every Kinetic field refuses, and the stricter rules for names.

One reader for the edge and the services (docs/decisions/0032-text-and-number-inputs.md): NUL
breaks PostgreSQL text columns (SQLite would store it), an unpaired surrogate is not Unicode and
cannot be encoded as UTF-8, and other control characters are invisible in every client. Names are
shown in lists and on other people's screens, so they also refuse bidirectional controls (which
reorder the text around them) and names that show nothing at all.
"""

from __future__ import annotations

import re
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

_SURROGATE = re.compile("[\ud800-\udfff]")
# C0 controls and DEL, except tab, line feed and carriage return (notes have lines).
_TEXT_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NAME_CONTROL = re.compile("[\x00-\x1f\x7f]")
# Embeddings and overrides (U+202A-U+202E) and isolates (U+2066-U+2069).
_BIDI_CONTROL = re.compile("[\u202a-\u202e\u2066-\u2069]")
# Characters that take no room: a name of only these (and spaces) shows as nothing.
_INVISIBLE = frozenset("\u00ad\u034f\u115f\u1160\u180e\u200b\u200c\u200d\u200e\u200f\u2060\u3164\ufeff")
# Anything ``text_problem`` refuses (surrogates, NUL and the other controls): one scan tells most
# text, which holds none, from the rest (the edge reads every string of every call; decision 0123).
_ANY_TEXT_PROBLEM = re.compile("[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be stored as any text field, or None when it can."""
    if not _ANY_TEXT_PROBLEM.search(value):
        return None
    if _SURROGATE.search(value):
        return "is not valid Unicode: it holds an unpaired surrogate (such as \\ud800); send UTF-8 text"
    if "\x00" in value:
        return NUL_PROBLEM
    control = _TEXT_CONTROL.search(value)
    if control:
        return (
            f"must not contain the control character U+{ord(control.group()):04X}; "
            "only tab and line breaks are allowed"
        )
    return None


def name_problem(value: str) -> str | None:
    """Why ``value`` cannot be a name (text on one line that shows as typed), or None when it can."""
    problem = text_problem(value)
    if problem:
        return problem
    control = _NAME_CONTROL.search(value)
    if control:
        return f"must be on one line: it holds the control character U+{ord(control.group()):04X}"
    bidi = _BIDI_CONTROL.search(value)
    if bidi:
        return (
            f"must not contain the bidirectional control U+{ord(bidi.group()):04X}, "
            "which reorders the text shown around it"
        )
    if value and all(ch.isspace() or ch in _INVISIBLE for ch in value):
        return "must contain a visible character, not only spaces or zero-width characters"
    return None


def nul_violations(message: Message, path: str = "") -> list[tuple[str, str]]:
    """(field path, problem) for every string of ``message`` (nested, repeated, map values) holding NUL.

    The services refuse these before any reader sees them, whoever calls: the edge refuses them
    earlier with its own rules, but a gRPC caller reaches a service directly.
    """
    found: list[tuple[str, str]] = []
    if not isinstance(message, Message):
        return found
    for field, value in message.ListFields():
        where = f"{path}.{field.name}" if path else field.name
        repeated = field.is_repeated
        if field.type == FieldDescriptor.TYPE_MESSAGE and field.message_type.GetOptions().map_entry:
            found.extend(_map_violations(field, value, where))
        elif field.type == FieldDescriptor.TYPE_MESSAGE:
            items = enumerate(value) if repeated else [(None, value)]
            for i, item in items:
                found.extend(nul_violations(item, where if i is None else f"{where}[{i}]"))
        elif field.type == FieldDescriptor.TYPE_STRING:
            texts = enumerate(value) if repeated else [(None, value)]
            found.extend(
                (where if i is None else f"{where}[{i}]", NUL_PROBLEM) for i, text in texts if "\x00" in text
            )
    return found


NUL_PROBLEM = "must not contain the NUL character (U+0000)"


def _map_violations(field: FieldDescriptor, entries: Any, where: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    holds_messages = field.message_type.fields_by_name["value"].type == FieldDescriptor.TYPE_MESSAGE
    for key, item in entries.items():
        if isinstance(key, str) and "\x00" in key:
            found.append((where, f"keys {NUL_PROBLEM}"))
            continue
        at = f"{where}[{key}]"
        if holds_messages:
            found.extend(nul_violations(item, at))
        elif isinstance(item, str) and "\x00" in item:
            found.append((at, NUL_PROBLEM))
    return found
