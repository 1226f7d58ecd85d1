"""Reading a GPX track with gpxpy into a ``Recording``.

Only called once ``detection.xml_root_name`` has found the root and refused any document type.
gpxpy takes text, so the file must be UTF-8 (every GPX writer Kinetic has met writes it).
Heart rate, cadence and power come from the point's extensions, found by element name in any
namespace (``hr``, ``cad``, ``power``), which covers the TrackPointExtension most devices write.
"""

from __future__ import annotations

from datetime import UTC
from xml.etree.ElementTree import Element

import gpxpy
import gpxpy.gpx

from kinetic.activity_files.model import UnreadableActivityFile
from kinetic.activity_files.recording import Recording, value_or_missing
from kinetic.activity_files.sports import gpx_sport
from kinetic.activity_files.xml_values import local_name, parse_number

_EXTENSION_VALUES = {
    "hr": "heart_rate",
    "heartrate": "heart_rate",
    "cad": "cadence",
    "cadence": "cadence",
    "power": "power",
}


def read_gpx(data: bytes) -> Recording:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableActivityFile(f"the GPX file is not UTF-8 text (byte {error.start})") from None
    try:
        document = gpxpy.parse(text)
    except gpxpy.gpx.GPXException as error:
        raise UnreadableActivityFile(f"the GPX file cannot be read: {error}") from None
    recording = Recording(format="gpx", device=document.creator or "")
    track_type = next((track.type for track in document.tracks if track.type), None)
    recording.sport = gpx_sport(track_type)
    recording.name = (
        next((track.name for track in document.tracks if track.name), None) or document.name or ""
    )
    for track in document.tracks:
        for segment in track.segments:
            for point in segment.points:
                if point.time is None:
                    continue  # a point without a time cannot be placed in the recording
                moment = point.time if point.time.tzinfo else point.time.replace(tzinfo=UTC)
                recording.add(
                    moment.timestamp(),
                    latitude=point.latitude,
                    longitude=point.longitude,
                    altitude=value_or_missing(point.elevation),
                    speed=value_or_missing(point.speed),
                    **_extension_values(point.extensions),
                )
    return recording


def _extension_values(extensions: list[Element]) -> dict[str, float]:
    values: dict[str, float] = {}
    for extension in extensions:
        for element in extension.iter():
            column = _EXTENSION_VALUES.get(local_name(element.tag).lower())
            if column is not None:
                values[column] = parse_number(element.text, f"a GPX point's <{local_name(element.tag)}>")
    return values
