"""Reading an uploaded activity file in a child process, within a budget (decision 0069).

The sessions service never parses a file on its own threads: a slow or hostile file would hold
the GIL and slow every other account's calls. ``kinetic.bounded_parse`` runs the parse in a
niced child process with a CPU budget proportional to the file's size, a memory cap and the
caller's remaining time; an overrun kills it.
"""

from __future__ import annotations

import functools
from typing import Final

from kinetic.bounded_parse import Budget, ParseOverrun, ParseWorkers
from services.sessions.endurance.activity_files import (
    ActivityFile,
    UnreadableActivityFile,
    read_activity_files,
)
from services.sessions.endurance.domain.endurance_errors import ImportNotFinished, UnreadableActivity

# CPU: 2 s per MiB, at least 1 s (the kernel counts whole seconds, rounded up): a 1 MiB file not
# read within 2 s is refused. Every reader is linear: real FIT files read at ~0.1 s per MiB and
# the worst generated one at ~1 s; TCX and GPX at 0.1 to 0.2 s (decisions 0069 and 0074).
MIN_CPU_S: Final = 1.0
CPU_S_PER_MIB: Final = 2.0
_MIB: Final = 1024 * 1024
# Address space of the child: the interpreter and parsers (~150 MiB), the file and its copy in
# transit (2 × 64 MiB at most), the recording's columns and streams (~60 MiB for 72 h at 1 Hz).
MEMORY_BYTES: Final = 1536 * 1024 * 1024
PARSE_SLOTS: Final = 2
RETRY_AFTER_S: Final = 5


def activity_file_workers(slots: int = PARSE_SLOTS) -> ParseWorkers:
    """The child processes that read activity files (``slots`` at a time, one per account)."""
    return ParseWorkers(
        [UnreadableActivityFile], slots=slots, preload=["services.sessions.endurance.activity_files"]
    )


def budget_for(size: int) -> Budget:
    return Budget(max(MIN_CPU_S, CPU_S_PER_MIB * size / _MIB), MEMORY_BYTES)


async def read_in_child(
    workers: ParseWorkers,
    data: bytes,
    filename: str,
    *,
    account_id: str,
    timeout_s: float | None,
    sport: str | None = None,
) -> tuple[ActivityFile, ...]:
    """``read_activity_files`` (one activity per multisport leg, decision 0087; ``sport``: the
    one given with the upload) in a child; refusals and overruns as the service's errors."""
    parse = functools.partial(read_activity_files, filename=filename or None, sport=sport)
    try:
        return await workers.run(parse, data, budget_for(len(data)), owner=account_id, timeout_s=timeout_s)
    except UnreadableActivityFile as problem:
        raise UnreadableActivity(problem.reason) from problem
    except ParseOverrun as overrun:
        if overrun.deadline:
            raise ImportNotFinished(
                "the file could not be read within this request's time (the service is busy), so "
                "nothing was stored; send it again",
                metadata={"retryAfter": str(RETRY_AFTER_S)},
            ) from overrun
        raise UnreadableActivity(
            f"{overrun.reason}, which no activity file needs; it is refused (decision 0069)"
        ) from overrun
