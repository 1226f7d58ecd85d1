"""From the exercise a person named to a catalogue ID, for logging and for reading.

Words the person confirmed before win (the workout log remembers them); then the shared catalogue,
resolved locally with no service call (``kinetic.workout_text.exercise_names``); only words the
catalogue does not know ask training, whose search also covers the account's own exercises.
Ambiguous names are never guessed (decision 0045).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from edge.problems import EdgeProblem
from edge.profiles.ows.context import LogContext
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from kinetic.training_knowledge.catalog import catalog_by_id, load_catalog
from kinetic.workout_text.exercise_names import Candidate, Resolution, normalize_words, resolve_exercise

CANDIDATES = 5
CUSTOM_PREFIX = "custom-"
UNCONFIRMED_PREFIX = "words:"


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


def _usual_tracking(exercise_id: str) -> str:
    found = catalog_by_id().get(exercise_id)
    return found.tracking_modes[0] if found and found.tracking_modes else ""


def tracking_of(sets: Sequence[tuple[bool, bool, bool]]) -> str:
    """How sets given as (has reps, has distance, has duration) are tracked: "distance" when every
    set is a distance, "duration" when every set is a time without reps, else ""."""
    if sets and all(distance for _, distance, _ in sets):
        return "distance"
    if sets and all(duration and not reps for reps, _, duration in sets):
        return "duration"
    return ""


def candidates_text(candidates: tuple[Candidate, ...]) -> str:
    """``Overhead Press (overhead-press), ...`` for an error the assistant reads to the user."""
    return ", ".join(f"{c.name} ({c.exercise_id})" for c in candidates)


def ambiguous(words: str, candidates: tuple[Candidate, ...]) -> EdgeProblem:
    """``exercise_ambiguous``: the candidates to offer the user, nothing stored."""
    return EdgeProblem(
        "exercise_ambiguous",
        f"{words!r} could be more than one exercise: {candidates_text(candidates)}; ask the user which "
        "one they meant and retry with its exercise_id",
        400,
        {"candidates": [{"exercise_id": c.exercise_id, "name": c.name} for c in candidates]},
    )


class ExerciseNames:
    """Resolves names against the remembered words, the catalogue and then training's search."""

    def __init__(self, training: Callable[[], training_pb2_grpc.TrainingServiceStub]) -> None:
        self._training = training

    def _local(self, words: str, context: LogContext) -> Resolution:
        return resolve_exercise(
            words, catalog=load_catalog(), remembered=dict(context.profile.remembered_exercises)
        )

    async def _account_exercises(self, words: str, context: LogContext) -> list[training_pb2.Exercise]:
        reply = await self._training().SearchExercises(
            training_pb2.SearchExercisesRequest(
                account_id=context.account_id, query=words[:200], page_size=CANDIDATES
            )
        )
        return list(reply.exercises)

    async def for_log(self, words: str, context: LogContext, tracking: str = "") -> Named:
        """The exercise to store for ``words``; unsure (with candidates) when none is certain.

        ``tracking`` is what the sets record ("distance", "duration", or "" for sets of reps):
        between ambiguous candidates, the one exercise tracked that way is the one meant ("row
        2000m 7:45" is the rowing machine, not a barbell row).
        """
        resolution = self._local(words, context)
        if resolution.kind == "ambiguous" and tracking:
            fitting = [c for c in resolution.candidates if _usual_tracking(c.exercise_id) == tracking]
            if len(fitting) == 1:
                return Named(fitting[0].exercise_id, fitting[0].name, words)
        if resolution.kind == "resolved" and resolution.exercise_id:
            return Named(resolution.exercise_id, self.name_of(resolution.exercise_id), words)
        if resolution.kind == "unknown":
            wanted = normalize_words(words)
            found = await self._account_exercises(words, context)
            exact = [e for e in found if e.custom and normalize_words(e.name) == wanted]
            if len(exact) == 1:
                return Named(exact[0].exercise_id, exact[0].name, words)
            extra = tuple(Candidate(e.exercise_id, e.name) for e in found if e.custom)
            return Named("", words, words, (extra + resolution.candidates)[:CANDIDATES])
        return Named("", words, words, resolution.candidates, ambiguous=True)

    def candidates_for(self, words: str, context: LogContext) -> tuple[Candidate, ...]:
        """The exercises to offer for an unconfirmed entry's words (catalogue only: no call)."""
        candidates: tuple[Candidate, ...] = self._local(words, context).candidates
        return candidates

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
