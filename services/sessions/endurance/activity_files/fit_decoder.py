"""Kinetic's FIT decoder: linear by construction, and only the messages an activity needs.

Each definition message is compiled once into a ``struct.Struct`` that unpacks a whole data
message in one C call, with the bytes of fields Kinetic does not read skipped by pad bytes, and
a short list of steps that turn the unpacked numbers into the recording's columns. The work per
data message is one unpack and a loop over the fields Kinetic reads (at most the fields the
definition declares, each at least a byte), so the time is linear in the file's size whatever its
definitions say (decision 0074).

It reads what fitdecode read for ``activity_files.fit`` (``processor=None``, checksums
and errors raised) and gives the same values: the FIT profile's scales and offsets, enumeration
names (``fit_profile``), the base types' invalid values as absent, compressed-timestamp record
headers, the ``compressed_speed_distance`` components, developer fields by the name their
``field_description`` gives, and chained FIT files. ``tests/unit/test_fit_decoder.py`` reads
every fixture and generated hostile file with both and compares the recordings.
"""

from __future__ import annotations

import math
import struct
import sys
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from services.sessions.endurance.activity_files.fit_profile import (
    EVENT,
    EVENT_TYPE,
    FAVERO_PRODUCT,
    GARMIN_PRODUCT,
    LENGTH_TYPE,
    MANUFACTURER,
    SPORT,
    SUB_SPORT,
)
from services.sessions.endurance.activity_files.recording import COLUMN_NAMES, Recording


class FitDecodeError(Exception):
    """The file cannot be read; the subclass says why, the message gives the detail."""


class FitChecksumMismatch(FitDecodeError):
    pass


class FitCutShort(FitDecodeError):
    pass


class FitHeaderDamaged(FitDecodeError):
    pass


class FitDamaged(FitDecodeError):
    pass


MISSING: Final = math.nan
DEGREES_PER_SEMICIRCLE: Final = 180.0 / 2**31
# FIT times count seconds from 1989-12-31T00:00:00Z; a value below 0x10000000 counts from the
# device's power-on instead (its clock was not set: the FIT profile's date_time "system time").
# Such a time is read as if counted from the epoch, so it falls before ``SYSTEM_TIME_END_POSIX_S``
# (1998-07-04): ``fit.read_fit`` places it by the activity message's local time or refuses it.
_FIT_EPOCH_POSIX_S: Final = 631_065_600
_FIT_FIRST_UTC_TIME: Final = 0x10000000
SYSTEM_TIME_END_POSIX_S: Final = float(_FIT_FIRST_UTC_TIME + _FIT_EPOCH_POSIX_S)


def fit_time(value: object) -> float | None:
    """POSIX seconds of a FIT time (a system time too, see above); ``None`` when it is absent."""
    if isinstance(value, int) and value >= 0:
        return float(value + _FIT_EPOCH_POSIX_S)
    return None


# --- Base types --------------------------------------------------------------------------------

_SCALAR, _ARRAY, _STRING, _BYTES = range(4)


@dataclass(frozen=True, slots=True)
class _BaseType:
    name: str
    code: str  # struct code of one value; "" for string and byte, read as ``bytes``
    size: int
    invalid: object  # the value that means "no value" (NaN for floats: any NaN)


_BYTE = _BaseType("byte", "", 1, None)
_STRING_TYPE = _BaseType("string", "", 1, None)
_NAN = math.nan
# Not a base type byte: marks a field whose size is no multiple of its type's, skipped unread.
MISFIT_BASE: Final = -1
_MISFIT = _BaseType("misfit", "", 1, None)
# By the definition's base type byte; an unknown one reads as bytes, as fitdecode does.
BASE_TYPES: Final[dict[int, _BaseType]] = {
    0x00: _BaseType("enum", "B", 1, 0xFF),
    0x01: _BaseType("sint8", "b", 1, 0x7F),
    0x02: _BaseType("uint8", "B", 1, 0xFF),
    0x83: _BaseType("sint16", "h", 2, 0x7FFF),
    0x84: _BaseType("uint16", "H", 2, 0xFFFF),
    0x85: _BaseType("sint32", "i", 4, 0x7FFFFFFF),
    0x86: _BaseType("uint32", "I", 4, 0xFFFFFFFF),
    0x07: _STRING_TYPE,
    0x88: _BaseType("float32", "f", 4, _NAN),
    0x89: _BaseType("float64", "d", 8, _NAN),
    0x0A: _BaseType("uint8z", "B", 1, 0),
    0x8B: _BaseType("uint16z", "H", 2, 0),
    0x8C: _BaseType("uint32z", "I", 4, 0),
    0x0D: _BYTE,
    0x8E: _BaseType("sint64", "q", 8, 0x7FFFFFFFFFFFFFFF),
    0x8F: _BaseType("uint64", "Q", 8, 0xFFFFFFFFFFFFFFFF),
    0x90: _BaseType("uint64z", "Q", 8, 0),
}


