"""Kinetic's FIT decoder reads every file to the same result as the fitdecode reader it replaced.

The reference is the old reader, unchanged (``tests/fixtures/fitdecode_reference.py``); fitdecode
is a development dependency for this check only (decision 0074). A result is either the whole
``Recording`` (every column bit for bit, laps, pauses, sport, device) or a refusal, compared by
its words before the bracketed detail, which each decoder words its own way.
"""

from __future__ import annotations

import math
import random
import struct
from collections.abc import Callable
from pathlib import Path

import pytest
from fitdecode import ErrorHandling, profile

from services.sessions.endurance.activity_files import fit_profile
from services.sessions.endurance.activity_files.fit import read_fit
from services.sessions.endurance.activity_files.fit_decoder import fit_crc
from services.sessions.endurance.activity_files.model import UnreadableActivityFile
from services.sessions.endurance.activity_files.recording import Recording
from tests.fixtures import hostile_files
from tests.fixtures.fitdecode_reference import read_fit_with_fitdecode

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "activity_files"
TIME = 1_000_000_000  # FIT's clock: 2021-09-09
UINT8, SINT8, UINT16, SINT32, UINT32, STRING, BYTE, FLOAT32, UINT16Z = (
    2,
    1,
    0x84,
    0x85,
    0x86,
    7,
    0x0D,
    0x88,
    0x8B,
)
FILE_ID, SPORT, SESSION, LAP, RECORD, EVENT, FIELD_DESCRIPTION, DEVELOPER_DATA_ID = (
    0,
    12,
    18,
    19,
    20,
    21,
    206,
    207,
)


def outcome(read: Callable[[bytes], Recording], data: bytes) -> tuple[object, ...]:
    try:
        recording = read(data)
    except UnreadableActivityFile as refusal:
        return ("refused", refusal.reason.split(" (")[0])
    return (
        "read",
        recording.sport,
        recording.device,
        recording.lap_starts,
        recording.pauses,
        [column.tobytes() for column in recording.columns()],
    )


def assert_same_reading(data: bytes) -> tuple[object, ...]:
    expected = outcome(read_fit_with_fitdecode, data)
    assert outcome(read_fit, data) == expected
    return expected


# --- A small FIT writer ------------------------------------------------------------------------


def definition(
    local: int,
    number: int,
    fields: list[tuple[int, int, int]],
    *,
    big_endian: bool = False,
    developer: list[tuple[int, int, int]] | None = None,
) -> bytes:
    header = 0x40 | local | (0x20 if developer is not None else 0)
    content = struct.pack(">BBHB" if big_endian else "<BBHB", 0, int(big_endian), number, len(fields))
    content += b"".join(bytes(field) for field in fields)
    if developer is not None:
        content += bytes([len(developer)]) + b"".join(bytes(field) for field in developer)
    return bytes([header]) + content


def message(local: int, payload: bytes, *, time_offset: int | None = None) -> bytes:
    header = local if time_offset is None else 0x80 | local << 5 | (time_offset & 0x1F)
    return bytes([header]) + payload


def fit_file(
    messages: bytes, *, header_size: int = 14, header_crc: bool = True, stated: int | None = None
) -> bytes:
    length = len(messages) if stated is None else stated
    header = struct.pack("<BBHI4s", header_size, 0x20, 2132, length, b".FIT")
    if header_size == 14:
        header += struct.pack("<H", fit_crc(header) if header_crc else 0)
    body = header + messages
    return body + struct.pack("<H", fit_crc(body))


