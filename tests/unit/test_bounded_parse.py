"""``kinetic.bounded_parse``: a parse in a child process is stopped at its CPU budget, its memory
cap or the caller's deadline, refusals come back as raised, and the caller's process does none of
the parse's work (decision 0069)."""

from __future__ import annotations

import resource
import time

import pytest

from kinetic.bounded_parse import Budget, ParseOverrun, ParseWorkers
from services.sessions.endurance.activity_files import UnreadableActivityFile, read_activity_file
from tests.fixtures import hostile_files

MIB = 1024 * 1024
BUDGET = Budget(cpu_seconds=1, memory_bytes=1024 * MIB)


def spin(_data: bytes) -> None:
    while True:
        pass


def sleep_long(_data: bytes) -> None:
    time.sleep(60)


def hoard(data: bytes) -> int:
    return len(data * (2048 * MIB // max(1, len(data))))


def refuse(_data: bytes) -> None:
    raise UnreadableActivityFile("not an activity")


def length(data: bytes) -> int:
    return len(data)


@pytest.fixture
def workers() -> ParseWorkers:
    return ParseWorkers([UnreadableActivityFile], slots=2)


async def test_a_result_and_a_refusal_come_back_from_the_child(workers: ParseWorkers) -> None:
    assert await workers.run(length, b"abc", BUDGET, owner="a", timeout_s=30) == 3
    with pytest.raises(UnreadableActivityFile, match="not an activity"):
        await workers.run(refuse, b"", BUDGET, owner="a", timeout_s=30)


async def test_a_parse_past_its_cpu_budget_is_killed_and_refused(workers: ParseWorkers) -> None:
    with pytest.raises(ParseOverrun, match="more than its 1 s of processor time") as overrun:
        await workers.run(spin, b"", BUDGET, owner="a", timeout_s=30)
    assert not overrun.value.deadline


async def test_a_parse_past_its_memory_cap_is_refused(workers: ParseWorkers) -> None:
    with pytest.raises(ParseOverrun, match="needed more than 1024 MiB"):
        await workers.run(hoard, b"x" * MIB, BUDGET, owner="a", timeout_s=30)


async def test_a_parse_past_the_callers_deadline_is_killed(workers: ParseWorkers) -> None:
    started = time.monotonic()
    with pytest.raises(ParseOverrun) as overrun:
        await workers.run(sleep_long, b"", BUDGET, owner="a", timeout_s=0.5)
    assert overrun.value.deadline
    assert time.monotonic() - started < 30  # not the 60 s the child would have slept


async def test_the_callers_process_does_not_do_the_parse(workers: ParseWorkers) -> None:
    # A MiB of one-byte FIT records, each a record to store: about 1 s of CPU.
    data = hostile_files.fit_tiny_records(MIB)
    before = resource.getrusage(resource.RUSAGE_SELF)
    with pytest.raises(UnreadableActivityFile):
        await workers.run(read_activity_file, data, Budget(30, 1024 * MIB), owner="a", timeout_s=60)
    after = resource.getrusage(resource.RUSAGE_SELF)
    own = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    assert own < 0.5, f"the caller spent {own:.2f} s of CPU"