def _parse_string(raw: bytes) -> str | None:
    end = raw.find(0)
    text = (raw if end < 0 else raw[:end]).decode("utf-8", errors="replace")
    return text or None


def _value(invalid: object, value: Any) -> Any:
    return None if value == invalid or value != value else value


# --- The profile Kinetic reads -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Component:
    """Part of a field's bits that is another field's value (FIT profile "components")."""

    name: str
    bits: int
    bit_offset: int
    scale: float | None = None
    offset: float | None = None
    accumulate: bool = False


@dataclass(frozen=True, slots=True)
class _SubField:
    """Another name and enumeration for a field, when a field it refers to has a given value."""

    name: str
    enum: dict[int, str]
    refs: tuple[tuple[int, int], ...]  # (field number, raw value)


@dataclass(frozen=True, slots=True)
class _ProfileField:
    name: str
    scale: float | None = None
    offset: float | None = None
    enum: dict[int, str] | None = None
    components: tuple[_Component, ...] = ()
    subfields: tuple[_SubField, ...] = ()


TIMESTAMP: Final = 253
FILE_ID, SPORT_MESSAGE, SESSION, LAP, RECORD, EVENT_MESSAGE = 0, 12, 18, 19, 20, 21
ACTIVITY_MESSAGE = 34  # its local_timestamp places a file whose clock was not set (decision 0093)
LENGTH = 101  # one pool length of a swim (decision 0084)
HEART_RATE = 132  # beats a chest strap stored and sent after a swim (FIT "hr", decision 0084)
FIELD_DESCRIPTION, DEVELOPER_DATA_ID = 206, 207
# A record's fields by FIT name → the recording column they fill. The "enhanced_" fields are
# the wider ones newer devices write; where both are present they carry the same value.
RECORD_COLUMNS: Final = {
    "power": "power",
    "heart_rate": "heart_rate",
    "cadence": "cadence",
    "speed": "speed",
    "enhanced_speed": "speed",
    "altitude": "altitude",
    "enhanced_altitude": "altitude",
    "distance": "distance",
    "position_lat": "latitude",
    "position_long": "longitude",
}
_POSITION_COLUMNS: Final = frozenset({"latitude", "longitude"})
# The recording's columns after ``times``, in ``recording.COLUMN_NAMES`` order.
_ROW_COLUMNS: Final = COLUMN_NAMES[1:]
_COLUMN_INDEX: Final = {name: index for index, name in enumerate(_ROW_COLUMNS)}
_DISTANCE_FIELD = 5
# Only the fields whose names Kinetic reads, or whose components fill one (FIT profile 21.x).
PROFILE: Final[dict[int, dict[int, _ProfileField]]] = {
    RECORD: {
        0: _ProfileField("position_lat"),
        1: _ProfileField("position_long"),
        2: _ProfileField("altitude", 5, 500, components=(_Component("enhanced_altitude", 16, 0, 5, 500),)),
        3: _ProfileField("heart_rate"),
        4: _ProfileField("cadence"),
        5: _ProfileField("distance", 100),
        6: _ProfileField("speed", 1000, components=(_Component("enhanced_speed", 16, 0, 1000),)),
        7: _ProfileField("power"),
        8: _ProfileField(
            "compressed_speed_distance",
            components=(_Component("speed", 12, 0, 100), _Component("distance", 12, 12, 16, accumulate=True)),
        ),
        73: _ProfileField("enhanced_speed", 1000),
        78: _ProfileField("enhanced_altitude", 5, 500),
        TIMESTAMP: _ProfileField("timestamp"),
    },
    LAP: {2: _ProfileField("start_time")},
    EVENT_MESSAGE: {
        0: _ProfileField("event", enum=EVENT),
        1: _ProfileField("event_type", enum=EVENT_TYPE),
        TIMESTAMP: _ProfileField("timestamp"),
    },
    SESSION: {
        2: _ProfileField("start_time"),
        5: _ProfileField("sport", enum=SPORT),
        6: _ProfileField("sub_sport", enum=SUB_SPORT),
        7: _ProfileField("total_elapsed_time", 1000),
        8: _ProfileField("total_timer_time", 1000),
        9: _ProfileField("total_distance", 100),
        44: _ProfileField("pool_length", 100),
    },
    LENGTH: {
        2: _ProfileField("start_time"),
        4: _ProfileField("total_timer_time", 1000),
        5: _ProfileField("total_strokes"),
        12: _ProfileField("length_type", enum=LENGTH_TYPE),
    },
    HEART_RATE: {
        0: _ProfileField("fractional_timestamp", 32768),
        6: _ProfileField("filtered_bpm"),
        9: _ProfileField("event_timestamp", 1024),
        10: _ProfileField("event_timestamp_12"),
        TIMESTAMP: _ProfileField("timestamp"),
    },
    SPORT_MESSAGE: {0: _ProfileField("sport", enum=SPORT), 1: _ProfileField("sub_sport", enum=SUB_SPORT)},
    ACTIVITY_MESSAGE: {5: _ProfileField("local_timestamp"), TIMESTAMP: _ProfileField("timestamp")},
    FILE_ID: {
        1: _ProfileField("manufacturer", enum=MANUFACTURER),
        2: _ProfileField(
            "product",
            subfields=(
                _SubField("favero_product", FAVERO_PRODUCT, ((1, 263),)),
                _SubField("garmin_product", GARMIN_PRODUCT, ((1, 1), (1, 15), (1, 13), (1, 89))),
            ),
        ),
        8: _ProfileField("product_name"),
    },
    DEVELOPER_DATA_ID: {3: _ProfileField("developer_data_index")},
    FIELD_DESCRIPTION: {
        0: _ProfileField("developer_data_index"),
        1: _ProfileField("field_definition_number"),
        2: _ProfileField("fit_base_type_id"),
        3: _ProfileField("field_name"),
    },
}
# The names each message's reader asks for (first field of that name, or whose parent has it).
_NAMES: Final[dict[int, frozenset[str]]] = {
    number: frozenset(
        {profile_field.name for profile_field in fields.values()}
        | {sub.name for profile_field in fields.values() for sub in profile_field.subfields}
    )
    for number, fields in PROFILE.items()
    if number != RECORD
}


# --- Compiled definitions ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _DevField:
    name: object  # what the field_description's field_name held (a str, or None)
    base: _BaseType


@dataclass(frozen=True, slots=True)
class _Read:
    """One field as unpacked: where its values start in the unpacked tuple and how to read them."""

    index: int
    shape: int  # _SCALAR, _ARRAY, _STRING or _BYTES
    count: int
    invalid: object

    def parse(self, items: tuple[Any, ...]) -> Any:
        if self.shape == _SCALAR:
            return _value(self.invalid, items[self.index])
        if self.shape == _ARRAY:
            return tuple(_value(self.invalid, item) for item in items[self.index : self.index + self.count])
        raw = items[self.index]
        if self.shape == _STRING:
            return _parse_string(raw)
        return None if raw.count(0xFF) == len(raw) else tuple(raw)


# How a record step reads its field: a number into a column; a time; a time that can only be
# absent or not a time (a string, bytes, an array); compressed_speed_distance; anything else.
_COLUMN, _TIME, _NOT_A_TIME, _PACKED, _GENERIC = range(5)


@dataclass(frozen=True, slots=True)
class _Generic:
    """A record field read the long way, as fitdecode does: its components, then itself."""

    read: _Read
    name: object
    profile: _ProfileField | None
    components: tuple[_Component, ...]


# A record step: (kind, unpacked index, invalid, scale, offset, column index, factor, generic)
_RecordStep = tuple[int, int, object, float | None, float | None, int, float, _Generic | None]


@dataclass(frozen=True, slots=True)
class _Named:
    """A field of a message read by name (lap, event, session, sport, file_id, developer data)."""

    read: _Read
    number: int | None  # its number in the profile; None for a developer field
    name: object
    profile: _ProfileField | None


@dataclass(slots=True)
class _Definition:
    global_number: int
    size: int
    unpack: Callable[[bytes, int], tuple[Any, ...]] | None
    error: str | None
    timestamps: tuple[_Read, ...]
    record_steps: tuple[_RecordStep, ...] = ()
    named: tuple[_Named, ...] = ()
    resets_distance: bool = False
    is_record: bool = False


@dataclass(slots=True)
class _State:
    """What one FIT file in the stream carries from message to message (reset at each header)."""

    definitions: dict[int, _Definition] = field(default_factory=dict)
    developer_fields: dict[int, dict[object, _DevField]] = field(default_factory=dict)
    distance: Any = 0  # the accumulated distance of compressed_speed_distance


MessageSink = Callable[[int, dict[str, Any]], None]
_CACHE_LIMIT = 512


class _Compiler:
    """Definitions compiled by their bytes; a file repeating a definition compiles it once."""

    def __init__(self) -> None:
        self._cache: dict[tuple[object, ...], _Definition] = {}

    def compile(
        self,
        key: tuple[object, ...],
        global_number: int,
        endian: str,
        fields: list[tuple[int, int, int]],
        developer: list[tuple[int, int, _DevField]],
    ) -> _Definition:
        cached = self._cache.get(key)
        if cached is None:
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            cached = self._cache[key] = _compile(global_number, endian, fields, developer)
        return cached


def _compile(
    global_number: int,
    endian: str,
    fields: list[tuple[int, int, int]],
    developer: list[tuple[int, int, _DevField]],
) -> _Definition:
    profile = PROFILE.get(global_number, {})
    names = _NAMES.get(global_number, frozenset())
    codes: list[str] = [endian]
    skipped = 0
    index = 0
    size = 0
    error: str | None = None
    timestamps: list[_Read] = []
    record_steps: list[_RecordStep] = []
    named: list[_Named] = []

    # (number, bytes read, base type, profile field or None, developer name or None, is developer)
    entries: list[tuple[int, int, _BaseType, _ProfileField | None, object, bool]] = []
    for number, field_size, base_number in fields:
        base = _MISFIT if base_number == MISFIT_BASE else BASE_TYPES.get(base_number, _BYTE)
        entries.append((number, field_size, base, profile.get(number), None, False))
    for number, field_size, dev_field in developer:
        read_size = int(field_size / dev_field.base.size) * dev_field.base.size
        entries.append((number, read_size, dev_field.base, None, dev_field.name, True))

    for number, field_size, base, profile_field, dev_name, is_dev in entries:
        if field_size <= 0:
            error = error or f"a field of message {global_number} is 0 bytes long"
            continue
        size += field_size
        name = dev_name if is_dev else (profile_field.name if profile_field else None)
        wanted = base is not _MISFIT and (
            number == TIMESTAMP or _wanted(global_number, name, profile_field, names)
        )
        if not wanted:
            skipped += field_size
            continue
        if skipped:
            codes.append(f"{skipped}x")
            skipped = 0
        count = field_size // base.size
        if not base.code:
            shape = _STRING if base is _STRING_TYPE else _BYTES
            codes.append(f"{field_size}s")
            read = _Read(index, shape, 1, None)
            index += 1
        else:
            shape = _SCALAR if count == 1 else _ARRAY
            codes.append(f"{count}{base.code}")
            read = _Read(index, shape, count, base.invalid)
            index += count
        if number == TIMESTAMP:
            timestamps.append(read)
        if global_number == RECORD:
            step = _record_step(read, field_size, name, profile_field)
            if step is not None:
                record_steps.append(step)
        elif name in names or (profile_field and profile_field.subfields):
            named.append(_Named(read, None if is_dev else number, name, profile_field))
    unpack = struct.Struct("".join(codes)).unpack_from if index else None
    return _Definition(
        global_number,
        size,
        unpack,
        error,
        tuple(reversed(timestamps)),
        tuple(record_steps),
        tuple(named),
        resets_distance=global_number == RECORD and any(number == 8 for number, _, _ in fields),
        is_record=global_number == RECORD,
    )


def _wanted(
    global_number: int, name: object, profile_field: _ProfileField | None, names: frozenset[str]
) -> bool:
    if global_number == RECORD:
        return (
            name == "timestamp" or name in RECORD_COLUMNS or bool(profile_field and profile_field.components)
        )
    return name in names or bool(profile_field and profile_field.subfields)


def _record_step(
    read: _Read, size: int, name: object, profile_field: _ProfileField | None
) -> _RecordStep | None:
    scale = profile_field.scale if profile_field else None
    offset = profile_field.offset if profile_field else None
    components = profile_field.components if profile_field else ()
    if read.shape in (_ARRAY, _BYTES):
        # fitdecode skips a component whose bits start past the end of the field's bytes.
        length = read.count if read.shape == _ARRAY else size
        components = tuple(
            part for part in components if not part.bit_offset or part.bit_offset < length << 3
        )
    if name == "timestamp":
        if read.shape == _SCALAR:
            return (_TIME, read.index, read.invalid, None, None, 0, 0.0, None)
        return (_NOT_A_TIME, read.index, None, None, None, 0, 0.0, _Generic(read, name, None, ()))
    if components:
        generic = _Generic(read, name, profile_field, components)
        if (
            profile_field
            and profile_field.name == "compressed_speed_distance"
            and read.shape in (_SCALAR, _BYTES)
        ):
            return (_PACKED, read.index, read.invalid, None, None, 0, 0.0, generic)
        if read.shape != _SCALAR:
            return (_GENERIC, read.index, None, None, None, 0, 0.0, generic)
    # A single number. A component of it (speed → enhanced_speed) fills the same column just
    # before the field itself does, so the field's own value is the one kept. A string, bytes or
    # an array in a column's field is passed over whatever it holds.
    column = RECORD_COLUMNS.get(name) if isinstance(name, str) else None
    if column is None or read.shape != _SCALAR:
        return None
    factor = DEGREES_PER_SEMICIRCLE if column in _POSITION_COLUMNS else 0.0
    return (_COLUMN, read.index, read.invalid, scale, offset, _COLUMN_INDEX[column], factor, None)


# --- Values as the FIT profile gives them ------------------------------------------------------


def _scaled(value: Any, scale: float | None, offset: float | None) -> Any:
    if isinstance(value, tuple):
        return tuple(_scaled(item, scale, offset) for item in value)
    if isinstance(value, (int, float)):
        if scale:
            value = float(value) / scale
        if offset:
            value = value - offset
    return value


def _rendered(value: Any, enum: dict[int, str] | None) -> Any:
    if enum and value in enum:
        return enum[value]
    return value


def _component_raw(value: Any, component: _Component) -> Any:
    """The component's bits of a field's raw value (an array's items are little-endian bytes)."""
    if value is None:
        return None
    if isinstance(value, tuple):
        number = 0
        for item in reversed(value):
            number = (number << 8) + item
        value = number
    if isinstance(value, int):
        value = (value >> component.bit_offset) & ((1 << component.bits) - 1)
    return value


def _accumulated(value: Any, total: Any, bits: int) -> Any:
    """A counter of ``bits`` bits that wraps, added to the running total it counts."""
    wrap = 1 << bits
    mask = wrap - 1
    result = value + (total & ~mask)
    if value < (total & mask):
        result += wrap
    return result


def _generic_values(generic: _Generic, items: tuple[Any, ...], state: _State) -> list[tuple[object, Any]]:
    """(name, value) of a field and of its components, components first."""
    raw = generic.read.parse(items)
    profile_field = generic.profile
    if profile_field is None:
        return [(generic.name, raw)]
    values: list[tuple[object, Any]] = []
    for component in generic.components:
        part = _component_raw(raw, component)
        if component.accumulate and part is not None:
            part = state.distance = _accumulated(part, state.distance, component.bits)
        values.append((component.name, _scaled(part, component.scale, component.offset)))
    values.append((profile_field.name, _scaled(raw, profile_field.scale, profile_field.offset)))
    return values


