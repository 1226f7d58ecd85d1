"""Analytics' figures of an athlete as Training's ``AthleteThresholds``: one contract read as another.

Both callers that price a plan's workouts from analytics' figures need it: Training's plan writes
(decision 0096) and RunFlow's ``recalibrate_thresholds`` at the edge, which reads the figures before it
stores the new values (decision 0072). A mapping between two generated contracts is plumbing, like
``proto_enums``: it holds no rule of its own.
"""

from __future__ import annotations

from kinetic.analytics.v1 import endurance_pb2
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2


def thresholds(figures: endurance_pb2.GetAthleteFiguresResponse) -> plans_pb2.AthleteThresholds:
    """What analytics knows of the athlete's thresholds today, for planned TSS and zone targets."""
    known = plans_pb2.AthleteThresholds()
    cycling, run, swim, heart = figures.cycling, figures.running, figures.swimming, figures.heart_rate
    if cycling.HasField("ftp_w"):
        known.ftp_watts = cycling.ftp_w
    if run.threshold.seconds_per_km:
        known.threshold_pace_seconds_per_km = run.threshold.seconds_per_km
    if run.HasField("vdot"):
        known.vdot = run.vdot
    if swim.HasField("css_seconds_per_100m"):
        known.css_seconds_per_100m = swim.css_seconds_per_100m
    for source, target in (
        ("threshold_hr", "threshold_hr_bpm"),
        ("max_hr", "max_hr_bpm"),
        ("resting_hr", "resting_hr_bpm"),
    ):
        if heart.HasField(source):
            setattr(known, target, getattr(heart, source))
    return known
