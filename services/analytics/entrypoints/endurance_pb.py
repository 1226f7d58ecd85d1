"""Protobuf messages from the endurance answers, rounded where every reader's answer is built.

Figures keep full precision until here (decision 0051, Rounding); each is answered with the
digits it supports, half up (decision 0055, Precision): training stress, loads, TRIMP, watts and
VDOT to 0.1 (and an activity's durations, distances, average heart rate and power: sessions
keeps them at full precision); intensity factor, variability index, workload ratio and W/kg to
0.01; paces to 0.1 s (their text to the second); body weight as recorded, to 0.01 kg.
"""

from __future__ import annotations

import math
from datetime import datetime

from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.analytics.v1 import endurance_pb2 as pb
from knowledge.endurance.load import PmcDay
from knowledge.endurance.pace import Pace
from services.analytics.domain.endurance_changes import ZoneSeconds
from services.analytics.service_layer import endurance_queries as q


def half_up(value: float, places: int) -> float:
    """``value`` to ``places`` decimals, half up as by hand (+ 0.0 turns -0.0 into 0.0)."""
    scale = 10.0**places
    return math.floor(value * scale + 0.5) / scale + 0.0


def tenth(value: float | None) -> float | None:
    return None if value is None else half_up(value, 1)


def hundredth(value: float | None) -> float | None:
    return None if value is None else half_up(value, 2)


