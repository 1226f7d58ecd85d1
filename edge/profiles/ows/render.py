"""Workouts, entries and sets in the Open Workout Schema tools' terms, and the summary line.

A load reads back in the unit the person gave it (``225 lb`` stays 225 lb), with its kilograms
beside; a load stored without a unit reads in kilograms. Totals count working sets only (warm-ups
are not training volume) and are in the profile's unit. Calm mode leaves totals out; the sets
themselves are what the person did and are always shown (decision 0050).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from google.protobuf.timestamp_pb2 import Timestamp

from edge.profiles.ows.context import LogContext, Unit
from edge.profiles.ows.ids import entry_id, set_id, workout_id
from kinetic.sessions.v1 import sessions_pb2

KG_PER_LB = 0.45359237
UNCONFIRMED_PREFIX = "words:"
GYM_EXERCISE_ID = re.compile(r"[0-9a-fA-F]{24}")
Json = dict[str, Any]


def kg_to(unit: Unit, kilograms: float) -> float:
    """``kilograms`` in ``unit``, rounded to what a plate can show (two decimals)."""
    return round(kilograms / KG_PER_LB if unit == "lb" else kilograms, 2)


# Analytics answers a logged load to 0.01 kg, which is 0.022 lb wide: more than one two-decimal
# pound figure turns into it (405 lb and 404.99 lb are both 183.70 kg). The roundest of them is the
# one a plate can make, tried coarsest first (decision 0107).
POUND_STEPS = (1.0, 0.5, 0.25, 0.1, 0.05)
LOGGED_KG_HALF_WIDTH = 0.005 + 1e-9


def logged_load_in(unit: Unit, kilograms: float) -> float:
    """A load analytics answers as logged (to 0.01 kg) in ``unit``: in pounds the roundest figure
    that is those kilograms, so 405 lb logged reads back 405, not 404.99."""
    if unit != "lb":
        return kg_to(unit, kilograms)
    pounds = kilograms / KG_PER_LB
    for step in POUND_STEPS:
        candidate = round(pounds / step) * step
        if abs(candidate * KG_PER_LB - kilograms) <= LOGGED_KG_HALF_WIDTH:
            return round(candidate, 2)
    return kg_to(unit, kilograms)


def to_kg(unit: Unit, load: float) -> float:
    """A load given in ``unit`` in kilograms (six decimals: exact enough to read back unchanged)."""
    return round(load * KG_PER_LB if unit == "lb" else load, 6)


def is_unconfirmed(performance: sessions_pb2.Performance) -> bool:
    """An entry whose words named no known exercise: it waits for the user to pick one."""
    return performance.exercise_id.startswith(UNCONFIRMED_PREFIX)


def local_time(stamp: Timestamp, zone: ZoneInfo) -> datetime:
    """A stored instant as the wall time in the user's time zone."""
    moment: datetime = stamp.ToDatetime(tzinfo=UTC)
    return moment.astimezone(zone)


def set_load(entry: sessions_pb2.PerformanceSet) -> tuple[float, Unit] | None:
    """The set's load as the person gave it, or None for a bodyweight set."""
    if not entry.HasField("weight_kg"):
        return None
    if entry.load_unit == "lb":
        value = entry.load_value if entry.HasField("load_value") else kg_to("lb", entry.weight_kg)
        return round(value, 2), "lb"
    return round(entry.weight_kg, 2), "kg"


def _reps(entry: sessions_pb2.PerformanceSet) -> int | None:
    return int(entry.reps_number) if entry.HasField("reps_number") else None


def set_json(performance_id: str, entry: sessions_pb2.PerformanceSet) -> Json:
    """One set; figures that were not logged are left out."""
    out: Json = {"id": set_id(performance_id, entry.set_number)}
    reps = _reps(entry)
    if reps is not None:
        out["reps"] = reps
    load = set_load(entry)
    if load is not None:
        out["load"], out["unit"] = load
        out["load_kg"] = round(entry.weight_kg, 3)
    if entry.HasField("time_seconds"):
        out["duration_s"] = int(entry.time_seconds)
    if entry.HasField("distance_meters"):
        out["distance_m"] = entry.distance_meters
    if entry.HasField("rpe"):
        out["rpe"] = entry.rpe
    out["warmup"] = entry.set_type == "W"
    out["estimated"] = entry.estimated
    return out


def exercise_id_of(performance: sessions_pb2.Performance) -> str:
    """The entry's exercise as this profile names exercises: a set logged through a gym (Client AI,
    under the gym's 24-hex exercise ID) shows as the catalog exercise the gym maps it to, the ID
    search_exercises and log_workout use here (decision 0108)."""
    if performance.catalog_exercise_id and GYM_EXERCISE_ID.fullmatch(performance.exercise_id):
        return performance.catalog_exercise_id
    return performance.exercise_id


