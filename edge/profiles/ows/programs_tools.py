"""The programs library tools: search_programs, get_program, start_program, end_program,
get_program_targets, get_program_progress, suggest_program_matches and link_workout_to_program.

The library and its rules are ``knowledge.training.programs`` (decision 0046); which program
an account follows and which workouts were program days are the workout log's (decision 0049). A
started program's days are put on the user's Training calendar (``calendar.py``, decision 0050).
Every answer that names a program carries its credit and disclaimer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from datetime import date, timedelta
from typing import Any

from edge.guard import Principal
from edge.problems import EdgeProblem
from edge.profiles.ows import render
from edge.profiles.ows.context import ContextSource, LogContext
from edge.profiles.ows.ids import parse_record_id, workout_id
from edge.profiles.ows.program_calendar import ProgramCalendar
from edge.profiles.ows.schemas import PROGRAMS_DEFAULT
from kinetic.sessions.v1 import sessions_pb2, workout_log_pb2, workout_log_pb2_grpc
from knowledge.training.programs.library import ProgramNotFound, get_program, has_day, search_programs
from knowledge.training.programs.matching import suggest_program_match
from knowledge.training.programs.model import LoggedEntry, LoggedSession, LoggedSet, Program
from knowledge.training.programs.progress import program_progress
from knowledge.training.programs.targets import program_targets

Args = Mapping[str, Any]
Result = dict[str, Any]
# How far back suggest_program_matches looks, and how far back starting numbers are read.
MATCH_WINDOW_DAYS = 42
STARTING_NUMBERS_DAYS = 90
MAX_LOGGED = 1000
CALM_NOTE = "Calm mode is on: counts and numbers are left out; don't ask for them."


def _program_or_problem(program_id: str, version: int | None, field: str) -> Program:
    try:
        return get_program(program_id, version)
    except ProgramNotFound as missing:
        raise EdgeProblem("not_found", f"{field}: {missing}", 404, {"field": field}) from None


def check_program_day(program_id: str, day: str | None, field: str) -> Program:
    """The program of a ``program`` argument, refusing an unknown program or day by name.

    A program with written days needs one of them; a listing-only entry has none to name.
    """
    program = _program_or_problem(program_id, None, f"{field}.program_id")
    if program.listing_only:
        if day is not None:
            raise EdgeProblem(
                "invalid_input",
                f"{field}.day: {program.name} is a listing-only entry without written days; leave day out",
                400,
                {"field": f"{field}.day"},
            )
        return program
    if day is None or not has_day(program, day):
        keys = ", ".join(d.key for d in program.days)
        given = "is required" if day is None else f"{day!r} is not one of its days"
        raise EdgeProblem(
            "invalid_input",
            f"{field}.day: {given} for {program.name}; its days are {keys}",
            400,
            {"field": f"{field}.day"},
        )
    return program


def plain(value: Any) -> Any:
    """A dataclass tree as JSON: tuples as lists, dates as days."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, date):
        return value.isoformat()
    return value


def without_numbers(value: Any) -> Any:
    """Calm mode: the same answer with every count and figure left out (texts and flags stay)."""
    if isinstance(value, dict):
        return {k: without_numbers(v) for k, v in value.items() if not _is_number(v)}
    if isinstance(value, list):
        return [without_numbers(v) for v in value if not _is_number(v)]
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def program_summary(program: Program) -> Result:
    """What search results show of an entry."""
    return {
        "id": program.program_id,
        "version": program.version,
        "name": program.name,
        "summary": program.summary,
        "level": program.level,
        "days_per_week": program.days_per_week,
        "equipment": list(program.equipment),
        "weeks": program.weeks,
        "credit": program.credit,
        "disclaimer": program.disclaimer,
    }


def program_json(program: Program) -> Result:
    """A whole entry: schedule, days, exercises, targets and progression."""
    full: Result = plain(program)
    full["id"] = full.pop("program_id")
    return full


def logged_session(workout: sessions_pb2.Session, zone_day: date) -> LoggedSession:
    """A stored workout as the programs library reads it."""
    return LoggedSession(
        workout_id=workout_id(workout.session_id),
        day=zone_day,
        program_day=workout.program_day or None,
        entries=tuple(
            LoggedEntry(
                exercise_id=p.exercise_id,
                sets=tuple(
                    LoggedSet(
                        reps=int(s.reps_number) if s.HasField("reps_number") else None,
                        load_kg=s.weight_kg if s.HasField("weight_kg") else None,
                        warmup=s.set_type == "W",
                    )
                    for s in p.sets
                ),
            )
            for p in workout.performances
            if not render.is_unconfirmed(p)
        ),
    )


