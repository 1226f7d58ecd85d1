"""The RunFlow tools without plans: figures, load and activities from endurance analytics, readiness
from the sessions service, the account from auth (decision 0061).

Arguments arrive checked against the schemas and rules (``tools.py``); defaults are applied here.
Days are local days in the athlete's time zone (auth's ``time_zone``, UTC when unset).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, timedelta
from typing import Any

from edge.guard import Principal
from edge.mcp_profile.builder import Arguments, Payload
from edge.problems import invalid_field
from edge.profiles.primed.athlete import Athlete, Athletes
from edge.profiles.runflow import render
from edge.profiles.runflow.schemas import (
    ANALYTICS_DAYS_DEFAULT,
    BASELINE_DAYS,
    FITNESS_DAYS_DEFAULT,
    READINESS_DAYS_DEFAULT,
    RECENT_DAYS_DEFAULT,
)
from kinetic.analytics.v1 import endurance_pb2, endurance_pb2_grpc
from kinetic.record_ranges import READINESS_DAY
from kinetic.sessions.v1 import endurance_pb2 as sessions_pb2
from kinetic.sessions.v1 import endurance_pb2_grpc as sessions_pb2_grpc

# The mean-maximal power durations the seed names: 5 s to 60 min.
CURVE_SHORTEST_S, CURVE_LONGEST_S = 5, 3600
# log_daily_health's arguments and the sessions fields they set.
HEALTH_FIELDS = {
    "weightKg": "body_weight_kg",
    "steps": "steps",
    "waterIntakeMl": "water_intake_ml",
    "activeCalories": "active_calories",
    "soreness": "soreness",
    "fatigue": "fatigue",
    "sleepQuality": "sleep_quality",
    "stress": "stress",
    "mood": "mood",
    "sleepHours": "sleep_hours",
    "hrvMs": "hrv_ms",
    "restingHr": "resting_hr",
}
# The whole-number fields (int32 in sessions): a JSON 3.0 the schema accepts as an integer is sent as 3.
WHOLE_FIELDS = frozenset(
    {"steps", "water_intake_ml", "active_calories", "soreness", "fatigue", "sleep_quality", "stress", "mood"}
)
READINESS_WORDS = (
    "sleepHours",
    "restingHr",
    "hrvMs",
    "soreness",
    "fatigue",
    "sleepQuality",
    "stress",
    "mood",
)
HEALTH_WORDS = ("weightKg", "steps", "waterIntakeMl", "activeCalories")


def day_window(athlete: Athlete, days: int) -> tuple[date, date]:
    """The ``days`` local days ending today."""
    today = athlete.today()
    return today - timedelta(days=days - 1), today


def load_day(day: endurance_pb2.LoadDay) -> dict[str, Any]:
    return {"ctl": round(day.ctl, 1), "atl": round(day.atl, 1), "tsb": round(day.tsb, 1)}


def _check_readiness_day(day: str, today: date) -> None:
    """The ``date`` argument as the caller named it: a real day in READINESS_DAY (decision 0070)."""
    try:
        problem = READINESS_DAY.problem(date.fromisoformat(day), today)
    except ValueError:
        problem = f"must be a real day written YYYY-MM-DD, not {day!r}"
    if problem is not None:
        raise invalid_field("date", problem)


def readiness_fields(entry: sessions_pb2.DailyReadiness, words: Sequence[str]) -> dict[str, Any]:
    """The set fields of ``entry`` among ``words``, in the seed's camelCase."""
    return {
        word: getattr(entry, HEALTH_FIELDS[word]) for word in words if entry.HasField(HEALTH_FIELDS[word])
    }