def _stamp(moment: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(moment)
    return out


def load_day(day: PmcDay) -> pb.LoadDay:
    return pb.LoadDay(
        day=day.day.isoformat(),
        stress=half_up(day.stress, 1),
        ctl=half_up(day.ctl, 1),
        atl=half_up(day.atl, 1),
        tsb=half_up(day.tsb, 1),
        ramp_rate=tenth(day.ramp_rate),
        workload_ratio=hundredth(day.workload_ratio),
        overtraining_risk=day.risk or "",
    )


def training_load_response(answer: q.TrainingLoadAnswer) -> pb.GetTrainingLoadResponse:
    return pb.GetTrainingLoadResponse(
        combined=[load_day(day) for day in answer.combined],
        by_sport=[
            pb.SportLoad(sport=sport, days=[load_day(day) for day in days]) for sport, days in answer.by_sport
        ],
        tsb_convention=answer.tsb_convention,
        as_of_sequence=answer.as_of_sequence,
    )


def _zones(zones: tuple[ZoneSeconds, ...]) -> list[pb.ZoneTime]:
    return [pb.ZoneTime(zone=zone.zone, seconds=zone.seconds) for zone in zones]


def activity_stress(found: q.StressedActivity) -> pb.ActivityStress:
    activity, stress = found.activity, found.stress
    return pb.ActivityStress(
        activity_id=activity.activity_id,
        sport=activity.sport,
        start_time=_stamp(activity.start_time),
        day=found.day.isoformat(),
        duration_s=half_up(activity.duration_s, 1),
        moving_time_s=half_up(activity.moving_time_s, 1),
        distance_m=tenth(activity.distance_m),
        elevation_gain_m=tenth(activity.elevation_gain_m),
        avg_power_w=tenth(activity.avg_power_w),
        normalized_power_w=tenth(activity.normalized_power_w),
        avg_hr=tenth(activity.avg_hr),
        name="" if activity.external_provider else activity.name,
        external_provider=activity.external_provider,
        tss=half_up(stress.tss, 1),
        stress_method=stress.method,
        intensity_factor=hundredth(stress.intensity_factor),
        variability_index=hundredth(stress.variability_index),
        trimp=tenth(stress.trimp),
        heart_rate_zones=_zones(activity.heart_rate_zones),
        power_zones=_zones(activity.power_zones),
        source=activity.source,
        source_app=activity.source_app,
        implausible_figures=[
            pb.ImplausibleFigure(
                figure=found.figure,
                value=half_up(found.value, 2),
                bound=half_up(found.bound, 2),
                reason=found.reason,
            )
            for found in stress.implausible
        ],
    )


def activity_stress_response(answer: q.ActivityStressAnswer) -> pb.ListActivityStressResponse:
    return pb.ListActivityStressResponse(
        activities=[activity_stress(found) for found in answer.activities],
        as_of_sequence=answer.as_of_sequence,
    )


def pace_figure(pace: Pace) -> pb.PaceFigure:
    return pb.PaceFigure(
        seconds_per_km=half_up(pace.seconds_per_km, 1),
        per_km=pace.per_km_text,
        seconds_per_mile=half_up(pace.seconds_per_mile, 1),
        per_mile=pace.per_mile_text,
    )


def _running(figures: q.RunningAnswer) -> pb.RunningFigures:
    out = pb.RunningFigures(
        vdot=tenth(figures.vdot),
        effective_vdot=tenth(figures.effective.vdot if figures.effective else None),
        effective_vdot_activity_id=figures.effective_activity_id,
        predictions=[
            pb.RacePrediction(
                distance=prediction.distance.name,
                meters=prediction.distance.meters,
                seconds=prediction.seconds,
                time=prediction.text,
                pace=pace_figure(prediction.pace),
            )
            for prediction in figures.predictions
        ],
    )
    paces = figures.paces
    if paces is not None:
        out.easy_slowest.CopyFrom(pace_figure(paces.easy.slowest))
        out.easy_fastest.CopyFrom(pace_figure(paces.easy.fastest))
        out.marathon.CopyFrom(pace_figure(paces.marathon))
        out.threshold.CopyFrom(pace_figure(paces.threshold))
        out.interval.CopyFrom(pace_figure(paces.interval))
        out.repetition.CopyFrom(pace_figure(paces.repetition))
    return out


def athlete_figures_response(answer: q.AthleteFiguresAnswer) -> pb.GetAthleteFiguresResponse:
    thresholds = answer.thresholds
    ftp = thresholds.ftp_w
    weight = answer.body_weight_kg
    zones = answer.heart_rate_zones
    css = answer.css
    return pb.GetAthleteFiguresResponse(
        day=answer.day.isoformat(),
        running=_running(answer.running),
        cycling=pb.CyclingFigures(
            ftp_w=tenth(ftp),
            ftp_w_per_kg=hundredth(ftp / weight) if ftp is not None and weight else None,
            zones=[
                pb.PowerZoneFigure(
                    zone=zone.number,
                    name=zone.name,
                    floor_watts=half_up(zone.floor_watts, 1),
                    ceiling_watts=tenth(zone.ceiling_watts),
                    floor_watts_per_kg=hundredth(zone.floor_watts_per_kg),
                    ceiling_watts_per_kg=hundredth(zone.ceiling_watts_per_kg),
                )
                for zone in answer.power_zones
            ],
        ),
        heart_rate=pb.HeartRateFigures(
            threshold_hr=tenth(zones.threshold_hr) if zones else None,
            max_hr=tenth(thresholds.max_hr),
            resting_hr=tenth(thresholds.resting_hr),
            estimated=zones.estimated if zones else False,
            zones=[
                pb.HeartRateZoneFigure(
                    zone=zone.number, name=zone.name, lowest_bpm=zone.lowest_bpm, highest_bpm=zone.highest_bpm
                )
                for zone in (zones.zones if zones else ())
            ],
        ),
        swimming=pb.SwimmingFigures(
            css_seconds_per_100m=tenth(css.seconds_per_100m) if css else None,
            css_per_100m=css.per_100m_text if css else "",
            zones=[
                pb.SwimZoneFigure(
                    zone=zone.number,
                    name=zone.name,
                    slowest_seconds_per_100m=tenth(zone.slowest_s_per_100m),
                    fastest_seconds_per_100m=tenth(zone.fastest_s_per_100m),
                )
                for zone in answer.swim_zones
            ],
        ),
        body_weight_kg=hundredth(weight),
        as_of_sequence=answer.as_of_sequence,
    )


def power_curve_response(answer: q.PowerCurveAnswer) -> pb.GetPowerCurveResponse:
    weight = answer.body_weight_kg
    eftp = answer.eftp
    return pb.GetPowerCurveResponse(
        points=[
            pb.PowerCurvePoint(
                duration_s=point.duration_s,
                watts=half_up(point.watts, 1),
                watts_per_kg=hundredth(point.watts / weight) if weight else None,
                activity_id=point.activity_id,
                all_time_peak_watts=half_up(point.all_time_peak_watts, 1),
            )
            for point in answer.points
        ],
        eftp_w=tenth(eftp.watts) if eftp else None,
        eftp_from_duration_s=eftp.from_duration_seconds if eftp else 0,
        as_of_sequence=answer.as_of_sequence,
    )


def readiness_response(answer: q.ReadinessAnswer) -> pb.ListReadinessHistoryResponse:
    entries = []
    for entry in answer.entries:
        message = pb.ReadinessDay(
            day=entry.day.isoformat(),
            sleep_hours=entry.sleep_hours,
            resting_hr=entry.resting_hr,
            hrv_ms=entry.hrv_ms,
            soreness=entry.soreness,
            fatigue=entry.fatigue,
            sleep_quality=entry.sleep_quality,
            stress=entry.stress,
            mood=entry.mood,
            body_weight_kg=entry.body_weight_kg,
            steps=entry.steps,
            water_intake_ml=entry.water_intake_ml,
            active_calories=entry.active_calories,
        )
        if entry.updated_at is not None:
            message.update_time.CopyFrom(_stamp(entry.updated_at))
        entries.append(message)
    return pb.ListReadinessHistoryResponse(entries=entries, as_of_sequence=answer.as_of_sequence)
