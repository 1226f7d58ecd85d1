"""Uploaded files as the edge reads them: a raw body or ``multipart/form-data``, bounded while it
streams, gzip undone within the same bound, and which importer a file belongs to.

Every browser and phone app sends a file as ``multipart/form-data``; scripts send it raw. Both
are read here as the chunks arrive, never whole first: a file part past its limit, a body past the
request's total, more file parts or text fields than allowed, or an over-long header ends the read
with a problem saying the limit. A ``.gz`` file (Strava's bulk export gzips every activity) is
decompressed here, in pieces, and refused as soon as what comes out passes the same limit, so a
small bomb costs no more than an honest file. Decision 0116.
"""

from __future__ import annotations

import zlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Final, Literal

from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import Request

from edge.problems import EdgeProblem
from knowledge.limits.sessions import MAX_WORKOUT_FILE_BYTES

KIB: Final = 1024
MIB: Final = 1024 * KIB
# The limits every upload path enforces and the account page states before a file is sent.
# An activity file: the sessions service refuses files over 64 MiB (a 24-hour FIT file with every
# sensor is ~10 MiB). A Strong or Hevy CSV: the workout log's own bound.
MAX_ACTIVITY_FILE_BYTES: Final = 64 * MIB
MAX_WORKOUT_LOG_FILE_BYTES: Final = MAX_WORKOUT_FILE_BYTES
# Files one drop or pick on the account page may hold, and one form sent without script may carry.
MAX_FILES_AT_ONCE: Final = 20
# The CSRF purpose of the account page's upload: a token of another form does not fit.
UPLOAD_PURPOSE: Final = "upload-files"
# What multipart framing adds to a file: boundaries and part headers (each at most 4 KiB, eight
# per part) and the few text fields allowed. A request of one file is capped at its limit plus this.
MULTIPART_OVERHEAD: Final = 64 * KIB
MAX_TEXT_FIELDS: Final = 16
MAX_TEXT_FIELD_BYTES: Final = 1 * KIB
MAX_FILENAME_CHARS: Final = 255
GZIP_MAGIC: Final = b"\x1f\x8b"
FIT_SIGNATURE: Final = b".FIT"
_XML_START: Final = (b"<", b"\xef\xbb\xbf<", b"\xff\xfe", b"\xfe\xff")
ACTIVITY_EXTENSIONS: Final = (".fit", ".tcx", ".gpx")
WORKOUT_LOG_EXTENSIONS: Final = (".csv",)

FileKind = Literal["activity", "workout_log"]


@dataclass
class UploadedFile:
    """One file of an upload: its name (without ``.gz``), its bytes (decompressed) and type."""

    filename: str
    data: bytes
    content_type: str = ""


@dataclass
class Upload:
    """What an upload carried: its files in order and its text fields (the last of each name)."""

    files: list[UploadedFile] = field(default_factory=list)
    fields: dict[str, str] = field(default_factory=dict)


def limits_text() -> str:
    """The limits as the page states them before anything is sent (the ones enforced here)."""
    return (
        f"Up to {MAX_FILES_AT_ONCE} files at once. FIT, TCX and GPX files up to "
        f"{size_text(MAX_ACTIVITY_FILE_BYTES)} each, Strong and Hevy CSV exports up to "
        f"{size_text(MAX_WORKOUT_LOG_FILE_BYTES)}; each may be gzipped (.gz)."
    )


def media_type(request: Request) -> str:
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


def size_text(limit: int) -> str:
    """``20 MiB``, ``64 KiB``: a limit as people read it."""
    return f"{limit // MIB} MiB" if limit >= MIB else f"{limit // KIB} KiB"


def too_large(what: str, limit: int) -> EdgeProblem:
    return EdgeProblem("payload_too_large", f"{what} is over {size_text(limit)}; it is refused unread", 413)


def _refused(description: str) -> EdgeProblem:
    return EdgeProblem("invalid_request", description, 400)


