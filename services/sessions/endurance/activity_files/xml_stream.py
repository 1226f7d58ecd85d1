"""Walking a TCX or GPX document element by element with expat, in time and memory linear in its size.

Why not a tree, gpxpy or ``iterparse`` (decision 0069):

- gpxpy runs regular expressions over the whole text before parsing; one of them
  (``\\sxmlns:?[^=]*="[^"]+"``) rescans to the end of the file from every `` xmlns``, so a 240 KB
  file of them took 12 s of CPU. A tree of every element also holds the whole file in memory.
- ``iterparse`` feeds expat 16 KiB at a time; expat 2.5 (this Python's) rescans an unfinished token
  from its start on every feed, so one huge attribute, comment or start tag costs its length
  squared. Here the whole document goes to expat in **one** ``Parse`` call: each byte is scanned
  once.

Only what a reader asks for is kept: the stack of open elements' local names and the text of the
innermost element, cut at ``MAX_TEXT_CHARS`` (a number, a time or a name is never that long). The
XML safety rules are ``detection.xml_root_name``'s, enforced here again: a document type or an
entity declaration refuses the file before anything in it is expanded.
"""

from __future__ import annotations

import xml.parsers.expat
from collections.abc import Callable
from typing import NoReturn

from services.sessions.endurance.activity_files.model import UnreadableActivityFile

MAX_TEXT_CHARS = 1024
# pyexpat hands expat at most 1 MiB per call, and expat 2.5 rescans a token cut by a call's end
# from its start on the next: a start tag of megabytes (attributes, namespace declarations) costs
# its length squared. A tag cannot hold a "<", so a file whose every half MiB holds one has no
# such tag (decision 0069). No TCX or GPX has half a MiB of text without markup; blank space
# (padding some tools add) is let through: expat skips it fast.
MARKUP_WINDOW_BYTES = 512 * 1024
_NAMESPACE_SEPARATOR = "}"

# (open elements' local names, innermost first is last; the element's attributes by local name)
StartHandler = Callable[[list[str], dict[str, str]], None]
# (open elements' local names including the ending one; its text, stripped and cut)
EndHandler = Callable[[list[str], str], None]


def walk_xml(data: bytes, what: str, on_start: StartHandler, on_end: EndHandler) -> None:
    """Call ``on_start`` and ``on_end`` for every element of ``data``, in document order.

    ``what`` names the file in refusals ("the GPX file"). Names are local (namespaces and
    prefixes dropped: exporters differ in them, not in names). Raises ``UnreadableActivityFile``
    for XML that is not well-formed or declares a document type or entity.
    """
    path: list[str] = []
    text: list[str] = []
    text_size = 0

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal text_size
        path.append(name.rpartition(_NAMESPACE_SEPARATOR)[2])
        text.clear()
        text_size = 0
        if attributes:
            attributes = {key.rpartition(_NAMESPACE_SEPARATOR)[2]: value for key, value in attributes.items()}
        on_start(path, attributes)

    def characters(data: str) -> None:
        nonlocal text_size
        if text_size < MAX_TEXT_CHARS:
            text.append(data)
            text_size += len(data)

    def end(_name: str) -> None:
        nonlocal text_size
        content = "".join(text)[:MAX_TEXT_CHARS].strip()
        text.clear()
        text_size = 0
        on_end(path, content)
        path.pop()

    require_markup_throughout(data, what)
    parser = xml.parsers.expat.ParserCreate(namespace_separator=_NAMESPACE_SEPARATOR)
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_entity
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as error:
        raise UnreadableActivityFile(f"{what} is not well-formed XML: {error}") from None


def require_markup_throughout(data: bytes, what: str) -> None:
    """Refuse ``data`` when some window of ``MARKUP_WINDOW_BYTES`` holds no ``<`` (a memchr each)
    and is not all blank space."""
    for start in range(0, len(data), MARKUP_WINDOW_BYTES):
        end = start + MARKUP_WINDOW_BYTES
        if data.find(b"<", start, end) < 0 and data[start:end].strip():
            raise UnreadableActivityFile(
                f"{what} has {MARKUP_WINDOW_BYTES // 1024} KiB without any XML markup from byte {start}: "
                "one tag or text that long is in no activity file"
            )


def refuse_doctype(name: str, *_: object) -> NoReturn:
    raise UnreadableActivityFile(
        f"the XML file declares a document type (<!DOCTYPE {name}>), which TCX and GPX files never "
        "need; it is refused so that no entity it declares is expanded"
    )


def refuse_entity(name: str, *_: object) -> NoReturn:
    raise UnreadableActivityFile(f"the XML file declares an entity ({name}); it is refused unexpanded")
