"""``read_activity_file``: which format a file is, by its content, and reading it."""

from __future__ import annotations

from collections.abc import Callable

from kinetic.activity_files.activity import build_activity
from kinetic.activity_files.detection import detect_format
from kinetic.activity_files.fit import read_fit
from kinetic.activity_files.gpx import read_gpx
from kinetic.activity_files.model import ActivityFile, ActivityFormat
from kinetic.activity_files.recording import Recording
from kinetic.activity_files.tcx import read_tcx

_READERS: dict[ActivityFormat, Callable[[bytes], Recording]] = {
    "fit": read_fit,
    "tcx": read_tcx,
    "gpx": read_gpx,
}


def read_activity_file(data: bytes, *, filename: str | None = None) -> ActivityFile:
    """The activity recorded in a FIT, TCX or GPX file.

    The format is found from the content (``detection.detect_format``); ``filename`` only words a
    refusal. Raises ``UnreadableActivityFile`` for a file that is none of the three, damaged,
    cut short, unsafe XML, or without at least two timed records; nothing partial is returned.
    Decision 0053 describes every rule.
    """
    return build_activity(_READERS[detect_format(data, filename)](data))
