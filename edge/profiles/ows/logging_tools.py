"""The Open Workout Schema's writes to the workout log: log_workout, log_text, add_sets,
update_entry, delete_entry and undo.

Each call reads its context (account and log profile, in parallel), checks the logging consent,
turns the tool's arguments into one WorkoutLogService request and renders the stored workout with
the summary line, the new personal records and the entries that need confirming. What protects the
data (idempotency, the account lock, undo) is the sessions service's (decision 0049).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from edge.after_commit import Missing, read_after_commit
from edge.guard import Principal
from edge.problems import EdgeProblem
from edge.profiles.ows import render
from edge.profiles.ows.context import ContextSource, LogContext, Unit
from edge.profiles.ows.exercises import ExerciseNames, Named, tracking_of
from edge.profiles.ows.ids import parse_record_id
from edge.profiles.ows.programs_tools import check_program_day
from edge.profiles.ows.records import NewRecords
from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc, workout_log_pb2, workout_log_pb2_grpc
from knowledge.limits import sessions
from knowledge.training.exercise_names import Candidate, normalize_words

Args = Mapping[str, Any]
Result = dict[str, Any]
MAX_LOAD_KG = sessions.MAX_LOAD_KG  # the workout log's limit (decision 0091)
ENDED_AT_GRACE = timedelta(minutes=1)
_RFC3339 = re.compile(
    r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?P<offset>[Zz]|[+-]\d{2}:\d{2})?$"
)


def invalid(field: str, problem: str) -> EdgeProblem:
    """``invalid_input`` naming the argument to fix."""
    return EdgeProblem("invalid_input", f"{field}: {problem}", 400, {"field": field})


def workout_day(value: str | None, context: LogContext, field: str = "date") -> str:
    """A ``date`` argument checked: a real day, not after today in the user's time zone."""
    if value is None:
        return ""
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise invalid(field, f"{value!r} is not a day; use YYYY-MM-DD") from None
    if day > context.today():
        raise invalid(
            field, f"{value} is after today ({context.today()}) in {context.time_zone}; log what was done"
        )
    return day.isoformat()


def _load(set_input: workout_log_pb2.LoggedSetInput, load: float, unit: Unit, field: str) -> None:
    kilograms = render.to_kg(unit, load)
    if kilograms > MAX_LOAD_KG:
        raise invalid(field, f"{load:g} {unit} is more than {MAX_LOAD_KG:g} kg; check the number")
    set_input.load_kg = kilograms
    set_input.load_value = load
    set_input.load_unit = unit


def set_from_args(item: Args, unit: Unit, field: str) -> workout_log_pb2.LoggedSetInput:
    """One ``sets`` item; a load without a unit is in the profile's unit."""
    if not any(k in item for k in ("reps", "load", "duration_s", "distance_m")):
        raise invalid(field, "give at least one of reps, load, duration_s or distance_m")
    out = workout_log_pb2.LoggedSetInput(
        warmup=item.get("warmup", False), estimated=item.get("estimated", False)
    )
    if "reps" in item:
        out.reps = item["reps"]
    if "load" in item:
        _load(out, float(item["load"]), item.get("unit", unit), f"{field}.load")
    if "duration_s" in item:
        out.duration_s = item["duration_s"]
    if "distance_m" in item:
        out.distance_m = float(item["distance_m"])
    if "rpe" in item:
        out.rpe = float(item["rpe"])
    return out


def entry_input(
    named: Named, sets: Sequence[workout_log_pb2.LoggedSetInput], notes: str = ""
) -> workout_log_pb2.EntryInput:
    """An entry for the workout log: its exercise, or the normalized words when unsure."""
    return workout_log_pb2.EntryInput(
        exercise_id=named.exercise_id,
        exercise_name=named.name if named.exercise_id else named.words,
        words="" if named.exercise_id else normalize_words(named.words),
        notes=notes,
        sets=sets,
    )


def _program(args: Args) -> workout_log_pb2.ProgramDay | None:
    program = args.get("program")
    if program is None:
        return None
    # Stored under the library's own ID, whichever form the caller wrote (lcp: or kp:).
    found = check_program_day(program["program_id"], program.get("day"), "program")
    return workout_log_pb2.ProgramDay(program_id=found.program_id, day=program.get("day", ""))


def _timestamp(value: str, field: str) -> Timestamp:
    # RFC 3339's date-time only: fromisoformat alone also takes a bare day, "20261028T1845" or a week
    # date, which the seed's clients would not mean (decision 0082).
    shape = _RFC3339.match(value)
    if shape is None:
        raise invalid(field, f"{value!r} is not an RFC 3339 time such as 2026-10-28T18:45:00-05:00")
    if shape["offset"] is None:
        raise invalid(field, f"{value!r} needs its UTC offset, e.g. 2026-10-28T18:45:00-05:00")
    try:
        moment = datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
    except ValueError:
        raise invalid(field, f"{value!r} is not a real time; use e.g. 2026-10-28T18:45:00-05:00") from None
    stamp = Timestamp()
    stamp.FromDatetime(moment)
    return stamp


