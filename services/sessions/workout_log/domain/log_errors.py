"""The workout log's errors, each with its own ErrorInfo reason (decision 0049)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import grpc

from kinetic.errors import DomainError, FieldViolation, InvalidArgument, NotFound


class WorkoutNotFound(NotFound):
    """No workout (session) with this ID belongs to the account."""

    default_reason = "WORKOUT_NOT_FOUND"


class EntryNotFound(NotFound):
    """No entry (performance) with this ID belongs to the account."""

    default_reason = "ENTRY_NOT_FOUND"


class SetNotFound(NotFound):
    """The entry has no set with this number."""

    default_reason = "SET_NOT_FOUND"


class UndoUnavailable(DomainError):
    """The undo token is unknown, used, expired, or what it would restore no longer fits."""

    code = grpc.StatusCode.FAILED_PRECONDITION
    default_reason = "UNDO_UNAVAILABLE"


class ProgramAlreadyStarted(DomainError):
    """Another program is being followed; it has to end first."""

    code = grpc.StatusCode.FAILED_PRECONDITION
    default_reason = "PROGRAM_ALREADY_STARTED"


class NoCurrentProgram(NotFound):
    """The account follows no program."""

    default_reason = "NO_CURRENT_PROGRAM"


class NothingToLog(InvalidArgument):
    """LogWorkoutText: the text cannot be logged as it stands; the message says what to write."""

    default_reason = "NOTHING_TO_LOG"

    @classmethod
    def because(cls, reason: str) -> NothingToLog:
        """The reader's refusal, on the ``text`` field, its words unchanged (they are for the person)."""
        return cls(reason, violations=[FieldViolation("text", reason)])


class ExerciseAmbiguous(InvalidArgument):
    """LogWorkoutText: words fit several exercises equally; the caller asks the person which one.

    The words and the candidates travel as metadata (``candidates``: a JSON list of [ID, name]), so
    each caller words the question in its own terms.
    """

    default_reason = "EXERCISE_AMBIGUOUS"

    @classmethod
    def of(cls, words: str, candidates: Sequence[tuple[str, str]]) -> ExerciseAmbiguous:
        """``words`` could be any of ``candidates`` (exercise ID, name), best first."""
        return cls(
            f"{words!r} could be more than one exercise",
            metadata={"words": words, "candidates": json.dumps([list(c) for c in candidates])},
        )


class ExerciseSearchUnavailable(DomainError):
    """Training could not search the account's own exercises; nothing was stored, retry later."""

    code = grpc.StatusCode.UNAVAILABLE
    default_reason = "TRAINING_UNAVAILABLE"


class InvalidWorkoutFile(InvalidArgument):
    """ImportWorkoutFile: the file cannot be read, none of its rows can, or it is too large; the
    message says why, fit to show the person. Nothing was stored (decision 0098)."""

    default_reason = "INVALID_FILE"


class WorkoutFileNotRead(DomainError):
    """ImportWorkoutFile: the file could not be read within the call's time (the service is busy);
    nothing was stored and sending it again is safe (decision 0098)."""

    code = grpc.StatusCode.UNAVAILABLE
    default_reason = "IMPORT_NOT_FINISHED"
