"""``python -m benchmarks.coaching_scenarios``: the daily coaching decision (decision 0058, amended
by 0112 and 0115) on short athlete histories a coach would recognise, with the action and reason codes
expected of each, and how often a steady routine like the demo season's is changed.

Pure: each history is daily training stress and readiness entries fed to the same engine analytics
runs (the loads from ``knowledge.endurance.load``, the decision from
``services.analytics.domain.coaching``); nothing is stored or served. The unit tests
(``tests/unit/coaching/test_decision_scenarios.py``) hold each row to its expectation; this prints
the table. Scenarios about which plan counts (archived, two plans, a plan beside the athlete's
routine) are decided by Training's calendar before the engine (decisions 0112, 0115): here the
day's sessions go through the calendar's own rule (``services.training.domain.plan_days``) and the
engine gets what it keeps; ``tests/integration/edge/test_primed_active_plan_only.py`` runs the
real path through RunFlow, Training and Primed.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta

from knowledge.endurance.load import pmc_series
from services.analytics.domain.coaching.decision import DailyDecision, daily_decision
from services.analytics.domain.coaching.inputs import (
    CoachingInputs,
    LoadGoingIn,
    PlannedWorkout,
    ReadinessDay,
    RecentActivity,
)
from services.analytics.domain.coaching.recovery import READINESS_WINDOW_DAYS
from services.training.domain import plan_days
from services.training.domain.endurance import EnduranceTarget
from services.training.domain.model import (
    Occurrence,
    Schedule,
    ScheduleSegment,
    Workout,
    WorkoutContent,
)
from services.training.domain.plan_days import ActivePlan

FIRST_MONDAY = date(2026, 9, 7)


@dataclass(frozen=True)
class Session:
    """A session of the weekly routine: weekday (Monday 0), and its size at a week's load 1."""

    weekday: int
    sport: str
    title: str
    minutes: float
    tss: float
    intensity: str


# The demo season's week (services/training/demo.py, services/sessions/.../demo_season.py).
DEMO_WEEK: tuple[Session, ...] = (
    Session(1, "run", "Track intervals", 45, 62, "VO2max"),
    Session(2, "ride", "Endurance ride", 70, 55, "Z2"),
    Session(3, "run", "Easy run", 45, 45, "Z2"),
    Session(5, "ride", "Sweet-spot ride", 105, 105, "sweet spot"),
    Session(6, "run", "Long run", 85, 90, "Z2"),
)
# Three weeks up, one down, each block a little above the last: CTL rises 2-4 a week.
PROGRESSING = (0.85, 0.9, 0.95, 0.75, 0.9, 0.95, 1.0, 0.8, 0.95, 1.0, 1.05)


def planned(session: Session, load: float = 1.0) -> PlannedWorkout:
    return PlannedWorkout(
        sport=session.sport,
        title=session.title,
        workout_id=f"wo_{session.title.lower().replace(' ', '_')}",
        duration_minutes=float(round(session.minutes * load)),
        target_intensity=session.intensity,
        planned_tss=round(session.tss * load, 1),
    )


@dataclass(frozen=True)
class History:
    """What was trained (day -> TSS and seconds) and recorded (readiness entries)."""

    stress: dict[date, tuple[float, float]] = field(default_factory=dict)
    readiness: dict[date, ReadinessDay] = field(default_factory=dict)


def routine(
    weeks: Sequence[float], week: Sequence[Session] = DEMO_WEEK, start: date = FIRST_MONDAY
) -> History:
    """The week repeated at each week's load, with a steady readiness entry every morning."""
    history = History()
    for number, load in enumerate(weeks):
        for session in week:
            day = start + timedelta(weeks=number, days=session.weekday)
            tss, seconds = history.stress.get(day, (0.0, 0.0))
            history.stress[day] = (tss + session.tss * load, seconds + session.minutes * load * 60)
    last = start + timedelta(weeks=len(weeks))
    day = start
    while day <= last + timedelta(days=7):
        history.readiness[day] = steady_morning(day)
        day += timedelta(days=1)
    return history