def records_and_messages() -> bytes:
    """Every message Kinetic reads, in the shapes devices write them and some they should not."""
    parts = [
        definition(0, FILE_ID, [(0, 1, 0), (1, 2, UINT16), (2, 2, UINT16), (4, 4, UINT32)]),
        message(0, struct.pack("<BHHI", 4, 1, 2713, TIME)),  # Garmin, garmin_product 2713
        message(0, struct.pack("<BHHI", 4, 263, 12, TIME)),  # Favero
        message(0, struct.pack("<BHHI", 4, 9999, 7, TIME)),  # an unknown manufacturer
        definition(1, FILE_ID, [(1, 2, UINT16), (8, 12, STRING)]),
        message(1, struct.pack("<H", 32) + b"ELEMNT BOLT\x00"),
        definition(2, SPORT, [(0, 1, 0), (1, 1, 0)]),
        message(2, bytes([2, 6])),
        definition(
            3, RECORD, [(253, 4, UINT32), (3, 1, UINT8), (7, 2, UINT16), (6, 2, UINT16), (2, 2, UINT16)]
        ),
        message(3, struct.pack("<IBHHH", TIME, 140, 250, 8123, 3000)),
        message(3, struct.pack("<IBHHH", TIME + 1, 0xFF, 0xFFFF, 0xFFFF, 0xFFFF)),  # all invalid
        message(3, b"\x00" * 11, time_offset=TIME + 2),  # compressed header after a timestamp field
        # Big-endian, positions, enhanced fields, distance, cadence.
        definition(
            4,
            RECORD,
            [
                (253, 4, UINT32),
                (0, 4, SINT32),
                (1, 4, SINT32),
                (73, 4, UINT32),
                (78, 4, UINT32),
                (5, 4, UINT32),
            ],
            big_endian=True,
        ),
        message(4, struct.pack(">IiiIII", TIME + 5, 572_662_306, 136_902_082, 4567, 2600, 123_456)),
        message(
            4, struct.pack(">IiiIII", TIME + 6, 0x7FFFFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF)
        ),
        # compressed_speed_distance, its distance wrapping at 4096/16 m.
        definition(1, RECORD, [(8, 3, BYTE), (4, 1, UINT8)]),
        *(
            message(
                1,
                (index * 37 % 4096 | (index * 700 % 4096) << 12).to_bytes(3, "little") + b"\x50",
                time_offset=9 + index,
            )
            for index in range(12)
        ),
        message(1, b"\xff\xff\xff\x50", time_offset=22),
        # Fields in shapes no device writes: arrays, strings, floats, a one-byte packed field.
        definition(
            2,
            RECORD,
            [(6, 4, UINT16), (2, 2, UINT8), (7, 3, STRING), (3, 4, FLOAT32), (8, 1, BYTE), (4, 2, UINT16Z)],
        ),
        message(
            2,
            struct.pack("<HHBB", 1000, 2000, 3, 4) + b"ab\x00" + struct.pack("<f", 150.5) + b"\x07\x00\x00",
            time_offset=24,
        ),
        message(
            2,
            struct.pack("<HHBB", 1000, 2000, 3, 4)
            + b"\x00\x00\x00"
            + struct.pack("<f", float("nan"))
            + b"\xff\x05\x00",
            time_offset=25,
        ),
        # Developer fields, found by the name their description gives.
        definition(8, DEVELOPER_DATA_ID, [(3, 1, UINT8)]),
        message(8, b"\x00"),
        definition(9, FIELD_DESCRIPTION, [(0, 1, UINT8), (1, 1, UINT8), (2, 1, UINT8), (3, 12, STRING)]),
        message(9, b"\x00\x00\x84" + b"power".ljust(12, b"\x00")),
        message(9, b"\x00\x01\x02" + b"heart_rate".ljust(12, b"\x00")),
        message(9, b"\x00\x02\x86" + b"timestamp".ljust(12, b"\x00")),
        message(9, b"\x00\x03\x02" + b"Power".ljust(12, b"\x00")),
        definition(1, RECORD, [(3, 1, UINT8)], developer=[(0, 2, 0), (1, 1, 0), (3, 1, 0), (2, 4, 0)]),
        message(1, b"\x78" + struct.pack("<HBBI", 321, 99, 7, TIME + 40)),
        message(1, b"\x78" + struct.pack("<HBBI", 0xFFFF, 0xFF, 7, 0xFFFFFFFF), time_offset=9),
        # Laps, timer events (one with a compressed header), sessions of a multisport file.
        definition(11, LAP, [(253, 4, UINT32), (2, 4, UINT32)]),
        message(11, struct.pack("<II", TIME + 30, TIME + 1)),
        message(11, struct.pack("<II", TIME + 31, 0xFFFFFFFF)),
        definition(12, EVENT, [(253, 4, UINT32), (0, 1, 0), (1, 1, 0)]),
        message(12, struct.pack("<IBB", TIME + 50, 0, 4)),
        message(12, struct.pack("<IBB", TIME + 51, 0, 1)),
        message(12, struct.pack("<IBB", TIME + 60, 0, 0)),
        message(12, struct.pack("<IBB", TIME + 61, 3, 1)),
        definition(2, EVENT, [(0, 1, 0), (1, 1, 0)]),
        message(2, bytes([0, 1]), time_offset=TIME + 70),
        message(2, bytes([0, 0]), time_offset=TIME + 80),
        definition(13, SESSION, [(7, 4, UINT32), (5, 1, 0), (6, 1, 0)]),
        message(13, struct.pack("<IBB", 600_000, 1, 0)),
        message(13, struct.pack("<IBB", 1_800_000, 4, 6)),
        message(13, struct.pack("<IBB", 0xFFFFFFFF, 0xFF, 0xFF)),
        # A message Kinetic does not read, whose timestamp still moves the compressed clock.
        definition(14, 23, [(253, 4, UINT32), (2, 2, UINT16)]),
        message(14, struct.pack("<IH", TIME + 100, 5)),
        message(3, struct.pack("<IBHHH", 0xFFFFFFFF, 150, 260, 8000, 3100), time_offset=TIME + 103),
    ]
    return b"".join(parts)


