"""Reading a FIT activity into a ``Recording`` with Kinetic's own decoder (``fit_decoder``).

The decoder hands over each record's columns and the few other messages an activity needs, in
file order; nothing per record outlives it. It is linear in the file's size by construction and
several times faster than fitdecode, which Kinetic used before and which read the same values
(decision 0074). The file's checksums are checked: a mismatch refuses the file (decision 0053,
Damaged files).
"""

from __future__ import annotations

import dataclasses
import struct
from array import array
from typing import Any

from services.sessions.endurance.activity_files.fit_decoder import (
    ACTIVITY_MESSAGE,
    EVENT_MESSAGE,
    FILE_ID,
    HEART_RATE,
    LAP,
    LENGTH,
    SESSION,
    SPORT_MESSAGE,
    SYSTEM_TIME_END_POSIX_S,
    FitChecksumMismatch,
    FitCutShort,
    FitDecodeError,
    FitHeaderDamaged,
    decode_fit,
    fit_time,
)
from services.sessions.endurance.activity_files.model import UnreadableActivityFile
from services.sessions.endurance.activity_files.recording import Recording, SessionTotals, SwimLength
from services.sessions.endurance.activity_files.sports import fit_sport
from services.sessions.endurance.activity_files.strap_heart_rate import StrapHeartRate

_TIMER_STOPS = frozenset({"stop", "stop_all", "stop_disable", "stop_disable_all"})


def read_fit(data: bytes) -> Recording:
    recording = Recording(format="fit")
    messages = _FitMessages(recording)
    try:
        decode_fit(data, recording, messages.take)
    except FitChecksumMismatch:
        raise UnreadableActivityFile(
            "the FIT file's checksum does not match its content: it was changed or damaged after "
            "the device wrote it. Export it again from the device or app"
        ) from None
    except FitCutShort:
        raise UnreadableActivityFile(
            "the FIT file is cut short: it ends before the length its header states. Copy or export it again"
        ) from None
    except FitHeaderDamaged as error:
        raise UnreadableActivityFile(f"the FIT file's header is damaged ({error})") from None
    except (FitDecodeError, struct.error, ValueError, LookupError, TypeError) as error:
        raise UnreadableActivityFile(f"the FIT file is damaged and cannot be decoded ({error})") from None
    return messages.recording()


