"""Which format a file is, by its content only, and the XML safety check done before any parse.

FIT files carry ``.FIT`` at bytes 8 to 11 of their header; TCX and GPX are XML told apart by
their root element (``TrainingCenterDatabase``, ``gpx``). A file name is used only to word a
refusal better, never to decide. See docs/decisions/0053-activity-files.md (Detection, XML safety).
"""

from __future__ import annotations

import xml.parsers.expat
from typing import NoReturn

from services.sessions.endurance.activity_files.model import ActivityFormat, UnreadableActivityFile
from services.sessions.endurance.activity_files.xml_stream import (
    refuse_doctype,
    refuse_entity,
    require_markup_throughout,
)

FIT_SIGNATURE = b".FIT"
_GZIP_MAGIC = b"\x1f\x8b"
_ZIP_MAGIC = b"PK\x03\x04"
_XML_START_BYTES = (b"<", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")
_ROOTS: dict[str, ActivityFormat] = {"TrainingCenterDatabase": "tcx", "gpx": "gpx"}


class _RootFound(Exception):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def detect_format(data: bytes, filename: str | None) -> ActivityFormat:
    """``fit``, ``tcx`` or ``gpx``; raises ``UnreadableActivityFile`` for anything else.

    For XML this also refuses a document type declaration (see ``xml_root_name``), so a TCX or
    GPX handed on to a parser never has one.
    """
    if not data:
        raise UnreadableActivityFile("the file is empty")
    if data[8:12] == FIT_SIGNATURE:
        return "fit"
    if data.startswith(_GZIP_MAGIC):
        raise UnreadableActivityFile("the file is gzip-compressed: decompress it and upload the file inside")
    if data.startswith(_ZIP_MAGIC):
        raise UnreadableActivityFile(
            "the file is a zip archive: extract it and upload the activity file inside"
        )
    if data.lstrip().startswith(_XML_START_BYTES):
        require_markup_throughout(data, "the XML file")
        root = xml_root_name(data)
        file_format = _ROOTS.get(root)
        if file_format is None:
            raise UnreadableActivityFile(
                f"the file is XML whose root element is <{root}>: neither a TCX file "
                "(<TrainingCenterDatabase>) nor a GPX file (<gpx>)"
            )
        return file_format
    named = f" although it is named {filename!r}" if filename else ""
    raise UnreadableActivityFile(
        f"the file is neither FIT (no '.FIT' at bytes 8 to 11{named}) nor TCX or GPX (not XML)"
    )


def xml_root_name(data: bytes) -> str:
    """The local name of the document's root element, reading only as far as that element.

    Refuses any ``<!DOCTYPE``: activity files never need one, and a document type is where
    entities are declared, so refusing it rules out entity expansion ("billion laughs") and
    external entities before the file reaches ElementTree or gpxpy. Expat reports the declaration
    before it reads any of its content, so nothing is expanded even here.
    """
    parser = xml.parsers.expat.ParserCreate()
    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_entity
    parser.StartElementHandler = _stop_at_root
    try:
        # In one call: expat 2.5 rescans an unfinished token from its start on every feed, so a
        # huge comment or root tag fed in chunks would cost its length squared (decision 0069).
        # Expat stops at the root's start tag, so the rest of the file is not read here.
        parser.Parse(data, True)
    except _RootFound as found:
        return found.name.rpartition("}")[2].rpartition(":")[2]
    except xml.parsers.expat.ExpatError as error:
        raise UnreadableActivityFile(f"the file is not well-formed XML: {error}") from None
    raise UnreadableActivityFile("the file is XML without any element")


def _stop_at_root(name: str, _attributes: object) -> NoReturn:
    raise _RootFound(name)