# --- Checksums -------------------------------------------------------------------------------


def _byte_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_CRC_BYTE = _byte_table()
_crc_word: list[int] = []


def fit_crc(data: bytes | memoryview, crc: int = 0) -> int:
    """FIT's CRC-16 (CRC-16/ARC), two bytes per step through a 65 536-entry table."""
    global _crc_word
    if not _crc_word:
        by_byte = _CRC_BYTE
        _crc_word = [
            (by_byte[word & 0xFF] >> 8) ^ by_byte[((word >> 8) ^ by_byte[word & 0xFF]) & 0xFF]
            for word in range(65536)
        ]
    table = _crc_word
    even = len(data) & ~1
    words = array("H", bytes(data[:even]))
    if sys.byteorder == "big":
        words.byteswap()
    for word in words:
        crc = table[crc ^ word]
    if even != len(data):
        crc = (crc >> 8) ^ _CRC_BYTE[(crc ^ data[even]) & 0xFF]
    return crc


# --- The decoder -------------------------------------------------------------------------------


def decode_fit(data: bytes, recording: Recording, on_message: MessageSink) -> None:
    """Decode ``data``: each record with a time into ``recording``'s columns, the other messages
    Kinetic reads to ``on_message`` (global number, the first value of each name it reads).

    Raises a ``FitDecodeError`` subclass; a value of a type no decoding expects can also raise
    ``TypeError``, ``ValueError`` or ``LookupError`` (the file is damaged).
    """
    compiler = _Compiler()
    position = 0
    total = len(data)
    while position < total:
        header_end, body_end = _header(data, position)
        _body(data, header_end, body_end, _State(), compiler, recording, on_message)
        if body_end + 2 > total:
            raise FitCutShort("the checksum at the end is missing")
        expected = data[body_end] | data[body_end + 1] << 8
        if fit_crc(memoryview(data)[position:body_end]) != expected:
            raise FitChecksumMismatch("the file's checksum")
        position = body_end + 2


def _header(data: bytes, position: int) -> tuple[int, int]:
    if len(data) - position < 12:
        raise FitHeaderDamaged(
            f"file truncated? {len(data) - position} bytes at {position}, a header takes 12"
        )
    header_size = data[position]
    if header_size < 12 or data[position + 8 : position + 12] != b".FIT":
        raise FitHeaderDamaged(f"not a FIT file @ {position}")
    (body_size,) = struct.unpack_from("<I", data, position + 4)
    if header_size > 12:
        if header_size < 14:
            raise FitHeaderDamaged(f"unsupported FIT header (CRC field missing; header offset: {position})")
        if position + header_size > len(data):
            raise FitCutShort("the header")
        if header_size > 14:
            raise FitDamaged(f"a header of {header_size} bytes, where FIT has 12 or 14")
        header_crc = data[position + 12] | data[position + 13] << 8
        if header_crc and fit_crc(data[position : position + 12]) != header_crc:
            raise FitChecksumMismatch("the header's checksum")
    header_end = position + header_size
    return header_end, header_end + body_size


