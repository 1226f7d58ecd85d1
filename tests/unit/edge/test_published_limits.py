"""Every limit a profile publishes is its owner's, read from the owner's data (decision 0091).

Each of the six profiles the edge serves is built as ``edge.app`` builds it (its handlers are never
called), and every tool's published input schema is walked: each ``minimum``, ``maximum``,
``exclusiveMinimum``, ``exclusiveMaximum``, ``multipleOf``, ``minLength``, ``maxLength``,
``minItems``, ``maxItems``, ``minProperties``, ``maxProperties`` and ``pattern`` must match a row
of ``OWNED``, which names where the limit lives: the service that enforces it (``knowledge.limits``,
``knowledge.training``), the plan generator, or, for the limits only a contract sets, the
profile itself. A limit no row names fails (an unowned literal), as does one whose value is not its
owner's (a copy that drifted) and a row that names no published limit (a stale row).

Not limits, so not checked: ``minLength`` 0 or 1 and ``minItems`` 1 ("may be empty", "not
empty"), and ``format`` (a type).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import pytest

import knowledge.limits
from edge.mcp_profile.builder import Profile
from edge.mcp_profile.definitions import inlined
from edge.profiles.client_ai import schemas as client_ai
from edge.profiles.client_ai.tools import client_ai_profile
from edge.profiles.client_ai.workouts import ClientWorkouts
from edge.profiles.metric.reads import TrainingReads
from edge.profiles.metric.tools import metric_profile
from edge.profiles.metric.writes import TrainingWrites
from edge.profiles.ows import schemas as ows
from edge.profiles.ows.handlers import build_ows_handlers
from edge.profiles.ows.tools import ows_profile
from edge.profiles.primed import schemas as primed
from edge.profiles.primed.athlete import Athletes
from edge.profiles.primed.handlers import PrimedTools
from edge.profiles.primed.tools import primed_profile
from edge.profiles.runflow import plan_schemas as runflow_plans
from edge.profiles.runflow import schemas as runflow
from edge.profiles.runflow.handlers import RunFlowTools
from edge.profiles.runflow.plan_handlers import RunFlowPlanTools
from edge.profiles.runflow.tools import runflow_profile
from edge.profiles.runflow_public.handlers import PlanGenTools
from edge.profiles.runflow_public.links import PlanLinks
from edge.profiles.runflow_public.tools import public_plangen_profile
from kinetic.page_tokens import MAX_SKIP
from knowledge.endurance import running
from knowledge.limits import endurance_plans as training
from knowledge.limits import sessions
from knowledge.plan_generation import limits as generator
from knowledge.training import formats, rules
from tests.generated_plans import local_plans

LIMIT_KEYWORDS = frozenset(
    {
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "minProperties",
        "maxProperties",
        "pattern",
    }
)
Limits = Mapping[str, Any]


def between(bounds: tuple[float, float]) -> dict[str, float]:
    """An owner's inclusive ``(lowest, highest)`` as schema keywords."""
    return {"minimum": bounds[0], "maximum": bounds[1]}


def up_to(most: float, least: float = 0) -> dict[str, float]:
    return {"minimum": least, "maximum": most}


DAY = {"pattern": formats.LOCAL_DAY_PATTERN, "maxLength": len("YYYY-MM-DD")}
ENDURANCE_ID = {"maxLength": 64, "pattern": r"^[A-Za-z0-9_-]+$"}  # training's IDs, as RunFlow takes them