# A week of usual morning HRV (rMSSD, ms), by the day's ordinal: mean 64.3, SD about 6 ms (ln SD
# about 0.094), the day-to-day spread of a healthy athlete rather than a constant.
USUAL_HRV: tuple[float, ...] = (56.0, 68.0, 60.0, 72.0, 58.0, 66.0, 70.0)


def steady_morning(day: date, **changes: float) -> ReadinessDay:
    """A usual morning: HRV about 64 ms, resting HR 50, 7.5 h of sleep, scores of 2."""
    values: dict[str, float] = {
        "sleep_hours": 7.5,
        "resting_hr": 50.0,
        "hrv_ms": USUAL_HRV[day.toordinal() % len(USUAL_HRV)],
        "soreness": 2,
        "fatigue": 2,
        "stress": 2,
        "sleep_quality": 4,
        "mood": 4,
    }
    values.update(changes)
    return ReadinessDay(
        day=day,
        sleep_hours=values["sleep_hours"],
        resting_hr=values["resting_hr"],
        hrv_ms=values["hrv_ms"],
        soreness=int(values["soreness"]),
        fatigue=int(values["fatigue"]),
        stress=int(values["stress"]),
        sleep_quality=int(values["sleep_quality"]),
        mood=int(values["mood"]),
        updated_at=datetime.combine(day, time(7), tzinfo=UTC),
    )


def inputs_for(history: History, day: date, sessions: Sequence[PlannedWorkout]) -> CoachingInputs:
    """What analytics reads for ``day`` (decision 0058, Inputs read): the loads at the end of the
    day before, readiness of the 66 days before and the day (0115), activities of the 35 days
    before."""
    stress = {d: tss for d, (tss, _) in history.stress.items() if d < day}
    before = day - timedelta(days=1)
    chart = pmc_series(before, before, stress)[0]
    load = LoadGoingIn(chart.ctl, chart.atl, chart.ramp_rate, chart.workload_ratio)
    activities = tuple(
        RecentActivity(f"act_{d.isoformat()}", "run", d, seconds, tss)
        for d, (tss, seconds) in sorted(history.stress.items())
        if day - timedelta(days=35) <= d < day
    )
    first = day - timedelta(days=READINESS_WINDOW_DAYS)
    readiness = tuple(r for d, r in sorted(history.readiness.items()) if first <= d <= day)
    synced = [datetime.combine(d, time(20), tzinfo=UTC) for d in history.stress if d < day]
    synced += [r.updated_at for r in readiness if r.updated_at is not None]
    return CoachingInputs(
        day=day,
        time_zone="UTC",
        load=load,
        readiness=readiness,
        activities=activities,
        planned=tuple(sessions),
        latest_update=max(synced, default=None),
        has_history=bool(synced),
    )


@dataclass(frozen=True)
class Scenario:
    name: str
    history: History
    day: date
    sessions: tuple[PlannedWorkout, ...]
    expected_action: str
    expected_codes: tuple[str, ...]
    reading: str
    # The session the decision is about (its own title, or what it changed), when that is the point.
    expected_title: str = ""


def _day(week: int, weekday: int) -> date:
    return FIRST_MONDAY + timedelta(weeks=week, days=weekday)


def _with(
    history: History,
    stress: Mapping[date, tuple[float, float] | None] | None = None,
    readiness: Mapping[date, ReadinessDay] | None = None,
) -> History:
    """``history`` with days of training changed (None: nothing trained) and mornings replaced."""
    trained = dict(history.stress)
    for day, value in (stress or {}).items():
        if value is None:
            trained.pop(day, None)
        else:
            trained[day] = value
    return History(trained, {**history.readiness, **(readiness or {})})


