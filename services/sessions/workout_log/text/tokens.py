"""Workout text cut into numbers, clock times, words and symbols, with the units' vocabulary.

The grammar (``grammar.py``) reads these tokens; keeping the cutting here lets each grammar pattern
speak of "a number then a unit" instead of characters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal

Unit = Literal["kg", "lb"]
TokenKind = Literal["number", "clock", "word", "symbol"]

WEIGHT_UNITS: Final[Mapping[str, Unit]] = MappingProxyType(
    {
        **dict.fromkeys(("kg", "kgs", "kilo", "kilos", "kilogram", "kilograms"), "kg"),
        **dict.fromkeys(("lb", "lbs", "pound", "pounds"), "lb"),
    }
)
SECONDS_PER_UNIT: Final[Mapping[str, int]] = MappingProxyType(
    {
        **dict.fromkeys(("h", "hr", "hrs", "hour", "hours"), 3600),
        **dict.fromkeys(("min", "mins", "minute", "minutes"), 60),
        **dict.fromkeys(("s", "sec", "secs", "second", "seconds"), 1),
    }
)
# "m" is metres, never minutes (those are "min"): decision 0045.
METRES_PER_UNIT: Final[Mapping[str, float]] = MappingProxyType(
    {
        **dict.fromkeys(("m", "meter", "meters", "metre", "metres"), 1.0),
        **dict.fromkeys(("k", "km", "kms", "kilometer", "kilometers", "kilometre", "kilometres"), 1000.0),
        **dict.fromkeys(("mi", "mile", "miles"), 1609.344),
    }
)
# Words that make the number after them an estimate: "about 100kg", "~8 reps".
_APPROXIMATELY: Final = frozenset({"~", "about", "around", "roughly", "approx", "approximately"})


@dataclass(frozen=True)
class Token:
    """One piece of a clause. ``value`` is a number's value or a clock time's seconds."""

    kind: TokenKind
    text: str
    value: float = 0.0
    approximate: bool = False  # the number was marked as an estimate


_TOKEN: Final = re.compile(
    r"""
      (?P<clock>\d{1,2}(?::[0-5]\d){1,2})(?![\d:])  # 7:45 (minutes:seconds), 1:02:03
    | (?P<number>\d+(?:\.\d+)?|\.\d+)
    | (?P<word>[^\W\d_]+(?:['\u2019-][^\W\d_]+)*)  # pull-ups, farmer's, bankdrücken: every letter
    | (?P<symbol>[@+/%~\u00d7*-])
    | (?P<other>\S)                                # punctuation such as ":" "(" "#": dropped
    """,
    re.VERBOSE,
)
# "100kgx5": the unit and the times sign are written together.
_UNIT_THEN_TIMES: Final = re.compile(r"(\d\s*(?:kgs?|lbs?|kilos?))x(?=\s*\d)")


def tokenize(clause: str) -> list[Token]:
    """The tokens of one lower-case clause. "x", the multiplication sign and "*" all become "x"."""
    tokens: list[Token] = []
    for match in _TOKEN.finditer(_UNIT_THEN_TIMES.sub(r"\1 x", clause)):
        kind = match.lastgroup
        text = match.group()
        if kind == "clock":
            tokens.append(Token("clock", text, float(_clock_seconds(text))))
        elif kind == "number":
            tokens.append(Token("number", text, float(text)))
        elif text in ("\u00d7", "*"):
            tokens.append(Token("word", "x"))
        elif kind == "symbol":
            tokens.append(Token("symbol", text))
        elif kind == "word":
            tokens.append(Token("word", text.replace("\u2019", "'")))
    return _mark_estimates(tokens)


def _mark_estimates(tokens: list[Token]) -> list[Token]:
    """ "about 100" and "~100": the number is marked and the marker dropped; "around" before a word stays."""
    marked: list[Token] = []
    for index, token in enumerate(tokens):
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if token.text in _APPROXIMATELY and following is not None and following.kind in ("number", "clock"):
            continue
        previous = tokens[index - 1] if index else None
        if previous is not None and previous.text in _APPROXIMATELY and token.kind in ("number", "clock"):
            token = Token(token.kind, token.text, token.value, approximate=True)
        marked.append(token)
    return marked


def _clock_seconds(text: str) -> int:
    """Seconds of "m:ss" or "h:mm:ss": two parts are always minutes and seconds (decision 0045)."""
    seconds = 0
    for part in text.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds
