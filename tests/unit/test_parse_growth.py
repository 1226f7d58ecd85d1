"""Every file parser reads generated worst cases in time linear in their size (decision 0069).

Each case is read at 256 KiB and at 1 MiB (4×). The CPU time at 1 MiB must stay within 8× the
time at 256 KiB (linear growth is 4×; quadratic is 16×). Times are this process's CPU seconds
(``time.process_time``), not wall time; each size is read three times and the least kept. A case
too quick to time at 256 KiB (under 5 ms) has no growth to judge; it must read 1 MiB within the
CPU budget a parse of that size gets in production (2 s, a hundred times what such a case takes),
so a blow-up still shows. How many seconds each case
takes, against the CPU budget a parse gets in production, is a figure ``python -m
benchmarks.hostile_file_parse`` prints: a bound in seconds failed here whenever the machine was
busy (CPU time itself grows about 2× at load 15 on two cores), while the growth is a ratio of two
reads taken side by side.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

import pytest

from services.sessions.endurance.activity_files import UnreadableActivityFile, read_activity_file
from services.sessions.endurance.adapters.file_reading import budget_for
from services.sessions.workout_log.files import WorkoutFileError, parse_workout_csv
from tests.fixtures import hostile_files

SMALL = 256 * 1024
LARGE = 4 * SMALL
MEASURABLE_S = 0.005
MAX_GROWTH = 8.0


def _cpu_seconds(parse: Callable[[bytes], object], data: bytes) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        with contextlib.suppress(UnreadableActivityFile, WorkoutFileError):
            parse(data)
        best = min(best, time.process_time() - started)
    return best


def _read_csv(data: bytes) -> object:
    return parse_workout_csv(data, unit="kg")


CASES = [(name, make, read_activity_file) for name, make in hostile_files.ACTIVITY_CASES.items()] + [
    (name, make, _read_csv) for name, make in hostile_files.CSV_CASES.items()
]


@pytest.mark.parametrize(("name", "make", "parse"), CASES, ids=[case[0] for case in CASES])
def test_a_worst_case_file_reads_in_linear_time(
    name: str, make: Callable[[int], bytes], parse: Callable[[bytes], object]
) -> None:
    small = _cpu_seconds(parse, make(SMALL))
    large = _cpu_seconds(parse, make(LARGE))
    if small < MEASURABLE_S:
        assert large < budget_for(LARGE).cpu_seconds, f"{name}: {large:.3f} s for 1 MiB"
    else:
        assert large <= MAX_GROWTH * small, f"{name}: {small:.3f} s at 256 KiB, {large:.3f} s at 1 MiB"


def test_the_crafted_namespace_gpx_is_refused_at_once() -> None:
    # 240 KB of " xmlns": gpxpy's namespace regex took ~12 s of CPU over it (issue 26, row 2).
    data = hostile_files.gpx_namespace_flood(240 * 1024)
    assert _cpu_seconds(read_activity_file, data) < 0.5
    with pytest.raises(UnreadableActivityFile, match="no track points with a time"):
        read_activity_file(data)


def test_half_a_mib_without_markup_refuses_an_xml_file() -> None:
    with pytest.raises(UnreadableActivityFile, match="512 KiB without any XML markup"):
        read_activity_file(hostile_files.gpx_huge_attribute(2 * LARGE))
    with pytest.raises(UnreadableActivityFile, match="512 KiB without any XML markup"):
        read_activity_file(hostile_files.gpx_many_attributes(2 * LARGE))


def test_a_file_over_its_formats_cap_is_refused_unread() -> None:
    data = hostile_files.fit_many_definitions(17 * 1024 * 1024)
    started = time.process_time()
    with pytest.raises(UnreadableActivityFile, match=r"FIT files over 16 MiB are refused"):
        read_activity_file(data)
    assert time.process_time() - started < 0.5
