"""From the exercise a person named to a catalogue ID, for logging and for reading.

Which exercise some words name is the workout log's to say (MatchExercises, decision 0092): the
words the person confirmed before, then the shared catalogue, then the account's own exercises, and
ambiguous names are never guessed (decision 0045). log_text's words are matched inside the log
itself (LogWorkoutText). What stays here is the tools' side: checking an ``exercise_id`` argument
and wording the errors in the tools' terms.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from edge.problems import EdgeProblem
from edge.profiles.ows.context import LogContext
from kinetic.sessions.v1 import workout_log_pb2, workout_log_pb2_grpc
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from knowledge.training.catalog import catalog_by_id, load_catalog
from knowledge.training.exercise_names import Candidate, resolve_exercise, tracking_of

__all__ = ["RETRY_TEXT_WITH_ID", "ExerciseNames", "Named", "ambiguous", "candidates_text", "tracking_of"]

CUSTOM_PREFIX = "custom-"
UNCONFIRMED_PREFIX = "words:"
# The matching's names for what sets record, as MatchExercises takes them.
_TRACKING = {
    "distance": workout_log_pb2.SET_TRACKING_DISTANCE,
    "duration": workout_log_pb2.SET_TRACKING_DURATION,
}


@dataclass(frozen=True)
class Named:
    """An exercise as an entry stores it: its ID ("" when unsure), name and the words given."""

    exercise_id: str
    name: str
    words: str
    candidates: tuple[Candidate, ...] = ()
    # Several exercises fit the words equally well (rather than none).
    ambiguous: bool = False

    @property
    def unsure(self) -> bool:
        """No exercise was chosen: the entry is stored unconfirmed."""
        return not self.exercise_id


def candidates_text(candidates: tuple[Candidate, ...]) -> str:
    """``Overhead Press (overhead-press), ...`` for an error the assistant reads to the user."""
    return ", ".join(f"{c.name} ({c.exercise_id})" for c in candidates)


RETRY_WITH_ID = "retry with its exercise_id"
# log_text takes no exercise_id (seed 003): the retry that works is log_workout's (decision 0103).
RETRY_TEXT_WITH_ID = (
    "log the workout with log_workout, giving that exercise's exercise_id (log_text takes none), or "
    "with log_text naming the exercise as the candidate is named"
)


def ambiguous(words: str, candidates: tuple[Candidate, ...], retry: str = RETRY_WITH_ID) -> EdgeProblem:
    """``exercise_ambiguous``: the candidates to offer the user, nothing stored; ``retry`` says how
    to call again once the user has picked."""
    return EdgeProblem(
        "exercise_ambiguous",
        f"{words!r} could be more than one exercise: {candidates_text(candidates)}; ask the user which "
        f"one they meant and {retry}",
        400,
        {"candidates": [{"exercise_id": c.exercise_id, "name": c.name} for c in candidates]},
    )


def _named(words: str, match: workout_log_pb2.ExerciseMatch) -> Named:
    candidates = tuple(Candidate(c.exercise_id, c.name) for c in match.candidates)
    return Named(match.exercise_id, match.name, words, candidates, match.ambiguous)


class ExerciseNames:
    """Names matched by the workout log; IDs checked against the catalogue and training."""

    def __init__(
        self,
        training: Callable[[], training_pb2_grpc.TrainingServiceStub],
        log: Callable[[], workout_log_pb2_grpc.WorkoutLogServiceStub],
    ) -> None:
        self._training = training
        self._log = log

    async def _match(self, wanted: Sequence[tuple[str, str]], context: LogContext) -> list[Named]:
        """One MatchExercises call for ``wanted`` (words, tracking), answered in order."""
        reply = await self._log().MatchExercises(
            workout_log_pb2.MatchExercisesRequest(
                account_id=context.account_id,
                exercises=[
                    workout_log_pb2.ExerciseWords(
                        words=words,
                        tracking=_TRACKING.get(tracking, workout_log_pb2.SET_TRACKING_UNSPECIFIED),
                    )
                    for words, tracking in wanted
                ],
            )
        )
        return [_named(words, match) for (words, _), match in zip(wanted, reply.matches, strict=True)]

    async def for_log(self, words: str, context: LogContext, tracking: str = "") -> Named:
        """The exercise to store for ``words``; unsure (with candidates) when none is certain.

        ``tracking`` is what the sets record ("distance", "duration", or "" for sets of reps).
        """
        return (await self.all_for_log([(words, tracking)], context))[0]

    async def all_for_log(self, wanted: Sequence[tuple[str, str]], context: LogContext) -> list[Named]:
        """``for_log`` of each (words, tracking), in one call; none when ``wanted`` is empty."""
        return await self._match(wanted, context) if wanted else []

    @staticmethod
    def candidates_for(words: str, context: LogContext) -> tuple[Candidate, ...]:
        """The catalogue's exercises to offer for a stored unconfirmed entry's words, with no call:
        the answer to a write that is already stored must not fail on a read (decision 0092)."""
        remembered = dict(context.profile.remembered_exercises)
        found: tuple[Candidate, ...] = resolve_exercise(
            words, catalog=load_catalog(), remembered=remembered
        ).candidates
        return found

    async def by_id(self, exercise_id: str, context: LogContext, argument: str) -> Named:
        """An ``exercise_id`` argument: a catalogue ID, or one of the account's own exercises."""
        catalog = catalog_by_id().get(exercise_id)
        if catalog is not None:
            return Named(exercise_id, catalog.name, "")
        if exercise_id.startswith(CUSTOM_PREFIX):
            reply = await self._training().GetExercise(
                training_pb2.GetExerciseRequest(account_id=context.account_id, exercise_id=exercise_id)
            )
            return Named(exercise_id, reply.exercise.name, "")
        raise EdgeProblem(
            "invalid_input",
            f"{argument}: {exercise_id[:64]!r} is not an exercise ID; search_exercises gives IDs",
            400,
            {"field": argument},
        )

    async def for_read(self, given: str, context: LogContext, argument: str = "exercise") -> Named:
        """The exercise a read is about (name or ID); ambiguous or unknown names are refused."""
        text = given.strip()
        if text.lower() in catalog_by_id() or text.lower().startswith((CUSTOM_PREFIX, UNCONFIRMED_PREFIX)):
            exercise_id = text.lower()
            return Named(exercise_id, self.name_of(exercise_id), "")
        named = await self.for_log(text, context)
        if not named.unsure:
            return named
        if named.ambiguous:
            raise ambiguous(text, named.candidates)
        hint = f"; did they mean {candidates_text(named.candidates)}" if named.candidates else ""
        raise EdgeProblem(
            "not_found",
            f"{argument}: no exercise is called {text[:80]!r}{hint}; search_exercises finds IDs",
            404,
            {"field": argument},
        )

    @staticmethod
    def name_of(exercise_id: str) -> str:
        """The catalogue's name of ``exercise_id``, else the ID itself."""
        found = catalog_by_id().get(exercise_id)
        return found.name if found else exercise_id