class _FitMessages:
    """Reads the messages an activity needs besides its records, in file order."""

    def __init__(self, recording: Recording) -> None:
        self._recording = recording
        self._sessions: list[tuple[float, object, object]] = []  # (elapsed seconds, sport, sub_sport)
        self._sport_message: tuple[object, object] | None = None
        self._stopped_at: float | None = None
        self._local_time_shift: float | None = None  # local_timestamp less timestamp (activity message)
        self._handlers = {
            LAP: self._lap,
            EVENT_MESSAGE: self._event,
            SESSION: self._session,
            LENGTH: self._length,
            SPORT_MESSAGE: self._sport,
            FILE_ID: self._file_id,
            HEART_RATE: StrapHeartRate(recording).take,
            ACTIVITY_MESSAGE: self._activity,
        }

    def take(self, message_number: int, values: dict[str, Any]) -> None:
        handler = self._handlers.get(message_number)
        if handler is not None:
            handler(values)

    def recording(self) -> Recording:
        _place_system_times(self._recording, self._local_time_shift)
        if self._sessions:
            # A multisport file holds one session per leg; read whole, it is one activity of the
            # longest leg's sport (decision 0053, Sport); ``read_activity_files`` splits it (0087).
            _, sport, sub_sport = max(self._sessions, key=lambda session: session[0])
            self._recording.sport = fit_sport(sport, sub_sport)
        elif self._sport_message is not None:
            self._recording.sport = fit_sport(*self._sport_message)
        return self._recording

    def _lap(self, values: dict[str, Any]) -> None:
        lap_start = fit_time(values.get("start_time"))
        if lap_start is not None:
            self._recording.lap_starts.append(lap_start)

    def _event(self, values: dict[str, Any]) -> None:
        """A timer stop, then a start, is a pause from the first stop to the start."""
        if values.get("event") != "timer":
            return
        event_type = values.get("event_type")
        at = fit_time(values.get("timestamp"))
        if at is None:
            return
        if event_type in _TIMER_STOPS:
            self._stopped_at = at if self._stopped_at is None else self._stopped_at
        elif event_type == "start" and self._stopped_at is not None:
            self._recording.pauses.append((self._stopped_at, at))
            self._stopped_at = None

    def _session(self, values: dict[str, Any]) -> None:
        elapsed = values.get("total_elapsed_time") or 0.0
        sport, sub_sport = values.get("sport"), values.get("sub_sport")
        self._sessions.append((float(elapsed), sport, sub_sport))
        self._recording.sessions.append(
            SessionTotals(
                sport=fit_sport(sport, sub_sport),
                timer_s=_number(values.get("total_timer_time")),
                distance_m=_number(values.get("total_distance")),
                pool_length_m=_number(values.get("pool_length")),
                start=fit_time(values.get("start_time")),
                word=str(sport if sport is not None else sub_sport or ""),
                elapsed_s=_number(values.get("total_elapsed_time")),
            )
        )

    def _length(self, values: dict[str, Any]) -> None:
        """A pool length: an active one was swum, an idle one is a rest at the wall (decision 0084)."""
        start = fit_time(values.get("start_time"))
        timer = _number(values.get("total_timer_time"))
        if start is None or timer is None:
            return
        strokes = values.get("total_strokes")
        self._recording.lengths.append(
            SwimLength(
                start=start,
                timer_s=timer,
                active=values.get("length_type") == "active",
                strokes=strokes if isinstance(strokes, int) else None,
            )
        )

    def _sport(self, values: dict[str, Any]) -> None:
        self._sport_message = (values.get("sport"), values.get("sub_sport"))

    def _file_id(self, values: dict[str, Any]) -> None:
        self._recording.device = _device_name(values)

    def _activity(self, values: dict[str, Any]) -> None:
        timestamp, local = fit_time(values.get("timestamp")), fit_time(values.get("local_timestamp"))
        if timestamp is not None and local is not None and local >= SYSTEM_TIME_END_POSIX_S:
            self._local_time_shift = local - timestamp


def _place_system_times(recording: Recording, local_time_shift: float | None) -> None:
    """Put the times of a watch whose clock was not set on the calendar (decision 0093).

    Its times count seconds from power-on (the FIT profile's "system time"). The activity message
    states the same moment in that count and in local time: every time moves by the difference,
    and the activity is stored as if local time were UTC (off by the athlete's time zone). A
    file that also has real times keeps those only, as before; one with no local time to go by
    keeps none, and ``limits.check_recording`` refuses it saying why.
    """
    times = recording.times
    system = [time < SYSTEM_TIME_END_POSIX_S for time in times]
    shift = local_time_shift if system and all(system) else None
    if shift is not None:
        recording.times = array("d", (time + shift for time in times))
        recording.clock_not_set = True
    elif any(system):
        # Real times beside them, or no local time to go by: the system times are passed over, as
        # a record without a time is; with none left, the refusal says the clock was not set.
        recording.keep_records([not flag for flag in system])
        recording.clock_not_set = not recording.times

    def placed(time: float) -> float | None:
        if time >= SYSTEM_TIME_END_POSIX_S:
            return time
        return None if shift is None else time + shift

    recording.lap_starts = [moved for lap in recording.lap_starts if (moved := placed(lap)) is not None]
    pauses = [(placed(stopped), placed(resumed)) for stopped, resumed in recording.pauses]
    recording.pauses = [(stopped, resumed) for stopped, resumed in pauses if stopped and resumed]
    recording.lengths = [
        dataclasses.replace(length, start=moved)
        for length in recording.lengths
        if (moved := placed(length.start)) is not None
    ]
    recording.sessions = [
        dataclasses.replace(session, start=None if session.start is None else placed(session.start))
        for session in recording.sessions
    ]


def _number(value: object) -> float | None:
    """A finite number of a summary field; None when absent or not a number."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
        return float(value)
    return None


def _device_name(values: dict[str, Any]) -> str:
    manufacturer = values.get("manufacturer")
    product = values.get("product_name") or values.get("garmin_product") or values.get("product")
    return " ".join(str(part) for part in (manufacturer, product) if part not in (None, ""))
