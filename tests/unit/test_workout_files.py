"""Reading Strong and Hevy CSV exports and writing a Strong-layout one (decision 0047).

The fixtures under tests/fixtures/workout_files/ follow each app's export layout: the same Strong
workouts once comma-separated and once semicolon-separated with a BOM, CRLF line ends and decimal
commas; Hevy once in kilograms and kilometres, once in pounds and miles with its columns shuffled.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import re
from datetime import datetime
from pathlib import Path

import pytest

from services.sessions.workout_log.files import (
    ImportedSet,
    ImportedWorkout,
    ImportResult,
    SkippedRow,
    UnitRequired,
    UnreadableFile,
    parse_workout_csv,
    write_strong_csv,
)
from services.sessions.workout_log.files.cells import RowProblem, duration_text

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "workout_files"
STRONG_HEADER = (
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
)


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def kg(load: float, reps: int, set_type: str = "normal", rpe: float | None = None) -> ImportedSet:
    return ImportedSet(load, "kg", reps, None, None, rpe, set_type)  # type: ignore[arg-type]


def without_keys(workouts: tuple[ImportedWorkout, ...]) -> list[ImportedWorkout]:
    return [dataclasses.replace(workout, source_key="") for workout in workouts]


def rewritten(
    data: bytes,
    *,
    change: dict[int, dict[str, str]] | None = None,
    order: list[str] | None = None,
    extra: dict[str, str] | None = None,
) -> bytes:
    """The CSV ``data`` with cells changed (by data row index and header), columns reordered or added."""
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    for index, cells in (change or {}).items():
        rows[index].update(cells)
    for row in rows:
        row.update(extra or {})
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=order or list(rows[0]), extrasaction="ignore", restval="")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue().encode()


# --- Strong


def test_a_strong_export_reads_into_workouts_entries_and_typed_sets() -> None:
    result = parse_workout_csv(fixture("strong_comma.csv"), unit="kg")

    assert result.format == "strong"
    evening, legs = result.workouts
    assert (evening.started_at, evening.ended_at) == (
        datetime(2021, 3, 1, 18, 30),
        datetime(2021, 3, 1, 19, 35),
    )
    assert (evening.title, evening.notes) == ("Evening Workout", "Felt good, slept well")
    bench, plank, pull_up = evening.entries
    assert (bench.exercise_name, bench.notes) == ("Bench Press (Barbell)", "Pause, then press")
    assert bench.sets == (
        kg(40.0, 10, "warmup"),
        kg(80.0, 5, rpe=8.0),
        kg(82.5, 5, rpe=8.5),
        kg(60.0, 8, "drop"),
    )
    assert plank.sets == (ImportedSet(None, None, None, None, 60, None, "normal"),)
    assert [(one.load, one.reps, one.set_type) for one in pull_up.sets] == [
        (None, 8, "normal"),
        (None, 5, "failure"),
    ]
    assert legs.ended_at == datetime(2021, 3, 3, 8, 0)
    squat, running = legs.entries
    assert squat.notes == "Belt on\nfor the top set"
    assert running.sets == (ImportedSet(None, None, None, 5000.0, 1500, None, "normal"),)


def test_unusable_strong_rows_are_skipped_with_their_line_and_reason() -> None:
    result = parse_workout_csv(fixture("strong_comma.csv"), unit="kg")

    # Line 12 is the second half of line 11's quoted note, so the next row starts on line 13.
    assert result.skipped == (
        SkippedRow(4, "a rest timer Strong records between sets, not a set"),
        SkippedRow(10, "no weight, reps, distance or time recorded"),
        SkippedRow(13, "Reps 'five' is not a number"),
        SkippedRow(14, "Exercise Name is empty"),
    )


def test_semicolons_a_bom_crlf_and_decimal_commas_read_as_the_comma_file() -> None:
    comma = parse_workout_csv(fixture("strong_comma.csv"), unit="kg")
    semicolon = parse_workout_csv(fixture("strong_semicolon_bom_crlf.csv"), unit="kg")

    assert semicolon == comma


def test_columns_are_found_by_name_in_any_order_beside_unknown_ones() -> None:
    data = fixture("strong_comma.csv")
    shuffled = ["Workout #", "RPE", "Workout Notes", "Notes", "Seconds", "Distance", "Reps", "Weight"]
    shuffled += ["Set Order", "Exercise Name", "Duration", "Workout Name", "Date", "Bodyweight"]
    reordered = rewritten(data, order=shuffled, extra={"Workout #": "7", "Bodyweight": "80"})

    assert reordered.splitlines()[0].startswith(b"Workout #,RPE,")
    parsed = parse_workout_csv(reordered, unit="kg")

    assert parsed.workouts == parse_workout_csv(data, unit="kg").workouts


def test_a_strong_export_without_a_unit_is_refused_unless_the_caller_states_it() -> None:
    with pytest.raises(UnitRequired, match="kilograms or pounds"):
        parse_workout_csv(fixture("strong_comma.csv"))

    in_pounds = parse_workout_csv(fixture("strong_comma.csv"), unit="lb")

    assert in_pounds.workouts[0].entries[0].sets[0] == ImportedSet(40.0, "lb", 10, None, None, None, "warmup")
    # A bare Strong distance is in miles beside pounds (and kilometres beside kilograms).
    assert in_pounds.workouts[1].entries[1].sets[0].distance_m == 8046.72


def test_strong_layouts_that_state_their_units_need_none_from_the_caller() -> None:
    newer = (
        "Workout #;Date;Workout Name;Duration (sec);Exercise Name;Set Order;Weight (kg);Reps;RPE;"
        "Distance (meters);Seconds;Notes;Workout Notes\n"
        "1;2024-08-10 18:00:00;Push;3725;Bench Press (Barbell);1;82,5;8;8,5;;;;\n"
        "1;2024-08-10 18:00:00;Push;3725;Rowing (Machine);1;;;;2000;480;;\n"
    )
    unit_columns = (
        "Date,Workout Name,Exercise Name,Set Order,Weight,Weight Unit,Reps,RPE,Distance,Distance Unit,"
        "Seconds,Notes,Workout Notes,Workout Duration\n"
        "2024-08-10 18:00:00,Push,Bench Press (Barbell),1,185,lbs,8,,0,miles,0,,,1h 2m\n"
        "2024-08-10 18:00:00,Push,Bench Press (Barbell),2,85,kg,8,,0,km,0,,,1h 2m\n"
        "2024-08-10 18:00:00,Push,Bench Press (Barbell),3,85,stone,8,,0,km,0,,,1h 2m\n"
    )

    (push,) = parse_workout_csv(newer.encode()).workouts
    stated = parse_workout_csv(unit_columns.encode())

    assert push.ended_at == datetime(2024, 8, 10, 19, 2, 5)
    assert push.entries[0].sets == (kg(82.5, 8, rpe=8.5),)
    assert push.entries[1].sets[0].distance_m == 2000.0
    assert [(one.load, one.unit) for one in stated.workouts[0].entries[0].sets] == [
        (185.0, "lb"),
        (85.0, "kg"),
    ]
    assert stated.workouts[0].ended_at == datetime(2024, 8, 10, 19, 2)
    assert stated.skipped == (SkippedRow(4, "Weight Unit 'stone' is neither kg nor lbs"),)


def test_numbered_sets_take_their_set_order_while_lettered_ones_keep_their_place() -> None:
    rows = [
        "2021-03-01 18:30:00,A,45m,Squat,W,60,5,0,0,,,",
        "2021-03-01 18:30:00,A,45m,Squat,3,100,3,0,0,,,",
        "2021-03-01 18:30:00,A,45m,Squat,1,100,5,0,0,,,",
        "2021-03-01 18:30:00,A,45m,Squat,2,100,4,0,0,,,",
    ]
    data = "\n".join([STRONG_HEADER, *rows]).encode()

    (workout,) = parse_workout_csv(data, unit="kg").workouts

    assert [(one.set_type, one.reps) for one in workout.entries[0].sets] == [
        ("warmup", 5),
        ("normal", 5),
        ("normal", 4),
        ("normal", 3),
    ]


def test_workouts_come_by_start_and_exercises_in_first_seen_order() -> None:
    rows = [
        "2021-03-05 09:00:00,Later,45m,Row,1,50,10,0,0,,,",
        "2021-03-01 09:00:00,Earlier,45m,Squat,1,100,5,0,0,,,",
        "2021-03-01 09:00:00,Earlier,45m,Bench,1,80,5,0,0,,,",
        "2021-03-01 09:00:00,Earlier,45m,Squat,2,100,5,0,0,,,",
    ]
    data = "\n".join([STRONG_HEADER, *rows]).encode()

    earlier, later = parse_workout_csv(data, unit="kg").workouts

    assert (earlier.title, later.title) == ("Earlier", "Later")
    assert [(entry.exercise_name, len(entry.sets)) for entry in earlier.entries] == [
        ("Squat", 2),
        ("Bench", 1),
    ]


def strong_row(
    date: str = "2021-03-01 18:30:00", order: str = "1", weight: str = "100", reps: str = "5"
) -> str:
    """One row of a long-standing Strong export of a squat set in workout "A"."""
    return f"{date},A,45m,Squat,{order},{weight},{reps},0,0,,,"


@pytest.mark.parametrize(
    ("row", "reason"),
    [
        (strong_row(order="X"), "Set Order 'X' is neither a set number nor W, D or F"),
        (strong_row(date="01/03/2021 18:30"), "Date '01/03/2021 18:30' is not a date and time like"),
        (strong_row(date="2021-03-01T18:30:00Z"), "carries a UTC offset; expected the local wall time"),
        (strong_row(weight="-100"), "Weight '-100' is not a number of zero or more"),
        (strong_row(reps="5.5"), "Reps '5.5' is not a whole number"),
        (strong_row(weight='"82,5"'), "Weight '82,5' is not a number"),  # a decimal comma needs semicolons
    ],
)
def test_a_row_that_cannot_be_read_is_reported_and_the_rest_imported(row: str, reason: str) -> None:
    data = "\n".join([STRONG_HEADER, strong_row(), row]).encode()

    result = parse_workout_csv(data, unit="kg")

    assert len(result.workouts) == 1
    ((line, why),) = [(skipped.line, skipped.reason) for skipped in result.skipped]
    assert line == 3
    assert reason in why


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("1h 5m", 3900),
        ("45m", 2700),
        ("2h", 7200),
        ("1h 5m 30s", 3930),
        ("38min", 2280),
        ("7 min", 420),
        ("1 hr 5 mins", 3900),
        ("1:02:03", 3723),
        ("45:10", 2710),
        ("3600", 3600),
        ("", None),
    ],
)
def test_strong_durations_read_as_seconds(text: str, seconds: int | None) -> None:
    assert duration_text(text) == seconds


@pytest.mark.parametrize("text", ["about an hour", "1:75:00", "5x", "1h 5"])
def test_an_unreadable_duration_is_a_row_problem_quoting_it(text: str) -> None:
    with pytest.raises(RowProblem, match=re.escape(repr(text))):
        duration_text(text)


# --- Hevy


def test_a_hevy_export_in_kilograms_maps_set_types_times_and_units() -> None:
    result = parse_workout_csv(fixture("hevy_kg.csv"))

    assert result.format == "hevy"
    push, cardio = result.workouts
    assert (push.started_at, push.ended_at) == (datetime(2021, 3, 1, 18, 30), datetime(2021, 3, 1, 19, 35))
    assert (push.title, push.notes) == ("Push A", "Felt good, slept well")
    bench, pushdown, raises, plank = push.entries
    assert bench.notes == "Pause, then press"
    assert bench.sets == (kg(40, 10, "warmup"), kg(80, 5, rpe=8.0), kg(82.5, 5, rpe=8.5), kg(60, 8, "drop"))
    assert pushdown.sets == (kg(25, 12, "failure", rpe=10.0),)
    assert raises.sets == (kg(10, 15),)
    assert plank.sets == (ImportedSet(None, None, None, None, 60, None, "normal"),)
    assert cardio.entries[0].sets == (ImportedSet(None, None, None, 5200.0, 1500, None, "normal"),)
    assert result.skipped == (
        SkippedRow(8, "set_type 'myorep' is none of normal, warmup, dropset, failure"),
        SkippedRow(11, "start_time '31 Feb 2021, 07:15' is not a real date and time"),
    )


def test_a_hevy_export_in_pounds_with_shuffled_columns_and_iso_times() -> None:
    result = parse_workout_csv(fixture("hevy_lbs.csv"), unit="kg")  # the header's unit wins

    (pull,) = result.workouts
    assert (pull.started_at, pull.ended_at) == (datetime(2024, 11, 5, 6, 0), datetime(2024, 11, 5, 7, 2, 30))
    deadlift, chin_up, treadmill = pull.entries
    assert [(one.load, one.unit, one.set_type, one.rpe) for one in deadlift.sets] == [
        (135.0, "lb", "warmup", None),
        (315.0, "lb", "normal", 9.0),
        (315.0, "lb", "normal", 9.5),
    ]
    assert chin_up.sets == (ImportedSet(None, None, 10, None, None, None, "normal"),)
    assert treadmill.sets[0].distance_m == 2414.016  # 1.5 miles
    assert result.skipped == ()


def test_hevy_sets_follow_set_index() -> None:
    header = "title,start_time,exercise_title,set_index,set_type,weight_kg,reps"
    rows = ["A,1 Mar 2021 18:30,Squat,1,normal,100,5", "A,1 Mar 2021 18:30,Squat,0,warmup,60,5"]

    (workout,) = parse_workout_csv("\n".join([header, *rows]).encode()).workouts

    assert [one.set_type for one in workout.entries[0].sets] == ["warmup", "normal"]


# --- Files refused as a whole


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("broken_binary.csv", "not CSV text: it holds NUL bytes"),
        ("broken_latin1.csv", "not UTF-8 text (byte 0xe9 on line 2)"),
        ("broken_unknown_header.csv", "neither a Strong nor a Hevy CSV export: its first row is 'Exercise'"),
        ("broken_strong_without_reps.csv", 'a Strong export but lacks the column(s) "Reps"'),
    ],
)
def test_files_that_are_no_export_are_refused_saying_why(name: str, message: str) -> None:
    with pytest.raises(UnreadableFile) as refused:
        parse_workout_csv(fixture(name), unit="kg")

    assert message in refused.value.reason


def test_an_unknown_header_names_both_expected_headers() -> None:
    with pytest.raises(UnreadableFile) as refused:
        parse_workout_csv(fixture("broken_unknown_header.csv"))

    assert STRONG_HEADER.replace(",", ", ") in refused.value.reason
    assert "exercise_title" in refused.value.reason


def test_a_byte_that_is_not_utf8_far_into_the_file_refuses_it_naming_the_line() -> None:
    # Far beyond the first chunk the reader decodes, so the failure comes while rows are read.
    rows = [strong_row(reps=str(5 + index % 3)) for index in range(500)]
    latin1_row = b"2021-03-02 18:30:00,Caf\xe9,45m,Squat,1,100,5,0,0,,,"
    data = "\n".join([STRONG_HEADER, *rows, ""]).encode() + latin1_row

    with pytest.raises(UnreadableFile, match=r"byte 0xe9 on line 502"):
        parse_workout_csv(data, unit="kg")


@pytest.mark.parametrize("data", [b"", b"\r\n  \n"])
def test_an_empty_file_is_refused(data: bytes) -> None:
    with pytest.raises(UnreadableFile, match="empty"):
        parse_workout_csv(data, unit="kg")


def test_a_header_alone_gives_no_workouts() -> None:
    assert parse_workout_csv(STRONG_HEADER.encode(), unit="kg") == ImportResult("strong", (), ())


# --- source_key


def test_the_same_file_twice_gives_the_same_keys() -> None:
    first = parse_workout_csv(fixture("hevy_kg.csv"))
    second = parse_workout_csv(fixture("hevy_kg.csv"))

    assert [workout.source_key for workout in first.workouts] == [
        workout.source_key for workout in second.workouts
    ]
    assert len({workout.source_key for workout in first.workouts}) == 2
    assert all(workout.source_key.startswith("hevy:") for workout in first.workouts)


def test_a_changed_row_changes_the_key_of_its_workout_only() -> None:
    data = fixture("strong_comma.csv")
    # Data row 9 is the squat's first set, in the second workout ("Legs").
    changed = rewritten(data, change={9: {"Reps": "6"}})
    unchanged = rewritten(data)

    before = parse_workout_csv(unchanged, unit="kg").workouts
    after = parse_workout_csv(changed, unit="kg").workouts

    assert before[0].source_key == after[0].source_key
    assert before[1].source_key != after[1].source_key
    assert after[1].entries[0].sets[0].reps == 6


def test_the_key_follows_the_unit() -> None:
    in_kg = parse_workout_csv(fixture("strong_comma.csv"), unit="kg").workouts
    in_lb = parse_workout_csv(fixture("strong_comma.csv"), unit="lb").workouts

    assert {workout.source_key for workout in in_kg}.isdisjoint(workout.source_key for workout in in_lb)


# --- write_strong_csv


def test_a_strong_import_written_and_read_back_is_the_same_workouts() -> None:
    imported = parse_workout_csv(fixture("strong_comma.csv"), unit="kg").workouts

    text = write_strong_csv(imported, unit="kg")
    again = parse_workout_csv(text.encode(), unit="kg")

    assert text.splitlines()[0] == STRONG_HEADER
    assert again.workouts == imported  # keys included: same format, same content
    assert again.skipped == ()


@pytest.mark.parametrize(("name", "unit"), [("hevy_kg.csv", "kg"), ("hevy_lbs.csv", "lb")])
def test_a_hevy_import_round_trips_through_the_strong_layout(name: str, unit: str) -> None:
    imported = parse_workout_csv(fixture(name)).workouts

    again = parse_workout_csv(write_strong_csv(imported, unit=unit).encode(), unit=unit)  # type: ignore[arg-type]

    assert without_keys(again.workouts) == without_keys(imported)


def test_loads_in_another_unit_are_converted_to_the_hundredth() -> None:
    (pull,) = parse_workout_csv(fixture("hevy_lbs.csv")).workouts

    again = parse_workout_csv(write_strong_csv([pull], unit="kg").encode(), unit="kg")

    assert [one.load for one in again.workouts[0].entries[0].sets] == [61.23, 142.88, 142.88]
    assert again.workouts[0].entries[2].sets[0].distance_m == 2414.016


def test_the_export_uses_strong_set_markers_and_durations() -> None:
    imported = parse_workout_csv(fixture("strong_comma.csv"), unit="kg").workouts

    rows = list(csv.DictReader(io.StringIO(write_strong_csv(imported, unit="kg"))))

    assert [row["Set Order"] for row in rows[:4]] == ["W", "1", "2", "D"]
    assert {row["Duration"] for row in rows} == {"1h 5m", "45m"}
    assert rows[0]["Weight"] == "40.0"
