"""Strong and Hevy exports as the apps wrote them, every layout seen in the wild (decision 0088).

``real/`` holds exports from public repositories (trimmed to whole workouts, rows as written);
``layouts/`` holds files in a layout seen only in exports whose licence does not let them be copied
here: the header as the app wrote it, rows written for these tests. SOURCES.md in each says where.
Expected values are read off the files by hand (the rows are listed in the comments).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from services.sessions.workout_log.files import (
    ImportedSet,
    ImportedWorkout,
    ImportResult,
    UnitRequired,
    WeightUnit,
    parse_workout_csv,
    write_strong_csv,
)
from services.sessions.workout_log.files.model import SetType

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "workout_files"


def read(path: str, unit: WeightUnit | None = None) -> ImportResult:
    return parse_workout_csv((FIXTURES / path).read_bytes(), unit=unit)


def sets_of(result: ImportResult) -> int:
    return sum(len(entry.sets) for workout in result.workouts for entry in workout.entries)


def entry(workout: ImportedWorkout, name: str) -> tuple[ImportedSet, ...]:
    return next(one.sets for one in workout.entries if one.exercise_name == name)


def lift(
    load: float | None,
    unit: WeightUnit | None,
    reps: int | None,
    set_type: SetType = "normal",
    rpe: float | None = None,
) -> ImportedSet:
    return ImportedSet(load, unit, reps, None, None, rpe, set_type)


def timed(seconds: int, distance_m: float | None = None) -> ImportedSet:
    return ImportedSet(None, None, None, distance_m, seconds, None, "normal")


# --- real exports


def test_strong_2024_without_notes_columns_reads_every_set() -> None:
    # DaKheera47/strong-statistics: 250 rows (no line end after the last), 15 workouts, durations
    # "35m" .. "1h 19m", no Notes columns.
    result = read("real/strong_2024_dakheera47.csv", unit="kg")
    assert (len(result.workouts), sets_of(result), result.skipped) == (15, 250, ())
    first, last = result.workouts[0], result.workouts[-1]
    assert (first.started_at, first.title) == (datetime(2024, 11, 28, 17, 36, 8), "B")
    assert first.ended_at == first.started_at + timedelta(minutes=35)
    assert entry(first, "Bent Over Row (Barbell)")[:2] == (lift(10.0, "kg", 13), lift(10.0, "kg", 16))
    assert last.ended_at == datetime(2025, 10, 8, 13, 3, 21) + timedelta(hours=1, minutes=15)
    assert sum(len(one.sets) for one in last.entries) == 21
    assert all(workout.ended_at is not None for workout in result.workouts)


def test_strong_2021_with_two_hour_durations_and_planks() -> None:
    # breinsp/strong-charts: "2h 18m" and "1h 37m"; a pull-up at 0.0 kg and planks of 90 s.
    result = read("real/strong_2021_breinsp.csv", unit="kg")
    assert (len(result.workouts), sets_of(result), result.skipped) == (2, 35, ())
    wednesday, later = result.workouts
    assert wednesday.ended_at == datetime(2021, 2, 10, 19, 4, 13)
    assert entry(wednesday, "Bench Press (Barbell)")[3] == lift(75.0, "kg", 6)
    assert entry(wednesday, "Wide Pull Up") == (lift(None, None, 6), lift(None, None, 6))
    assert later.ended_at == datetime(2021, 2, 17, 19, 55, 29)
    assert entry(later, "Plank") == (timed(90), timed(90))


def test_strong_2020_keeps_a_workout_whose_timer_ran_for_days_and_reports_it() -> None:
    # AlexandrosKyriakakis/StrongAppAnalytics: "2h 38m"; "83h 31m" (the timer left running);
    # "5m" with a swim of 1.0 (km beside kg) in 30 s.
    result = read("real/strong_2020_kyriakakis.csv", unit="kg")
    assert (len(result.workouts), sets_of(result), result.skipped) == (3, 45, ())
    olympic, forgotten, swim = result.workouts
    assert olympic.ended_at == datetime(2020, 12, 30, 21, 29, 52)
    assert entry(olympic, "Clean (Barbell)")[-1] == lift(90.0, "kg", 4)
    assert forgotten.ended_at is None
    assert sum(len(one.sets) for one in forgotten.entries) == 14
    ((dropped),) = result.dropped_durations
    assert dropped.line == 32 and dropped.reason.startswith("Duration '83h 31m' is more than 72 hours")
    assert swim.ended_at == datetime(2021, 5, 13, 12, 5)
    assert entry(swim, "Swimming") == (timed(30, 1000.0),)


def test_hevy_2025_in_kilograms_with_every_set_type_and_timed_sets() -> None:
    # DaKheera47/strong-statistics sample_hevy.csv, three workouts: 25, 17 and 9 sets.
    result = read("real/hevy_kg_2025_dakheera47.csv")
    assert (result.format, len(result.workouts), sets_of(result), result.skipped) == ("hevy", 3, 51, ())
    arms, forearms, lower = result.workouts
    assert (arms.started_at, arms.ended_at) == (datetime(2025, 5, 3, 9, 31), datetime(2025, 5, 3, 10, 20))
    assert (forearms.started_at, forearms.ended_at) == (
        datetime(2025, 5, 3, 10, 20),
        datetime(2025, 5, 3, 10, 41),
    )
    assert (lower.started_at, lower.ended_at) == (
        datetime(2025, 9, 15, 7, 48),
        datetime(2025, 9, 15, 9, 13),
    )
    # Reps 0 on a timed set and duration_seconds 0 on a lift are "not recorded".
    assert entry(arms, "Warm Up")[:2] == (timed(300), timed(300))
    assert entry(lower, "Seated Leg Curl (Machine)")[:3] == (
        lift(39.0, "kg", 10, "warmup", 6.0),
        lift(51.0, "kg", 6, "warmup", 6.0),
        lift(78.0, "kg", 12, "normal", 9.0),
    )
    kinds = [one.set_type for workout in result.workouts for e in workout.entries for one in e.sets]
    assert {kind: kinds.count(kind) for kind in set(kinds)} == {
        "normal": 25,
        "warmup": 15,
        "failure": 10,
        "drop": 1,
    }


# --- layouts seen in exports that cannot be copied here


def test_strong_2016_names_its_columns_kg_and_km() -> None:
    # The first exports: "kg" and "km" as whole headers, Set Order from 0, no duration.
    result = read("layouts/strong_2016_kg_km.csv")  # no unit needed: the header says kg
    ((workout),) = result.workouts
    assert (workout.started_at, workout.ended_at) == (datetime(2016, 10, 3, 19, 30, 55), None)
    assert entry(workout, "Squat") == (lift(60.0, "kg", 5), lift(70.0, "kg", 5), lift(72.5, "kg", 5))
    assert entry(workout, "Pull Up (Neutral Grip)") == (lift(None, None, 8),)
    assert entry(workout, "Running") == (timed(900, 2500.0),)
    assert workout.entries[1].notes == "slow negatives"


def test_strong_2017_without_duration_or_rpe_needs_the_unit() -> None:
    with pytest.raises(UnitRequired):
        read("layouts/strong_2017_no_duration.csv")
    ((workout),) = read("layouts/strong_2017_no_duration.csv", unit="lb").workouts
    assert workout.ended_at is None
    assert entry(workout, "Bench Press (Barbell)") == (lift(50.0, "lb", 10), lift(55.0, "lb", 8))


def test_strong_2019_with_rpe_and_no_duration() -> None:
    ((workout),) = read("layouts/strong_2019_rpe_no_duration.csv", unit="kg").workouts
    assert workout.title == "Воркаут после полудня"
    assert entry(workout, "Elliptical Machine") == (timed(330, 2000.0),)
    assert entry(workout, "Bench Press (Barbell)")[1] == lift(40.0, "kg", 10, rpe=8.0)


def test_strong_2018_semicolons_with_a_weight_unit_column_in_pounds_and_miles() -> None:
    ((workout),) = read("layouts/strong_2018_semicolon_weight_unit.csv").workouts
    assert entry(workout, "Incline Bench Press (Barbell)") == (
        lift(90.0, "lb", 15),
        lift(102.5, "lb", 12, rpe=8.5),
    )
    assert entry(workout, "Cycling") == (timed(1200, 4988.966),)  # 3,1 mi


def test_strong_2021_with_units_and_the_duration_last_as_workout_duration() -> None:
    ((workout),) = read("layouts/strong_2021_weight_unit_workout_duration.csv").workouts
    assert workout.ended_at == datetime(2021, 1, 11, 13, 33, 54)  # "1h 2m"
    assert entry(workout, "Deadlift (Barbell)") == (lift(100.0, "kg", 5), lift(110.0, "kg", 4, rpe=9.0))
    assert entry(workout, "Rowing (Machine)") == (timed(360, 1500.0),)


def test_strong_2022_durations_in_min() -> None:
    wednesday, friday = read("layouts/strong_2022_minutes_min.csv", unit="lb").workouts
    assert wednesday.ended_at == datetime(2022, 9, 21, 11, 4, 28)  # "38min"
    assert friday.ended_at == datetime(2022, 9, 23, 10, 7, 10)  # "1h 5min"


def test_strong_2020_numbered_workouts_with_seconds_metres_and_spelled_out_set_kinds() -> None:
    ((workout),) = read("layouts/strong_2020_workout_number.csv").workouts
    assert workout.ended_at == datetime(2020, 1, 20, 11, 43, 41) + timedelta(seconds=3324)
    assert entry(workout, "Bench Press (Barbell)") == (
        lift(40.823313, "kg", 10, "warmup"),
        lift(61.234969, "kg", 8, rpe=8.0),
        lift(61.234969, "kg", 5, "failure"),
        lift(45.359237, "kg", 10, "drop"),
    )
    assert entry(workout, "Running (Treadmill)") == (timed(600, 1609.344),)


def test_hevy_2024_from_a_us_phone_writes_the_month_first_on_a_twelve_hour_clock() -> None:
    ((workout),) = read("layouts/hevy_2024_month_first_12h.csv").workouts
    assert (workout.started_at, workout.ended_at) == (
        datetime(2024, 10, 1, 18, 48),
        datetime(2024, 10, 1, 19, 51),
    )
    assert entry(workout, "Bench Press (Barbell)")[1] == lift(80.0, "kg", 6, rpe=8.5)
    assert entry(workout, "Treadmill") == (timed(600, 1600.0),)


# --- durations: never silently nothing, and written back readable


STRONG_HEADER = (
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
)


def strong_file(duration: str) -> bytes:
    rows = [
        f'2022-09-21 10:26:28,"Wednesday",{duration},"Squat (Barbell)",{n},95.0,8,0,0,"","",' for n in (1, 2)
    ]
    return "\n".join([STRONG_HEADER, *rows]).encode()


def test_an_unreadable_duration_refuses_its_rows_quoting_the_cell() -> None:
    result = parse_workout_csv(strong_file("about forty minutes"), unit="kg")
    assert result.workouts == ()
    assert [(row.line, row.reason) for row in result.skipped] == [
        (
            line,
            "Duration 'about forty minutes' is not a duration like "
            "1h 5m, 45m, 38min, 1:02:03 or a number of seconds",
        )
        for line in (2, 3)
    ]


@pytest.mark.parametrize(
    ("duration", "seconds"),
    [("38min", 2280), ("1h 5m", 3900), ("45m", 2700), ("1:02:03", 3723), ("2400", 2400), ("1h 5m 30s", 3930)],
)
def test_every_duration_form_is_exported_in_a_form_read_back_the_same(duration: str, seconds: int) -> None:
    (workout,) = parse_workout_csv(strong_file(duration), unit="kg").workouts
    assert workout.ended_at == workout.started_at + timedelta(seconds=seconds)
    written = write_strong_csv([workout], unit="kg")
    (again,) = parse_workout_csv(written.encode(), unit="kg").workouts
    assert again.ended_at == workout.ended_at


def test_a_workout_stored_without_a_length_is_exported_without_a_duration() -> None:
    # The log stores a workout logged without an end as ending at its start: "0m" would be a lie.
    (workout,) = parse_workout_csv(strong_file("38min"), unit="kg").workouts
    zero = ImportedWorkout(
        workout.source_key, workout.started_at, workout.started_at, workout.title, "", workout.entries
    )
    written = write_strong_csv([zero], unit="kg")
    assert ",0m," not in written
    (again,) = parse_workout_csv(written.encode(), unit="kg").workouts
    assert again.ended_at is None


@pytest.mark.parametrize(
    ("text", "wall_time"),
    [
        ("2024-03-04 6:30:00\u202fPM", datetime(2024, 3, 4, 18, 30)),  # Strong on iOS, 12-hour clock
        ("2024-03-04 12:05:00 AM", datetime(2024, 3, 4, 0, 5)),
        ("2024-03-04 18:30:00", datetime(2024, 3, 4, 18, 30)),
    ],
)
def test_strong_dates_on_a_twelve_hour_clock_are_read(text: str, wall_time: datetime) -> None:
    row = f'{text},"Push",45m,"Bench Press (Barbell)",1,80,5,0,0,"","",'
    (workout,) = parse_workout_csv(f"{STRONG_HEADER}\n{row}\n".encode(), unit="kg").workouts
    assert (workout.started_at, workout.ended_at) == (wall_time, wall_time + timedelta(minutes=45))


def test_a_hevy_time_past_twelve_on_a_twelve_hour_clock_is_refused_naming_it() -> None:
    header = "title,start_time,end_time,exercise_title,set_index,set_type,weight_kg,reps"
    row = '"Push","Oct 1, 2024, 13:48 PM","",Bench Press (Barbell),0,normal,80,5'
    result = parse_workout_csv(f"{header}\n{row}\n".encode())
    assert result.workouts == ()
    assert [row.reason for row in result.skipped] == [
        "start_time 'Oct 1, 2024, 13:48 PM' is not a real date and time"
    ]
