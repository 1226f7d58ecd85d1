"""Real files with stops, gaps and climbs, imported through the sessions service as an athlete would,
against the devices' own summaries (decision 0086; the files and where each expected value comes
from: tests/fixtures/real_activities/stops/SOURCES.md).

Tolerances: elapsed time ±5 s (the device's runs from its timer's start to its last stop, Kinetic's
from the first record to the last: decision 0053), distance ±0.5 % or ±10 m, heart rate ±1 bpm,
average power ±3 W, NP ±1 % or ±3 W, elevation gain ±10 % or ±10 m, TSS ±5 % (the device's TSS
counts its timer time, Kinetic's counts moving time, which leaves out standing still while the
timer runs), and stress per hour at most 150. Moving time is never above the device's timer time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date
from pathlib import Path

import pytest

from kinetic.sessions.v1 import endurance_pb2 as en
from services.analytics.domain.endurance_changes import ActivityFacts
from services.analytics.domain.training_stress import ThresholdsInForce, activity_stress
from tests.integration.sessions.endurance_support import endurance_stack

FILES = Path(__file__).resolve().parents[2] / "fixtures" / "real_activities" / "stops"
MAX_STRESS_PER_HOUR = 150.0


@dataclass(frozen=True)
class Device:
    """What the device wrote in its session message (GPX: what gpxpy measures), per SOURCES.md."""

    file: str
    brand: str
    sport: str
    elapsed_s: float
    timer_s: float | None
    distance_m: float | None
    avg_hr: float | None = None
    avg_power_w: float | None = None
    normalized_power_w: float | None = None
    ascent_m: float | None = None
    ftp_w: float | None = None
    tss: float | None = None


DEVICES = (
    Device(
        "2019-02-17-062644-ELEMNT-297E-195-0.fit",
        "Wahoo ELEMNT",
        "ride",
        23595.0,
        13471.0,
        78940.55,
        avg_hr=124,
        avg_power_w=102,
        normalized_power_w=157,
        ascent_m=185,
        ftp_w=220,
        tss=190.0,
    ),
    Device(
        "Edge810-Vector-2013-08-16-15-35-10.fit",
        "Garmin Edge 810 + Vector",
        "ride",
        4700.05,
        4700.05,
        41339.38,
        avg_hr=154,
        avg_power_w=276,
        normalized_power_w=301,
        ascent_m=514,
        ftp_w=315,
        tss=118.7,
    ),
    Device(
        "sample-activity-indoor-trainer.fit",
        "Garmin Edge 800",
        "ride",
        2261.85,
        2261.85,
        None,
        avg_hr=148,
        avg_power_w=201,
        normalized_power_w=228,
        ascent_m=4,
        ftp_w=250,
        tss=50.8,
    ),
    Device(
        "null_compressed_speed_dist.fit",
        "Zwift",
        "ride",
        1807.0,
        1808.0,
        13400.14,
        avg_power_w=123,
        ascent_m=92,
    ),
    Device(
        "garmin-edge-500-activity.fit",
        "Garmin Edge 500",
        "ride",
        12691.28,
        10641.06,
        92622.34,
        avg_hr=162,
        ascent_m=541,
    ),
    Device("2015-10-13-08-43-15.fit", "Garmin Edge 200", "ride", 1623.198, 1558.198, 11536.43, ascent_m=66),
    Device("activity-small-fenix2-run.fit", "Garmin Fenix 2", "run", 2832.0, 2832.0, 9008.22, ascent_m=64),
    Device("cerknicko-jezero.gpx", "GPSBabel (Garmin)", "other", 7190.0, None, 4580.14, ascent_m=223.46),
)


def _within(stored: float | None, expected: float | None, relative: float, absolute: float) -> bool:
    if expected is None:
        return True
    return stored is not None and abs(stored - expected) <= max(absolute, relative * abs(expected))


def _optional(summary: en.ActivitySummary, name: str) -> float | None:
    return float(getattr(summary, name)) if summary.HasField(name) else None


def _row(
    device: Device, summary: en.ActivitySummary, tss: float | None
) -> dict[str, tuple[object, object, bool]]:
    """Each compared figure: (device, stored, agrees)."""
    moving = summary.moving_time_s
    distance, hr = _optional(summary, "distance_m"), _optional(summary, "avg_hr")
    watts, normalized = _optional(summary, "avg_power_w"), _optional(summary, "normalized_power_w")
    ascent = _optional(summary, "elevation_gain_m")
    return {
        "sport": (device.sport, summary.sport, summary.sport == device.sport),
        "elapsed s": (
            device.elapsed_s,
            summary.duration_s,
            _within(summary.duration_s, device.elapsed_s, 0, 5),
        ),
        "timer/moving s": (device.timer_s, moving, device.timer_s is None or moving <= device.timer_s + 2),
        "distance m": (device.distance_m, distance, _within(distance, device.distance_m, 0.005, 10)),
        "avg HR": (device.avg_hr, hr, _within(hr, device.avg_hr, 0, 1)),
        "avg W": (device.avg_power_w, watts, _within(watts, device.avg_power_w, 0, 3)),
        "NP W": (
            device.normalized_power_w,
            normalized,
            _within(normalized, device.normalized_power_w, 0.01, 3),
        ),
        "ascent m": (device.ascent_m, ascent, _within(ascent, device.ascent_m, 0.1, 10)),
        "TSS": (device.tss, tss, _within(tss, device.tss, 0.05, 0)),
    }


@pytest.mark.asyncio
async def test_real_files_with_stops_gaps_and_climbs_match_their_devices(sqlite_engines, tmp_path):
    rows: list[tuple[Device, dict[str, tuple[object, object, bool]]]] = []
    async with endurance_stack(sqlite_engines, tmp_path) as stack:
        for device in DEVICES:
            answer = await stack.import_file((FILES / device.file).read_bytes(), filename=device.file)
            summary = answer.activity
            facts = ActivityFacts(
                activity_id=summary.activity_id,
                sport=summary.sport,
                start_time=summary.start_time.ToDatetime(tzinfo=UTC),
                duration_s=summary.duration_s,
                moving_time_s=summary.moving_time_s,
                distance_m=summary.distance_m if summary.HasField("distance_m") else None,
                avg_power_w=summary.avg_power_w if summary.HasField("avg_power_w") else None,
                normalized_power_w=summary.normalized_power_w
                if summary.HasField("normalized_power_w")
                else None,
                avg_hr=summary.avg_hr if summary.HasField("avg_hr") else None,
            )
            stress = activity_stress(facts, ThresholdsInForce(day=date(2026, 1, 1), ftp_w=device.ftp_w))
            tss = stress.tss if stress.method == "power" else None
            rows.append((device, _row(device, summary, tss)))

            # The import answer shows NP in whole watts, never below the average power (which is
            # shown to 0.1 W: a steady ride's NP may read up to 0.5 W under it).
            if summary.HasField("normalized_power_w"):
                assert float(summary.normalized_power_w).is_integer(), device.file
                assert summary.normalized_power_w >= summary.avg_power_w - 0.5, device.file
            if tss is not None:
                assert tss / (summary.moving_time_s / 3600) <= MAX_STRESS_PER_HOUR, device.file

    table = "\n".join(
        f"{device.file} ({device.brand}): "
        + "; ".join(
            f"{name} {want} vs {got}{'' if ok else ' MISMATCH'}" for name, (want, got, ok) in row.items()
        )
        for device, row in rows
    )
    print(table)
    assert all(ok for _, row in rows for _, _, ok in row.values()), table