def scenarios() -> list[Scenario]:
    steady = routine(PROGRESSING)
    last_week = len(PROGRESSING) - 1
    sunday, thursday, saturday = _day(last_week, 6), _day(last_week, 3), _day(last_week, 5)
    load = PROGRESSING[last_week]
    long_run, easy_run, sweet_spot, track = DEMO_WEEK[4], DEMO_WEEK[2], DEMO_WEEK[3], DEMO_WEEK[0]

    # Sharp ramp: the same routine, then a week at 1.6 times the one before.
    ramp_week = (*PROGRESSING[:-1], PROGRESSING[-2] * 1.6)
    sharp = routine(ramp_week)
    spike_week = (*PROGRESSING[:-1], PROGRESSING[-2] * 2.0)
    spike = routine(spike_week)

    # Illness: six days off after the routine's fourth week-day, resting HR up 7 bpm on return.
    ill_from = _day(last_week - 1, 3)
    gap: dict[date, tuple[float, float] | None] = {ill_from + timedelta(days=n): None for n in range(6)}
    back = ill_from + timedelta(days=6)
    ill = _with(steady, stress=gap, readiness={back: steady_morning(back, resting_hr=57.0)})

    # A break: three weeks off after seven weeks of the routine; the first session back.
    before_break = routine(PROGRESSING[:7])
    return_day = _day(10, 1)
    resumed = _with(before_break, readiness={d: steady_morning(d) for d in _days(_day(7, 0), return_day)})

    # Taper: the routine, then a race week at 60 % with the sharpness kept.
    taper = routine((*PROGRESSING[:-1], 0.6))
    race_day = _day(last_week, 6)
    race = PlannedWorkout("run", "Half marathon", "wo_race", 100.0, "Race effort", "", (), 140.0)
    nervous = _with(taper, readiness={race_day: steady_morning(race_day, stress=4, sleep_hours=6.2)})
    tuesday, monday = _day(last_week, 1), _day(last_week, 0)
    # The active plan's weeks run over the scenario's last week; a second plan is kept beside it.
    active = ActivePlan("goal_active", monday - timedelta(days=21), sunday + timedelta(days=14))
    repetitions = PlannedWorkout(
        "run", "Repetitions 8 x 200 m", "wo_reps", 50.0, "Z5+ - Speed repetitions", "", (), 55.0
    )
    second_plan_tempo = PlannedWorkout(
        "run", "Tempo 3 x 10 min", "wo_other_tempo", 60.0, "Z3 - Tempo", "", (), 70.0
    )
    strides = PlannedWorkout("run", "Strides with the club", "wo_club", 30.0, "Z2 + strides", "", (), 25.0)

    # HRV (decision 0115): the week ending with Saturday's sweet-spot ride.
    week = _days(saturday - timedelta(days=6), saturday)

    def hrv_week(share: float, days: Sequence[date] = week) -> History:
        """``steady`` with the HRV of ``days`` at ``share`` of the usual."""
        low = {d: steady_morning(d, hrv_ms=steady.readiness[d].hrv_ms * share) for d in days}  # type: ignore[operator]
        return _with(steady, readiness=low)

    one_low = hrv_week(0.75, [saturday])
    suppressed = hrv_week(0.8)
    sparse = _with(
        steady,
        readiness={
            d: steady_morning(d, hrv_ms=40.0) if d == saturday or d == week[2] else _no_hrv(steady_morning(d))
            for d in week
        },
    )
    unrecorded = _with(hrv_week(0.8, week[:-1]), readiness={})
    del unrecorded.readiness[saturday]

    return [
        Scenario(
            "steady routine: Sunday long run",
            steady,
            sunday,
            (planned(long_run, load),),
            "execute_as_planned",
            (),
            "weekly ratio ~1, ramp under 5: the routine stands",
        ),
        Scenario(
            "steady routine: Thursday easy run",
            steady,
            thursday,
            (planned(easy_run, load),),
            "execute_as_planned",
            (),
            "as above",
        ),
        Scenario(
            "steady routine: Saturday sweet spot",
            steady,
            saturday,
            (planned(sweet_spot, load),),
            "execute_as_planned",
            (),
            "as above",
        ),
        Scenario(
            "sharp ramp (+60 % week): hard session",
            sharp,
            _day(last_week + 1, 1),
            (planned(track, ramp_week[-1]),),
            "adapt_session",
            ("load_elevated",),
            "weekly ratio 1.3-1.5 (moderate risk): the intervals held at Z2, as long",
        ),
        Scenario(
            "sharp ramp (+60 % week): easy long run",
            sharp,
            _day(last_week, 6),
            (planned(long_run, ramp_week[-1]),),
            "execute_as_planned",
            ("load_elevated",),
            "moderate risk: an easy session stands, the load is said",
        ),
        Scenario(
            "load spike (a double week)",
            spike,
            _day(last_week + 1, 1),
            (planned(track, spike_week[-1]),),
            "substitute_recovery",
            ("load_elevated", "tsb_very_low", "overloaded"),
            "weekly ratio 1.5 or more (Gabbett's danger zone): recovery instead",
        ),
        Scenario(
            "one low HRV morning (52 ms, usual 64)",
            one_low,
            saturday,
            (planned(sweet_spot, load),),
            "execute_as_planned",
            (),
            "the 7-day ln rMSSD mean stays in the SWC band; judged alone the day was 2 SD low (amber)",
        ),
        Scenario(
            "HRV a little low all week (-8 %)",
            hrv_week(0.92),
            saturday,
            (planned(sweet_spot, load),),
            "adapt_session",
            ("hrv_below_baseline", "recovery_amber"),
            "7-day mean below the SWC (0.5 SD): the ride held at Z2, 30 % shorter",
        ),
        Scenario(
            "poor readiness: a week of suppressed HRV (-20 %)",
            suppressed,
            saturday,
            (planned(sweet_spot, load),),
            "substitute_recovery",
            ("hrv_below_baseline", "recovery_red"),
            "7-day mean more than 1.5 SD low: a recovery spin instead",
        ),
        Scenario(
            "suppressed HRV week, no entry this morning",
            unrecorded,
            saturday,
            (planned(sweet_spot, load),),
            "substitute_recovery",
            ("no_readiness_data", "hrv_below_baseline", "recovery_red"),
            "6 low readings make the week: a missing morning does not hide it",
        ),
        Scenario(
            "HRV missing: 2 readings this week, both low",
            sparse,
            saturday,
            (planned(sweet_spot, load),),
            "execute_as_planned",
            ("hrv_too_few_readings",),
            "under 3 readings the 7-day mean is not judged (Plews et al. 2014); said",
        ),
        Scenario(
            "poor readiness: fatigue 5",
            _with(steady, readiness={saturday: steady_morning(saturday, fatigue=5)}),
            saturday,
            (planned(sweet_spot, load),),
            "substitute_recovery",
            ("fatigue_high", "recovery_red"),
            "red: a recovery spin instead",
        ),
        Scenario(
            "illness gap (6 days off, resting HR +7)",
            ill,
            back,
            (planned(track, load),),
            "adapt_session",
            ("resting_hr_elevated", "recovery_amber"),
            "amber: the intervals become an easy run, 30 % shorter",
        ),
        Scenario(
            "return from a 3-week break",
            resumed,
            return_day,
            (planned(track, 0.8),),
            "execute_as_planned",
            (),
            "acute load 0, ramp falling: nothing to hold back",
        ),
        Scenario(
            "taper week: key session",
            taper,
            _day(last_week, 1),
            (planned(track, 0.8),),
            "execute_as_planned",
            (),
            "form rising while fitness eases: keep the sharpness",
        ),
        Scenario(
            "race day (nervous: stress 4, short night)",
            nervous,
            race_day,
            (race,),
            "execute_as_planned",
            ("sleep_below_baseline", "stress_high", "recovery_amber", "race_day"),
            "a race is run as planned; the signals are said",
        ),
        Scenario(
            "archived plan (its tempo run on a Monday)",
            steady,
            monday,
            on_calendar(monday, [(second_plan_tempo, "goal_archived")], {"goal_archived"}, None),
            "rest",
            ("no_plan",),
            "the archived plan's session is not on the calendar: nothing planned",
        ),
        Scenario(
            "two plans (the active one's repetitions, the other's tempo)",
            steady,
            tuesday,
            on_calendar(
                tuesday,
                [(repetitions, "goal_active"), (second_plan_tempo, "goal_kept")],
                {"goal_kept"},
                active,
            ),
            "execute_as_planned",
            (),
            "only the active plan's session comes",
            "Repetitions 8 x 200 m",
        ),
        Scenario(
            "plan beside own routine (Tuesday: own track intervals)",
            steady,
            tuesday,
            on_calendar(
                tuesday, [(planned(track, load), ROUTINE), (repetitions, "goal_active")], set(), active
            ),
            "execute_as_planned",
            (),
            "inside the plan's weeks the plan's repetitions are the day, the routine's track gives way",
            "Repetitions 8 x 200 m",
        ),
        Scenario(
            "plan's rest day (own Saturday sweet-spot ride)",
            steady,
            saturday,
            on_calendar(saturday, [(planned(sweet_spot, load), ROUTINE)], set(), active),
            "rest",
            ("no_plan",),
            "the plan rests this day; the routine does not fill it",
        ),
        Scenario(
            "own one-day session beside the plan",
            steady,
            tuesday,
            on_calendar(tuesday, [(repetitions, "goal_active"), (strides, ONE_DAY)], set(), active),
            "execute_as_planned",
            (),
            "a session the athlete put on the day stays; the key session is the plan's",
            "Repetitions 8 x 200 m",
        ),
    ]


