"""Twelve weeks of an athlete's training for the demo account: runs and rides with 1 Hz streams,
and a readiness entry for every morning.

Deterministic for a given last day and seed, so every ``make run`` converges on the same records.
The season is built the way coaches build one: three weeks of growing volume, then a lighter week;
easy days easy (heart rate in zone 2), one interval session and one long run a week, rides with
sweet-spot blocks. The figures it gives (CTL around 50-60 by the end, a TSB that dips in build
weeks and rises in recovery weeks) look like a real amateur triathlete's.

The streams follow simple physiology: heart rate moves toward a steady state set by the effort with
a time constant of about 30 s (so it lags intervals, as real heart rate does), and drifts upward
slowly over long efforts (cardiac drift); speed on the bike follows power, cadence stays near the
athlete's habit. Nothing here is meant to model one sensor exactly; it is meant to give every
figure (NP, time in zones, mean-maximal power, rTSS, TRIMP) real streams to work on.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Final

from services.sessions.endurance.activity_files.model import ActivityFile, Lap, Sport, Streams

WEEKS: Final = 12
# The athlete's thresholds (the demo also stores them, dated at the season's start).
FTP_W: Final = 240.0
THRESHOLD_PACE_S_PER_KM: Final = 285.0  # 4:45 /km
RESTING_HR: Final = 50.0
MAX_HR: Final = 188.0
THRESHOLD_HR: Final = 168.0
CSS_400M_S: Final = 400.0  # 6:40
CSS_200M_S: Final = 190.0  # 3:10
BODY_WEIGHT_KG: Final = 71.0
HEART_RATE_TIME_CONSTANT_S: Final = 30.0
# Relative weekly volume: three weeks of build, one lighter, three times; then the current week.
WEEK_LOAD: Final = (0.8, 0.9, 1.0, 0.7, 0.9, 1.0, 1.1, 0.75, 1.0, 1.1, 1.2, 0.8, 0.9)
DEVICE: Final = "Kinetic demo"


@dataclass(frozen=True)
class Segment:
    """A stretch of one effort: seconds long at a fraction of threshold (power, or speed for runs)."""

    seconds: int
    intensity: float


@dataclass(frozen=True)
class PlannedSession:
    """One day's session of the season."""

    weekday: int  # 0 = Monday
    sport: Sport
    name: str
    start: time
    segments: tuple[Segment, ...]


def _steady(minutes: float, intensity: float) -> tuple[Segment, ...]:
    return (Segment(round(minutes * 60), intensity),)


def _warm(segments: tuple[Segment, ...]) -> tuple[Segment, ...]:
    return (Segment(600, 0.6), *segments, Segment(600, 0.6))


def _repeats(count: int, on_s: int, on: float, off_s: int, off: float) -> tuple[Segment, ...]:
    return tuple(s for _ in range(count) for s in (Segment(on_s, on), Segment(off_s, off)))


def week_sessions(load: float) -> tuple[PlannedSession, ...]:
    """The week's sessions, their durations scaled by ``load``."""
    return (
        PlannedSession(1, "run", "Track intervals", time(6, 30), _warm(_repeats(5, 180, 1.08, 120, 0.65))),
        PlannedSession(2, "ride", "Endurance ride", time(17, 45), _steady(70 * load, 0.68)),
        PlannedSession(3, "run", "Easy run", time(6, 45), _steady(45 * load, 0.76)),
        PlannedSession(
            5,
            "ride",
            "Sweet-spot ride",
            time(8, 0),
            _warm((*_steady(40 * load, 0.7), *_repeats(3, round(600 * load), 0.9, 300, 0.6))),
        ),
        PlannedSession(6, "run", "Long run", time(8, 30), _steady(85 * load, 0.78)),
    )


def season_sessions(last_day: date) -> Iterator[tuple[date, PlannedSession]]:
    """Every session of the ``WEEKS`` whole weeks before ``last_day``'s week and of that week up to
    ``last_day``, in order."""
    first_monday = season_start(last_day)
    for week, load in enumerate(WEEK_LOAD):
        for session in week_sessions(load):
            day = first_monday + timedelta(weeks=week, days=session.weekday)
            if day <= last_day:
                yield day, session


def season_start(last_day: date) -> date:
    """The Monday ``WEEKS`` weeks before ``last_day``'s week: the season's first day."""
    return last_day - timedelta(days=last_day.weekday()) - timedelta(weeks=WEEKS)


def _intensities(segments: tuple[Segment, ...]) -> list[float]:
    return [segment.intensity for segment in segments for _ in range(segment.seconds)]


def _heart_rate(efforts: list[float], rng: random.Random) -> list[float]:
    """Heart rate chasing the effort's steady state with a lag, drifting up slowly."""
    gain = 1 - math.exp(-1 / HEART_RATE_TIME_CONSTANT_S)
    heart_rate = RESTING_HR + 25
    values = []
    for second, effort in enumerate(efforts):
        drift = 4.0 * second / 3600  # cardiac drift: a few beats an hour at the same effort
        steady = RESTING_HR + (THRESHOLD_HR - RESTING_HR) * min(effort, 1.12) + drift
        heart_rate += (steady - heart_rate) * gain
        values.append(float(round(min(MAX_HR, heart_rate + rng.uniform(-1.0, 1.0)))))
    return values