def crafted_files() -> dict[str, bytes]:
    body = records_and_messages()
    whole = fit_file(body)
    record_definition = definition(0, RECORD, [(253, 4, UINT32), (3, 1, UINT8)])
    string_time = definition(0, RECORD, [(253, 4, STRING), (3, 1, UINT8)])
    return {
        "messages": whole,
        # A string time counts as no time, then as a clock the compressed header cannot count from.
        "string times": fit_file(string_time + message(0, b"\x00\x00\x00\x00\x91") + message(0, b"abcd\x92")),
        "a string time, then a compressed header": fit_file(
            string_time + message(0, b"2021\x90", time_offset=26)
        ),
        "messages with a 12-byte header": fit_file(body, header_size=12),
        "messages with no header checksum": fit_file(body, header_crc=False),
        "two chained files": whole + fit_file(records_and_messages()[::1]),
        "a wrong header checksum": whole[:12] + b"\x00\x01" + whole[14:],
        "a wrong checksum": whole[:-1] + bytes([whole[-1] ^ 1]),
        "a changed byte": whole[:400] + bytes([whole[400] ^ 0x10]) + whole[401:],
        "trailing bytes": whole + b"\x00" * 5,
        "trailing bytes that are no FIT header": whole + b"\x0e" * 14,
        "a 13-byte header": fit_file(body, header_size=13),
        "a 16-byte header": fit_file(body, header_size=16),
        "an undefined local message": fit_file(record_definition + message(3, b"\x00" * 5)),
        "a field of 0 bytes": fit_file(definition(0, RECORD, [(3, 0, UINT8)]) + message(0, b"")),
        "an unused field of 0 bytes": fit_file(definition(0, RECORD, [(3, 0, UINT8)]) + record_definition),
        "an undeclared developer index": fit_file(definition(0, RECORD, [], developer=[(0, 1, 4)])),
    } | {
        f"cut after {length} bytes": whole[:length]
        for length in (13, 20, 100, 101, 1000, len(whole) - 3, len(whole) - 1)
    }


CRAFTED = crafted_files()


@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_a_crafted_file_reads_as_fitdecode_read_it(name: str) -> None:
    assert_same_reading(CRAFTED[name])


def test_a_message_past_the_stated_length_is_refused_where_fitdecode_failed_an_assert() -> None:
    # The one intended difference: fitdecode's ``assert`` stopped it (an internal error, or no
    # check at all under ``python -O``); the file is damaged.
    record_definition = definition(0, RECORD, [(253, 4, UINT32), (3, 1, UINT8)])
    data = fit_file(record_definition + message(0, b"\x00" * 5), stated=len(record_definition) + 3)
    with pytest.raises(AssertionError):
        read_fit_with_fitdecode(data)
    with pytest.raises(
        UnreadableActivityFile, match=r"damaged .*runs past the end of the data the header states"
    ):
        read_fit(data)


def misaligned_records() -> bytes:
    """Records whose power is 3 bytes of a uint16 and a time of 1 byte of a uint32 (as the Coros
    Pace 2 writes), between fields that are whole."""
    fields = [(253, 4, UINT32), (7, 3, UINT16), (3, 1, UINT8), (2, 1, UINT32), (6, 2, UINT16)]
    return fit_file(
        definition(0, RECORD, fields)
        + message(0, struct.pack("<I", TIME) + b"abc" + bytes([140, 9]) + struct.pack("<H", 3000))
        + message(0, struct.pack("<I", TIME + 1) + b"def" + bytes([141, 9]) + struct.pack("<H", 3100))
    )