# Where a day's session comes from in ``on_calendar``: the athlete's weekly routine, a session
# they put on that day only, or a plan (its goal ID).
ROUTINE = "routine"
ONE_DAY = "one day"


def on_calendar(
    day: date,
    sessions: Sequence[tuple[PlannedWorkout, str]],
    inactive_goals: set[str],
    active: ActivePlan | None,
) -> tuple[PlannedWorkout, ...]:
    """The sessions of ``day`` that Training's calendar keeps (``plan_days.counting``)."""
    workouts: dict[str, Workout] = {}
    for session, source in sessions:
        content = WorkoutContent(session.title, "cardio", "", (), endurance=EnduranceTarget(session.sport))
        if source == ROUTINE:
            weekly = Schedule("weekdays", ((day.isoweekday() % 7) + 1,))
            workout = Workout(session.workout_id, "1", content, (ScheduleSegment(None, weekly),))
        else:
            daily = (ScheduleSegment(None, Schedule("everyNDays", interval_days=1, anchor_day=day)),)
            plan = None if source == ONE_DAY else source
            workout = Workout(
                session.workout_id, "1", content, daily, plan, None, day, day + timedelta(days=1)
            )
        workouts[workout.id] = workout
    found = [Occurrence(w.id, day, day, "scheduled") for w in workouts.values()]
    kept = {o.workout_id for o in plan_days.counting(found, workouts, inactive_goals, active)}
    return tuple(session for session, _ in sessions if session.workout_id in kept)


