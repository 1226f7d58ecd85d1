"""Reading a FIT activity with fitdecode, record by record, into a ``Recording``.

The decoder streams the file frame by frame and each record's fields are read in one pass into
the recording's columns, so nothing per record outlives its frame. It runs without fitdecode's
value processor, which would turn every timestamp into a ``datetime`` only for this module to
turn it back into seconds: a quarter of the decoding time of a long ride (decision 0053, Size
and speed). The file's checksums are checked: a mismatch refuses the file (Damaged files).
"""

from __future__ import annotations

import io
import struct
from typing import Any

import fitdecode

from kinetic.activity_files.model import UnreadableActivityFile
from kinetic.activity_files.recording import MISSING, Recording
from kinetic.activity_files.sports import fit_sport

_DEGREES_PER_SEMICIRCLE = 180.0 / 2**31
# FIT times count seconds from 1989-12-31T00:00:00Z; a value below 0x10000000 counts from the
# device's power-on instead (its clock was not set) and cannot be placed in UTC.
_FIT_EPOCH_POSIX_S = 631_065_600
_FIT_FIRST_UTC_TIME = 0x10000000
# A record's fields by FIT name → the recording column they fill. The "enhanced_" fields are
# the wider ones newer devices write; where both are present they carry the same value.
_RECORD_FIELDS = {
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
_POSITION_FIELDS = frozenset({"latitude", "longitude"})
_TIMER_STOPS = frozenset({"stop", "stop_all", "stop_disable", "stop_disable_all"})


def read_fit(data: bytes) -> Recording:
    messages = _FitMessages()
    try:
        with fitdecode.FitReader(
            io.BytesIO(data),
            processor=None,
            check_crc=fitdecode.CrcCheck.RAISE,
            error_handling=fitdecode.ErrorHandling.RAISE,
        ) as reader:
            for frame in reader:
                if isinstance(frame, fitdecode.FitDataMessage):
                    messages.take(frame)
    except fitdecode.FitCRCError:
        raise UnreadableActivityFile(
            "the FIT file's checksum does not match its content: it was changed or damaged after "
            "the device wrote it. Export it again from the device or app"
        ) from None
    except fitdecode.FitEOFError:
        raise UnreadableActivityFile(
            "the FIT file is cut short: it ends before the length its header states. Copy or export it again"
        ) from None
    except fitdecode.FitHeaderError as error:
        raise UnreadableActivityFile(f"the FIT file's header is damaged ({error})") from None
    except (fitdecode.FitError, struct.error, ValueError, LookupError, TypeError) as error:
        raise UnreadableActivityFile(f"the FIT file is damaged and cannot be decoded ({error})") from None
    return messages.recording()


class _FitMessages:
    """Collects the messages an activity needs, in file order; the rest are passed over."""

    def __init__(self) -> None:
        self._recording = Recording(format="fit")
        self._sessions: list[tuple[float, object, object]] = []  # (elapsed seconds, sport, sub_sport)
        self._sport_message: tuple[object, object] | None = None
        self._stopped_at: float | None = None
        self._handlers = {
            "record": self._record,
            "lap": self._lap,
            "event": self._event,
            "session": self._session,
            "sport": self._sport,
            "file_id": self._file_id,
        }

    def take(self, frame: Any) -> None:
        handler = self._handlers.get(frame.name)
        if handler is not None:
            handler(frame)

    def recording(self) -> Recording:
        if self._sessions:
            # A multisport file holds one session per leg; it is read as one activity of the
            # longest leg's sport (decision 0053, Sport).
            _, sport, sub_sport = max(self._sessions, key=lambda session: session[0])
            self._recording.sport = fit_sport(sport, sub_sport)
        elif self._sport_message is not None:
            self._recording.sport = fit_sport(*self._sport_message)
        return self._recording

    def _record(self, frame: Any) -> None:
        values = {"time": MISSING}
        for field in frame.fields:
            field_name = field.name
            value = field.value
            if value is None:
                continue
            if field_name == "timestamp":
                values["time"] = _time(value) or MISSING
                continue
            column = _RECORD_FIELDS.get(field_name)
            if column is None or isinstance(value, (tuple, str)):
                continue
            if column in _POSITION_FIELDS:
                value *= _DEGREES_PER_SEMICIRCLE
            values[column] = float(value)
        time = values.pop("time")
        if time == time:  # a record without a time cannot be placed; it is passed over
            self._recording.add(time, **values)

    def _lap(self, frame: Any) -> None:
        lap_start = _time(frame.get_value("start_time", fallback=None))
        if lap_start is not None:
            self._recording.lap_starts.append(lap_start)

    def _event(self, frame: Any) -> None:
        """A timer stop, then a start, is a pause from the first stop to the start."""
        if frame.get_value("event", fallback=None) != "timer":
            return
        event_type = frame.get_value("event_type", fallback=None)
        at = _time(frame.get_value("timestamp", fallback=None))
        if at is None:
            return
        if event_type in _TIMER_STOPS:
            self._stopped_at = at if self._stopped_at is None else self._stopped_at
        elif event_type == "start" and self._stopped_at is not None:
            self._recording.pauses.append((self._stopped_at, at))
            self._stopped_at = None

    def _session(self, frame: Any) -> None:
        elapsed = frame.get_value("total_elapsed_time", fallback=None) or 0.0
        self._sessions.append(
            (
                float(elapsed),
                frame.get_value("sport", fallback=None),
                frame.get_value("sub_sport", fallback=None),
            )
        )

    def _sport(self, frame: Any) -> None:
        self._sport_message = (
            frame.get_value("sport", fallback=None),
            frame.get_value("sub_sport", fallback=None),
        )

    def _file_id(self, frame: Any) -> None:
        self._recording.device = _device_name(frame)


def _time(value: object) -> float | None:
    """POSIX seconds of a FIT time; ``None`` when it is absent or not a UTC time."""
    if isinstance(value, int) and value >= _FIT_FIRST_UTC_TIME:
        return float(value + _FIT_EPOCH_POSIX_S)
    return None


def _device_name(frame: Any) -> str:
    manufacturer = frame.get_value("manufacturer", fallback=None)
    product = (
        frame.get_value("product_name", fallback=None)
        or frame.get_value("garmin_product", fallback=None)
        or frame.get_value("product", fallback=None)
    )
    return " ".join(str(part) for part in (manufacturer, product) if part not in (None, ""))
