"""Reading a GPX track into a ``Recording``, streaming (``xml_stream.walk_xml``).

Only called once ``detection.xml_root_name`` has found the root and refused any document type.
It reads what gpxpy read for Kinetic before (decision 0069 says why it no longer does): the
root's ``creator``, each ``trk``'s ``name`` and ``type``, the document's name (``metadata/name``
in GPX 1.1, ``name`` under the root otherwise), and every ``trk/trkseg/trkpt`` with its ``lat``,
``lon``, ``ele``, ``time`` and, outside GPX 1.1, ``speed``. Heart rate, cadence and power come
from the point's extensions, found by element name in any namespace (``hr``, ``cad``, ``power``)
at any depth, which covers the TrackPointExtension most devices write.

Each ``trkseg`` is a span of its own: GPX starts a new segment where "GPS reception was lost, or
the GPS receiver was turned off" (the GPX 1.1 schema). The time from one segment's last point to
the next one's first is a pause, as a FIT timer stop is: no distance, climb or moving time is
counted across it (decision 0086).
"""

from __future__ import annotations

from services.sessions.endurance.activity_files.model import UnreadableActivityFile
from services.sessions.endurance.activity_files.recording import MISSING, Recording
from services.sessions.endurance.activity_files.sports import gpx_sport
from services.sessions.endurance.activity_files.xml_stream import walk_xml
from services.sessions.endurance.activity_files.xml_values import parse_number, parse_time

_EXTENSION_VALUES = {
    "hr": "heart_rate",
    "heartrate": "heart_rate",
    "cad": "cadence",
    "cadence": "cadence",
    "power": "power",
}
_POINT_PATH = ["gpx", "trk", "trkseg", "trkpt"]
_POINT_DEPTH = len(_POINT_PATH)
_SEGMENT_DEPTH = _POINT_DEPTH - 1
# GPX 1.1 names the document in <metadata>, GPX 1.0 right under the root: by "is it 1.1".
_DOCUMENT_NAME_PARENT = {True: ["gpx", "metadata"], False: ["gpx"]}


class _GpxTrack:
    """What the walk has read so far: the recording, the point being read, the names found."""

    def __init__(self) -> None:
        self.recording = Recording(format="gpx")
        self.version = ""
        self.document_name = ""
        self.track_names: list[str] = []
        self.track_types: list[str] = []
        self.point: dict[str, float] | None = None
        self.point_time = MISSING
        self.segment_points = 0  # points with a time read in the open segment
        self.last_segment_end = MISSING  # the time of the last point of the last segment read

    def start(self, path: list[str], attributes: dict[str, str]) -> None:
        depth = len(path)
        if depth == 1:
            self.version = attributes.get("version", "")
            self.recording.device = attributes.get("creator", "")
        elif depth == _SEGMENT_DEPTH and path == _POINT_PATH[:_SEGMENT_DEPTH]:
            self.segment_points = 0
        elif depth == _POINT_DEPTH and path == _POINT_PATH:
            self.point = {
                "latitude": _coordinate(attributes, "lat"),
                "longitude": _coordinate(attributes, "lon"),
            }
            self.point_time = MISSING

    def end(self, path: list[str], text: str) -> None:
        depth = len(path)
        point = self.point
        if point is not None and depth > _POINT_DEPTH:
            self._point_value(point, path, text)
        elif depth == _POINT_DEPTH and point is not None and path == _POINT_PATH:
            if self.point_time == self.point_time:  # a point without a time cannot be placed
                if self.segment_points == 0 and self.last_segment_end == self.last_segment_end:
                    # A segment's first point after another segment: the time between is a pause.
                    self.recording.pauses.append((self.last_segment_end, self.point_time))
                self.recording.add(self.point_time, **point)
                self.segment_points += 1
                self.last_segment_end = self.point_time
            self.point = None
        elif depth == 3 and path[1] == "trk" and path[0] == "gpx":
            if path[2] == "name":
                self.track_names.append(text)
            elif path[2] == "type":
                self.track_types.append(text)
        elif path[-1] == "name" and path[:-1] == _DOCUMENT_NAME_PARENT[self.version == "1.1"]:
            self.document_name = text

    def _point_value(self, point: dict[str, float], path: list[str], text: str) -> None:
        name = path[-1]
        if len(path) == _POINT_DEPTH + 1:  # the point's own elements
            if name == "time":
                self.point_time = parse_time(text, "a GPX track point") if text else MISSING
            elif name == "ele":
                point["altitude"] = parse_number(text, "a GPX track point's <ele>")
            elif name == "speed" and self.version != "1.1":
                point["speed"] = parse_number(text, "a GPX track point's <speed>")
            return
        if path[_POINT_DEPTH] != "extensions":
            return
        column = _EXTENSION_VALUES.get(name.lower())
        if column is not None:
            point[column] = parse_number(text, f"a GPX point's <{name}>")

    def finished(self) -> Recording:
        recording = self.recording
        recording.sport = gpx_sport(next((kind for kind in self.track_types if kind), None))
        recording.name = next((name for name in self.track_names if name), None) or self.document_name
        return recording


def read_gpx(data: bytes) -> Recording:
    track = _GpxTrack()
    walk_xml(data, "the GPX file", track.start, track.end)
    return track.finished()


def _coordinate(attributes: dict[str, str], name: str) -> float:
    text = attributes.get(name)
    if text is None:
        raise UnreadableActivityFile(f"a GPX track point has no {name} attribute; each needs lat and lon")
    return parse_number(text, f"a GPX track point's {name}")
