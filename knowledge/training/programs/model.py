"""The shapes of the program library and of the logged sessions its functions read.

All frozen, all plain values: the library is data that ships with the code, and the logged sessions
are what the caller read from its own storage and passes in (this package does no other I/O).
Loads are kilograms; a caller that stores pounds converts before calling.
Why these shapes: docs/decisions/0046-programs-library.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Final, Literal

# The equipment words of the Open Workout Schema's program search, so a filter is a plain match.
PROGRAM_EQUIPMENT: Final = frozenset(
    {"barbell", "bench", "bodyweight", "cable", "dumbbell", "machine", "pull-up-bar"}
)
LEVELS: Final = ("beginner", "intermediate", "advanced")
# Written as escapes because they look like "x" and "-" in source; the text people read uses them.
TIMES: Final = "\u00d7"
EN_DASH: Final = "\u2013"

Level = Literal["beginner", "intermediate", "advanced"]
# increment: a load that grows by the program's increment after a session with every set done;
# training_max_percent: per-set percentages of a training max the person gives;
# percent_of_day: a percentage of the same exercise's target on another day of the program;
# rpe: a load chosen by effort (no number suggested); bodyweight: no load at all.
RuleKind = Literal["increment", "training_max_percent", "percent_of_day", "rpe", "bodyweight"]


@dataclass(frozen=True)
class TargetRule:
    """How a planned exercise's load is worked out; the fields a kind does not use stay empty."""

    kind: RuleKind
    percents: tuple[float, ...] = ()  # training_max_percent: one per set
    of_day: str | None = None  # percent_of_day: the other day's key
    percent: float | None = None  # percent_of_day
    rpe: float | None = None  # rpe
    per_day: bool = False  # increment: follow only this day's sessions (the same lift differs by day)


@dataclass(frozen=True)
class PlannedExercise:
    """One exercise of a program day as written: sets, reps and how its load is set."""

    exercise_id: str  # a catalog exercise ID
    sets: int
    reps: tuple[int | None, ...]  # the least reps per set, one per set; None: as many as possible
    reps_top: int | None  # top of a rep range ("8-12"): load goes up once every set reaches it
    last_set_amrap: bool  # the last set goes on past its reps for as many as possible
    rule: TargetRule

    @property
    def reps_text(self) -> str:
        """The usual gym shorthand, "5x5", "3x5+", "3x8-12", "5/3/1+", "3xAMRAP", written with a
        multiplication sign and an en dash as people print it."""
        plus = "+" if self.last_set_amrap else ""
        if len(set(self.reps)) == 1:
            first = self.reps[0]
            if first is None:
                return f"{self.sets}{TIMES}AMRAP"
            top = f"{EN_DASH}{self.reps_top}" if self.reps_top else ""
            return f"{self.sets}{TIMES}{first}{top}{plus}"
        return "/".join("AMRAP" if reps is None else str(reps) for reps in self.reps) + plus

    def reps_needed(self, set_index: int) -> int:
        """Reps that count a set as done as written: the range's top, else the set's least reps."""
        if self.reps_top is not None:
            return self.reps_top
        written = self.reps[set_index]
        return 1 if written is None else written


@dataclass(frozen=True)
class ProgramDay:
    """One training day of a program, named by a key that a logged workout can be linked to."""

    key: str  # "A", "push", "w1d1": unique within the program
    name: str
    exercises: tuple[PlannedExercise, ...]


@dataclass(frozen=True)
class Progression:
    """The program's progression in words and in the form Kinetic computes targets from."""

    description: str
    upper_body_increment_kg: float
    lower_body_increment_kg: float
    increments_by_exercise_kg: tuple[tuple[str, float], ...]  # overrides, sorted by exercise ID
    deload_after_misses: int  # sessions (or cycles, for training-max lifts) in a row short of the plan
    deload_percent: float


@dataclass(frozen=True)
class Program:
    """One published version of a library program. A plan, never something anyone has done."""

    program_id: str  # "kp:five-by-five"
    version: int  # 1, 2, ...: a published version never changes
    name: str
    summary: str
    credit: str  # who created the program style: passed on exactly when the program is named
    disclaimer: str  # not medical advice; the author does not endorse Kinetic: passed on exactly
    changes: str  # what this version changed from the one before ("" for version 1)
    level: Level
    days_per_week: int
    equipment: tuple[str, ...]  # a subset of PROGRAM_EQUIPMENT, sorted
    weeks: int  # length of one cycle
    schedule: str
    days: tuple[ProgramDay, ...]  # in rotation order
    main_lifts: tuple[str, ...]  # the exercises whose progress a run reports
    progression: Progression

    @property
    def listing_only(self) -> bool:
        """Described in words, without written days: followed with the person's own routines."""
        return not self.days

    def exercise_ids(self) -> frozenset[str]:
        """Every exercise any day of the program uses."""
        return frozenset(planned.exercise_id for day in self.days for planned in day.exercises)


@dataclass(frozen=True)
class LoggedSet:
    """One logged set as the caller stored it; None where the set has no reps or no load."""

    reps: int | None
    load_kg: float | None
    warmup: bool = False


@dataclass(frozen=True)
class LoggedEntry:
    """One exercise of a logged workout with its sets in order."""

    exercise_id: str
    sets: tuple[LoggedSet, ...]

    def working_sets(self) -> tuple[LoggedSet, ...]:
        """The sets that count: warm-ups are preparation, not the plan's sets."""
        return tuple(logged for logged in self.sets if not logged.warmup)

    def top_load_kg(self) -> float | None:
        """The heaviest working load, or None when no working set has a load."""
        loads = [logged.load_kg for logged in self.working_sets() if logged.load_kg is not None]
        return max(loads) if loads else None

    def working_load_kg(self, sets_written: int) -> float | None:
        """The load the entry was worked at, for a plan of ``sets_written`` sets: the heaviest load
        lifted for that many working sets; when no load was, the load lifted for the most sets
        (the heaviest of those). A single heavier set after 5×5 is a top single, not the working
        weight (decision 0108). None when no working set has a load."""
        counts: dict[float, int] = {}
        for logged in self.working_sets():
            if logged.load_kg is not None:
                load = round(logged.load_kg, 2)  # float noise from unit conversion is the same load
                counts[load] = counts.get(load, 0) + 1
        if not counts:
            return None
        enough = [load for load, count in counts.items() if count >= sets_written]
        if enough:
            return max(enough)
        most = max(counts.values())
        return max(load for load, count in counts.items() if count == most)


@dataclass(frozen=True)
class LoggedSession:
    """One logged workout: its ID, its day and, when linked, the program day it was."""

    workout_id: str
    day: date
    program_day: str | None
    entries: tuple[LoggedEntry, ...]

    def entry_for(self, exercise_id: str) -> LoggedEntry | None:
        """The exercise's entry with working sets, sets of repeated entries joined in order."""
        sets = tuple(
            logged for entry in self.entries if entry.exercise_id == exercise_id for logged in entry.sets
        )
        entry = LoggedEntry(exercise_id, sets)
        return entry if entry.working_sets() else None

    def exercise_ids(self) -> frozenset[str]:
        """The exercises with at least one working set."""
        return frozenset(entry.exercise_id for entry in self.entries if entry.working_sets())


def chronological(sessions: tuple[LoggedSession, ...] | list[LoggedSession]) -> list[LoggedSession]:
    """Oldest first; sessions of one day keep the caller's order (a stable sort), so results are
    the same for the same input."""
    return sorted(sessions, key=lambda session: session.day)
