"""Plans for the safety engine's tests: single workouts, steady histories and a 16-week marathon
build as a coach would write it (decision 0060)."""

from __future__ import annotations

from datetime import date, timedelta

from knowledge.endurance.load import PmcSeed
from knowledge.plan_safety import CompletedDay, PlannedWorkout, TrainingHistory
from knowledge.plan_safety.inputs import Sport, WorkoutType

MONDAY = date(2026, 3, 2)  # a Monday
KM = 1000.0


def run(
    day: date, km: float, workout_type: WorkoutType = "EASY", tss: float | None = None, workout_id: str = ""
) -> PlannedWorkout:
    """A run of ``km``; TSS about 6 per easy km unless given."""
    return PlannedWorkout(
        day=day,
        sport="RUN",
        workout_type=workout_type,
        planned_tss=6.0 * km if tss is None else tss,
        distance_m=km * KM,
        duration_s=km * 330.0,
        workout_id=workout_id,
    )


def session(
    day: date, sport: Sport, workout_type: WorkoutType, tss: float, km: float | None = None
) -> PlannedWorkout:
    return PlannedWorkout(day, sport, workout_type, tss, None if km is None else km * KM)


def steady_history(
    weeks: int, first_plan_day: date, run_km: float = 0.0, tss: float = 0.0, bike_km: float = 0.0
) -> TrainingHistory:
    """``weeks`` whole weeks before the week of ``first_plan_day`` (a Monday), each with its volume
    on its Wednesday."""
    since = first_plan_day - timedelta(weeks=weeks)
    days = [
        CompletedDay(since + timedelta(weeks=w, days=2), tss=tss, run_m=run_km * KM, bike_m=bike_km * KM)
        for w in range(weeks)
    ]
    return TrainingHistory.of(since, days)


# Weekly running distance of a 16-week marathon build for a runner used to ~60 km a week: three
# building weeks and a cutback, peaks of 70-80 km, a three-week taper, then race week.
MARATHON_WEEKS_KM = (62, 66, 70, 56, 68, 72, 76, 60, 74, 78, 80, 64, 70, 56, 44, 20)
MARATHON_LONG_KM = (20, 22, 24, 18, 22, 24, 26, 20, 24, 26, 28, 22, 24, 18, 14, 0)


def marathon_build(start: date = MONDAY) -> list[PlannedWorkout]:
    """16 weeks from ``start`` (a Monday): Monday rest, Tuesday intervals, Wednesday easy with a
    short strength session, Thursday tempo, Friday easy ride, Saturday easy, Sunday long (race on
    the last Sunday). Hard days are never adjacent; the long run stays within 35 % of the week."""
    plan: list[PlannedWorkout] = []
    for week, (total, long_km) in enumerate(zip(MARATHON_WEEKS_KM, MARATHON_LONG_KM, strict=True)):
        monday = start + timedelta(weeks=week)
        if week == len(MARATHON_WEEKS_KM) - 1:
            plan += [
                run(monday + timedelta(days=1), 8, "INTERVALS", tss=55),
                run(monday + timedelta(days=3), 7),
                run(monday + timedelta(days=5), 5, "RECOVERY", tss=25),
                run(monday + timedelta(days=6), 42.2, "RACE", tss=320, workout_id="race"),
            ]
            break
        quality = round(total * 0.15)
        tempo = round(total * 0.15)
        easy = (total - long_km - quality - tempo) / 2
        plan += [
            run(monday + timedelta(days=1), quality, "INTERVALS", tss=quality * 8.5),
            run(monday + timedelta(days=2), easy),
            session(monday + timedelta(days=2), "STRENGTH", "STRENGTH", 20),
            run(monday + timedelta(days=3), tempo, "TEMPO", tss=tempo * 8.0),
            session(monday + timedelta(days=4), "BIKE", "RIDE_ENDURANCE", 40, km=30),
            run(monday + timedelta(days=5), easy),
            run(
                monday + timedelta(days=6), long_km, "LONG", tss=long_km * 6.5, workout_id=f"long-{week + 1}"
            ),
        ]
    return plan


def marathon_history(start: date = MONDAY) -> TrainingHistory:
    """Four weeks of about 60 km of running and a 30 km ride a week before the build."""
    return steady_history(4, start, run_km=60, tss=450, bike_km=30)


MARATHON_SEED = PmcSeed(MONDAY - timedelta(days=1), ctl=58.0, atl=60.0)


def week_of_runs(monday: date, km: float, tss: float = 0.0) -> list[PlannedWorkout]:
    """``km`` (and ``tss``) in four equal easy runs on Monday, Wednesday, Friday and Sunday: a
    week no other rule objects to (each run a quarter of it)."""
    return [run(monday + timedelta(days=d), km / 4, tss=tss / 4) for d in (0, 2, 4, 6)]
