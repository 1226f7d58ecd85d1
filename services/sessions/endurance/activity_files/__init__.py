"""Activity files: reading a run, ride or swim recorded as FIT, TCX or GPX.

Pure: bytes in, values out, no database, no network, no clock. The CLI, the REST upload and the
services wire it to accounts; they use each activity's ``source_key`` to make a second import of
the same file change nothing.

- ``read_activity_file(data, *, filename=None) -> ActivityFile``
- ``read_activity_files(data, *, filename=None) -> tuple[ActivityFile, ...]``: one per leg of a
  multisport FIT file (decision 0087); what the importer stores.

Detection, sports, 1 Hz streams, moving time, units, limits, the key's recipe and XML safety:
docs/decisions/0053-activity-files.md.
"""

from __future__ import annotations

from services.sessions.endurance.activity_files.model import (
    ActivityFile,
    ActivityFormat,
    Lap,
    Sport,
    Streams,
    UnreadableActivityFile,
)
from services.sessions.endurance.activity_files.reading import read_activity_file, read_activity_files
from services.sessions.endurance.activity_files.streams import HOLD_GAP_S, MOVING_SPEED_MPS

__all__ = [
    "HOLD_GAP_S",
    "MOVING_SPEED_MPS",
    "ActivityFile",
    "ActivityFormat",
    "Lap",
    "Sport",
    "Streams",
    "UnreadableActivityFile",
    "read_activity_file",
    "read_activity_files",
]
