"""Reading a TCX activity with ElementTree's incremental parser into a ``Recording``.

Only called once ``detection.xml_root_name`` has found the root and refused any document type,
so no entity can be expanded here. Trackpoints are read as their end tag arrives and cleared.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ElementTree

from kinetic.activity_files.model import UnreadableActivityFile
from kinetic.activity_files.recording import MISSING, Recording
from kinetic.activity_files.sports import tcx_sport
from kinetic.activity_files.xml_values import local_name, parse_number, parse_time

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


def read_tcx(data: bytes) -> Recording:
    recording = Recording(format="tcx")
    open_elements: list[str] = []
    activities = 0
    try:
        for event, element in ElementTree.iterparse(io.BytesIO(data), events=("start", "end")):
            name = local_name(element.tag)
            if event == "start":
                open_elements.append(name)
                if name == "Activity":
                    activities += 1
                    recording.sport = tcx_sport(element.get("Sport"))
                elif name == "Lap" and activities == 1:
                    recording.lap_starts.append(parse_time(element.get("StartTime"), "a TCX lap"))
                continue
            open_elements.pop()
            if activities > 1:
                raise UnreadableActivityFile(
                    "the TCX file holds more than one activity; export each activity on its own"
                )
            if name == "Trackpoint":
                _add_trackpoint(recording, element)
                element.clear()
            elif name == "Name" and open_elements[-2:] == ["Activity", "Creator"]:
                recording.device = (element.text or "").strip()
    except ElementTree.ParseError as error:
        raise UnreadableActivityFile(f"the TCX file is not well-formed XML: {error}") from None
    return recording


def _add_trackpoint(recording: Recording, trackpoint: ElementTree.Element) -> None:
    time = MISSING
    values: dict[str, float] = {}
    for child in trackpoint.iter():
        name = local_name(child.tag)
        if name == "Time":
            time = parse_time(child.text, "a TCX trackpoint")
            continue
        column = _TRACKPOINT_VALUES.get(name)
        if column is not None:
            values[column] = parse_number(child.text, f"a TCX trackpoint's <{name}>")
    if time == time:  # a trackpoint without a time cannot be placed; TCX allows one, it is passed over
        recording.add(time, **values)
