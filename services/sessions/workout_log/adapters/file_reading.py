"""Reading an uploaded workout history file in a child process, within a budget (decision 0069).

The file is hostile input: a parser is Python code holding the GIL, so the log never reads it on
the service's own threads. ``kinetic.bounded_parse`` runs ``parse_workout_csv`` in a niced child
with a CPU budget proportional to the file's size, a memory cap and a deadline; an overrun kills
it. The budget is the one the edge applied before the reading moved here (decision 0098).
"""

from __future__ import annotations

import functools
from typing import Final

from kinetic.bounded_parse import Budget, ParseOverrun, ParseWorkers
from services.sessions.workout_log.domain.log_errors import InvalidWorkoutFile, WorkoutFileNotRead
from services.sessions.workout_log.files import (
    DistanceUnit,
    ImportResult,
    WeightUnit,
    WorkoutFileError,
    parse_workout_csv,
)
from services.sessions.workout_log.files.model import NotCsvFile

# 2 s of CPU plus 2 s per MiB (a five-year export reads at ~0.2 s per MiB), 1 GiB of address
# space, and at most 10 s of the call's time: two files at a time, one per account.
PARSE_BASE_S: Final = 2.0
PARSE_S_PER_MIB: Final = 2.0
PARSE_MEMORY_BYTES: Final = 1024 * 1024 * 1024
PARSE_TIMEOUT_S: Final = 10.0
PARSE_SLOTS: Final = 2


def workout_file_workers(slots: int = PARSE_SLOTS) -> ParseWorkers:
    """The child processes that read workout history files."""
    return ParseWorkers([WorkoutFileError], slots=slots, preload=["services.sessions.workout_log.files"])


async def read_in_child(
    workers: ParseWorkers,
    data: bytes,
    *,
    account_id: str,
    unit: WeightUnit | None,
    distance_unit: DistanceUnit | None,
    timeout_s: float | None,
) -> ImportResult:
    """``parse_workout_csv`` in a child; refusals and overruns as the log's errors."""
    parse = functools.partial(parse_workout_csv, unit=unit, distance_unit=distance_unit)
    budget = Budget.per_size(
        len(data), base_s=PARSE_BASE_S, per_mib_s=PARSE_S_PER_MIB, memory_bytes=PARSE_MEMORY_BYTES
    )
    timeout = PARSE_TIMEOUT_S if timeout_s is None else min(PARSE_TIMEOUT_S, timeout_s)
    try:
        return await workers.run(parse, data, budget, owner=account_id, timeout_s=timeout)
    except NotCsvFile as refused:  # the edge answers 415 for this reason (decision 0107)
        raise InvalidWorkoutFile(refused.reason, reason="UNSUPPORTED_FILE_FORMAT") from None
    except WorkoutFileError as refused:
        raise InvalidWorkoutFile(refused.reason) from None
    except ParseOverrun as overrun:
        if overrun.deadline:
            raise WorkoutFileNotRead(
                "the file could not be read in time (the service is busy); nothing was stored: send it again"
            ) from None
        raise InvalidWorkoutFile(f"{overrun.reason}; the file is refused") from None
