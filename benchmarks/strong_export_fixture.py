"""A deterministic five-year Strong export (about 50 000 sets) for ``strong_import_parse``.

Four workouts a week for five years, rotating push, pull, legs and upper days of six exercises with
eight sets each (two warm-ups, five working sets, a drop or failure set), loads creeping up week by
week, an RPE on the top sets, some notes with commas and line breaks, and one rest-timer row per
workout as Strong writes them: 1 044 workouts, 50 112 sets, in Strong's long-standing comma layout
(weights in kilograms, stated by the caller). The same arguments always give the same bytes.

``python -m benchmarks.strong_export_fixture PATH`` writes it to PATH.
"""

from __future__ import annotations

import argparse
import csv
import io
from collections.abc import Iterator, Sequence
from datetime import date, datetime, time, timedelta

from services.sessions.workout_log.files.strong import HEADER

FIRST_MONDAY = date(2020, 1, 6)
WEEKS = 261  # five years
TRAINING_WEEKDAYS = (0, 1, 3, 4)  # Monday, Tuesday, Thursday, Friday
DAYS: tuple[tuple[str, tuple[tuple[str, float], ...]], ...] = (
    (
        "Push",
        (
            ("Bench Press (Barbell)", 70.0),
            ("Overhead Press (Barbell)", 40.0),
            ("Incline Bench Press (Dumbbell)", 24.0),
            ("Triceps Pushdown (Cable)", 25.0),
            ("Lateral Raise (Dumbbell)", 8.0),
            ("Chest Fly (Cable)", 15.0),
        ),
    ),
    (
        "Pull",
        (
            ("Deadlift (Barbell)", 110.0),
            ("Bent Over Row (Barbell)", 60.0),
            ("Lat Pulldown (Cable)", 55.0),
            ("Face Pull (Cable)", 20.0),
            ("Bicep Curl (Dumbbell)", 12.0),
            ("Hammer Curl (Dumbbell)", 12.0),
        ),
    ),
    (
        "Legs",
        (
            ("Squat (Barbell)", 90.0),
            ("Romanian Deadlift (Barbell)", 80.0),
            ("Leg Press", 150.0),
            ("Lying Leg Curl (Machine)", 35.0),
            ("Leg Extension (Machine)", 40.0),
            ("Standing Calf Raise (Machine)", 60.0),
        ),
    ),
    (
        "Upper",
        (
            ("Incline Bench Press (Barbell)", 60.0),
            ("Pull Up", 0.0),
            ("Seated Row (Cable)", 50.0),
            ("Arnold Press (Dumbbell)", 16.0),
            ("Skullcrusher (Barbell)", 25.0),
            ("Preacher Curl (Barbell)", 25.0),
        ),
    ),
)
WORKING_SETS = 5
# Per week, a lift's working load grows by this share of its starting load, then resets every
# twelve weeks (a training block), so loads stay plausible over five years.
WEEKLY_GAIN = 0.01
BLOCK_WEEKS = 12


def strong_export(weeks: int = WEEKS) -> str:
    """The export's text: ``weeks`` weeks of four workouts from 6 January 2020."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for week in range(weeks):
        for slot, weekday in enumerate(TRAINING_WEEKDAYS):
            day = FIRST_MONDAY + timedelta(weeks=week, days=weekday)
            writer.writerows(_workout_rows(week, slot, day))
    return out.getvalue()


def _workout_rows(week: int, slot: int, day: date) -> Iterator[list[str]]:
    title, exercises = DAYS[slot]
    started = datetime.combine(day, time(7, 0) if slot % 2 else time(18, 30))
    date_cell = started.strftime("%Y-%m-%d %H:%M:%S")
    duration = f"1h {20 + (week + slot) % 30}m"
    workout_notes = "Slept badly, kept it light" if (week + slot) % 9 == 0 else ""
    progress = 1 + WEEKLY_GAIN * (week % BLOCK_WEEKS)
    for position, (exercise, base) in enumerate(exercises):
        notes = "Belt on,\nstraps for the last set" if position == 0 and week % 5 == 0 else ""
        working = round(base * progress / 2.5) * 2.5
        sets: list[tuple[str, float, int, str]] = [
            ("W", round(working * 0.5 / 2.5) * 2.5, 10, ""),
            ("W", round(working * 0.75 / 2.5) * 2.5, 5, ""),
        ]
        for number in range(1, WORKING_SETS + 1):
            rpe = f"{7 + number * 0.5}" if number >= 3 else ""
            sets.append((str(number), working, 8 - (number + week) % 3, rpe))
        sets.append(("D" if week % 2 else "F", round(working * 0.7 / 2.5) * 2.5, 10, ""))
        for set_order, load, reps, rpe in sets:
            measures = [set_order, f"{load:.1f}", str(reps), "0", "0"]
            yield [date_cell, title, duration, exercise, *measures, notes, workout_notes, rpe]
        if position == 0:
            yield [date_cell, title, duration, exercise, "Rest Timer", "0", "0", "0", "180", "", "", ""]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.strong_export_fixture", description=__doc__)
    parser.add_argument("path", help="where to write the CSV")
    parser.add_argument("--weeks", type=int, default=WEEKS, help=f"weeks of training (default {WEEKS})")
    args = parser.parse_args(argv)
    with open(args.path, "w", encoding="utf-8", newline="") as file:
        file.write(strong_export(args.weeks))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
