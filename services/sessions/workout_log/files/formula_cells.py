"""Text cells kept from being formulas: OWASP's leading apostrophe on the way out, taken off on the way in.

A spreadsheet opening a CSV runs a cell starting with ``=``, ``+``, ``-`` or ``@`` as a formula
(``=HYPERLINK(...)``, ``=cmd|...``), and OWASP adds tab and carriage return ("CSV Injection"). The
export writes such a text cell behind an apostrophe, which spreadsheets show as plain text; the
import takes exactly one apostrophe off a cell that has one before such a start, so a name or note
reads back exactly as it was. A text that already starts with apostrophes before a formula start
(``'=x``) gets one more (``''=x``), so the rule has no exception. Only text cells go through here:
numbers, dates and durations are written by Kinetic and never start with these characters.
Decision 0071.
"""

from __future__ import annotations

from typing import Final

APOSTROPHE: Final = "'"
# A cell starting with one of these is a formula to a spreadsheet (OWASP). The export writes a
# carriage return as a line feed (``strong_writer._text``), so a line feed start counts as one too.
# Their full-width forms (U+FF1D, U+FF0B, U+FF0D, U+FF20) too: a spreadsheet set for East Asian input
# reads them as the ASCII ones (issue 27).
_FULL_WIDTH: Final = ("\uff1d", "\uff0b", "\uff0d", "\uff20")
FORMULA_STARTS: Final = ("=", "+", "-", "@", *_FULL_WIDTH, "\t", "\r", "\n")
# These after leading spaces (any: no-break, ideographic) too: a spreadsheet set to trim spaces on
# import would see the formula.
_BEHIND_SPACES: Final = ("=", "+", "-", "@", *_FULL_WIDTH)


def _formula_like(text: str) -> bool:
    """Whether ``text``, its leading apostrophes set aside, would be a formula in a spreadsheet."""
    rest = text.lstrip(APOSTROPHE)
    return rest.startswith(FORMULA_STARTS) or rest.lstrip().startswith(_BEHIND_SPACES)


def escaped(text: str) -> str:
    """``text`` as a CSV cell no spreadsheet runs: ``-5 kg`` is written ``'-5 kg``."""
    return APOSTROPHE + text if _formula_like(text) else text


def unescaped(cell: str) -> str:
    """The text ``escaped`` wrote as ``cell``; any other cell as it is (``it's`` stays ``it's``).

    A file from another app holding ``'-5 kg`` reads as ``-5 kg`` too: that is how OWASP's advice,
    which other apps follow, writes the text ``-5 kg``.
    """
    if cell.startswith(APOSTROPHE) and _formula_like(cell):
        return cell[1:]
    return cell