def ended_at(value: str, now: datetime | None = None) -> Timestamp:
    """``ended_at`` checked: a real RFC 3339 time, not in the future. A minute's grace allows for a
    client's clock running a little ahead of ours (decision 0107)."""
    stamp = _timestamp(value, "ended_at")
    moment = stamp.ToDatetime(tzinfo=UTC)
    now = now or datetime.now(UTC)
    if moment > now + ENDED_AT_GRACE:
        raise invalid(
            "ended_at",
            f"{value} is in the future (it is now {now.isoformat(timespec='seconds')}); give when the "
            "session finished, or leave ended_at out while it goes on",
        )
    return stamp


def records_missing(missing: Missing) -> Result:
    """``personal_records`` left out of a stored write's result: why, and how to get them. Reading
    them is safe at any time; logging again is not needed and, without the same key, would log twice."""
    why = missing.description.rstrip(".")
    said = f"The workout is stored. Its new personal records could not be checked: {why}."
    if missing.retry_after is not None:
        said += f" Read them with get_personal_records in {missing.retry_after} s."
    return {
        "field": "personal_records",
        "reason": missing.reason,
        "retry_after": missing.retry_after,
        "message": f"{said} Don't log this workout again.",
    }


class WorkoutLogTools:
    """The six writes, each one WorkoutLogService call after its context."""

    def __init__(
        self,
        contexts: ContextSource,
        log: Callable[[], workout_log_pb2_grpc.WorkoutLogServiceStub],
        names: ExerciseNames,
        records: NewRecords,
        sessions: Callable[[], sessions_pb2_grpc.SessionsServiceStub] | None = None,
    ) -> None:
        self._contexts = contexts
        self._log = log
        self._names = names
        self._records = records
        self._sessions = sessions  # to tell a replay whether its workout is still there

    async def _deleted_since(self, workout: sessions_pb2.Session, context: LogContext) -> bool:
        """Whether a replayed write's workout has been deleted since: the replay answers the first
        write's workout as it was, so the log is asked whether it is there (decision 0107)."""
        if self._sessions is None:
            return False
        try:
            await self._sessions().GetSession(
                sessions_pb2.GetSessionRequest(account_id=context.account_id, session_id=workout.session_id)
            )
        except grpc.aio.AioRpcError as error:
            if error.code() == grpc.StatusCode.NOT_FOUND:
                return True
            raise
        return False

    async def _writer(self, principal: Principal) -> LogContext:
        context = await self._contexts.of(principal)
        context.require_logging_consent()
        return context

    async def _written(
        self,
        verb: str,
        workout: sessions_pb2.Session,
        context: LogContext,
        replayed: bool,
        offered: Sequence[workout_log_pb2.UnconfirmedEntry] = (),
    ) -> Result:
        if replayed and await self._deleted_since(workout, context):
            return {
                "workout": render.workout_json(workout, context),
                "summary": render.replay_of_deleted(workout, context),
                "needs_confirmation": [],
                "replayed": True,
            }
        result: Result = {
            "workout": render.workout_json(workout, context),
            "summary": render.workout_summary(verb, workout, context),
            "needs_confirmation": self._needs_confirmation(workout, context, offered),
            "replayed": replayed,
        }
        if context.calm:
            result["calm_mode"] = True
            return result
        # The workout is stored: records analytics cannot read now are named, not a failure (0072).
        records = await read_after_commit(self._records.set_in(workout, context))
        if isinstance(records, Missing):
            result["incomplete"] = [records_missing(records)]
        else:
            result["personal_records"] = records
        return result

    def _needs_confirmation(
        self,
        workout: sessions_pb2.Session,
        context: LogContext,
        offered: Sequence[workout_log_pb2.UnconfirmedEntry] = (),
    ) -> list[Result]:
        """Each unconfirmed entry with what to offer: as the log matched its words when it says
        (log_text: typos, other languages, the account's history first; decision 0103), else the
        catalogue's candidates for the stored words."""
        matched = {
            entry.entry_id: tuple(Candidate(c.exercise_id, c.name) for c in entry.candidates)
            for entry in offered
        }
        unsure: list[Result] = []
        for performance in workout.performances:
            if render.is_unconfirmed(performance):
                candidates = matched.get(performance.performance_id) or self._names.candidates_for(
                    performance.exercise_name, context
                )
                unsure.append(
                    {
                        "entry_id": render.entry_json(performance)["id"],
                        "exercise": performance.exercise_name,
                        "candidates": [{"exercise_id": c.exercise_id, "name": c.name} for c in candidates],
                    }
                )
        return unsure

    async def _entries(
        self, items: Sequence[Args], context: LogContext, prefixes: Sequence[str]
    ) -> list[workout_log_pb2.EntryInput]:
        """Each exercise and its sets; ``prefixes[i]`` is where item i's arguments are
        ("exercises[0]." in log_workout, "" in add_sets, whose exercise and sets are the tool's own
        arguments). Arguments are checked in order first; the names are then matched in one call."""
        named: list[Named | None] = []
        wanted: list[tuple[str, str]] = []
        sets: list[list[workout_log_pb2.LoggedSetInput]] = []
        for item, prefix in zip(items, prefixes, strict=True):
            if "exercise_id" in item:
                named.append(await self._names.by_id(item["exercise_id"], context, f"{prefix}exercise_id"))
            elif "exercise" in item:
                shape = [("reps" in s, "distance_m" in s, "duration_s" in s) for s in item["sets"]]
                named.append(None)
                wanted.append((item["exercise"], tracking_of(shape)))
            else:
                raise invalid(
                    prefix.rstrip(".") or "exercise",
                    "name the exercise with exercise (the user's words) or exercise_id",
                )
            sets.append(
                [set_from_args(s, context.unit, f"{prefix}sets[{i}]") for i, s in enumerate(item["sets"])]
            )
        matched = iter(await self._names.all_for_log(wanted, context))
        return [
            entry_input(found or next(matched), item_sets, item.get("notes", ""))
            for found, item_sets, item in zip(named, sets, items, strict=True)
        ]

    async def log_workout(self, principal: Principal, args: Args) -> Result:
        """Store one finished workout given as exercises and sets."""
        context = await self._writer(principal)
        exercises = args["exercises"]
        entries = await self._entries(exercises, context, [f"exercises[{i}]." for i in range(len(exercises))])
        request = workout_log_pb2.LogWorkoutRequest(
            account_id=principal.account_id,
            idempotency_key=args.get("idempotency_key") or f"auto:{uuid.uuid4()}",
            day=workout_day(args.get("date"), context),
            time_zone=context.time_zone,
            title=args.get("title", ""),
            notes=args.get("notes", ""),
            entries=entries,
            program=_program(args),
        )
        reply = await self._log().LogWorkout(request)
        return await self._written("Logged", reply.workout, context, reply.replayed)

    async def log_text(self, principal: Principal, args: Args) -> Result:
        """Store a workout from the user's own words; refuse what is not certain.

        The workout log reads the words and matches the exercises (LogWorkoutText, decision 0092);
        this tool checks its own arguments and shapes the answer.
        """
        context = await self._writer(principal)
        request = workout_log_pb2.LogWorkoutTextRequest(
            account_id=principal.account_id,
            idempotency_key=args.get("idempotency_key") or f"auto:{uuid.uuid4()}",
            text=args["text"],
            day=workout_day(args.get("date"), context),
            time_zone=context.time_zone,
            default_load_unit=context.unit,
            program=_program(args),
        )
        reply = await self._log().LogWorkoutText(request)
        return await self._written(
            "Logged", reply.workout, context, reply.replayed, reply.unconfirmed_entries
        )

    async def add_sets(self, principal: Principal, args: Args) -> Result:
        """Append sets to an entry: of the session in progress by default."""
        context = await self._writer(principal)
        sets = [set_from_args(s, context.unit, f"sets[{i}]") for i, s in enumerate(args["sets"])]
        request = workout_log_pb2.AddSetsRequest(
            account_id=principal.account_id,
            idempotency_key=args.get("idempotency_key") or f"auto:{uuid.uuid4()}",
            time_zone=context.time_zone,
        )
        if "entry_id" in args:
            request.entry_id = parse_record_id(args["entry_id"], "entry_id", ("entry",)).key
            request.entry.CopyFrom(workout_log_pb2.EntryInput(sets=sets))
        else:
            request.entry.CopyFrom((await self._entries([args], context, [""]))[0])
        workout = args.get("workout_id", "current")
        if workout != "current" and "entry_id" not in args:
            request.workout_id = parse_record_id(workout, "workout_id", ("workout",)).key
        reply = await self._log().AddSets(request)
        result = await self._written("Added sets to", reply.workout, context, reply.replayed)
        result["entry_id"] = f"e_{reply.entry_id}"
        result["started_workout"] = reply.started
        return result

    async def update_entry(self, principal: Principal, args: Args) -> Result:
        """Change a workout, an entry or a set; arguments of another kind are refused by name."""
        context = await self._writer(principal)
        target = parse_record_id(args["entry_id"], "entry_id")
        _check_fields_fit(target.kind, args)
        # Setting fields to values is idempotent in itself; a fresh key keeps each edit its own write.
        request = workout_log_pb2.UpdateLogRecordRequest(
            account_id=principal.account_id,
            idempotency_key=f"update:{uuid.uuid4()}",
            time_zone=context.time_zone,
        )
        if target.kind == "workout":
            request.workout_id = target.key
            if "title" in args:
                request.title = args["title"]
            if "date" in args:
                request.day = workout_day(args["date"], context)
            if "ended_at" in args:
                request.end_time.CopyFrom(ended_at(args["ended_at"]))
        elif target.kind == "entry":
            request.entry_id = target.key
            if "exercise_id" in args:
                named = await self._names.by_id(args["exercise_id"], context, "exercise_id")
                request.exercise_id, request.exercise_name = named.exercise_id, named.name
        else:
            request.set_id = target.key
            request.set.CopyFrom(_set_change(args, context.unit))
        if "notes" in args:
            request.notes = args["notes"]
        reply = await self._log().UpdateLogRecord(request)
        return await self._written("Updated", reply.workout, context, reply.replayed)

    async def delete_entry(self, principal: Principal, args: Args) -> Result:
        """Delete a workout, entry or set; the undo token restores it for 10 minutes."""
        context = await self._writer(principal)
        target = parse_record_id(args["entry_id"], "entry_id")
        request = workout_log_pb2.DeleteLogRecordRequest(account_id=principal.account_id)
        if target.kind == "workout":
            request.workout_id = target.key
        elif target.kind == "entry":
            request.entry_id = target.key
        else:
            request.set_id = target.key
        reply = await self._log().DeleteLogRecord(request)
        expires = render.local_time(reply.undo_expire_time, context.zone)
        result: Result = {
            "deleted": reply.deleted,
            "undo_token": reply.undo_token,
            "undo_expires_at": reply.undo_expire_time.ToJsonString(),
            "summary": f"Deleted the {reply.deleted}. It can be restored with undo for 10 minutes "
            f"(until {expires:%H:%M}).",
        }
        if reply.HasField("workout"):
            result["workout"] = render.workout_json(reply.workout, context)
        return result

    async def undo(self, principal: Principal, args: Args) -> Result:
        """Restore what delete_entry removed, within 10 minutes."""
        context = await self._writer(principal)
        reply = await self._log().UndoDelete(
            workout_log_pb2.UndoDeleteRequest(account_id=principal.account_id, undo_token=args["undo_token"])
        )
        result = await self._written("Restored", reply.workout, context, replayed=False)
        result["restored"] = reply.restored
        return result


