"""Each format's word for the sport, mapped to Kinetic's five (decision 0053, Sport)."""

from __future__ import annotations

from services.sessions.endurance.activity_files.model import Sport

# FIT's ``sport`` enumeration as fitdecode names it; values not listed are "other".
FIT_SPORTS: dict[str, Sport] = {
    "running": "run",
    "cycling": "ride",
    "e_biking": "ride",
    "swimming": "swim",
    "training": "strength",
}
# FIT ``fitness_equipment`` (and ``generic``) sessions say what the machine was in ``sub_sport``.
FIT_SUB_SPORTS: dict[str, Sport] = {
    "treadmill": "run",
    "indoor_running": "run",
    "indoor_cycling": "ride",
    "virtual_activity": "ride",
    "spin": "ride",
    "lap_swimming": "swim",
    "open_water": "swim",
    "strength_training": "strength",
}

# TCX's ``Sport`` attribute has exactly these three values in its schema.
TCX_SPORTS: dict[str, Sport] = {"running": "run", "biking": "ride", "other": "other"}

# GPX has no sport; a track's optional <type> is free text. A word containing one of these
# stems names the sport; the first match in this order wins (so "running" is a run, "cycling"
# a ride), anything else is "other".
GPX_TYPE_STEMS: tuple[tuple[str, Sport], ...] = (
    ("run", "run"),
    ("jog", "run"),
    ("cycl", "ride"),
    ("bik", "ride"),
    ("ride", "ride"),
    ("swim", "swim"),
    ("strength", "strength"),
    ("weight", "strength"),
)


def fit_sport(sport: object, sub_sport: object) -> Sport:
    """A FIT session's sport; ``sub_sport`` decides only when ``sport`` alone does not."""
    mapped = FIT_SPORTS.get(str(sport))
    if mapped is not None:
        return mapped
    return FIT_SUB_SPORTS.get(str(sub_sport), "other")


def tcx_sport(sport: str | None) -> Sport:
    return TCX_SPORTS.get((sport or "").strip().lower(), "other")


def gpx_sport(track_type: str | None) -> Sport:
    text = (track_type or "").strip().lower()
    for stem, sport in GPX_TYPE_STEMS:
        if stem in text:
            return sport
    return "other"
