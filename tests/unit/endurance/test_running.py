"""Running figures (knowledge/endurance/running.py) against hand-computed values and Daniels' tables;
sources, fractions and tolerances in docs/decisions/0052-running-swimming-and-heart-rate-figures.md."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from knowledge.endurance.pace import Pace, clock_text, parse_clock, per_km_to_per_mile, per_mile_to_per_km
from knowledge.endurance.running import (
    RACE_DISTANCES,
    RunEffort,
    effective_vdot,
    oxygen_cost,
    predict_race_seconds,
    predict_races,
    qualifying_vdot,
    running_stress,
    speed_for_oxygen_cost,
    sustained_fraction,
    threshold_pace,
    training_paces,
    vdot_from_race,
)

# --- The two Daniels & Gilbert (1979, "Oxygen Power") equations, by hand -------------------------


def test_oxygen_cost_at_200_m_per_min():
    # -4.60 + 0.182258 × 200 + 0.000104 × 200² = -4.60 + 36.4516 + 4.16 = 36.0116 ml/kg/min
    assert oxygen_cost(200) == pytest.approx(36.0116, abs=1e-9)


def test_speed_for_oxygen_cost_inverts_the_cost():
    # 0.000104 v² + 0.182258 v - (36.0116 + 4.60) = 0 has the positive root v = 200
    assert speed_for_oxygen_cost(36.0116) == pytest.approx(200, abs=1e-6)


def test_sustained_fraction_at_0_20_minutes_and_a_day():
    # t = 0: 0.8 + 0.1894393 + 0.2989558 = 1.2883951
    assert sustained_fraction(0) == pytest.approx(1.2883951, abs=1e-12)
    # t = 20: e^(-0.012778 × 20) = 0.7744827, e^(-0.1932605 × 20) = 0.0209585;
    # 0.8 + 0.1894393 × 0.7744827 + 0.2989558 × 0.0209585 = 0.8 + 0.1467179 + 0.0062657 = 0.9529836
    assert sustained_fraction(20) == pytest.approx(0.9529836, abs=1e-6)
    assert sustained_fraction(24 * 60) == pytest.approx(0.8, abs=1e-6), "long efforts tend to the 0.8 floor"


def test_vdot_of_a_20_minute_5k():
    # v = 5000 / 20 = 250 m/min; VO2 = -4.60 + 45.5645 + 6.5 = 47.4645; %max(20) = 0.9529831;
    # VDOT = 47.4645 / 0.9529831 = 49.806
    assert vdot_from_race(5000, 20 * 60) == pytest.approx(49.806, abs=1e-3)


# --- Daniels' Running Formula, table of VDOT race times ------------------------------------------

# (VDOT, mile, 5 km, 10 km, half marathon, marathon) as the book prints them.
DANIELS_RACE_TABLE = [
    (30, "9:11", "30:40", "1:03:46", "2:21:04", "4:49:17"),
    (40, "7:07", "24:08", "50:03", "1:50:59", "3:49:45"),
    (50, "5:50", "19:57", "41:21", "1:31:35", "3:10:49"),
    (60, "4:57", "17:03", "35:22", "1:18:09", "2:43:25"),
]
TABLE_DISTANCES_M = (1609.344, 5000, 10_000, 21_097.5, 42_195)
# The book rounds each VDOT row from the same equations; solved to the second, the equations differ
# from the printed times by at most 0.2 % (32 s on the 4:49:17 marathon at VDOT 30).
RACE_TIME_TOLERANCE = 0.002


@pytest.mark.parametrize("row", DANIELS_RACE_TABLE, ids=lambda row: f"VDOT {row[0]}")
def test_race_predictions_match_daniels_table(row):
    vdot, *times = row
    for distance_m, text in zip(TABLE_DISTANCES_M, times, strict=True):
        published = parse_clock(text)
        predicted = predict_race_seconds(vdot, distance_m)
        assert abs(predicted - published) <= RACE_TIME_TOLERANCE * published, (distance_m, predicted, text)


def test_vdot_50_5k_is_19_56_and_a_19_57_5k_is_vdot_50():
    assert predict_race_seconds(50, 5000) == parse_clock("19:56")  # the book prints 19:57
    assert vdot_from_race(5000, parse_clock("19:57")) == pytest.approx(50, abs=0.1)


def test_predictions_cover_the_seven_distances_in_whole_seconds_and_agree_with_vdot():
    predictions = predict_races(50)
    assert [p.distance.name for p in predictions] == [
        "1500 m",
        "mile",
        "3000 m",
        "5 km",
        "10 km",
        "half marathon",
        "marathon",
    ]
    assert [p.text for p in predictions] == [
        "5:24",
        "5:50",
        "11:33",
        "19:56",
        "41:20",
        "1:31:31",
        "3:10:40",
    ]
    for prediction in predictions:
        assert isinstance(prediction.seconds, int)
        # Rounding to the second moves a time by half a second at most: 0.15 % of the 5:24 over 1 500 m,
        # the shortest, which moves its VDOT by under 0.1.
        assert vdot_from_race(prediction.distance.meters, prediction.seconds) == pytest.approx(50, abs=0.1)
        assert prediction.pace.seconds_per_km == pytest.approx(
            prediction.seconds / prediction.distance.meters * 1000
        )


def test_a_higher_vdot_predicts_faster_times():
    for distance in RACE_DISTANCES:
        assert predict_race_seconds(51, distance.meters) < predict_race_seconds(50, distance.meters)


# --- Training paces ------------------------------------------------------------------------------


def test_threshold_pace_at_vdot_50_by_hand():
    # 88 % of 50 = 44 ml/kg/min; 0.000104 v² + 0.182258 v - 48.6 = 0;
    # discriminant 0.0332180 + 0.0202176 = 0.0534356, root 0.2311614;
    # v = (0.2311614 - 0.182258) / 0.000208 = 235.11 m/min; 1000 / 235.11 = 4.2533 min = 255.2 s/km
    pace = threshold_pace(50)
    assert pace.seconds_per_km == pytest.approx(255.2, abs=0.1)
    assert (pace.per_km_text, pace.per_mile_text) == ("4:15", "6:51")  # 255.2 × 1.609344 = 410.7 s


# Daniels' Running Formula training-pace tables. Tolerances: 3 s per km / 5 s per mile, and 1 s per
# 400 m (the table's own rounding of 400 m splits); paces from the equations, tables rounded by hand.
PACE_TOLERANCE_PER_KM = 3.0
PACE_TOLERANCE_PER_MILE = 5.0
SPLIT_TOLERANCE_PER_400 = 1.0


def test_vdot_50_marathon_and_threshold_paces_match_the_table():
    paces = training_paces(50)
    # Table: M 4:31/km (7:17/mi), T 4:15/km (6:51/mi)
    assert paces.marathon.seconds_per_km == pytest.approx(parse_clock("4:31"), abs=PACE_TOLERANCE_PER_KM)
    assert paces.marathon.seconds_per_mile == pytest.approx(parse_clock("7:17"), abs=PACE_TOLERANCE_PER_MILE)
    assert paces.threshold.seconds_per_km == pytest.approx(parse_clock("4:15"), abs=PACE_TOLERANCE_PER_KM)
    assert paces.threshold.seconds_per_mile == pytest.approx(parse_clock("6:51"), abs=PACE_TOLERANCE_PER_MILE)


def test_vdot_49_paces_match_the_table():
    paces = training_paces(49)
    # Table: E 8:40/mi, M 7:24/mi, T 4:20/km and 6:55/mi, I 3:59/km and 1:35 per 400 m, R 1:29 per 400 m
    assert paces.easy.slowest.seconds_per_mile >= parse_clock("8:40") >= paces.easy.fastest.seconds_per_mile
    assert paces.marathon.seconds_per_mile == pytest.approx(parse_clock("7:24"), abs=PACE_TOLERANCE_PER_MILE)
    assert paces.threshold.seconds_per_km == pytest.approx(parse_clock("4:20"), abs=PACE_TOLERANCE_PER_KM)
    assert paces.threshold.seconds_per_mile == pytest.approx(parse_clock("6:55"), abs=PACE_TOLERANCE_PER_MILE)
    assert paces.interval.seconds_per_km == pytest.approx(parse_clock("3:59"), abs=PACE_TOLERANCE_PER_KM)
    assert paces.interval.seconds_for(400) == pytest.approx(95, abs=SPLIT_TOLERANCE_PER_400)
    assert paces.repetition.seconds_for(400) == pytest.approx(89, abs=SPLIT_TOLERANCE_PER_400)


def test_paces_are_ordered_easy_to_repetition_and_shown_per_km_and_per_mile():
    paces = training_paces(50)
    ordered = [
        paces.easy.slowest,
        paces.easy.fastest,
        paces.marathon,
        paces.threshold,
        paces.interval,
        paces.repetition,
    ]
    seconds = [pace.seconds_per_km for pace in ordered]
    assert seconds == sorted(seconds, reverse=True)
    # E at 59 % and 74 % of 50: 29.5 and 37 ml/kg/min, 170.5 and 204.4 m/min, 5:52 and 4:54 per km
    assert (paces.easy.slowest.per_km_text, paces.easy.fastest.per_km_text) == ("5:52", "4:54")
    # I at 97.5 %: 48.75 ml/kg/min, 255.5 m/min, 3:55/km; R is the mile prediction 5:50, 3:37/km
    assert (paces.interval.per_km_text, paces.repetition.per_km_text) == ("3:55", "3:37")
    assert (paces.interval.per_mile_text, paces.repetition.per_mile_text) == ("6:18", "5:50")


# --- Refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance_m", "seconds", "names"),
    [
        (5000, 0, "race time"),
        (5000, -60, "race time"),
        (5000, math.nan, "race time"),
        (-5000, 1200, "distance"),
        (800, 120, "1500 m to the marathon"),
        (100_000, 36_000, "1500 m to the marathon"),
        (5000, 60, "check the distance is in metres"),  # a 1-minute 5 km: VDOT far above 100
        (42_195, 20 * 3600, "check the distance is in metres"),  # a 20-hour marathon: VDOT below 10
    ],
)
def test_absurd_races_are_refused_with_what_to_fix(distance_m, seconds, names):
    with pytest.raises(ValueError, match=names):
        vdot_from_race(distance_m, seconds)


@pytest.mark.parametrize("vdot", [0, -5, 9.9, 100.1, math.inf])
def test_a_vdot_outside_10_to_100_is_refused(vdot):
    with pytest.raises(ValueError, match="VDOT must be between 10 and 100"):
        training_paces(vdot)
    with pytest.raises(ValueError, match="VDOT must be between 10 and 100"):
        predict_race_seconds(vdot, 5000)


# --- Effective VDOT ------------------------------------------------------------------------------

AS_OF = datetime(2026, 10, 14, 12, tzinfo=UTC)


def run(days_ago: float, distance_m: float, duration: str, **details) -> RunEffort:
    return RunEffort(AS_OF - timedelta(days=days_ago), distance_m, parse_clock(duration), **details)


def test_effective_vdot_is_the_best_qualifying_run_in_the_last_six_weeks():
    race = run(10, 5000, "20:00", race=True)  # VDOT 49.806, computed above
    easy = run(3, 10_000, "1:00:00")  # VDOT 32.3: counts, but lower
    old_race = run(43, 5000, "18:00", race=True)  # outside the six weeks
    future = run(-1, 5000, "18:00", race=True)  # after as_of
    strides = run(1, 800, "2:10")  # shorter than 1 500 m
    car_ride = run(2, 10_000, "10:00")  # VDOT far above 100: a recording error
    result = effective_vdot([easy, old_race, race, future, strides, car_ride], AS_OF)
    assert result is not None
    assert result.run is race
    assert result.vdot == pytest.approx(49.806, abs=1e-3)
    assert result.qualifying_runs == 2  # the race and the easy run


def test_heart_rate_and_perceived_effort_keep_easy_looking_runs_out():
    # 3 km in 11:00 would be VDOT 52.8, but an average of 130 bpm is under 88 % of 190 (167.2 bpm).
    fast_but_easy_hr = run(5, 3000, "11:00", average_hr=130)
    rated_easy = run(6, 3000, "11:00", perceived_effort=5)
    hard_tempo = run(7, 6000, "25:00", average_hr=170)  # 170 ≥ 167.2 bpm
    result = effective_vdot([fast_but_easy_hr, rated_easy, hard_tempo], AS_OF, max_hr=190)
    assert result is not None and result.run is hard_tempo and result.qualifying_runs == 1
    # Without a maximum heart rate the average heart rate says nothing, so the 3 km run counts.
    without_max = effective_vdot([fast_but_easy_hr, hard_tempo], AS_OF)
    assert without_max is not None and without_max.run is fast_but_easy_hr
    assert without_max.vdot == pytest.approx(vdot_from_race(3000, 660))


def test_a_race_or_one_sign_of_a_hard_effort_is_enough():
    assert qualifying_vdot(run(1, 5000, "20:00", race=True, average_hr=120), max_hr=190) is not None
    assert qualifying_vdot(run(1, 5000, "20:00", perceived_effort=9, average_hr=120), max_hr=190) is not None
    assert qualifying_vdot(run(1, 5000, "20:00", perceived_effort=7), max_hr=190) is None


def test_runs_outside_the_durations_do_not_qualify():
    assert qualifying_vdot(run(1, 42_195, "5:30:00")) is None  # longer than 5 hours
    assert qualifying_vdot(run(1, 42_195, "4:59:00")) is not None


def test_equal_vdots_go_to_the_most_recent_run_and_nothing_qualifying_is_none():
    earlier, later = run(20, 5000, "20:00", race=True), run(2, 5000, "20:00", race=True)
    result = effective_vdot([later, earlier], AS_OF)
    assert result is not None and result.run is later
    assert effective_vdot([run(60, 5000, "20:00")], AS_OF) is None
    assert effective_vdot([], AS_OF) is None


@pytest.mark.parametrize(
    ("details", "names"),
    [
        ({"distance_m": 0}, "distance"),
        ({"duration_s": -1}, "moving time"),
        ({"average_hr": 0}, "average heart rate"),
        ({"perceived_effort": 11}, "perceived effort must be 1 to 10"),
    ],
)
def test_an_absurd_run_is_refused(details, names):
    fields = {"started_at": AS_OF, "distance_m": 5000, "duration_s": 1200} | details
    with pytest.raises(ValueError, match=names):
        RunEffort(**fields)


# --- rTSS ----------------------------------------------------------------------------------------


def test_an_hour_at_threshold_pace_is_100():
    # 15 km in 1 h against a 4:00/km threshold: IF = 1; 3600 × (1000/240) × 1 / ((1000/240) × 3600) × 100
    stress = running_stress(3600, 15_000, Pace(240))
    assert stress.intensity_factor == pytest.approx(1)
    assert stress.rtss == pytest.approx(100)
    assert stress.graded is False


def test_rtss_from_average_speed_by_hand():
    # 10 km in 50 min against 4:10/km threshold (4.0 m/s): speed 10000/3000 = 3.3333 m/s,
    # IF = 3.3333 / 4 = 0.83333; rTSS = 3000 × 3.3333 × 0.83333 / (4 × 3600) × 100 = 57.870
    stress = running_stress(3000, 10_000, Pace(250))
    assert stress.intensity_factor == pytest.approx(0.833333, abs=1e-6)
    assert stress.rtss == pytest.approx(57.870, abs=1e-3)


def test_a_normalized_graded_pace_replaces_the_average_speed():
    # Hilly 10 km in 50 min whose NGP is 4:30/km (3.7037 m/s) against 4:10/km (4.0 m/s):
    # IF = 0.92593; rTSS = 3000 × 3.7037 × 0.92593 / 14400 × 100 = 71.445
    stress = running_stress(3000, 10_000, Pace(250), normalized_graded_pace=Pace(270))
    assert stress.intensity_factor == pytest.approx(0.925926, abs=1e-6)
    assert stress.rtss == pytest.approx(71.445, abs=1e-3)
    assert stress.graded is True


def test_rtss_refuses_a_run_without_time_or_distance():
    with pytest.raises(ValueError, match="moving time"):
        running_stress(0, 10_000, Pace(250))
    with pytest.raises(ValueError, match="distance"):
        running_stress(3000, -1, Pace(250))


# --- Pace text and units (knowledge/endurance/pace.py) ---------------------------------------------


def test_clock_text_rounds_to_the_nearest_second_before_splitting():
    assert clock_text(59.6) == "1:00"
    assert clock_text(254.5) == "4:15"  # half a second rounds up
    assert clock_text(3599.5) == "1:00:00"
    assert clock_text(11_449) == "3:10:49"


def test_parse_clock_reads_what_clock_text_writes():
    assert parse_clock("4:15") == 255
    assert parse_clock("3:10:49") == 11_449
    assert parse_clock("75") == 75
    assert parse_clock("1:32.5") == 92.5
    for text in ("4:60", "1:60:00", "", "4:", "a:bc", "1:2:3:4", "-1:00"):
        with pytest.raises(ValueError, match="time"):
            parse_clock(text)


def test_a_pace_per_km_and_per_mile():
    # 4:15/km × 1.609344 = 255 × 1.609344 = 410.38 s = 6:50 per mile
    pace = Pace(255)
    assert pace.seconds_per_mile == pytest.approx(410.38272)
    assert per_mile_to_per_km(per_km_to_per_mile(255)) == pytest.approx(255)
    assert (pace.per_km_text, pace.per_mile_text) == ("4:15", "6:50")
    assert Pace.from_speed(4.0).seconds_per_km == 250
    with pytest.raises(ValueError, match="pace must be a positive"):
        Pace(0)
    with pytest.raises(ValueError, match="speed must be a positive"):
        Pace.from_speed(-1)