_WORKOUT_FIELDS = frozenset({"title", "date", "ended_at", "notes"})
_ENTRY_FIELDS = frozenset({"exercise_id", "notes"})
_SET_FIELDS = frozenset({"reps", "load", "unit", "remove_load", "rpe", "duration_s", "distance_m", "warmup"})
_FIELDS_OF = {"workout": _WORKOUT_FIELDS, "entry": _ENTRY_FIELDS, "set": _SET_FIELDS}


def _check_fields_fit(kind: str, args: Args) -> None:
    given = set(args) - {"entry_id"}
    if not given:
        raise invalid("entry_id", f"nothing to change: give the {kind}'s fields to change")
    for field in sorted(given - _FIELDS_OF[kind]):
        owner = next(k for k, fields in _FIELDS_OF.items() if field in fields)
        raise invalid(field, f"changes a {owner}, and entry_id names a {kind}")
    if args.get("remove_load") and "load" in args:
        raise invalid("remove_load", "cannot be given with load: either set a load or remove it")


def _set_change(args: Args, unit: Unit) -> workout_log_pb2.SetChange:
    change = workout_log_pb2.SetChange(remove_load=args.get("remove_load", False))
    if "reps" in args:
        change.reps = args["reps"]
    if "load" in args:
        load_unit: Unit = args.get("unit", unit)
        kilograms = render.to_kg(load_unit, float(args["load"]))
        if kilograms > MAX_LOAD_KG:
            raise invalid("load", f"{args['load']:g} {load_unit} is more than {MAX_LOAD_KG:g} kg")
        change.load_kg, change.load_value, change.load_unit = kilograms, float(args["load"]), load_unit
    elif "unit" in args:
        change.load_unit = args["unit"]
    if "duration_s" in args:
        change.duration_s = args["duration_s"]
    if "distance_m" in args:
        change.distance_m = float(args["distance_m"])
    if "rpe" in args:
        change.rpe = float(args["rpe"])
    if "warmup" in args:
        change.warmup = args["warmup"]
    return change
