"""A plan as an iCalendar file (RFC 5545): one all-day event per workout (decision 0066).

All-day events (``DTSTART;VALUE=DATE``) because a plan says which day, not which hour: a calendar
shows them on that day in any time zone. UIDs are the plan's ID, the date and the workout's place
that day, so importing the same link twice updates the events instead of doubling them; the file's
DTSTAMP is the link's issue day, so one link always gives the same bytes. Written by hand (a few
properties, escaped and folded as the RFC says); the tests parse it back with ``icalendar``.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta

from edge.profiles.runflow_public.plan_view import GeneratedPlan, Workout
from knowledge.endurance.pace import clock_text

PRODUCT_ID = "-//Kinetic//RunFlow PlanGen//EN"
UID_DOMAIN = "plangen.kinetic"
# RFC 5545 3.1: lines longer than 75 octets are folded (CRLF and one space).
FOLD_OCTETS = 75


def escape_text(value: str) -> str:
    """A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11)."""
    return (
        value.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
        .replace("\r", "\\n")
    )


def fold(line: str) -> str:
    """``line`` folded at 75 octets, never inside a UTF-8 character."""
    out: list[str] = []
    current = ""
    size = 0
    limit = FOLD_OCTETS
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > limit:
            out.append(current)
            current, size, limit = " ", 1, FOLD_OCTETS
        current += char
        size += width
    out.append(current)
    return "\r\n".join(out)


def _day(value: date) -> str:
    return value.strftime("%Y%m%d")


def event_description(workout: Workout) -> str:
    """What the event says: the distance, the expected time and the session as described."""
    figures = f"{workout.distance_m / 1000:.1f} km"
    if workout.duration_s is not None:
        figures += f", about {clock_text(workout.duration_s)}"
    figures += f", planned TSS {workout.planned_tss:g}"
    return f"{figures}\n{workout.description}"


def _event(plan: GeneratedPlan, workout: Workout, place: int, stamp: str) -> Iterator[str]:
    yield "BEGIN:VEVENT"
    yield f"UID:{plan.plan_id}-{_day(workout.day)}-{place}@{UID_DOMAIN}"
    yield f"DTSTAMP:{stamp}"
    yield f"DTSTART;VALUE=DATE:{_day(workout.day)}"
    yield f"DTEND;VALUE=DATE:{_day(workout.day + timedelta(days=1))}"
    yield f"SUMMARY:{escape_text(workout.name)}"
    yield f"DESCRIPTION:{escape_text(event_description(workout))}"
    yield f"CATEGORIES:{escape_text(workout.workout_type)}"
    yield "TRANSP:TRANSPARENT"
    yield "END:VEVENT"


def plan_calendar(plan: GeneratedPlan, issued: date) -> bytes:
    """The whole calendar, CRLF line ends, UTF-8."""
    stamp = f"{_day(issued)}T000000Z"
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODUCT_ID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape_text(f'{plan.event.name} plan, race {plan.race_day.isoformat()}')}",
    ]
    places: dict[date, int] = {}
    for workout in plan.workouts:
        places[workout.day] = places.get(workout.day, 0) + 1
        lines.extend(_event(plan, workout, places[workout.day], stamp))
    lines.append("END:VCALENDAR")
    return ("\r\n".join(fold(line) for line in lines) + "\r\n").encode("utf-8")
