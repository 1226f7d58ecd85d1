"""Reading JSON the edge parses itself: refused with a reason, never a 500 (decision 0068).

Python's ``json`` recurses once per nested array or object: a body nested a few thousand levels
deep (``[[[[...``, a few KiB) raised ``RecursionError``, which nothing caught, and every walk over
the parsed value (``value_violations``, schema checks) recurses the same way. So the nesting is
measured first, by a linear scan that does not recurse, and anything deeper than
``MAX_JSON_DEPTH`` is refused before ``json.loads`` runs. Every request body the edge parses goes
through ``read_json``; the MCP paths, whose bodies the SDK parses, check ``nesting_depth`` in
front of it (``edge.mcp_json_depth``).
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, Final

# Kinetic's bodies nest a few levels (a JSON-RPC message, its params, a tool's arguments, a list of
# sets inside a list of exercises: 6 or 7); 64 leaves room for any honest client (decision 0068).
MAX_JSON_DEPTH: Final = 64

# An escape is a backslash and the character after it; removed first, every quote left is a real
# string delimiter, so strings (which may hold brackets) can be dropped without backtracking.
_ESCAPE = re.compile(r"\\.", re.DOTALL)
_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonRefused(ValueError):
    """A body that is not JSON the edge will read; the message says what is wrong with it."""


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (``[]`` is 1, ``{"a": [1]}`` is 2).

    Linear in the length of ``text`` and not recursive: three regular-expression passes with no
    backtracking, then a running sum. Brackets inside strings do not count. Text that is not JSON
    gets some number: ``json.loads`` refuses it afterwards anyway.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets)), default=0))


def too_deep(depth: int, what: str, limit: int) -> str:
    """The sentence that refuses a body nested ``depth`` levels."""
    return (
        f"{what} nests arrays and objects {depth} levels deep; at most {limit} are accepted: "
        "send a flatter document"
    )


def _decoded(data: bytes | str, what: str) -> str:
    if isinstance(data, str):
        return data
    try:
        # The encodings JSON allows (RFC 8259 asks for UTF-8; json.loads also reads UTF-16 and 32).
        return data.decode(json.detect_encoding(data), "surrogatepass")
    except UnicodeDecodeError:
        raise JsonRefused(f"{what} is not valid JSON: it is not UTF-8 text") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def read_json(
    data: bytes | str,
    *,
    what: str = "the body",
    max_depth: int = MAX_JSON_DEPTH,
    allow_constants: bool = True,
) -> Any:
    """``data`` parsed, or ``JsonRefused`` naming the problem (not UTF-8, not JSON and where, nested
    deeper than ``max_depth``). ``allow_constants`` False also refuses ``NaN`` and ``Infinity``."""
    text = _decoded(data, what)
    depth = nesting_depth(text)
    if depth > max_depth:
        raise JsonRefused(too_deep(depth, what, max_depth))
    try:
        return json.loads(text, parse_constant=None if allow_constants else _refuse_constant)
    except json.JSONDecodeError as error:
        raise JsonRefused(
            f"{what} is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except ValueError as error:  # a refused constant
        raise JsonRefused(f"{what} is not valid JSON: {error}") from None
    except RecursionError:  # pragma: no cover - the depth check comes first; kept as a last line
        raise JsonRefused(too_deep(depth, what, max_depth)) from None