class ProgramTools:
    """The eight program tools."""

    def __init__(
        self,
        contexts: ContextSource,
        log: Callable[[], workout_log_pb2_grpc.WorkoutLogServiceStub],
        calendar: ProgramCalendar,
    ) -> None:
        self._contexts = contexts
        self._log = log
        self._calendar = calendar

    async def _logged(
        self, context: LogContext, first: date, last: date, program_id: str = ""
    ) -> list[LoggedSession]:
        reply = await self._log().ListLoggedWorkouts(
            workout_log_pb2.ListLoggedWorkoutsRequest(
                account_id=context.account_id,
                from_day=first.isoformat(),
                to_day=last.isoformat(),
                time_zone=context.time_zone,
                limit=MAX_LOGGED,
                program_id=program_id,
            )
        )
        zone = context.zone
        return [
            logged_session(w, render.local_time(w.start_time, zone).date())
            for w in reversed(reply.workouts)  # oldest first
        ]

    @staticmethod
    def _current(context: LogContext) -> workout_log_pb2.CurrentProgram:
        if not context.profile.HasField("current_program") or not context.profile.current_program.program_id:
            raise EdgeProblem(
                "not_found",
                "the user is not following a program; search_programs and start_program start one",
                404,
            )
        return context.profile.current_program

    async def search_programs(self, principal: Principal, args: Args) -> Result:
        """Library entries matching the filters, each with its credit and disclaimer."""
        context = await self._contexts.of(principal)
        found = search_programs(
            args.get("query") or None,
            args.get("days_per_week"),
            args.get("equipment"),
            args.get("level"),
            args.get("limit", PROGRAMS_DEFAULT),
        )
        result: Result = {"programs": [program_summary(p) for p in found]}
        if not context.calm:
            result["count"] = len(found)
        return result

    async def get_program(self, principal: Principal, args: Args) -> Result:
        """One entry (``current``: the one followed), a version or the latest."""
        program_id, version = args["id"], args.get("version")
        current: workout_log_pb2.CurrentProgram | None = None
        if program_id == "current":
            current = self._current(await self._contexts.of(principal))
            program_id, version = current.program_id, version or current.version
        program = _program_or_problem(program_id, version, "version" if version else "id")
        result: Result = {"program": program_json(program), "following": current is not None}
        if current is not None and program.listing_only:
            result["routine_ids"] = list(current.routine_ids)  # the user's own, for a listing
        return result

    async def start_program(self, principal: Principal, args: Args) -> Result:
        """Follow a program from today; nothing is logged and no history changes."""
        context = await self._contexts.of(principal)
        context.require_logging_consent()
        program = _program_or_problem(args["id"], None, "id")
        routine_ids = list(dict.fromkeys(args.get("routine_ids", [])))
        if routine_ids and not program.listing_only:
            raise EdgeProblem(
                "invalid_input",
                "routine_ids: only for a listing-only entry; this program has its own days",
                400,
                {"field": "routine_ids"},
            )
        if routine_ids:
            await self._calendar.check_routines(context, routine_ids)
        today = context.today()
        following = (
            context.profile.current_program.program_id if context.profile.HasField("current_program") else ""
        )
        if following and following != program.program_id:
            raise EdgeProblem(
                "invalid_input",
                f"id: the user is following {following}; one program at a time: end_program first",
                409,
                {"field": "id"},
            )
        # The calendar first: if Training refuses the plan, nothing was started. Starting the same
        # program again places nothing (the workout log answers replayed).
        calendar = None if following else await self._calendar.place(program, context, today)
        reply = await self._log().StartProgram(
            workout_log_pb2.StartProgramRequest(
                account_id=principal.account_id,
                program_id=program.program_id,
                version=program.version,
                started_on=today.isoformat(),
                routine_ids=routine_ids,
            )
        )
        return {
            "program": program_summary(program),
            "started_on": reply.current_program.started_on,
            "already_following": reply.replayed,
            "calendar": calendar,
            "summary": _started_summary(program, reply.current_program.started_on, calendar),
        }

    async def end_program(self, principal: Principal, args: Args) -> Result:
        """Stop following the current program; workouts, records and links stay."""
        context = await self._contexts.of(principal)
        context.require_logging_consent()
        reply = await self._log().EndProgram(
            workout_log_pb2.EndProgramRequest(account_id=principal.account_id)
        )
        ended = reply.ended_program
        program = _program_or_problem(ended.program_id, ended.version, "id")
        return {
            "ended": program_summary(program),
            "summary": f"Stopped following {program.name}. Workouts, records and links stay as they are.",
        }

    async def get_program_targets(self, principal: Principal, args: Args) -> Result:
        """Suggested loads for the current program's days, each saying how it was worked out."""
        context = await self._contexts.of(principal)
        current = self._current(context)
        program = _program_or_problem(current.program_id, current.version, "id")
        started = date.fromisoformat(current.started_on)
        before = await self._logged(context, started - timedelta(days=STARTING_NUMBERS_DAYS), started)
        logged = await self._logged(context, started, context.today(), program.program_id)
        # The starting numbers are read from the log, never given: the targets say so (decision 0108).
        targets = program_targets(
            program, starting_loads_kg=starting_loads(before), logged=logged, starting_loads_logged=True
        )
        return {
            "program": program_summary(program),
            "targets": plain(targets),
            "note": "Each load is a suggestion the user can change, never a weight lifted.",
        }

    async def get_program_progress(self, principal: Principal, args: Args) -> Result:
        """The next day, recent sessions as written, changed or partly done, and lift progress."""
        context = await self._contexts.of(principal)
        current = self._current(context)
        program = _program_or_problem(current.program_id, current.version, "id")
        started = date.fromisoformat(current.started_on)
        linked = await self._logged(context, started, context.today(), program.program_id)
        progress = plain(program_progress(program, started_on=started, linked=linked, today=context.today()))
        result: Result = {"program": program_summary(program), "progress": progress}
        if context.calm:
            result = dict(without_numbers(result))
            result["calm_mode"] = True
            result["note"] = CALM_NOTE
        return result

    async def suggest_program_matches(self, principal: Principal, args: Args) -> Result:
        """The one program recent workouts look like, if any; nothing is linked."""
        context = await self._contexts.of(principal)
        if not context.profile.program_suggestions:
            return {
                "match": None,
                "note": "The user turned program suggestions off (program_suggestions: false); don't "
                "suggest programs unless they turn it back on.",
            }
        today = context.today()
        recent = await self._logged(context, today - timedelta(days=MATCH_WINDOW_DAYS), today)
        match = suggest_program_match(recent)
        if match is None:
            return {"match": None, "note": "Recent workouts don't look like a program in the library."}
        result: Result = {
            "match": plain(match),
            "note": "Nothing was linked. Confirm with the user, then link_workout_to_program for each "
            "workout they agree to.",
        }
        if context.calm:
            # The reasons quote counts and shares; calm mode keeps the program and drops them.
            calm: Result = without_numbers(result)
            calm["match"].pop("reasons", None)
            calm["calm_mode"] = True
            return calm
        return result

    async def link_workout_to_program(self, principal: Principal, args: Args) -> Result:
        """Label a workout as a program day, or take the label off; nothing else changes."""
        context = await self._contexts.of(principal)
        context.require_logging_consent()
        target = parse_record_id(args["workout_id"], "workout_id", ("workout",))
        request = workout_log_pb2.LinkWorkoutToProgramRequest(
            account_id=principal.account_id, workout_id=target.key, remove=args.get("remove", False)
        )
        if request.remove:
            if "program_id" in args or "day" in args:
                raise EdgeProblem(
                    "invalid_input",
                    "remove: give it alone, without program_id or day",
                    400,
                    {"field": "remove"},
                )
            summary = "Took the workout out of its program; its sets and records are unchanged."
        else:
            if "program_id" not in args:
                raise EdgeProblem(
                    "invalid_input",
                    "program_id: is required to link a workout (or send remove: true)",
                    400,
                    {"field": "program_id"},
                )
            program = check_program_day(args["program_id"], args.get("day"), "program")
            request.program.CopyFrom(
                workout_log_pb2.ProgramDay(program_id=program.program_id, day=args.get("day", ""))
            )
            day = f", day {args['day']}" if "day" in args else ""
            summary = f"Linked the workout to {program.name}{day}; its sets and records are unchanged."
        reply = await self._log().LinkWorkoutToProgram(request)
        return {"workout": render.workout_json(reply.workout, context), "summary": summary}


def _started_summary(program: Program, started_on: str, calendar: Result | None) -> str:
    text = f"Started {program.name} (version {program.version}) on {started_on}."
    if calendar:
        text += f" Its days are on the Training calendar as the plan {calendar['plan_name']!r}."
    return text


def starting_loads(before: Sequence[LoggedSession]) -> dict[str, float]:
    """Each exercise's latest top working load before the program started: its starting number."""
    loads: dict[str, float] = {}
    for session in before:  # oldest first: later sessions overwrite
        for entry in session.entries:
            top = entry.top_load_kg()
            if top is not None:
                loads[entry.exercise_id] = top
    return loads