# (profile, where, limits): ``where`` is "<tool><path>" with "*" for any run of characters; a
# path names properties with "." and array items with "[]". The first row whose ``where`` matches
# and which holds the keyword decides, so narrower rows come first.
OWNED: tuple[tuple[str, str, Limits], ...] = (
    # --- Metric: training's formats (decision 0026) ------------------------------------------------
    ("kinetic-metric", "*.expectedVersions", {"pattern": formats.VERSION_PATTERN}),
    (
        "kinetic-metric",
        "*.idempotencyKey",
        {
            "minLength": formats.IDEMPOTENCY_KEY_MIN_CHARS,
            "maxLength": formats.IDEMPOTENCY_KEY_MAX_CHARS,
            "pattern": formats.IDEMPOTENCY_KEY_PATTERN,
        },
    ),
    # --- Client AI (seed 002): the sessions service ------------------------------------------------
    ("kinetic-client-ai", "*Id", {"pattern": sessions.OBJECT_ID_PATTERN}),
    ("kinetic-client-ai", "*.page", {"minimum": 1, "maximum": 1 + MAX_SKIP // sessions.MAX_PAGE_LIMIT}),
    ("kinetic-client-ai", "*.limit", {"minimum": 1, "maximum": sessions.MAX_PAGE_LIMIT}),
    ("kinetic-client-ai", "*.sets", {"maxItems": sessions.MAX_SETS_PER_CALL}),
    ("kinetic-client-ai", "*.sets[].setNumber", {"minimum": 1, "maximum": sessions.MAX_SET_NUMBER}),
    ("kinetic-client-ai", "*.sets[].weight", up_to(sessions.MAX_LOAD_KG)),
    ("kinetic-client-ai", "*.sets[].timeSeconds", between(sessions.SECONDS)),
    ("kinetic-client-ai", "*.sets[].restSeconds", between(sessions.SECONDS)),
    ("kinetic-client-ai", "*.sets[].distanceMeters", between(sessions.METERS)),
    ("kinetic-client-ai", "*.sets[].rpe", between(sessions.RPE_SEED_002)),
    ("kinetic-client-ai", "*.sets[].notes", {"maxLength": sessions.MAX_SET_NOTES}),
    ("kinetic-client-ai", "*.notes", {"maxLength": sessions.MAX_NOTES}),
    ("kinetic-client-ai", "*.restSeconds", between(sessions.SECONDS)),
    ("kinetic-client-ai", "*etupValues", {"maxItems": sessions.MAX_SETUP_VALUES}),
    ("kinetic-client-ai", "*etupValues[].key", {"maxLength": sessions.MAX_SETUP_KEY}),
    # --- OWS (seed 003): the workout log in the sessions service ---------------------------------
    ("kinetic-open-workout-schema", "*.reps", between(sessions.REPS)),
    ("kinetic-open-workout-schema", "*.duration_s", between(sessions.SECONDS)),
    ("kinetic-open-workout-schema", "*.distance_m", between(sessions.METERS)),
    ("kinetic-open-workout-schema", "*.rpe", between(sessions.RPE_SEED_003)),
    ("kinetic-open-workout-schema", "*.load", up_to(sessions.MAX_LOAD_LB)),
    ("kinetic-open-workout-schema", "*.sets", {"maxItems": sessions.MAX_SETS_PER_ENTRY}),
    ("kinetic-open-workout-schema", "log_workout.exercises", {"maxItems": sessions.MAX_ENTRIES}),
    ("kinetic-open-workout-schema", "*.exercises[].exercise", {"maxLength": sessions.MAX_EXERCISE_NAME}),
    ("kinetic-open-workout-schema", "add_sets.exercise", {"maxLength": sessions.MAX_EXERCISE_NAME}),
    ("kinetic-open-workout-schema", "*.notes", {"maxLength": sessions.MAX_NOTES}),
    ("kinetic-open-workout-schema", "*.title", {"maxLength": sessions.MAX_TITLE}),
    ("kinetic-open-workout-schema", "*.idempotency_key", {"maxLength": sessions.MAX_IDEMPOTENCY_KEY}),
    ("kinetic-open-workout-schema", "*.goals", {"maxLength": sessions.MAX_GOALS}),
    ("kinetic-open-workout-schema", "*.limitations", {"maxLength": sessions.MAX_LIMITATIONS}),
    ("kinetic-open-workout-schema", "update_profile.equipment", {"maxItems": sessions.MAX_EQUIPMENT_ITEMS}),
    ("kinetic-open-workout-schema", "update_profile.equipment[]", {"maxLength": sessions.MAX_EQUIPMENT_ITEM}),
    ("kinetic-open-workout-schema", "*.date", {"pattern": formats.LOCAL_DAY_PATTERN}),
    ("kinetic-open-workout-schema", "*.from", {"pattern": formats.LOCAL_DAY_PATTERN}),
    ("kinetic-open-workout-schema", "*.to", {"pattern": formats.LOCAL_DAY_PATTERN}),
    # OWS's own (seed 003 states these, or Kinetic chose them for the profile): its IDs, its text
    # to parse, its searches, pages and profile fields.
    ("kinetic-open-workout-schema", "log_text.text", {"maxLength": ows.MAX_TEXT}),
    # Program days and routines are stored by the workout log: its own limits.
    ("kinetic-open-workout-schema", "*.program_id", {"maxLength": sessions.MAX_PROGRAM_ID}),
    ("kinetic-open-workout-schema", "*.program.day", {"maxLength": sessions.MAX_PROGRAM_DAY}),
    ("kinetic-open-workout-schema", "link_workout_to_program.day", {"maxLength": sessions.MAX_PROGRAM_DAY}),
    ("kinetic-open-workout-schema", "get_program.id", {"maxLength": sessions.MAX_PROGRAM_ID}),
    ("kinetic-open-workout-schema", "start_program.id", {"maxLength": sessions.MAX_PROGRAM_ID}),
    ("kinetic-open-workout-schema", "start_program.routine_ids[]", {"maxLength": sessions.MAX_ROUTINE_ID}),
    (
        "kinetic-open-workout-schema",
        "*_id*",
        {"maxLength": ows.MAX_ID},
    ),
    ("kinetic-open-workout-schema", "start_program.routine_ids", {"maxItems": 20}),
    ("kinetic-open-workout-schema", "get_program.version", {"minimum": 1, "maximum": 10_000}),
    ("kinetic-open-workout-schema", "*.exercise", {"maxLength": ows.MAX_NAME}),
    ("kinetic-open-workout-schema", "*.query", {"maxLength": ows.MAX_NAME}),
    ("kinetic-open-workout-schema", "search_exercises.equipment", {"maxLength": 100}),
    ("kinetic-open-workout-schema", "search_exercises.muscle", {"maxLength": 100}),
    ("kinetic-open-workout-schema", "get_workouts.limit", {"minimum": 1, "maximum": ows.WORKOUTS_MAX}),
    ("kinetic-open-workout-schema", "search_exercises.limit", {"minimum": 1, "maximum": ows.EXERCISES_MAX}),
    ("kinetic-open-workout-schema", "search_programs.limit", {"minimum": 1, "maximum": ows.PROGRAMS_MAX}),
    ("kinetic-open-workout-schema", "search_programs.days_per_week", {"minimum": 1, "maximum": 7}),
    ("kinetic-open-workout-schema", "undo.undo_token", {"maxLength": 200}),
    ("kinetic-open-workout-schema", "update_entry.ended_at", {"maxLength": 64}),
    ("kinetic-open-workout-schema", "update_profile.display_name", {"maxLength": 100}),
    ("kinetic-open-workout-schema", "update_profile.timezone", {"maxLength": 64}),
    ("kinetic-open-workout-schema", "update_profile.training_days", {"maxItems": len(ows.WEEKDAYS)}),
    # --- Primed (seed 001): its own ---------------------------------------------------------------
    ("kinetic-primed", "get_upcoming_training.days", {"minimum": 1, "maximum": primed.UPCOMING_DAYS_MAX}),
    ("kinetic-primed", "get_recent_activity_summary.days", {"minimum": 1, "maximum": primed.RECENT_DAYS_MAX}),
    ("kinetic-primed", "*date", {"maxLength": len("YYYY-MM-DD")}),
    ("kinetic-primed", "get_training_status.as_of", {"maxLength": 64}),
    # --- RunFlow (seed 004): training's workouts and plans ------------------------------------------
    ("kinetic-runflow", "*.paceLowSecondsPerKm", between(training.PACE_SECONDS_PER_KM)),
    ("kinetic-runflow", "*.paceHighSecondsPerKm", between(training.PACE_SECONDS_PER_KM)),
    ("kinetic-runflow", "*.wattsLow", between(training.WATTS)),
    ("kinetic-runflow", "*.wattsHigh", between(training.WATTS)),
    ("kinetic-runflow", "*.ftpPercentLow", between(training.FTP_PERCENT)),
    ("kinetic-runflow", "*.ftpPercentHigh", between(training.FTP_PERCENT)),
    ("kinetic-runflow", "*.bpmLow", between(training.BPM)),
    ("kinetic-runflow", "*.bpmHigh", between(training.BPM)),
    ("kinetic-runflow", "*.heartRateZone", between(training.HEART_RATE_ZONE)),
    ("kinetic-runflow", "*.target.rpe", between(training.RPE)),
    ("kinetic-runflow", "*Steps[]*.steps", {"maxItems": training.MAX_REPEAT_STEPS}),  # a repeat's
    ("kinetic-runflow", "*.structuredSteps", {"maxItems": training.MAX_TOP_LEVEL_STEPS}),
    ("kinetic-runflow", "*.repeatCount", {"minimum": 1, "maximum": training.MAX_REPEAT_COUNT}),
    ("kinetic-runflow", "*.durationSeconds", up_to(training.MAX_DURATION_SECONDS, 1)),
    ("kinetic-runflow", "*.plannedDurationSeconds", up_to(training.MAX_DURATION_SECONDS, 1)),
    # RunFlow's own: the race a VDOT is read from, 1500 m to the marathon (knowledge.endurance.running)
    (
        "kinetic-runflow",
        "recalibrate_thresholds.raceResult.distanceMeters",
        {"minimum": 1500, "maximum": 43_000},
    ),
    ("kinetic-runflow", "*.distanceMeters", up_to(training.MAX_DISTANCE_METERS, 1)),
    ("kinetic-runflow", "*.plannedDistanceMeters", up_to(training.MAX_DISTANCE_METERS, 1)),
    ("kinetic-runflow", "*.plannedTss", up_to(training.MAX_PLANNED_TSS)),
    ("kinetic-runflow", "*.label", {"maxLength": training.MAX_LABEL_CHARS}),
    ("kinetic-runflow", "*.order", {"minimum": 1, "maximum": training.MAX_ORDER}),
    ("kinetic-runflow", "*.name", {"maxLength": rules.MAX_NAME_CHARS}),
    ("kinetic-runflow", "*.notes", {"maxLength": rules.MAX_NOTES_CHARS}),
    ("kinetic-runflow", "*.focus", {"maxLength": training.MAX_TEXT_CHARS}),
    ("kinetic-runflow", "*.trainingFocus", {"maxLength": training.MAX_TEXT_CHARS}),
    ("kinetic-runflow", "*.raceType", {"pattern": f"^[A-Z0-9_]{{1,{training.MAX_RACE_TYPE_CHARS}}}$"}),
    ("kinetic-runflow", "*.phaseBlocks", {"maxItems": training.MAX_PHASE_BLOCKS}),
    ("kinetic-runflow", "*.sessionsPerWeek", up_to(training.MAX_WEEKLY_SESSIONS)),
    ("kinetic-runflow", "*.strengthPerWeek", up_to(training.MAX_STRENGTH_PER_WEEK)),
    ("kinetic-runflow", "*.weeklyDistanceMeters", up_to(training.MAX_WEEKLY_DISTANCE_METERS)),
    ("kinetic-runflow", "*.weeklyDurationSeconds", up_to(training.MAX_WEEKLY_DURATION_SECONDS)),
    ("kinetic-runflow", "*.weeklyTss", up_to(training.MAX_WEEKLY_TSS)),
    ("kinetic-runflow", "swap_workouts.workoutIds", {"minItems": 2, "maxItems": 2}),  # a pair
    ("kinetic-runflow", "*.workouts", {"maxItems": training.MAX_BATCH}),
    ("kinetic-runflow", "*.workoutIds", {"maxItems": training.MAX_BATCH}),
    ("kinetic-runflow", "*.moves", {"maxItems": training.MAX_BATCH}),
    ("kinetic-runflow", "*.statuses", {"maxItems": training.MAX_BATCH}),
    (
        "kinetic-runflow",
        "*.deltaDays",
        {"minimum": -training.MAX_DELTA_DAYS, "maximum": training.MAX_DELTA_DAYS},
    ),
    ("kinetic-runflow", "save_weekly_coaching_summary.text", {"maxLength": training.MAX_SUMMARY_CHARS}),
    # the sessions service's readiness entries and thresholds (decision 0054)
    ("kinetic-runflow", "log_daily_health.weightKg", between(sessions.READINESS["body_weight_kg"])),
    ("kinetic-runflow", "log_daily_health.steps", between(sessions.READINESS["steps"])),
    ("kinetic-runflow", "log_daily_health.waterIntakeMl", between(sessions.READINESS["water_intake_ml"])),
    ("kinetic-runflow", "log_daily_health.activeCalories", between(sessions.READINESS["active_calories"])),
    ("kinetic-runflow", "log_daily_health.soreness", between(sessions.READINESS["soreness"])),
    ("kinetic-runflow", "log_daily_health.fatigue", between(sessions.READINESS["fatigue"])),
    ("kinetic-runflow", "log_daily_health.sleepQuality", between(sessions.READINESS["sleep_quality"])),
    ("kinetic-runflow", "log_daily_health.stress", between(sessions.READINESS["stress"])),
    ("kinetic-runflow", "log_daily_health.mood", between(sessions.READINESS["mood"])),
    ("kinetic-runflow", "log_daily_health.sleepHours", between(sessions.READINESS["sleep_hours"])),
    ("kinetic-runflow", "log_daily_health.hrvMs", between(sessions.READINESS["hrv_ms"])),
    ("kinetic-runflow", "log_daily_health.restingHr", between(sessions.READINESS["resting_hr"])),
    ("kinetic-runflow", "*.raceResult.timeSeconds", between(sessions.THRESHOLDS["race_result"]["seconds"])),
    (
        "kinetic-runflow",
        "*.thresholdPaceSecondsPerKm",
        between(sessions.THRESHOLDS["threshold_pace"]["seconds_per_km"]),
    ),
    ("kinetic-runflow", "*.ftpWatts", between(sessions.THRESHOLDS["ftp"]["watts"])),
    ("kinetic-runflow", "*.seconds400m", between(sessions.THRESHOLDS["css"]["seconds_400m"])),
    ("kinetic-runflow", "*.seconds200m", between(sessions.THRESHOLDS["css"]["seconds_200m"])),
    ("kinetic-runflow", "*.thresholdHr", between(sessions.THRESHOLDS["threshold_hr"]["bpm"])),
    ("kinetic-runflow", "*.maxHr", between(sessions.THRESHOLDS["max_hr"]["bpm"])),
    (
        "kinetic-runflow",
        "recalibrate_thresholds.restingHr",
        between(sessions.THRESHOLDS["resting_hr"]["bpm"]),
    ),
    # the plan generator's request (create_training_plan and the public PlanGen tools, decision 0065)
    ("kinetic-runflow*", "*.weeklyVolumeKm", up_to(generator.MAX_WEEKLY_KM)),
    ("kinetic-runflow*", "*.longestRunKm", up_to(generator.MAX_LONGEST_RUN_KM)),
    (
        "kinetic-runflow*",
        "*.recentRace.distanceKm",
        {
            "minimum": running.SHORTEST_DISTANCE_M / 1000,
            "maximum": round(running.LONGEST_DISTANCE_M / 1000, 1),
        },
    ),
    (
        "kinetic-runflow*",
        "*.daysPerWeek",
        {"minimum": generator.MIN_DAYS_PER_WEEK, "maximum": generator.MAX_DAYS_PER_WEEK},
    ),
    ("kinetic-runflow*", "*Date", DAY),
    ("kinetic-runflow*", "*.date", DAY),
    ("kinetic-runflow*", "*.weekStart", DAY),
    # RunFlow's own (seed 004 gives the tools no arguments; these are Kinetic's)
    ("kinetic-runflow", "*.linkedActivityId", {"maxLength": 64}),
    ("kinetic-runflow", "*Id", ENDURANCE_ID),
    ("kinetic-runflow", "*Ids[]", ENDURANCE_ID),
    ("kinetic-runflow", "*.idempotencyKey", {"maxLength": 128}),
    (
        "kinetic-runflow",
        "get_readiness_and_health.days",
        {"minimum": 1, "maximum": runflow.READINESS_DAYS_MAX},
    ),
    ("kinetic-runflow", "*.days", {"minimum": 1, "maximum": runflow.MAX_DAYS}),
    ("kinetic-runflow", "get_training_plan.weeks", {"minimum": 1, "maximum": runflow_plans.PLAN_WEEKS_MAX}),
    ("kinetic-runflow", "*.restDays", {"maxItems": 7}),
    ("kinetic-runflow", "*.restDays[]", {"minimum": 1, "maximum": 7}),  # ISO weekdays
    ("kinetic-runflow", "*.frequencies", {"maxItems": 4}),  # one per sport RUN, BIKE, SWIM, STRENGTH
    ("kinetic-runflow", "*.targets", {"maxItems": 4}),
    ("kinetic-runflow", "*.sports", {"maxItems": 4}),
)


def _never() -> NoReturn:
    raise AssertionError("a handler ran: the published schemas are read without calling a service")


def profiles() -> tuple[Profile, ...]:
    """The six profiles, built as ``edge.app`` builds them; no backend is reached."""
    n = _never
    return (
        metric_profile(TrainingReads(n, n, n), TrainingWrites(n)),
        client_ai_profile(ClientWorkouts(n, n)),
        ows_profile(build_ows_handlers(auth=n, log=n, training=n, analytics=n)),
        primed_profile(
            PrimedTools(Athletes(n), training=n, analytics=n, pseudonym_secret=b"s" * 32, plans=n)
        ),
        runflow_profile(
            RunFlowTools(Athletes(n), analytics=n, sessions=n),
            RunFlowPlanTools(Athletes(n), plans=n, training=n, analytics=n, sessions=n),
        ),
        public_plangen_profile(PlanGenTools(PlanLinks(b"s" * 32), "http://edge.test", local_plans())),
    )


@dataclass(frozen=True)
class Published:
    """One limit of one tool's input schema."""

    profile: str
    where: str  # "<tool><path>"
    keyword: str
    value: Any

    def __str__(self) -> str:
        return f"{self.profile} {self.where} {self.keyword}={self.value!r}"


def _is_a_limit(keyword: str, value: Any) -> bool:
    if keyword not in LIMIT_KEYWORDS:
        return False
    return not (keyword == "minLength" and value in (0, 1)) and not (keyword == "minItems" and value == 1)


def limits_of(schema: Any, where: str) -> Iterator[tuple[str, str, Any]]:
    """``(where, keyword, value)`` for every limit in ``schema``, walking properties, items,
    ``additionalProperties`` and the ``anyOf``/``oneOf``/``allOf`` branches."""
    if not isinstance(schema, Mapping):
        return
    for keyword, value in schema.items():
        if _is_a_limit(keyword, value):
            yield where, keyword, value
    for name, sub in schema.get("properties", {}).items():
        yield from limits_of(sub, f"{where}.{name}")
    yield from limits_of(schema.get("items"), f"{where}[]")
    yield from limits_of(schema.get("additionalProperties"), where)
    for branches in ("anyOf", "oneOf", "allOf"):
        for sub in schema.get(branches, ()):
            yield from limits_of(sub, where)


def published_limits() -> list[Published]:
    return [
        Published(profile.name, at, keyword, value)
        for profile in profiles()
        for tool in profile.tools
        # Shared definitions written out: a limit is found where a caller's value meets it (0120).
        for at, keyword, value in limits_of(inlined(tool.input_schema), tool.name)
    ]


def _matches(glob: str, text: str) -> bool:
    return re.fullmatch(".*".join(map(re.escape, glob.split("*"))), text) is not None


def owner_row(limit: Published) -> int | None:
    """The index of the ``OWNED`` row that owns ``limit``, or None."""
    for index, (profile, where, limits) in enumerate(OWNED):
        if limit.keyword in limits and _matches(profile, limit.profile) and _matches(where, limit.where):
            return index
    return None


def test_the_walk_finds_every_profile_and_many_limits() -> None:
    found = published_limits()
    assert {limit.profile for limit in found} == {profile.name for profile in profiles()}
    assert len(found) > 500


def test_every_published_limit_is_its_owners() -> None:
    unowned = [str(limit) for limit in published_limits() if owner_row(limit) is None]
    assert not unowned, "limits no OWNED row names (take them from their owner):\n" + "\n".join(unowned)


def test_no_published_limit_drifted_from_its_owner() -> None:
    drifted = []
    for limit in published_limits():
        row = owner_row(limit)
        if row is not None and OWNED[row][2][limit.keyword] != limit.value:
            drifted.append(f"{limit}, its owner says {OWNED[row][2][limit.keyword]!r}")
    assert not drifted, "\n".join(drifted)


def test_every_row_owns_a_published_limit() -> None:
    used = {owner_row(limit) for limit in published_limits()}
    stale = [
        f"{profile} {where} {dict(limits)}"
        for i, (profile, where, limits) in enumerate(OWNED)
        if i not in used
    ]
    assert not stale, "rows that own nothing published:\n" + "\n".join(stale)


@pytest.mark.parametrize(
    ("limit", "owned"),
    [
        (Published("kinetic-runflow", "create_structured_workout.plannedTss", "maximum", 2500), False),
        (Published("kinetic-runflow", "create_structured_workout.mystery", "maximum", 7), None),
        (Published("kinetic-open-workout-schema", "add_sets.sets[].rpe", "minimum", 1), True),
        (
            Published("kinetic-client-ai", "client_ai_log_my_workout_performance.sets[].rpe", "minimum", 1),
            False,
        ),
    ],
)
def test_the_table_tells_owned_drifted_and_unowned(limit: Published, owned: bool | None) -> None:
    row = owner_row(limit)
    if owned is None:
        assert row is None
    else:
        assert row is not None and (OWNED[row][2][limit.keyword] == limit.value) is owned


# Run before anything imports the edge: every limit in ``knowledge.limits`` and in training's rules
# and formats moves (numbers by 3, patterns by a no-op group), then the profiles are built and
# checked against the moved owners.
FOLLOW_THE_OWNERS = """
import sys
import knowledge.limits.endurance_plans, knowledge.limits.sessions
from knowledge.training import formats, rules

def moved(value):
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value + 3
    if isinstance(value, tuple):
        return tuple(moved(v) for v in value)
    if isinstance(value, dict):
        return {k: moved(v) for k, v in value.items()}
    if isinstance(value, str) and value.startswith("^"):
        return "(?:)" + value
    return value

for module in (knowledge.limits.endurance_plans, knowledge.limits.sessions, formats, rules):
    for name, value in list(vars(module).items()):
        if name.isupper():
            setattr(module, name, moved(value))

from tests.unit.edge import test_published_limits as t

reps = [l.value for l in t.published_limits() if l.where == "add_sets.sets[].reps" and l.keyword == "maximum"]
assert reps == [1003], reps  # the owners did move
t.test_every_published_limit_is_its_owners()
t.test_no_published_limit_drifted_from_its_owner()
"""


def test_the_published_limits_follow_their_owners() -> None:
    """A literal that merely equals its owner's limit today is a copy: with every owner's limit
    moved, the profiles must publish the moved figures."""
    ran = subprocess.run(
        [sys.executable, "-c", FOLLOW_THE_OWNERS], capture_output=True, text=True, timeout=120, check=False
    )
    assert ran.returncode == 0, ran.stderr[-3000:]


def test_client_ai_and_ows_publish_the_sessions_figures() -> None:
    # The two profiles' constants are their owner's, not copies that happen to agree today.
    assert client_ai.SET_NUMBERS["rpe"] is sessions.RPE_SEED_002
    assert ows.MAX_LOAD == sessions.MAX_LOAD_LB


def test_the_limits_package_is_data_only() -> None:
    """``knowledge.limits`` holds figures, not rules: a docstring, ``typing`` imports and assignments
    of literals (and names and arithmetic over them), so it stays plumbing every side may import."""
    folder = Path(knowledge.limits.__file__).parent
    modules = sorted(folder.glob("*.py"))
    assert len(modules) >= 3
    allowed_expressions = (
        ast.Constant,
        ast.Tuple,
        ast.Dict,
        ast.Name,
        ast.BinOp,
        ast.UnaryOp,
        ast.Subscript,
        ast.Load,
        ast.operator,
        ast.unaryop,
        ast.Attribute,
    )
    for module in modules:
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                assert node.module in ("__future__", "typing"), (module.name, node.module)
            elif isinstance(node, ast.Expr):
                assert isinstance(node.value, ast.Constant), (module.name, node.lineno)  # the docstring
            else:
                assert isinstance(node, (ast.Assign, ast.AnnAssign)), (module.name, node.lineno)
                assert node.value is not None
                odd = [n for n in ast.walk(node.value) if not isinstance(n, allowed_expressions)]
                assert not odd, (module.name, node.lineno, odd)