def _body(
    data: bytes,
    position: int,
    body_end: int,
    state: _State,
    compiler: _Compiler,
    recording: Recording,
    on_message: MessageSink,
) -> None:
    total = len(data)
    definitions = state.definitions
    missing = MISSING
    blank_row = [missing] * len(_ROW_COLUMNS)
    add_time = recording.times.append
    (
        add_power,
        add_heart_rate,
        add_speed,
        add_cadence,
        add_altitude,
        add_distance,
        add_latitude,
        add_longitude,
    ) = (column.append for column in recording.columns()[1:])
    timestamp: Any = 0  # the last timestamp, that compressed-timestamp headers count from
    while position < body_end:
        if position >= total:
            raise FitCutShort("a message")
        header = data[position]
        if not header & 0x80:
            if header & 0x40:
                position = _definition(data, position, body_end, state, compiler)
                continue
            time_offset = -1
            local = header & 0x0F
        else:
            time_offset = header & 0x1F
            local = (header >> 5) & 0x03
        definition = definitions.get(local)
        if definition is None:
            raise FitDamaged(f"local message {local} not defined")
        start = position + 1
        position = start + definition.size
        if position > total:
            raise FitCutShort("a message")
        if position > body_end:
            raise FitDamaged("a message runs past the end of the data the header states")
        if definition.error is not None:
            raise FitDamaged(definition.error)
        items = definition.unpack(data, start) if definition.unpack is not None else ()
        # Only the last present timestamp field counts; reading has no side effect, so from the end.
        for read in definition.timestamps:
            stamp = read.parse(items)
            if stamp is not None:
                timestamp = stamp
                break
        if time_offset >= 0:
            # A 5-bit offset from the last timestamp, wrapping every 32 s.
            stamp = time_offset + (timestamp & ~0x1F)
            if time_offset < (timestamp & 0x1F):
                stamp += 0x20
            timestamp = stamp
        if definition.is_record:
            time = missing
            row = blank_row[:] if definition.record_steps else blank_row
            for kind, index, invalid, scale, offset, column, factor, generic in definition.record_steps:
                if kind == _COLUMN:
                    value = items[index]
                    if value == invalid or value != value:
                        continue
                    if scale:
                        value = float(value) / scale
                    if offset:
                        value = value - offset
                    if factor:
                        value *= factor
                    row[column] = float(value)
                elif kind == _TIME:
                    value = items[index]
                    if value != invalid and value == value:
                        time = fit_time(value) or missing
                elif kind == _NOT_A_TIME:
                    assert generic is not None
                    if generic.read.parse(items) is not None:
                        time = missing
                elif kind == _PACKED and type(value := items[index]) is not float:
                    assert generic is not None
                    _unpack_speed_distance(value, invalid, generic, row, state)
                else:
                    assert generic is not None
                    for name, value in _generic_values(generic, items, state):
                        time = _take_record_value(row, name, value, time)
            if time_offset >= 0:
                time = fit_time(timestamp) or missing
            if time == time:  # a record without a time cannot be placed; it is passed over
                add_time(time)
                add_power(row[0])
                add_heart_rate(row[1])
                add_speed(row[2])
                add_cadence(row[3])
                add_altitude(row[4])
                add_distance(row[5])
                add_latitude(row[6])
                add_longitude(row[7])
        elif definition.global_number in _NAMES:
            _named_message(definition, items, timestamp if time_offset >= 0 else None, state, on_message)


def _unpack_speed_distance(
    value: Any, invalid: object, generic: _Generic, row: list[float], state: _State
) -> None:
    """compressed_speed_distance: 12 bits of speed (cm/s), 12 of distance (1/16 m, wrapping)."""
    if isinstance(value, bytes):
        if value.count(0xFF) == len(value):
            return
        number = int.from_bytes(value, "little")
    elif value == invalid:
        return
    else:
        number = value
    for component in generic.components:
        part = (number >> component.bit_offset) & ((1 << component.bits) - 1)
        if component.accumulate:
            part = state.distance = _accumulated(part, state.distance, component.bits)
        row[_COLUMN_INDEX[component.name]] = float(part) / (component.scale or 1)


def _take_record_value(row: list[float], name: object, value: Any, time: float) -> float:
    if value is None:
        return time
    if name == "timestamp":
        return fit_time(value) or MISSING
    column = RECORD_COLUMNS.get(name) if isinstance(name, str) else None
    if column is None or isinstance(value, (tuple, str)):
        return time
    if column in _POSITION_COLUMNS:
        value *= DEGREES_PER_SEMICIRCLE
    row[_COLUMN_INDEX[column]] = float(value)
    return time


