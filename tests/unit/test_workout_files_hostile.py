"""Hostile text in workout files: formulas kept out of the CSV export, and files too wide to read.

A name or note starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a live
formula once the export opens in a spreadsheet; the export writes it behind an apostrophe (OWASP's
"CSV injection" advice) and the import takes the apostrophe off again. A file with thousands of
columns or a cell megabytes long is refused, naming what is too large, before it is parsed into
memory. Decision 0071.
"""

from __future__ import annotations

import csv
import io
from datetime import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from services.sessions.workout_log.files import (
    ImportedEntry,
    ImportedSet,
    ImportedWorkout,
    UnreadableFile,
    parse_workout_csv,
    write_strong_csv,
)
from services.sessions.workout_log.files.csv_text import MAX_CELL_CHARS, MAX_COLUMNS, MAX_ROW_CHARS

STRONG_HEADER = (
    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
)
STRONG_ROW = "2021-03-01 18:30:00,Push,1h 5m,Bench Press,1,60,5,0,0,,,"
TEXT_COLUMNS = ("Workout Name", "Exercise Name", "Notes", "Workout Notes")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
START = datetime(2021, 3, 1, 18, 30)


def workout(title: str, exercise: str, notes: str, workout_notes: str) -> ImportedWorkout:
    sets = (
        ImportedSet(60.0, "kg", 5, None, None, 8.0, "normal"),
        ImportedSet(62.5, "kg", 3, None, None, None, "normal"),
    )
    return ImportedWorkout(
        source_key="",
        started_at=START,
        ended_at=datetime(2021, 3, 1, 19, 35),
        title=title,
        notes=workout_notes,
        entries=(ImportedEntry(exercise_name=exercise, notes=notes, sets=sets),),
    )


def exported_rows(one: ImportedWorkout) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(write_strong_csv([one], unit="kg"), newline="")))


def round_trip(one: ImportedWorkout) -> ImportedWorkout:
    (again,) = parse_workout_csv(write_strong_csv([one], unit="kg").encode(), unit="kg").workouts
    return again


def as_read(cell: str) -> str:
    """What the import makes of a cell holding ``cell`` as it is: surrounding space off, ``\\n`` line ends."""
    return cell.strip().replace("\r\n", "\n").replace("\r", "\n")


# --- Formulas in the export


@pytest.mark.parametrize("start", FORMULA_STARTS)
def test_text_starting_with_a_formula_character_is_exported_behind_an_apostrophe(start: str) -> None:
    text = f'{start}HYPERLINK("http://evil.example","x")'
    rows = exported_rows(workout(text, text, text, text))

    for row in rows:
        for column in TEXT_COLUMNS:
            # A carriage return is written as a line feed: the csv module leaves a lone one unquoted.
            assert row[column] == "'" + text.replace("\r", "\n"), column


def test_a_formula_behind_spaces_is_escaped_too() -> None:
    # A spreadsheet set to trim spaces on import would see the formula.
    (row, _) = exported_rows(workout("  =1+1", "Bench", "", ""))

    assert row["Workout Name"] == "'  =1+1"


# Full-width forms, which spreadsheets set for East Asian input read as the ASCII ones, and
# formulas behind other spaces (no-break, ideographic) than the ASCII one (issue 27).
@pytest.mark.parametrize(
    "text", ["\uff1dSUM(A1)", "\uff0b1", "\uff0d5 kg", "\uff20home", "\u00a0=1+1", "\u3000\uff1d1+1"]
)
def test_full_width_formula_starts_and_other_spaces_are_escaped_and_read_back(text: str) -> None:
    (row, _) = exported_rows(workout(text, "Bench", text, ""))
    again = round_trip(workout(text, f"{text} press", text, text))

    assert row["Workout Name"] == "'" + text
    assert row["Notes"] == "'" + text
    assert (again.title, again.notes, again.entries[0].notes) == (text.strip(), text.strip(), text.strip())
    assert again.entries[0].exercise_name == f"{text} press".strip()


@pytest.mark.parametrize(
    "text",
    [
        "=SUM(A1:A9)",
        "+1 set next time",
        "-5 kg from last week",
        "-5",
        "@home",
        "'=already quoted by someone",
        "''-two apostrophes",
        "it's fine",
        "'plain apostrophe",
        "a = b",
        'Bench, =1+1, "quoted"',
        "line one\n=line two",
    ],
)
def test_every_text_cell_reads_back_exactly_as_it_was(text: str) -> None:
    one = workout(text, f"{text} press", text, text)

    again = round_trip(one)

    assert again.title == text
    assert again.notes == text
    assert again.entries[0].exercise_name == f"{text} press"
    assert again.entries[0].notes == text


def test_numbers_and_generated_cells_stay_as_they_are() -> None:
    (first, second) = exported_rows(workout("=x", "-x", "+x", "@x"))

    assert (first["Date"], first["Duration"], first["Set Order"]) == ("2021-03-01 18:30:00", "1h 5m", "1")
    assert (first["Weight"], first["Reps"], first["RPE"]) == ("60.0", "5", "8.0")
    assert (second["Weight"], second["Reps"], second["Distance"]) == ("62.5", "3", "0")