def _no_hrv(morning: ReadinessDay) -> ReadinessDay:
    return replace(morning, hrv_ms=None)


def _days(first: date, last: date) -> list[date]:
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


def decide(scenario: Scenario) -> DailyDecision:
    inputs = inputs_for(scenario.history, scenario.day, scenario.sessions)
    return daily_decision(inputs, datetime.combine(scenario.day, time(7, 30), tzinfo=UTC))


def routine_changes(weeks: Sequence[float] = PROGRESSING) -> dict[str, tuple[int, int]]:
    """For each session of the routine, from the fifth week on: (days changed, days decided)."""
    history = routine(weeks)
    counts: dict[str, tuple[int, int]] = {}
    for number in range(4, len(weeks)):
        for session in DEMO_WEEK:
            day = _day(number, session.weekday)
            found = daily_decision(
                inputs_for(history, day, (planned(session, weeks[number]),)),
                datetime.combine(day, time(7, 30), tzinfo=UTC),
            )
            changed, total = counts.get(session.title, (0, 0))
            counts[session.title] = (changed + (found.action_type != "execute_as_planned"), total + 1)
    return counts


DEMO_LAST_DAY = date(2026, 12, 7)


def demo_history(last_day: date = DEMO_LAST_DAY) -> History:
    """The demo season's training (TSS = hours x IF^2 x 100 of its segments, the effort a fraction
    of threshold) and its readiness mornings, as ``make run`` stores them."""
    from services.sessions.endurance.activity_files.demo_season import demo_readiness, season_sessions

    history = History()
    for day, session in season_sessions(last_day):
        seconds = sum(segment.seconds for segment in session.segments)
        tss = sum(segment.seconds * segment.intensity**2 for segment in session.segments) / 36
        history.stress[day] = (history.stress.get(day, (0.0, 0.0))[0] + tss, seconds)
    for entry in demo_readiness(last_day):
        history.readiness[entry.day] = ReadinessDay(
            day=entry.day,
            sleep_hours=entry.sleep_hours,
            resting_hr=entry.resting_hr,
            hrv_ms=entry.hrv_ms,
            soreness=entry.soreness,
            fatigue=entry.fatigue,
            sleep_quality=entry.sleep_quality,
            stress=entry.stress,
            mood=entry.mood,
            updated_at=datetime.combine(entry.day, time(7), tzinfo=UTC),
        )
    return history