def _streams(sport: Sport, efforts: list[float], rng: random.Random) -> tuple[Streams, float]:
    """The per-second streams of the efforts, and the distance covered."""
    heart_rate = _heart_rate(efforts, rng)
    distance = 0.0
    power: list[float | None] = []
    speed: list[float | None] = []
    cadence: list[float | None] = []
    altitude: list[float | None] = []
    distances: list[float | None] = []
    threshold_speed = 1000 / THRESHOLD_PACE_S_PER_KM
    for second, effort in enumerate(efforts):
        if sport == "ride":
            watts = max(0.0, FTP_W * effort + rng.gauss(0, 12))
            power.append(round(watts))
            metres_per_second = 4.0 + watts / 45
            cadence.append(round(88 + rng.uniform(-4, 4)))
        else:
            power.append(None)
            metres_per_second = threshold_speed * effort * (1 + rng.gauss(0, 0.015))
            cadence.append(round(84 + 6 * effort + rng.uniform(-1, 1)))
        distance += metres_per_second
        speed.append(round(metres_per_second, 3))
        altitude.append(round(120 + 15 * math.sin(second / 600), 1))
        distances.append(round(distance, 1))
    return (
        Streams(
            time_s=tuple(range(len(efforts))),
            power=tuple(power),
            heart_rate=tuple(heart_rate),
            speed_mps=tuple(speed),
            cadence=tuple(cadence),
            altitude_m=tuple(altitude),
            distance_m=tuple(distances),
        ),
        distance,
    )


def _mean(values: tuple[float | None, ...]) -> float | None:
    known = [v for v in values if v is not None]
    return sum(known) / len(known) if known else None


def _known_max(values: tuple[float | None, ...]) -> float | None:
    known = [v for v in values if v is not None]
    return max(known) if known else None


def demo_activity(day: date, session: PlannedSession, seed: int = 17) -> ActivityFile:
    """One session of the season as a recorded activity with its streams (deterministic)."""
    rng = random.Random(f"{seed}:{day.isoformat()}:{session.sport}")
    efforts = _intensities(session.segments)
    streams, distance = _streams(session.sport, efforts, rng)
    start = datetime.combine(day, session.start, tzinfo=UTC)
    duration = float(len(efforts) - 1)
    key = hashlib.sha256(f"kinetic-demo:{seed}:{day}:{session.sport}".encode()).hexdigest()[:32]
    lap = Lap(
        start=start,
        duration_s=duration,
        moving_time_s=duration,
        distance_m=round(distance, 1),
        avg_power_w=_mean(streams.power),
        avg_hr=_mean(streams.heart_rate),
        avg_cadence=_mean(streams.cadence),
    )
    return ActivityFile(
        format="fit",
        source_key=key,
        sport=session.sport,
        start=start,
        duration_s=duration,
        moving_time_s=duration,
        distance_m=round(distance, 1),
        elevation_gain_m=round(30 * duration / 3600, 1),
        avg_power_w=_mean(streams.power),
        max_power_w=_known_max(streams.power),
        avg_hr=_mean(streams.heart_rate),
        max_hr=_known_max(streams.heart_rate),
        avg_cadence=_mean(streams.cadence),
        device=DEVICE,
        name=session.name,
        laps=(lap,),
        streams=streams,
    )


def demo_season(last_day: date, seed: int = 17) -> Iterator[ActivityFile]:
    """The season's activities, oldest first, built one at a time (each holds its streams)."""
    for day, session in season_sessions(last_day):
        yield demo_activity(day, session, seed)


@dataclass(frozen=True)
class DemoReadiness:
    """One morning's entry, as a person with a watch and a habit of answering five questions logs it."""

    day: date
    sleep_hours: float
    resting_hr: float
    hrv_ms: float
    soreness: int
    fatigue: int
    sleep_quality: int
    stress: int
    mood: int
    body_weight_kg: float
    steps: int
    water_intake_ml: int
    active_calories: int


def demo_readiness(last_day: date, seed: int = 17) -> Iterator[DemoReadiness]:
    """An entry for every day of the season: a hard day before shows the morning after."""
    hard_days = {day for day, session in season_sessions(last_day) if session.weekday in (1, 5, 6)}
    day = season_start(last_day)
    while day <= last_day:
        rng = random.Random(f"{seed}:readiness:{day.isoformat()}")
        strain = 1 if day - timedelta(days=1) in hard_days else 0
        yield DemoReadiness(
            day=day,
            sleep_hours=round(rng.uniform(6.4, 8.3) - 0.3 * strain, 1),
            resting_hr=float(round(RESTING_HR + rng.uniform(-2, 2) + 3 * strain)),
            hrv_ms=float(round(rng.uniform(58, 76) - 8 * strain)),
            soreness=min(5, rng.randint(1, 2) + strain),
            fatigue=min(5, rng.randint(1, 3) + strain),
            sleep_quality=rng.randint(3, 5),
            stress=rng.randint(1, 3),
            mood=rng.randint(3, 5),
            body_weight_kg=round(BODY_WEIGHT_KG + rng.uniform(-0.6, 0.6), 1),
            steps=rng.randint(7000, 14000),
            water_intake_ml=rng.randrange(1800, 3200, 100),
            active_calories=rng.randrange(350, 1200, 10),
        )
        day += timedelta(days=1)
