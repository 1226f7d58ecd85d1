"""Reading a TCX activity into a ``Recording``, streaming (``xml_stream.walk_xml``).

Only called once ``detection.xml_root_name`` has found the root and refused any document type,
so no entity can be expanded here. Each trackpoint's values are taken as its elements end and the
trackpoint is added at its own end: nothing per trackpoint outlives it (decision 0069).
"""

from __future__ import annotations

from services.sessions.endurance.activity_files.model import UnreadableActivityFile
from services.sessions.endurance.activity_files.recording import MISSING, Recording, SessionTotals
from services.sessions.endurance.activity_files.sports import tcx_sport
from services.sessions.endurance.activity_files.xml_stream import walk_xml
from services.sessions.endurance.activity_files.xml_values import parse_number, parse_time

# A trackpoint's elements by local name → the recording column they fill. ``Value`` is only ever
# the heart rate's (inside ``HeartRateBpm``); ``Speed``, ``Watts`` and ``RunCadence`` come from
# the activity extension (TPX) most devices add.
_TRACKPOINT_VALUES = {
    "LatitudeDegrees": "latitude",
    "LongitudeDegrees": "longitude",
    "AltitudeMeters": "altitude",
    "DistanceMeters": "distance",
    "Value": "heart_rate",
    "Cadence": "cadence",
    "RunCadence": "cadence",
    "Speed": "speed",
    "Watts": "power",
}


class _TcxActivity:
    """What the walk has read so far: the recording and the trackpoint being read."""

    def __init__(self) -> None:
        self.recording = Recording(format="tcx")
        self.activities = 0
        self.trackpoint_depth = 0  # the open trackpoint's depth; 0 when none is open
        self.values: dict[str, float] = {}
        self.time = MISSING
        # What each Lap states of itself: its timer seconds and metres (a swim's figures, 0084)
        self.lap_seconds: list[float] = []
        self.lap_metres: list[float] = []

    def start(self, path: list[str], attributes: dict[str, str]) -> None:
        name = path[-1]
        if name == "Trackpoint":
            self.trackpoint_depth = len(path)
            self.values = {}
            self.time = MISSING
        elif name == "Activity":
            self.activities += 1
            if self.activities > 1:
                raise UnreadableActivityFile(
                    "the TCX file holds more than one activity; export each activity on its own"
                )
            self.recording.sport = tcx_sport(attributes.get("Sport"))
        elif name == "Lap" and self.activities == 1:
            self.recording.lap_starts.append(parse_time(attributes.get("StartTime"), "a TCX lap"))

    def end(self, path: list[str], text: str) -> None:
        name = path[-1]
        depth = len(path)
        if self.trackpoint_depth and depth > self.trackpoint_depth:
            if name == "Time":
                self.time = parse_time(text, "a TCX trackpoint")
                return
            column = _TRACKPOINT_VALUES.get(name)
            if column is not None:
                self.values[column] = parse_number(text, f"a TCX trackpoint's <{name}>")
        elif depth == self.trackpoint_depth:
            # A trackpoint without a time cannot be placed; TCX allows one, it is passed over.
            if self.time == self.time:
                self.recording.add(self.time, **self.values)
            self.trackpoint_depth = 0
        elif name == "Name" and path[-3:-1] == ["Activity", "Creator"]:
            self.recording.device = text
        elif path[-2:-1] == ["Lap"] and self.activities == 1:
            if name == "TotalTimeSeconds":
                self.lap_seconds.append(parse_number(text, "a TCX lap's <TotalTimeSeconds>"))
            elif name == "DistanceMeters":
                self.lap_metres.append(parse_number(text, "a TCX lap's <DistanceMeters>"))

    def finished(self) -> Recording:
        """The recording, with its laps' own figures as one session (``SessionTotals``): a swim's
        moving time and distance are the laps' (Garmin's TCX has no lengths; decision 0084)."""
        recording = self.recording
        laps = len(recording.lap_starts)
        if laps and len(self.lap_seconds) == laps:
            recording.sessions.append(
                SessionTotals(
                    sport=recording.sport,
                    timer_s=sum(self.lap_seconds),
                    distance_m=sum(self.lap_metres) if len(self.lap_metres) == laps else None,
                    pool_length_m=None,
                    start=min(recording.lap_starts),
                )
            )
        return recording


def read_tcx(data: bytes) -> Recording:
    activity = _TcxActivity()
    walk_xml(data, "the TCX file", activity.start, activity.end)
    return activity.finished()
