"""Twins: the same activity imported from another file (decision 0087, refining 0053).

A ride exported as FIT and as TCX, or recorded by a watch and a bike computer at once, gives two
files with two ``source_key``s. Stored twice, it counts twice in the day's load. An imported
activity is the twin of a stored file import when both have the same sport, start within
``START_TOLERANCE_S`` of each other and last about as long (``durations_match``). Of two twins
the richer is kept (``richness``): the one carrying more measures, then the one in the fuller
format; on a tie, the one stored first.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Final

from services.sessions.endurance.domain.endurance_model import ActivityValues

# A copy of one recording starts on the same second; two devices started by the same hand differ
# by seconds, rarely by a minute. Two different sessions of one sport a person does in a day
# (a double run, a warm-up recorded apart) start many minutes apart.
START_TOLERANCE_S: Final = 60.0
# Durations within 10 % of the longer, or 60 s for short ones: a second device stopped a little
# later matches; a 10-minute warm-up beside a 60-minute ride that started with it does not.
DURATION_TOLERANCE: Final = 0.10
DURATION_TOLERANCE_MIN_S: Final = 60.0
# FIT is what the device recorded (every sensor, laps, pauses); TCX is an export of it that
# drops some (the timer's pauses, zero watts in some writers); GPX carries the least.
FORMAT_RANK: Final = {"fit": 3, "tcx": 2, "gpx": 1}


def start_gap_s(stored: datetime, new: datetime) -> float:
    """Seconds between two starts; a start read back without a zone is UTC (SQLite keeps none)."""
    return abs((_utc(stored) - _utc(new)).total_seconds())


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def durations_match(stored_s: float, new_s: float) -> bool:
    longer = max(stored_s, new_s)
    return abs(stored_s - new_s) <= max(DURATION_TOLERANCE_MIN_S, DURATION_TOLERANCE * longer)


def is_twin(stored: ActivityValues, new: ActivityValues) -> bool:
    """Same sport, starts within ``START_TOLERANCE_S``, durations that match."""
    return (
        stored.sport == new.sport
        and start_gap_s(stored.start, new.start) <= START_TOLERANCE_S
        and durations_match(stored.duration_s, new.duration_s)
    )


def richness(values: ActivityValues, source_key: str) -> tuple[int, int]:
    """(measures carried, format rank): power, heart rate, cadence and distance count one each."""
    measures = sum(
        value is not None
        for value in (values.avg_power_w, values.avg_hr, values.avg_cadence, values.distance_m)
    )
    return measures, FORMAT_RANK.get(source_key.split(":", 1)[0], 0)


def twin_note(kept_first: bool, stored_id: str, new_format: str) -> str:
    """The sentence the import answer gives for a twin."""
    if kept_first:
        return (
            f"already there: activity {stored_id} is the same activity (same sport, start within "
            f"{START_TOLERANCE_S:.0f} s, similar duration) from a file at least as complete; "
            f"this {new_format.upper()} file stored nothing (decision 0087)"
        )
    return (
        f"replaced: activity {stored_id} was the same activity from a less complete file; it now "
        f"holds this {new_format.upper()} file's figures and streams, under the same ID (decision 0087)"
    )
