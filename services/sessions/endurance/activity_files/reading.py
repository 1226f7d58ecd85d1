"""``read_activity_file``: which format a file is, by its content, and reading it."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast, get_args

from services.sessions.endurance.activity_files.activity import build_activity
from services.sessions.endurance.activity_files.detection import detect_format
from services.sessions.endurance.activity_files.fit import read_fit
from services.sessions.endurance.activity_files.gpx import read_gpx
from services.sessions.endurance.activity_files.legs import split_legs
from services.sessions.endurance.activity_files.model import (
    ActivityFile,
    ActivityFormat,
    Sport,
    UnreadableActivityFile,
)
from services.sessions.endurance.activity_files.recording import Recording
from services.sessions.endurance.activity_files.tcx import read_tcx

_MIB = 1024 * 1024
# The largest file of each format that is read at all (decision 0069, Size caps): several times a
# 24-hour recording at 1 Hz with every sensor (FIT ~1.4 MiB, GPX ~21 MiB, TCX ~30 MiB), within the
# 64 MiB upload limit. Reading is linear, so a cap bounds the work as well as the memory.
MAX_FILE_BYTES: dict[ActivityFormat, int] = {"fit": 16 * _MIB, "tcx": 64 * _MIB, "gpx": 64 * _MIB}

SPORTS: frozenset[str] = frozenset(get_args(Sport))
_READERS: dict[ActivityFormat, Callable[[bytes], Recording]] = {
    "fit": read_fit,
    "tcx": read_tcx,
    "gpx": read_gpx,
}


def read_activity_files(
    data: bytes, *, filename: str | None = None, sport: str | None = None
) -> tuple[ActivityFile, ...]:
    """The file's activities: one per leg of a multisport FIT file, else the one it holds.

    Each leg is checked and summed up on its own (``legs.split_legs``, decision 0087); the rules
    and refusals are ``read_activity_file``'s. ``sport``, the one the athlete gave with the
    upload, is the sport of a file of one activity and sums it up as such (a TCX
    ``Sport="Other"`` given as a swim has a swim's moving time, decision 0084); a multisport
    file's legs keep their own.
    """
    legs = split_legs(_read_recording(data, filename))
    if sport in SPORTS and len(legs) == 1:
        legs[0].sport = cast(Sport, sport)
    return tuple(build_activity(leg) for leg in legs)


def read_activity_file(data: bytes, *, filename: str | None = None) -> ActivityFile:
    """The activity recorded in a FIT, TCX or GPX file.

    The format is found from the content (``detection.detect_format``); ``filename`` only words a
    refusal. Raises ``UnreadableActivityFile`` for a file that is none of the three, damaged,
    cut short, unsafe XML, over its format's ``MAX_FILE_BYTES``, or without at least two timed
    records; nothing partial is returned. Decisions 0053 and 0069 describe every rule.
    """
    return build_activity(_read_recording(data, filename))


def _read_recording(data: bytes, filename: str | None) -> Recording:
    file_format = detect_format(data, filename)
    if len(data) > MAX_FILE_BYTES[file_format]:
        raise UnreadableActivityFile(
            f"the {file_format.upper()} file is {len(data) / _MIB:.1f} MiB; {file_format.upper()} files "
            f"over {MAX_FILE_BYTES[file_format] // _MIB} MiB are refused unread (a 24-hour recording "
            "is far smaller): export a single activity"
        )
    return _READERS[file_format](data)
