"""What every text field and every name refuses (docs/decisions/0032-text-and-number-inputs.md)."""

from __future__ import annotations

import pytest
from google.protobuf import struct_pb2

from kinetic.auth.v1 import auth_pb2
from kinetic.text_input import name_problem, nul_violations, text_problem
from kinetic.time_zones import is_time_zone


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("a\x00b", "NUL"),
        ("\ud800x", "unpaired surrogate"),
        ("x\udfff", "unpaired surrogate"),
        ("bell\x07", "U+0007"),
        ("esc\x1b[31m", "U+001B"),
        ("del\x7f", "U+007F"),
    ],
)
def test_text_refuses_what_no_field_can_hold(value: str, says: str) -> None:
    problem = text_problem(value)
    assert problem is not None and says in problem
    assert name_problem(value) == problem


@pytest.mark.parametrize(
    "value", ["", "Line one\nline two\r\n\ttabbed", "Ω 😀 👩‍👩‍👧", "עברית \u202b", "x" * 10_000]
)
def test_text_keeps_lines_tabs_and_any_script(value: str) -> None:
    assert text_problem(value) is None


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("Push\nday", "one line"),
        ("Push\tday", "one line"),
        ("Push \u202eyad", "U+202E"),
        ("\u2066Push\u2069", "U+2066"),
        ("\u202aPush", "U+202A"),
        (" ", "visible"),
        ("\u200b\u200d", "visible"),
        ("\ufeff \u3164", "visible"),
    ],
)
def test_names_refuse_lines_bidi_controls_and_nothing_visible(value: str, says: str) -> None:
    problem = name_problem(value)
    assert problem is not None and says in problem


@pytest.mark.parametrize(
    "value", ["", "Push day", "Bänkdrücken", "👩‍💻 day", "\u05d9\u05d5\u05dd", "A\u200dB"]
)
def test_names_keep_visible_text_in_any_script(value: str) -> None:
    assert name_problem(value) is None


def test_nul_is_found_at_any_depth_and_named_by_path() -> None:
    request = auth_pb2.CreateAccountRequest(email="a@example.com", display_name="A\x00da")
    assert nul_violations(request) == [("display_name", "must not contain the NUL character (U+0000)")]
    nested = struct_pb2.Struct()
    nested.update({"sets": [{"reps": "8\x00"}], "ok": "fine"})
    (found,) = nul_violations(nested)
    assert found[0] == "fields[sets].list_value.values[0].struct_value.fields[reps].string_value"
    assert nul_violations(auth_pb2.CreateAccountRequest(email="a@example.com")) == []
    assert nul_violations("not a message") == []


@pytest.mark.parametrize("name", ["UTC", "Europe/Amsterdam", "America/Argentina/Buenos_Aires"])
def test_an_iana_zone_is_a_time_zone(name: str) -> None:
    assert is_time_zone(name)


@pytest.mark.parametrize(
    "name",
    [
        "America",
        "Europe",
        "America/__pycache__",
        "europe/amsterdam",
        "/etc/localtime",
        "localtime",
        "",
        "\x00",
    ],
)
def test_directories_paths_and_misspellings_are_no_time_zone(name: str) -> None:
    assert not is_time_zone(name)