class _Parts:
    """The multipart parser's callbacks: files and fields collected, every limit checked per chunk."""

    def __init__(self, *, max_files: int, max_file_bytes: int) -> None:
        self.upload = Upload()
        self._max_files = max_files
        self._max_file_bytes = max_file_bytes
        self._header_field = bytearray()
        self._header_value = bytearray()
        self._headers: dict[bytes, bytes] = {}
        self._chunks: list[bytes] = []
        self._size = 0
        self._name = ""
        self._filename: str | None = None
        self._fields = 0
        self.ended = False

    def callbacks(self) -> dict[str, Callable[..., None]]:
        return {
            "on_part_begin": self._begin,
            "on_part_data": self._data,
            "on_part_end": self._end,
            "on_header_field": lambda data, start, end: self._header_field.extend(data[start:end]),
            "on_header_value": lambda data, start, end: self._header_value.extend(data[start:end]),
            "on_header_end": self._header_end,
            "on_headers_finished": self._headers_finished,
            "on_end": self._ended,
        }

    def _ended(self) -> None:
        self.ended = True

    def _begin(self) -> None:
        self._headers = {}
        self._chunks = []
        self._size = 0

    def _header_end(self) -> None:
        self._headers[bytes(self._header_field).lower()] = bytes(self._header_value)
        self._header_field.clear()
        self._header_value.clear()

    def _headers_finished(self) -> None:
        _, options = parse_options_header(self._headers.get(b"content-disposition", b""))
        self._name = options.get(b"name", b"").decode("utf-8", "replace")
        filename = options.get(b"filename")
        self._filename = None if filename is None else filename.decode("utf-8", "replace")
        if self._filename is not None:
            if len(self.upload.files) >= self._max_files:
                raise _refused(
                    f"the form carries more than {self._max_files} file"
                    f"{'s' if self._max_files > 1 else ''}; send at most {self._max_files} per request"
                )
        else:
            self._fields += 1
            if self._fields > MAX_TEXT_FIELDS:
                raise _refused(f"the form carries more than {MAX_TEXT_FIELDS} text fields")

    def _data(self, data: bytes, start: int, end: int) -> None:
        self._size += end - start
        if self._filename is not None and self._size > self._max_file_bytes:
            raise too_large(f"the file {self._filename[:80]!r}", self._max_file_bytes)
        if self._filename is None and self._size > MAX_TEXT_FIELD_BYTES:
            raise _refused(f"the form field {self._name[:40]!r} is over {size_text(MAX_TEXT_FIELD_BYTES)}")
        self._chunks.append(data[start:end])

    def _end(self) -> None:
        data = b"".join(self._chunks)
        self._chunks = []
        if self._filename is None:
            self.upload.fields[self._name] = data.decode("utf-8", "replace")
            return
        content_type = self._headers.get(b"content-type", b"").decode("latin-1").strip().lower()
        self.upload.files.append(
            UploadedFile(self._filename[-MAX_FILENAME_CHARS:], data, content_type.split(";")[0])
        )


async def _bounded_stream(request: Request, limit: int, what: str) -> AsyncIterator[bytes]:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large(what, limit)
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(what, limit)
        yield chunk


async def read_multipart(
    request: Request, *, max_files: int, max_file_bytes: int, max_total_bytes: int
) -> Upload:
    """A ``multipart/form-data`` body's files and fields, read as it arrives under every limit."""
    _, options = parse_options_header(request.headers.get("content-type", ""))
    boundary = options.get(b"boundary", b"")
    if not boundary or len(boundary) > 200:
        raise _refused("the multipart/form-data body names no boundary in its Content-Type")
    parts = _Parts(max_files=max_files, max_file_bytes=max_file_bytes)
    parser = MultipartParser(boundary, parts.callbacks())  # type: ignore[arg-type]
    try:
        async for chunk in _bounded_stream(request, max_total_bytes, "the request body"):
            parser.write(chunk)
        parser.finalize()
        if not parts.ended:  # cut short: no closing boundary
            raise MultipartParseError("no closing boundary")
    except MultipartParseError:
        raise _refused(
            "the multipart/form-data body is malformed; send it as a browser's form would, or the "
            "file itself as the body"
        ) from None
    return parts.upload


async def read_raw(request: Request, limit: int, what: str) -> bytes:
    """A raw body, refused (413) as soon as it passes ``limit``."""
    return b"".join([chunk async for chunk in _bounded_stream(request, limit, what)])


def gunzipped(file: UploadedFile, limit: int) -> UploadedFile:
    """``file`` decompressed when it is gzip, refused as soon as its content passes ``limit``."""
    if not file.data.startswith(GZIP_MAGIC):
        return file
    name = file.filename[:-3] if file.filename.lower().endswith(".gz") else file.filename
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    out: list[bytes] = []
    size = 0
    pending = file.data
    try:
        # In pieces of at most the remaining budget plus one byte: a bomb stops at the limit.
        while pending and not inflater.eof:
            piece = inflater.decompress(pending, limit - size + 1)
            size += len(piece)
            if size > limit:
                raise too_large(f"the file {name[:80]!r} once decompressed", limit)
            out.append(piece)
            pending = inflater.unconsumed_tail
    except zlib.error:
        raise EdgeProblem(
            "invalid_file", f"the file {file.filename[:80]!r} is not a whole gzip file; nothing was stored"
        ) from None
    if not inflater.eof:
        raise EdgeProblem(
            "invalid_file", f"the file {file.filename[:80]!r} is a cut-short gzip file; nothing was stored"
        )
    return UploadedFile(name, b"".join(out), file.content_type)


def kind_of(file: UploadedFile) -> FileKind | None:
    """Which importer takes ``file``: its content first (a FIT header, XML), then its name, then
    whether it reads as text (a CSV); None when it is none of these."""
    data = file.data
    if data[8:12] == FIT_SIGNATURE or data.lstrip()[:4].startswith(_XML_START):
        return "activity"
    name = file.filename.lower()
    if name.endswith(ACTIVITY_EXTENSIONS):
        return "activity"
    if name.endswith(WORKOUT_LOG_EXTENSIONS):
        return "workout_log"
    head = data[:4096]
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as cut:
        if cut.start < len(head) - 4:  # a character cut at the 4 KiB mark is still text
            return None
    if not data or b"\x00" in head:
        return None
    return "workout_log"