def test_a_field_size_no_multiple_of_its_type_is_skipped_and_the_rest_read() -> None:
    # FIT SDK, fitparse and fitdecode read such a field as bytes rather than refuse the file
    # (decision 0087); Kinetic skips it: no value of it can be trusted.
    data = misaligned_records()
    recording = read_fit(data)
    assert list(recording.heart_rate) == [140.0, 141.0]
    assert list(recording.speed) == [3.0, 3.1]
    assert all(math.isnan(value) for value in recording.power)
    assert all(math.isnan(value) for value in recording.altitude)
    # fitdecode, told not to raise, reads the one byte of altitude through the profile's scale
    # and offset: 9 / 5 - 500 = -498.2 m, a value the device never meant; Kinetic leaves it out.
    lenient = read_fit_with_fitdecode(data, error_handling=ErrorHandling.IGNORE)
    assert list(lenient.altitude) == [-498.2, -498.2]
    assert lenient.heart_rate == recording.heart_rate and lenient.speed == recording.speed
    with pytest.raises(UnreadableActivityFile, match="damaged"):
        read_fit_with_fitdecode(data)  # fitdecode refuses it only when told to raise


def test_the_crafted_messages_are_read_not_refused() -> None:
    # The comparison above would pass if both refused everything.
    result = assert_same_reading(CRAFTED["messages"])
    assert result[:5] == (
        "read",
        "ride",  # the longest session's sport
        "wahoo_fitness ELEMNT BOLT",  # the last file_id
        [TIME + 1 + 631_065_600.0],
        [
            (TIME + 50 + 631_065_600.0, TIME + 60 + 631_065_600.0),
            (TIME + 70 + 631_065_600.0, TIME + 80 + 631_065_600.0),
        ],
    )


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.fit")), ids=lambda path: path.name)
def test_every_fit_fixture_reads_as_fitdecode_read_it(path: Path) -> None:
    assert_same_reading(path.read_bytes())


@pytest.mark.parametrize("name", [name for name in hostile_files.ACTIVITY_CASES if name.startswith("fit_")])
def test_every_hostile_fit_file_reads_as_fitdecode_read_it(name: str) -> None:
    assert_same_reading(hostile_files.ACTIVITY_CASES[name](24 * 1024))


def test_a_fixture_with_random_bytes_changed_reads_as_fitdecode_read_it() -> None:
    # Changed bytes inside a valid frame (the checksums recomputed), so decoding goes on
    # through whatever the change made: another field size, message number, value, header.
    source = (FIXTURES / "run.fit").read_bytes()
    body = bytearray(source[source[0] : -2])
    generator = random.Random(74)
    results = set()
    for _ in range(40):
        changed = bytearray(body)
        for _ in range(generator.randint(1, 4)):
            changed[generator.randrange(len(changed))] = generator.randrange(256)
        results.add(assert_same_reading(fit_file(bytes(changed)))[0])
    assert results == {"read", "refused"}


def test_the_enumerations_are_fitdecodes() -> None:
    file_id, sport, event = (
        profile.MESSAGE_TYPES[FILE_ID],
        profile.MESSAGE_TYPES[SPORT],
        profile.MESSAGE_TYPES[EVENT],
    )
    assert file_id.fields[1].type.enum == fit_profile.MANUFACTURER
    assert file_id.fields[2].subfields[0].type.enum == fit_profile.FAVERO_PRODUCT
    assert file_id.fields[2].subfields[1].type.enum == fit_profile.GARMIN_PRODUCT
    assert (
        fit_profile.SPORT == sport.fields[0].type.enum == profile.MESSAGE_TYPES[SESSION].fields[5].type.enum
    )
    assert (
        fit_profile.SUB_SPORT
        == sport.fields[1].type.enum
        == profile.MESSAGE_TYPES[SESSION].fields[6].type.enum
    )
    assert event.fields[0].type.enum == fit_profile.EVENT
    assert event.fields[1].type.enum == fit_profile.EVENT_TYPE


def test_the_checksum_is_fits() -> None:
    data = bytes(range(256)) * 3 + b"\x01"
    assert fit_crc(data) == hostile_files._fit_crc(data)
    assert fit_crc(data[:1]) == hostile_files._fit_crc(data[:1])
    assert fit_crc(b"") == 0