def _definition(data: bytes, position: int, body_end: int, state: _State, compiler: _Compiler) -> int:
    total = len(data)
    header = data[position]
    if position + 6 > total:
        raise FitCutShort("a definition")
    endian = "<" if not data[position + 2] else ">"
    global_number = (
        data[position + 3] | data[position + 4] << 8
        if endian == "<"
        else data[position + 3] << 8 | data[position + 4]
    )
    count = data[position + 5]
    cursor = position + 6
    fields: list[tuple[int, int, int]] = []
    for _ in range(count):
        if cursor + 3 > total:
            raise FitCutShort("a definition")
        number, field_size, base_number = data[cursor], data[cursor + 1], data[cursor + 2]
        if field_size % BASE_TYPES.get(base_number, _BYTE).size:
            # A size the type cannot fill (a uint32 of 1 byte, as Coros writes): the FIT SDK,
            # fitparse and fitdecode read it as bytes; no value of it can be trusted, so it is
            # skipped, and the rest of the message reads as usual (decision 0087).
            base_number = MISFIT_BASE
        fields.append((number, field_size, base_number))
        cursor += 3
    developer: list[tuple[int, int, _DevField]] = []
    if header & 0x20:
        if cursor + 1 > total:
            raise FitCutShort("a definition")
        dev_count = data[cursor]
        cursor += 1
        for _ in range(dev_count):
            if cursor + 3 > total:
                raise FitCutShort("a definition")
            number, field_size, dev_index = data[cursor], data[cursor + 1], data[cursor + 2]
            described = state.developer_fields.get(dev_index)
            if described is None:
                raise FitDamaged(f"dev_data_index {dev_index} not defined (looking up for field {number})")
            dev_field = described.get(number)
            if dev_field is None:
                raise FitDamaged(f"no such field {number} for dev_data_index {dev_index}")
            developer.append((number, field_size, dev_field))
            cursor += 3
    if cursor > body_end:
        raise FitDamaged("a definition runs past the end of the data the header states")
    key = (data[position + 1 : cursor], header & 0x20, tuple(developer))
    definition = compiler.compile(key, global_number, endian, fields, developer)
    if definition.resets_distance:
        state.distance = 0
    state.definitions[header & 0x0F] = definition
    return cursor


def _named_message(
    definition: _Definition,
    items: tuple[Any, ...],
    compressed_time: Any,
    state: _State,
    on_message: MessageSink,
) -> None:
    """The first value (and raw value) of each name, as ``get_value`` finds them in fitdecode."""
    raws = [(named, named.read.parse(items)) for named in definition.named]
    values: dict[str, Any] = {}
    raw_values: dict[str, Any] = {}
    for named, raw in raws:
        profile_field = named.profile
        parent: object = None
        name = named.name
        value = raw
        if profile_field is not None:
            enum, scale, offset = profile_field.enum, profile_field.scale, profile_field.offset
            subfield = _subfield(profile_field, raws)
            if subfield is not None:
                parent, name, enum, scale, offset = name, subfield.name, subfield.enum, None, None
            value = _scaled(_rendered(raw, enum), scale, offset)
        for key in (name, parent):
            if isinstance(key, str) and key not in values:
                values[key] = value
                raw_values[key] = raw
    if compressed_time is not None and "timestamp" not in values:
        values["timestamp"] = raw_values["timestamp"] = compressed_time
    number = definition.global_number
    if number == DEVELOPER_DATA_ID:
        _declare_developer_data(values, raw_values, state)
    elif number == FIELD_DESCRIPTION:
        _describe_developer_field(values, raw_values, state)
    else:
        on_message(number, values)


def _subfield(profile_field: _ProfileField, raws: list[tuple[_Named, Any]]) -> _SubField | None:
    for subfield in profile_field.subfields:
        for ref_number, ref_value in subfield.refs:
            for named, raw in raws:
                if named.number == ref_number and raw == ref_value:
                    return subfield
    return None


def _declare_developer_data(values: dict[str, Any], raw_values: dict[str, Any], state: _State) -> None:
    if "developer_data_index" not in values:
        raise FitDamaged("a developer_data_id message without developer_data_index")
    state.developer_fields[int(raw_values["developer_data_index"])] = {}


def _describe_developer_field(values: dict[str, Any], raw_values: dict[str, Any], state: _State) -> None:
    if "developer_data_index" not in values:
        raise FitDamaged("a field_description message without developer_data_index")
    index = raw_values["developer_data_index"]
    if index is not None:
        index = int(index)
    if index not in state.developer_fields:
        raise FitDamaged(f"developer_data_index {index} not defined")
    if "field_definition_number" not in values:
        raise FitDamaged("a field_description message without field_definition_number")
    base_number = raw_values.get("fit_base_type_id")
    base = _BYTE if base_number is None else BASE_TYPES[base_number]
    number = raw_values["field_definition_number"]
    state.developer_fields[index][number] = _DevField(raw_values.get("field_name"), base)