def demo_changes(first: date = date(2026, 11, 2), last: date = DEMO_LAST_DAY) -> dict[str, list[str]]:
    """Each planned demo session (services/training/demo.py) from ``first`` to ``last``: the
    decision on each of its days ("=" as planned, else the minutes given and the first codes)."""
    history = demo_history()
    found: dict[str, list[str]] = {}
    for day in _days(first, last):
        for session in DEMO_WEEK:
            if session.weekday != day.weekday():
                continue
            decided = daily_decision(
                inputs_for(history, day, (planned(session),)), datetime.combine(day, time(7, 30), tzinfo=UTC)
            )
            if decided.action_type == "execute_as_planned":
                mark = "="
            else:
                minutes = decided.session.duration_minutes if decided.session else None
                reason = [c for c in decided.reason_codes if not c.startswith("recovery_")][:1]
                mark = f"{minutes or 0:.0f}'({','.join(reason)})"
            found.setdefault(session.title, []).append(f"{day:%d %b} {mark}")
    return found


def decided_title(found: DailyDecision) -> str:
    """The planned session the decision is about: what it changed, or what it keeps."""
    about = found.changed_from or found.session
    return about.title if about else ""


def as_expected(scenario: Scenario, found: DailyDecision) -> bool:
    title_ok = not scenario.expected_title or decided_title(found) == scenario.expected_title
    return (found.action_type, found.reason_codes) == (
        scenario.expected_action,
        scenario.expected_codes,
    ) and title_ok


def main() -> int:
    rows = []
    for scenario in scenarios():
        found = decide(scenario)
        load = inputs_for(scenario.history, scenario.day, scenario.sessions).load
        ratio = f"{load.workload_ratio:.2f}" if load.workload_ratio is not None else "-"
        ramp = f"{load.ramp_rate:+.1f}" if load.ramp_rate is not None else "-"
        session = found.session
        minutes = f"{session.duration_minutes:.0f}" if session and session.duration_minutes else "-"
        ok = as_expected(scenario, found)
        rows.append(
            (
                scenario.name,
                f"{load.ctl:.0f}/{load.tsb:+.0f}/{ratio}/{ramp}",
                decided_title(found) or "-",
                found.action_type,
                minutes,
                ",".join(found.reason_codes) or "-",
                "yes" if ok else f"NO (expected {scenario.expected_action} {scenario.expected_codes})",
            )
        )
    header = (
        "scenario",
        "CTL/TSB/ratio/ramp",
        "session decided",
        "action",
        "min",
        "reason codes",
        "as expected",
    )
    widths = [max(len(str(r[i])) for r in (header, *rows)) for i in range(len(header))]
    for row in (header, *rows):
        print(" | ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)))
    print()
    print("steady progressing routine, weeks 5-11: sessions changed / decided")
    for title, (changed, total) in routine_changes().items():
        print(f"  {title}: {changed}/{total}")
    print()
    print("demo season (as make run stores it), 2 Nov - 7 Dec: the decision on each planned session")
    for title, days in demo_changes().items():
        changed = sum(not d.endswith(" =") for d in days)
        print(f"  {title} ({changed}/{len(days)} changed): {'; '.join(days)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
