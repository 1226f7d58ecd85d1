"""From usable rows to workouts: grouping, set order, notes and each workout's ``source_key``.

Both formats repeat the workout on every set's row, so a workout is the rows sharing a start and a
title; an exercise is the rows of one workout sharing its name (decision 0047, "Grouping").
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime

from services.sessions.workout_log.files.model import FileFormat, ImportedEntry, ImportedSet, ImportedWorkout

# Hex digits of the SHA-256 kept in a key: 128 bits, and "strong:" + 32 fits an idempotency key
# (knowledge.training.formats.IDEMPOTENCY_KEY: 8 to 80 of [A-Za-z0-9._:-]).
SOURCE_KEY_HEX_DIGITS = 32


@dataclass(frozen=True, slots=True)
class SetRow:
    """One usable row: the set and the workout and exercise it belongs to, as that row states them."""

    started_at: datetime
    title: str
    ended_at: datetime | None
    workout_notes: str
    exercise_name: str
    exercise_notes: str
    ordinal: int | None  # the set's number in its exercise as the file gives it; None for W/D/F
    set: ImportedSet
    # Why the workout's duration was left out though the set was kept (decision 0088), if it was.
    dropped_duration: str | None = None


@dataclass(slots=True)
class _Entry:
    notes: dict[str, None] = field(default_factory=dict)  # distinct notes in first-seen order
    sets: list[tuple[int | None, ImportedSet]] = field(default_factory=list)


@dataclass(slots=True)
class _Workout:
    started_at: datetime
    title: str
    ended_at: datetime | None = None
    notes: str = ""
    entries: dict[str, _Entry] = field(default_factory=dict)  # by exercise name, first seen first


class WorkoutAssembler:
    """Collects rows in file order and builds the workouts once the file is read."""

    def __init__(self, file_format: FileFormat) -> None:
        self._format: FileFormat = file_format
        self._workouts: dict[tuple[datetime, str], _Workout] = {}

    def add(self, row: SetRow) -> None:
        key = (row.started_at, row.title)
        workout = self._workouts.get(key)
        if workout is None:
            workout = self._workouts[key] = _Workout(row.started_at, row.title)
        # Workout-level cells repeat on every row, sometimes only on some: the first stated wins.
        if workout.ended_at is None:
            workout.ended_at = row.ended_at
        if not workout.notes:
            workout.notes = row.workout_notes
        entry = workout.entries.get(row.exercise_name)
        if entry is None:
            entry = workout.entries[row.exercise_name] = _Entry()
        if row.exercise_notes:
            entry.notes[row.exercise_notes] = None
        entry.sets.append((row.ordinal, row.set))

    def workouts(self) -> tuple[ImportedWorkout, ...]:
        """The workouts by start (then by title), each with its sets in order and its key."""
        built = [self._build(workout) for workout in self._workouts.values()]
        built.sort(key=lambda workout: (workout.started_at, workout.title))
        return tuple(built)

    def _build(self, workout: _Workout) -> ImportedWorkout:
        entries = tuple(
            ImportedEntry(exercise_name=name, notes="\n".join(entry.notes), sets=in_set_order(entry.sets))
            for name, entry in workout.entries.items()
        )
        return ImportedWorkout(
            source_key=source_key(
                self._format, workout.started_at, workout.ended_at, workout.title, workout.notes, entries
            ),
            started_at=workout.started_at,
            ended_at=workout.ended_at,
            title=workout.title,
            notes=workout.notes,
            entries=entries,
        )


def in_set_order(numbered: list[tuple[int | None, ImportedSet]]) -> tuple[ImportedSet, ...]:
    """The sets with the numbered ones sorted by number among the places numbered sets hold.

    Exports are seen listing an exercise's sets out of order (4, 3, 1, 2), so the number is the
    truth where there is one. A W, D or F set has none and stays where the file put it.
    """
    places = [index for index, (ordinal, _) in enumerate(numbered) if ordinal is not None]
    ordered = sorted(places, key=lambda index: numbered[index][0] or 0)
    sets = [one_set for _, one_set in numbered]
    for place, source in zip(places, ordered, strict=True):
        sets[place] = numbered[source][1]
    return tuple(sets)


def source_key(
    file_format: FileFormat,
    started_at: datetime,
    ended_at: datetime | None,
    title: str,
    notes: str,
    entries: tuple[ImportedEntry, ...],
) -> str:
    """``<format>:<32 hex digits>``: SHA-256 over everything the workout holds, in order.

    Built from the values read, not the file's bytes, so the same workout gives the same key
    whatever the delimiter, line ends, BOM or number spelling (``60`` or ``60.0``); any change to a
    set, an exercise, the title, the notes or the times gives another (decision 0047, "source_key").
    Each part is hashed as a Python literal (``repr``), which quotes and escapes its strings, so no
    two different workouts can run together into the same text.
    """
    digest = hashlib.sha256()
    ended = None if ended_at is None else ended_at.isoformat()
    digest.update(repr((file_format, started_at.isoformat(), ended, title, notes)).encode())
    for entry in entries:
        digest.update(repr((entry.exercise_name, entry.notes, len(entry.sets))).encode())
        for one in entry.sets:
            measures = (one.load, one.unit, one.reps, one.distance_m, one.duration_s, one.rpe, one.set_type)
            digest.update(repr(measures).encode())
    return f"{file_format}:{digest.hexdigest()[:SOURCE_KEY_HEX_DIGITS]}"