def entry_json(performance: sessions_pb2.Performance) -> Json:
    """One exercise entry with its sets."""
    unconfirmed = is_unconfirmed(performance)
    return {
        "id": entry_id(performance.performance_id),
        "exercise": performance.exercise_name or performance.exercise_id,
        "exercise_id": None if unconfirmed else exercise_id_of(performance),
        "needs_confirmation": unconfirmed,
        "notes": performance.notes,
        "sets": [set_json(performance.performance_id, s) for s in performance.sets],
    }


def workout_totals(performances: Iterable[sessions_pb2.Performance], unit: Unit) -> Json:
    """Working sets, their repetitions and volume (load × reps) in ``unit``."""
    sets = reps = 0
    volume_kg = 0.0
    for performance in performances:
        for entry in performance.sets:
            if entry.set_type == "W":
                continue
            sets += 1
            count = _reps(entry) or 0
            reps += count
            if entry.HasField("weight_kg"):
                volume_kg += entry.weight_kg * count
    return {"sets": sets, "reps": reps, "volume": kg_to(unit, volume_kg), "unit": unit}


def workout_json(session: sessions_pb2.Session, context: LogContext) -> Json:
    """One workout with its entries; totals unless calm mode is on."""
    zone = context.zone
    started = local_time(session.start_time, zone)
    ended = local_time(session.end_time, zone) if session.HasField("end_time") else None
    out: Json = {
        "id": workout_id(session.session_id),
        "title": session.title,
        "date": started.date().isoformat(),
        "started_at": started.isoformat(timespec="seconds"),
        "ended_at": ended.isoformat(timespec="seconds") if ended else None,
        "in_progress": session.status in ("in_progress", "paused"),
        "notes": session.notes,
        "program": {"program_id": session.program_id, "day": session.program_day}
        if session.program_id
        else None,
        "entries": [entry_json(p) for p in session.performances],
    }
    if not context.calm:
        out["totals"] = workout_totals(session.performances, context.unit)
    return out


def _number(value: float) -> str:
    return f"{value:g}"


def _one_set(entry: sessions_pb2.PerformanceSet) -> str:
    reps = _reps(entry)
    load = set_load(entry)
    parts: list[str] = []
    if entry.HasField("distance_meters"):
        parts.append(f"{_number(entry.distance_meters)} m")
    if entry.HasField("time_seconds") and reps is None:
        seconds = int(entry.time_seconds)
        parts.append(f"{seconds // 60}:{seconds % 60:02d}" if seconds >= 60 and parts else f"{seconds} s")
    if reps is not None:
        parts.append(f"{reps}" if load is None else f"{reps} at {_number(load[0])} {load[1]}")
    elif load is not None:
        parts.append(f"{_number(load[0])} {load[1]}")
    return " in ".join(parts) if entry.HasField("distance_meters") else " ".join(parts)


def describe_sets(sets: Sequence[sessions_pb2.PerformanceSet]) -> str:
    """``5×5 at 100 kg`` for equal sets, else each set in order; warm-ups counted apart."""
    working = [s for s in sets if s.set_type != "W"]
    warmups = len(sets) - len(working)
    shown = [_one_set(s) for s in working] or [_one_set(s) for s in sets]
    if len(set(shown)) == 1 and len(shown) > 1:
        first = shown[0]
        text = f"{len(shown)}×{first}" if first[:1].isdigit() else f"{len(shown)} sets of {first}"
    else:
        text = ", ".join(shown)
    if warmups and working:
        text += f" (+{warmups} warm-up{'s' if warmups > 1 else ''})"
    return text


def entry_summary(performance: sessions_pb2.Performance) -> str:
    """``Barbell Back Squat 5×5 at 100 kg``."""
    name = performance.exercise_name or performance.exercise_id
    return f"{name} {describe_sets(performance.sets)}".strip()


def workout_summary(verb: str, session: sessions_pb2.Session, context: LogContext) -> str:
    """The one line to tell the user after a write, e.g. ``Logged Workout on Tue 1 Dec: ...``."""
    started = local_time(session.start_time, context.zone)
    day = f"{started:%a} {started.day} {started:%b}"
    entries = "; ".join(entry_summary(p) for p in session.performances)
    return (
        f"{verb} {session.title or 'Workout'} on {day}: {entries}."
        if entries
        else f"{verb} {session.title} on {day}."
    )


def replay_of_deleted(session: sessions_pb2.Session, context: LogContext) -> str:
    """The line for a write replayed (same idempotency_key) after its workout was deleted: nothing
    was logged again, and how to get the workout back (decision 0107)."""
    started = local_time(session.start_time, context.zone)
    day = f"{started:%a} {started.day} {started:%b}"
    return (
        f"Nothing logged: this idempotency_key already logged {session.title or 'Workout'} on {day}, "
        "and that workout has since been deleted. To get it back, use undo with the undo_token from "
        "delete_entry (within 10 minutes of the deletion); to log it again, send a new idempotency_key."
    )
