"""Uploads as the edge reads them (decision 0116): multipart bounded while it streams, gzip undone
within the same bound, and each file told apart by its content before its name."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from starlette.requests import Request
from starlette.types import Message

from edge.problems import EdgeProblem
from edge.upload_bodies import (
    MAX_ACTIVITY_FILE_BYTES,
    MAX_FILES_AT_ONCE,
    MAX_WORKOUT_LOG_FILE_BYTES,
    UploadedFile,
    gunzipped,
    kind_of,
    limits_text,
    read_multipart,
)

FIXTURES = Path(__file__).parents[2] / "fixtures"
ACTIVITIES = FIXTURES / "real_activities" / "corpus"
BOUNDARY = "kinetic-boundary"


def form(*parts: tuple[str, str | None, bytes]) -> bytes:
    """A multipart/form-data body of (field name, file name or None for a text field, content)."""
    body = b""
    for name, filename, content in parts:
        disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else "")
        body += f"--{BOUNDARY}\r\nContent-Disposition: {disposition}\r\n\r\n".encode() + content + b"\r\n"
    return body + f"--{BOUNDARY}--\r\n".encode()


def request_of(body: bytes, chunk: int = 4096, content_type: str | None = None) -> tuple[Request, list[int]]:
    """A request whose body arrives in ``chunk``-byte pieces; the list counts the pieces read."""
    pieces = [body[i : i + chunk] for i in range(0, len(body), chunk)] or [b""]
    read: list[int] = []

    async def receive() -> Message:
        index = len(read)
        read.append(index)
        return {"type": "http.request", "body": pieces[index], "more_body": index < len(pieces) - 1}

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/",
        "headers": [
            (b"content-type", (content_type or f"multipart/form-data; boundary={BOUNDARY}").encode()),
        ],
    }
    return Request(scope, receive), read


async def test_files_and_fields_are_read_in_order() -> None:
    ride = (ACTIVITIES / "garmin-edge500-ride-b.fit").read_bytes()
    body = form(
        ("csrf_token", None, b"t0ken"), ("file", "ride.fit", ride), ("file", "log.csv", b"Date,Reps\n")
    )
    request, _ = request_of(body)
    upload = await read_multipart(request, max_files=2, max_file_bytes=len(ride), max_total_bytes=len(body))
    assert [f.filename for f in upload.files] == ["ride.fit", "log.csv"]
    assert upload.files[0].data == ride
    assert upload.fields == {"csrf_token": "t0ken"}


async def test_a_file_over_its_limit_is_refused_while_it_streams() -> None:
    body = form(("file", "big.fit", b"x" * 200_000))
    request, read = request_of(body, chunk=1000)
    with pytest.raises(EdgeProblem) as refused:
        await read_multipart(request, max_files=1, max_file_bytes=10_000, max_total_bytes=1_000_000)
    assert refused.value.status == 413 and "'big.fit' is over 9 KiB" in refused.value.description
    assert len(read) < 20  # stopped near 10 000 bytes, not after the 200 pieces


async def test_too_many_files_too_many_fields_and_a_body_over_the_total_are_refused() -> None:
    many, _ = request_of(form(*[("file", f"{n}.gpx", b"<gpx/>") for n in range(3)]))
    with pytest.raises(EdgeProblem, match="more than 2 files; send at most 2"):
        await read_multipart(many, max_files=2, max_file_bytes=100, max_total_bytes=100_000)
    fields, _ = request_of(form(*[(f"f{n}", None, b"v") for n in range(40)]))
    with pytest.raises(EdgeProblem, match="more than 16 text fields"):
        await read_multipart(fields, max_files=2, max_file_bytes=100, max_total_bytes=100_000)
    total, _ = request_of(form(("file", "a.fit", b"a" * 900), ("file", "b.fit", b"b" * 900)))
    with pytest.raises(EdgeProblem) as over:
        await read_multipart(total, max_files=2, max_file_bytes=1000, max_total_bytes=1500)
    assert over.value.status == 413 and "request body" in over.value.description


async def test_a_malformed_form_or_one_without_boundary_is_a_400_saying_how_to_send() -> None:
    broken, _ = request_of(b"--kinetic-boundary\r\nno headers end here")
    with pytest.raises(EdgeProblem) as refused:
        await read_multipart(broken, max_files=1, max_file_bytes=100, max_total_bytes=1000)
    no_boundary, _ = request_of(b"", content_type="multipart/form-data")
    with pytest.raises(EdgeProblem, match="names no boundary"):
        await read_multipart(no_boundary, max_files=1, max_file_bytes=100, max_total_bytes=1000)
    assert refused.value.status == 400


def test_gzip_is_undone_and_a_bomb_stops_at_the_limit() -> None:
    track = (ACTIVITIES / "garmin-connect-run-typed.gpx").read_bytes()
    unpacked = gunzipped(UploadedFile("run.gpx.gz", gzip.compress(track)), MAX_ACTIVITY_FILE_BYTES)
    assert (unpacked.filename, unpacked.data) == ("run.gpx", track)
    bomb = gzip.compress(b"\0" * (50 * 1024 * 1024))  # 50 KiB that inflate to 50 MiB
    with pytest.raises(EdgeProblem) as refused:
        gunzipped(UploadedFile("bomb.csv.gz", bomb), 1024 * 1024)
    assert refused.value.status == 413 and "once decompressed is over 1 MiB" in refused.value.description
    with pytest.raises(EdgeProblem, match="cut-short gzip"):
        gunzipped(UploadedFile("cut.gz", gzip.compress(track)[:500]), MAX_ACTIVITY_FILE_BYTES)
    plain = UploadedFile("log.csv", b"Date,Reps\n")
    assert gunzipped(plain, 10) is plain


@pytest.mark.parametrize(
    ("path", "name", "kind"),
    [
        (ACTIVITIES / "garmin-fr645m-run.fit", "run.fit", "activity"),
        (ACTIVITIES / "garmin-fr645m-run.fit", "export.csv", "activity"),  # content before name
        (ACTIVITIES / "garmin-connect-run-typed.gpx", "", "activity"),
        (ACTIVITIES / "garmin-fr410-run.tcx", "run.txt", "activity"),
        (FIXTURES / "workout_files" / "real" / "strong_2021_breinsp.csv", "strong.csv", "workout_log"),
        (FIXTURES / "workout_files" / "hevy_kg.csv", "", "workout_log"),
        (FIXTURES / "activity_files" / "broken_truncated.fit", "broken.fit", "activity"),
    ],
)
def test_each_file_goes_to_the_importer_its_content_says(path: Path, name: str, kind: str) -> None:
    assert kind_of(UploadedFile(name, path.read_bytes())) == kind


def test_a_file_of_neither_kind_is_told_apart() -> None:
    assert kind_of(UploadedFile("photo.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01")) is None
    assert kind_of(UploadedFile("", b"")) is None


def test_the_limits_stated_are_the_ones_enforced() -> None:
    text = limits_text()
    assert f"Up to {MAX_FILES_AT_ONCE} files" in text
    assert f"{MAX_ACTIVITY_FILE_BYTES // (1024 * 1024)} MiB each" in text
    assert f"up to {MAX_WORKOUT_LOG_FILE_BYTES // (1024 * 1024)} MiB" in text
