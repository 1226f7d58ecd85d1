"""Heart rate a chest strap stored during a swim and sent to the watch afterwards (FIT ``hr``).

Under water a strap's signal does not reach the watch, so a Garmin HRM-Swim or HRM-Tri stores the
beats and sends them when the swim ends; the watch writes them as ``hr`` messages (number 132),
often in FIT files chained after the activity's own, and its session figures count them. Each
message holds up to eight heart rates (``filtered_bpm``) and their times in seconds of the
strap's own clock (1/1024 s): the first message of a series (``timestamp`` and
``fractional_timestamp`` set) gives them whole (``event_timestamp``), which ties that clock to
UTC; the next ones give only each time's low 12 bits (``event_timestamp_12``, eight 12-bit
values in 12 bytes), each counting on from the one before (the FIT profile's accumulated
component). Decisions 0094 and 0084.
"""

from __future__ import annotations

from typing import Any

from services.sessions.endurance.activity_files.fit_decoder import fit_time
from services.sessions.endurance.activity_files.recording import Recording
from services.sessions.endurance.activity_files.streams import resample

_TICKS_PER_S = 1024
_LOW_BITS = 12
_LOW_MASK = (1 << _LOW_BITS) - 1
# Records carrying a heart rate this often or more were recorded live: the strap's stored beats
# are not what the device summed (strap_heart_rate_stream).
LIVE_HEART_RATE_SHARE = 0.1


class StrapHeartRate:
    """Reads ``hr`` messages in file order into ``recording.strap_heart_rate``."""

    def __init__(self, recording: Recording) -> None:
        self._recording = recording
        self._offset: float | None = None  # UTC seconds at the strap clock's 0
        self._last_ticks = 0

    def take(self, values: dict[str, Any]) -> None:
        beats = _as_tuple(values.get("filtered_bpm"))
        at = fit_time(values.get("timestamp"))
        whole = _as_tuple(values.get("event_timestamp"))
        if at is not None and whole and whole[0] is not None:
            fraction = values.get("fractional_timestamp")
            fraction = float(fraction) if isinstance(fraction, (int, float)) else 0.0
            self._offset = at + fraction - float(whole[0])
        if self._offset is None:
            return  # no message has tied the strap's clock to UTC yet
        if whole and all(isinstance(value, (int, float)) for value in whole):
            ticks = [round(float(value) * _TICKS_PER_S) for value in whole]
        else:
            packed = values.get("event_timestamp_12")
            if not isinstance(packed, tuple):
                return
            ticks = self._unpacked(packed, len(beats))
        if ticks:
            self._last_ticks = ticks[-1]
        for tick, bpm in zip(ticks, beats, strict=False):
            if isinstance(bpm, (int, float)) and bpm > 0:
                self._recording.strap_heart_rate.append((self._offset + tick / _TICKS_PER_S, float(bpm)))

    def _unpacked(self, packed: tuple[Any, ...], count: int) -> list[int]:
        """Each 12-bit time of ``packed`` (little-endian bytes), counted on from the last time."""
        if not all(isinstance(byte, int) for byte in packed):
            return []
        number = int.from_bytes(bytes(packed), "little")
        ticks = []
        last = self._last_ticks
        for index in range(min(count, len(packed) * 8 // _LOW_BITS)):
            low = (number >> (index * _LOW_BITS)) & _LOW_MASK
            tick = (last & ~_LOW_MASK) | low
            if tick < last:
                tick += _LOW_MASK + 1
            ticks.append(tick)
            last = tick
        return ticks


def _as_tuple(value: object) -> tuple[Any, ...]:
    if isinstance(value, tuple):
        return value
    return () if value is None else (value,)


def strap_beats(recording: Recording, start: float, end: float) -> list[tuple[float, float]]:
    """The strap's beats from ``start`` to before ``end``, in time order, when they are the
    activity's heart rate (``strap_heart_rate_stream`` says when); else none."""
    if not recording.strap_heart_rate:
        return []
    records = len(recording.heart_rate)
    with_heart_rate = sum(1 for value in recording.heart_rate if value == value)
    if with_heart_rate >= LIVE_HEART_RATE_SHARE * records:
        return []
    return sorted((time, bpm) for time, bpm in recording.strap_heart_rate if start <= time < end)


def strap_heart_rate_stream(recording: Recording, start: float, length: int) -> list[float | None] | None:
    """The heart-rate stream from the strap's beats, one value per second from ``start`` as the
    records' streams are (``streams.resample``; nothing within a pause), when the records
    themselves hardly carry a heart rate; otherwise None (the records' stream stands).

    A watch writes ``hr`` messages for what its strap could not send live: where the records
    hold a heart rate (a Forerunner 935 recording from the wrist, 70 % of its records), that is
    what the device summed (its session's 80 bpm; the strap's beats average 90), and the beats
    are left out. Where they hold next to none (a Forerunner 735XT pool swim: none; a 920XT
    triathlon's swim leg: 7 of 350 records, the few beats that got through the water), the
    beats are the heart rate the device's session states (735XT: max 161; 920XT swim: 165 and
    175 bpm).
    """
    beats = strap_beats(recording, start, start + length)
    if not beats:
        return None
    stream = resample([time - start for time, _ in beats], [bpm for _, bpm in beats], length)
    for stopped, resumed in recording.pauses:
        first, stop = max(0, int(stopped - start) + 1), min(length, int(resumed - start))
        if first < stop:
            stream[first:stop] = [None] * (stop - first)
    return stream