class RunFlowTools:
    """The handlers, over the edge's auth, sessions (endurance) and endurance analytics stubs."""

    def __init__(
        self,
        athletes: Athletes,
        analytics: Callable[[], endurance_pb2_grpc.EnduranceAnalyticsServiceStub],
        sessions: Callable[[], sessions_pb2_grpc.EnduranceServiceStub],
    ) -> None:
        self._athletes = athletes
        self._analytics = analytics
        self._sessions = sessions

    async def get_athlete_profile(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        figures = await self._figures(athlete, athlete.today())
        account = athlete.account
        units = account.units or "metric"
        running, cycling, heart, swimming = (
            figures.running,
            figures.cycling,
            figures.heart_rate,
            figures.swimming,
        )
        zones = list(cycling.zones)
        return {
            "asOf": figures.day,
            "units": units,
            "distanceUnit": account.distance_unit or ("mi" if units == "imperial" else "km"),
            # ISO weekday the athlete's weeks start on (1 Monday ... 7 Sunday): the safety engine's weeks.
            "firstWeekday": account.first_weekday or 1,
            "bodyWeightKg": render.optional(figures, "body_weight_kg"),
            "running": {
                "vdot": render.optional(running, "vdot"),
                "effectiveVdot": render.optional(running, "effective_vdot"),
                "paces": render.run_paces(running),
            },
            "cycling": {
                "ftpWatts": render.optional(cycling, "ftp_w", 0),
                "ftpWattsPerKg": render.optional(cycling, "ftp_w_per_kg", 2),
                "zones": [
                    {
                        "zone": zone.zone,
                        "name": zone.name,
                        "floorWatts": round(zone.floor_watts),
                        "ceilingWatts": render.optional(zone, "ceiling_watts", 0),
                        "floorWattsPerKg": render.optional(zone, "floor_watts_per_kg", 2),
                        "ceilingWattsPerKg": render.optional(zone, "ceiling_watts_per_kg", 2),
                    }
                    for zone in zones
                ],
                # Each zone runs up to the next one's floor: no watt falls between two zones.
                "planBikeZones": [
                    {
                        "zone": zone.zone,
                        "name": zone.name,
                        "fromWatts": round(zone.floor_watts),
                        "toWatts": round(zones[n + 1].floor_watts) if n + 1 < len(zones) else None,
                    }
                    for n, zone in enumerate(zones)
                ],
            },
            "swimming": {
                "cssSecondsPer100m": render.optional(swimming, "css_seconds_per_100m"),
                "cssPer100m": swimming.css_per_100m or None,
                "paceZones": [swim_zone(zone) for zone in swimming.zones],
            },
            "heartRate": {
                "thresholdHr": render.optional(heart, "threshold_hr", 0),
                "maxHr": render.optional(heart, "max_hr", 0),
                "restingHr": render.optional(heart, "resting_hr", 0),
                "estimated": heart.estimated,
                "zones": [
                    {
                        "zone": f"Z{zone.zone}",
                        "name": zone.name,
                        "lowBpm": zone.lowest_bpm,
                        "highBpm": zone.highest_bpm if zone.HasField("highest_bpm") else None,
                    }
                    for zone in heart.zones
                ],
            },
        }

    async def get_fitness_metrics(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        first, today = day_window(athlete, int(arguments.get("days", FITNESS_DAYS_DEFAULT)))
        load = await self._analytics().GetTrainingLoad(
            endurance_pb2.GetTrainingLoadRequest(
                account_id=athlete.account_id,
                from_day=first.isoformat(),
                to_day=today.isoformat(),
                time_zone=athlete.timezone,
            )
        )
        by_sport = {sport.sport: {day.day: day for day in sport.days} for sport in load.by_sport}

        def point(day: endurance_pb2.LoadDay) -> dict[str, Any]:
            rendered: dict[str, Any] = {
                "date": day.day,
                "tss": round(day.stress, 1),
                **load_day(day),
                "workloadRatio": render.optional(day, "workload_ratio", 2),
                "rampRate": render.optional(day, "ramp_rate"),
                "overtrainingRisk": day.overtraining_risk or None,
            }
            for sport, suffix in (("run", "Running"), ("ride", "Bike")):
                own = by_sport.get(sport, {}).get(day.day)
                for name in ("ctl", "atl", "tsb"):
                    rendered[name + suffix] = round(getattr(own, name), 1) if own is not None else 0.0
            return rendered

        series = [point(day) for day in load.combined]
        return {
            "current": series[-1] if series else None,
            "series": series,
            "tsbConvention": load.tsb_convention,
            "rampRateMeaning": "CTL gained in the last 7 days (weekly ramp rate)",
        }

    async def get_cycling_analytics(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        first, today = day_window(athlete, int(arguments.get("days", ANALYTICS_DAYS_DEFAULT)))
        curve = await self._analytics().GetPowerCurve(
            endurance_pb2.GetPowerCurveRequest(
                account_id=athlete.account_id,
                from_day=first.isoformat(),
                to_day=today.isoformat(),
                time_zone=athlete.timezone,
            )
        )
        rides = await self._activities(athlete, first, today, ["ride"])
        figures = await self._figures(athlete, today)
        zone_names = {zone.zone: zone.name for zone in figures.cycling.zones}
        series = [render.activity(ride) for ride in rides]
        points = [
            {
                "durationSeconds": point.duration_s,
                "watts": round(point.watts),
                "wattsPerKg": render.optional(point, "watts_per_kg", 2),
                "allTimePeakWatts": round(point.all_time_peak_watts),
            }
            for point in curve.points
            if CURVE_SHORTEST_S <= point.duration_s <= CURVE_LONGEST_S
        ]
        return {
            "window": {"startDate": first.isoformat(), "endDate": today.isoformat()},
            "powerCurve": points,
            "eftpWatts": render.optional(curve, "eftp_w", 0),
            "eftpFromDurationSeconds": curve.eftp_from_duration_s or None,
            "ftpWatts": render.optional(figures.cycling, "ftp_w", 0),
            "summary": {
                "rides": len(rides),
                "movingMinutes": render.minutes(sum(r.moving_time_s or r.duration_s for r in rides)),
                "distanceKm": round(sum(r.distance_m for r in rides if r.HasField("distance_m")) / 1000, 2),
                "bikeTss": round(sum(r.tss for r in rides), 1),
                "avgNpWatts": render.mean(s["npWatts"] for s in series),
                "avgIntensityFactor": render.mean((s["intensityFactor"] for s in series), 3),
                "avgVariabilityIndex": render.mean((s["variabilityIndex"] for s in series), 3),
            },
            "weeklyTrends": weekly_trends(series, first),
            "powerZoneDistribution": render.zone_distribution(
                (zone for ride in rides for zone in ride.power_zones), zone_names
            ),
            "ridesSeries": series,
        }

    async def get_running_analytics(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        first, today = day_window(athlete, int(arguments.get("days", ANALYTICS_DAYS_DEFAULT)))
        runs = await self._activities(athlete, first, today, ["run"])
        figures = await self._figures(athlete, today)
        distance_m = sum(run.distance_m for run in runs if run.HasField("distance_m"))
        moving_s = sum(run.moving_time_s or run.duration_s for run in runs if run.HasField("distance_m"))
        return {
            "window": {"startDate": first.isoformat(), "endDate": today.isoformat()},
            "summary": {
                "runs": len(runs),
                "distanceKm": round(distance_m / 1000, 2),
                "movingMinutes": render.minutes(sum(run.moving_time_s or run.duration_s for run in runs)),
                "elevationGainM": round(
                    sum(r.elevation_gain_m for r in runs if r.HasField("elevation_gain_m"))
                ),
                "avgPaceSecondsPerKm": round(moving_s / distance_m * 1000, 1) if distance_m else None,
                "runningTss": round(sum(run.tss for run in runs), 1),
            },
            "vdot": render.optional(figures.running, "vdot"),
            "effectiveVdot": render.optional(figures.running, "effective_vdot"),
            "paces": render.run_paces(figures.running),
            "hrZoneDistribution": render.zone_distribution(
                (zone for run in runs for zone in run.heart_rate_zones),
                {zone.zone: zone.name for zone in figures.heart_rate.zones},
            ),
            "runsSeries": [render.activity(run) for run in runs],
        }

    async def get_swimming_analytics(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        first, today = day_window(athlete, int(arguments.get("days", ANALYTICS_DAYS_DEFAULT)))
        swims = await self._activities(athlete, first, today, ["swim"])
        figures = await self._figures(athlete, today)
        # A swim whose pace no swimmer holds keeps its place in the list, flagged, but its distance
        # stays out of the average pace as it does out of the load (decision 0085).
        paced = [
            swim
            for swim in swims
            if swim.HasField("distance_m")
            and not any(f.figure == "avg_speed" for f in swim.implausible_figures)
        ]
        distance_m = sum(swim.distance_m for swim in paced)
        moving_s = sum(swim.moving_time_s or swim.duration_s for swim in paced)
        return {
            "window": {"startDate": first.isoformat(), "endDate": today.isoformat()},
            "summary": {
                "swims": len(swims),
                "distanceM": round(distance_m),
                "movingMinutes": render.minutes(sum(s.moving_time_s or s.duration_s for s in swims)),
                "avgPaceSecondsPer100m": round(moving_s / distance_m * 100, 1) if distance_m else None,
                "swimTss": round(sum(swim.tss for swim in swims), 1),
            },
            "cssSecondsPer100m": render.optional(figures.swimming, "css_seconds_per_100m"),
            "cssPer100m": figures.swimming.css_per_100m or None,
            "paceZones": [swim_zone(zone) for zone in figures.swimming.zones],
            "swimsSeries": [render.activity(swim) for swim in swims],
        }

    async def get_recent_activities(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        end = date.fromisoformat(arguments["endDate"]) if "endDate" in arguments else athlete.today()
        if "startDate" in arguments:
            first = date.fromisoformat(arguments["startDate"])
        else:
            first = end - timedelta(days=int(arguments.get("days", RECENT_DAYS_DEFAULT)) - 1)
        sports = [arguments["sport"]] if "sport" in arguments else []
        activities = await self._activities(athlete, first, end, sports)
        # Newest first, as a list of recent activities is read.
        newest_first = sorted(activities, key=lambda a: a.start_time.ToDatetime(), reverse=True)
        return {
            "window": {"startDate": first.isoformat(), "endDate": end.isoformat()},
            "count": len(newest_first),
            "activities": [render.activity(activity) for activity in newest_first],
        }

    async def get_readiness_and_health(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        days = int(arguments.get("days", READINESS_DAYS_DEFAULT))
        today = athlete.today()
        first = today - timedelta(days=max(days, BASELINE_DAYS) - 1)
        listed = await self._sessions().ListReadiness(
            sessions_pb2.ListReadinessRequest(
                account_id=athlete.account_id, from_day=first.isoformat(), to_day=today.isoformat()
            )
        )
        entries = list(listed.entries)
        shown_from = (today - timedelta(days=days - 1)).isoformat()
        baseline_from = (today - timedelta(days=BASELINE_DAYS - 1)).isoformat()
        readiness = [e for e in entries if any(e.HasField(HEALTH_FIELDS[w]) for w in READINESS_WORDS)]
        latest: dict[str, Any] | None = None
        if readiness:
            entry = readiness[-1]
            latest = {"date": entry.day, **readiness_fields(entry, READINESS_WORDS)}
            latest["load"] = await self._load_on(athlete, date.fromisoformat(entry.day))
        baseline_entries = [e for e in entries if e.day >= baseline_from]
        return {
            "latest": latest,
            "readinessHistory": [
                {"date": e.day, **readiness_fields(e, READINESS_WORDS)}
                for e in readiness
                if e.day >= shown_from
            ],
            "healthLogs": [
                {"date": e.day, **readiness_fields(e, HEALTH_WORDS)}
                for e in entries
                if e.day >= shown_from and any(e.HasField(HEALTH_FIELDS[w]) for w in HEALTH_WORDS)
            ],
            "baseline": {
                "days": BASELINE_DAYS,
                "startDate": baseline_from,
                "endDate": today.isoformat(),
                **{
                    word: render.mean(
                        (
                            getattr(e, HEALTH_FIELDS[word])
                            for e in baseline_entries
                            if e.HasField(HEALTH_FIELDS[word])
                        ),
                        2,
                    )
                    for word in (*READINESS_WORDS, *HEALTH_WORDS)
                },
            },
            "todayLoad": await self._load_on(athlete, today),
        }

    async def log_daily_health(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        day = arguments["date"] if "date" in arguments else athlete.today().isoformat()
        _check_readiness_day(day, athlete.today())
        readiness = sessions_pb2.DailyReadiness(day=day)
        for word, field in HEALTH_FIELDS.items():
            if word in arguments:
                value = arguments[word]
                setattr(readiness, field, int(value) if field in WHOLE_FIELDS else float(value))
        recorded = await self._sessions().RecordReadiness(
            sessions_pb2.RecordReadinessRequest(
                account_id=athlete.account_id,
                readiness=readiness,
                # One rule with the plan tools: a retry replays, another body under the key is a
                # conflict (decision 0078).
                idempotency_key=arguments.get("idempotencyKey", ""),
            )
        )
        entry = recorded.readiness
        payload: Payload = {
            "date": entry.day,
            "saved": sorted(word for word in HEALTH_FIELDS if word in arguments),
            "readiness": readiness_fields(entry, READINESS_WORDS),
            "healthLog": readiness_fields(entry, HEALTH_WORDS),
        }
        if "idempotencyKey" in arguments:
            payload["idempotencyKey"] = arguments["idempotencyKey"]
        return payload

    async def _figures(self, athlete: Athlete, day: date) -> endurance_pb2.GetAthleteFiguresResponse:
        figures: endurance_pb2.GetAthleteFiguresResponse = await self._analytics().GetAthleteFigures(
            endurance_pb2.GetAthleteFiguresRequest(
                account_id=athlete.account_id, day=day.isoformat(), time_zone=athlete.timezone
            )
        )
        return figures

    async def _activities(
        self, athlete: Athlete, first: date, last: date, sports: list[str]
    ) -> list[endurance_pb2.ActivityStress]:
        response = await self._analytics().ListActivityStress(
            endurance_pb2.ListActivityStressRequest(
                account_id=athlete.account_id,
                from_day=first.isoformat(),
                to_day=last.isoformat(),
                time_zone=athlete.timezone,
                sports=sports,
            )
        )
        return list(response.activities)

    async def _load_on(self, athlete: Athlete, day: date) -> dict[str, Any]:
        """The day's combined CTL, ATL and TSB."""
        load = await self._analytics().GetTrainingLoad(
            endurance_pb2.GetTrainingLoadRequest(
                account_id=athlete.account_id, from_day=day.isoformat(), time_zone=athlete.timezone
            )
        )
        days = list(load.combined)
        return {
            "date": day.isoformat(),
            **(load_day(days[-1]) if days else {"ctl": 0.0, "atl": 0.0, "tsb": 0.0}),
        }


def swim_zone(zone: endurance_pb2.SwimZoneFigure) -> dict[str, Any]:
    return {
        "zone": zone.zone,
        "name": zone.name,
        "slowestSecondsPer100m": render.optional(zone, "slowest_seconds_per_100m"),
        "fastestSecondsPer100m": render.optional(zone, "fastest_seconds_per_100m"),
    }


def weekly_trends(series: list[dict[str, Any]], first: date) -> list[dict[str, Any]]:
    """Rides grouped in 7-day weeks from the window's first day: count, mean NP, IF and VI, total TSS."""
    weeks: dict[int, list[dict[str, Any]]] = {}
    for ride in series:
        weeks.setdefault((date.fromisoformat(ride["date"]) - first).days // 7, []).append(ride)
    return [
        {
            "weekStart": (first + timedelta(days=7 * week)).isoformat(),
            "rides": len(rides),
            "avgNpWatts": render.mean(r["npWatts"] for r in rides),
            "avgIntensityFactor": render.mean((r["intensityFactor"] for r in rides), 3),
            "avgVariabilityIndex": render.mean((r["variabilityIndex"] for r in rides), 3),
            "bikeTss": round(sum(r["bikeTss"] for r in rides), 1),
        }
        for week, rides in sorted(weeks.items())
    ]