def test_a_file_from_another_app_keeps_its_text_unless_it_is_an_escaped_formula() -> None:
    rows = [
        "2021-03-01 18:30:00,Push,1h,Bench,1,60,5,0,0,'-5 kg from last week,it's heavy,",
        "2021-03-01 18:30:00,Push,1h,'Squat,1,60,5,0,0,-5 kg,'plain,",
    ]
    data = "\n".join([STRONG_HEADER, *rows]).encode()

    (read,) = parse_workout_csv(data, unit="kg").workouts

    assert [(e.exercise_name, e.notes) for e in read.entries] == [
        ("Bench", "-5 kg from last week"),
        ("'Squat", "-5 kg"),
    ]
    assert read.notes == "it's heavy"


def test_an_escaped_hevy_cell_is_read_without_its_apostrophe() -> None:
    header = "title,start_time,end_time,description,exercise_title,set_index,set_type,weight_kg,reps"
    row = "'=Push,\"1 Mar 2021, 18:30\",,'@home,'+Bench,0,normal,60,5"

    (read,) = parse_workout_csv(f"{header}\n{row}\n".encode()).workouts

    assert (read.title, read.notes, read.entries[0].exercise_name) == ("=Push", "@home", "+Bench")


_HOSTILE_TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from("=+-@'\t\r\n \",;x1"),
        st.characters(codec="utf-8", exclude_characters="\x00"),
    ),
    max_size=12,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=_HOSTILE_TEXT, exercise=_HOSTILE_TEXT, notes=_HOSTILE_TEXT, workout_notes=_HOSTILE_TEXT)
def test_no_exported_text_cell_is_a_formula_and_the_import_reads_what_was_written(
    title: str, exercise: str, notes: str, workout_notes: str
) -> None:
    exercise = f"{exercise}x"  # a row needs an exercise name to be read back
    one = workout(title, exercise, notes, workout_notes)

    for row in exported_rows(one):
        for column in TEXT_COLUMNS:
            cell = row[column]
            assert not cell.startswith(FORMULA_STARTS), (column, cell)
            assert not cell.lstrip().startswith(FORMULA_STARTS[:4]), (column, cell)
    again = round_trip(one)

    # Exactly what was written, but for what the import does to any cell (surrounding space, CR).
    assert again.title == as_read(title)
    assert again.notes == as_read(workout_notes)
    assert again.entries[0].exercise_name == as_read(exercise)
    assert again.entries[0].notes == as_read(notes)


# --- Files too wide to read


def _refusal(data: bytes) -> str:
    with pytest.raises(UnreadableFile) as refused:
        parse_workout_csv(data, unit="kg")
    return refused.value.reason


def test_a_header_of_thousands_of_columns_is_refused_naming_the_count() -> None:
    header = ",".join(f"column {n}" for n in range(30_000))  # 300 000 characters on one line

    reason = _refusal(f"{header}\n{STRONG_ROW}\n".encode())

    assert "line 1" in reason
    assert f"{MAX_ROW_CHARS}" in reason


def test_a_header_of_many_short_columns_is_refused_naming_the_count() -> None:
    header = STRONG_HEADER + "," * 5_000

    reason = _refusal(f"{header}\n{STRONG_ROW}\n".encode())

    assert "5012 columns" in reason
    assert f"at most {MAX_COLUMNS}" in reason


def test_a_row_of_thousands_of_cells_is_refused_naming_its_line() -> None:
    rows = [STRONG_ROW, STRONG_ROW + "," * 20_000]

    reason = _refusal("\n".join([STRONG_HEADER, *rows]).encode())

    assert "line 3" in reason
    assert "20012 cells" in reason
    assert f"at most {MAX_COLUMNS}" in reason


def test_a_row_too_long_to_read_is_refused_before_it_is_split_into_cells() -> None:
    rows = [STRONG_ROW, STRONG_ROW + "," * 10_000_000]

    reason = _refusal("\n".join([STRONG_HEADER, *rows]).encode())

    assert "line 3" in reason
    assert f"{MAX_ROW_CHARS}" in reason


def test_a_huge_cell_is_refused_naming_its_column_and_line() -> None:
    notes = "x" * (MAX_CELL_CHARS + 1)
    rows = [STRONG_ROW, f"2021-03-01 18:30:00,Push,1h,Bench,2,60,5,0,0,{notes},,"]

    reason = _refusal("\n".join([STRONG_HEADER, *rows]).encode())

    assert "Notes" in reason
    assert "line 3" in reason
    assert f"{MAX_CELL_CHARS}" in reason


def test_a_quote_never_closed_is_refused_saying_so() -> None:
    rows = [STRONG_ROW, '2021-03-01 18:30:00,Push,1h,Bench,2,60,5,0,0,"never closed,,']
    rows += [STRONG_ROW] * 5_000

    reason = _refusal("\n".join([STRONG_HEADER, *rows]).encode())

    assert "line 3" in reason
    assert "quote" in reason


def test_a_header_with_a_quote_never_closed_is_refused() -> None:
    reason = _refusal(b'Date,"Exercise Name,Set Order\n' + STRONG_ROW.encode())

    assert "line 1" in reason


def test_the_widest_legitimate_rows_still_read() -> None:
    notes = "n" * MAX_CELL_CHARS
    header = STRONG_HEADER + "".join(f",extra {n}" for n in range(MAX_COLUMNS - 12))
    row = f"2021-03-01 18:30:00,Push,1h,Bench,1,60,5,0,0,{notes},," + "," * (MAX_COLUMNS - 12)

    (read,) = parse_workout_csv(f"{header}\n{row}\n".encode(), unit="kg").workouts

    assert read.entries[0].notes == notes
