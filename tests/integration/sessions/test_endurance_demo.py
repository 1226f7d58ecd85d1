"""The demo season ``make run`` gives the demo account (services/sessions/endurance/demo.py and
services/training/demo.py), on SQLite and PostgreSQL: real figures, and a second start adds nothing."""

from __future__ import annotations

import math
from datetime import date

from kinetic.storage import upgrade
from services.sessions.bootstrap import MIGRATIONS
from services.sessions.endurance.activity_files.demo_season import (
    FTP_W,
    demo_readiness,
    demo_season,
    season_start,
)
from services.sessions.endurance.bootstrap import build_endurance
from services.sessions.endurance.demo import ensure_demo_endurance
from services.training.bootstrap import prepare
from services.training.demo import DEMO_WORKOUTS, ensure_demo_workouts

ACCOUNT = "demo-endurance-account"
TODAY = date(2026, 12, 1)


def test_the_demo_season_is_stored_with_figures_once(engines) -> None:
    engine = engines("sessions")
    upgrade(engine, MIGRATIONS)
    module = build_endurance(engine)
    expected = sum(1 for _ in demo_season(TODAY))

    first = ensure_demo_endurance(module, ACCOUNT, TODAY)
    again = ensure_demo_endurance(module, ACCOUNT, TODAY)

    assert (first.activities, first.thresholds, first.readiness_days) == (
        expected,
        6,
        sum(1 for _ in demo_readiness(TODAY)),
    )
    assert (again.activities, again.thresholds, again.readiness_days) == (0, 0, 0)
    page = module.queries.list(ACCOUNT, None, None, [], 500, "")
    assert len(page.activities) == expected
    rides = [a for a in page.activities if a.values.sport == "ride"]
    ride = module.queries.get(ACCOUNT, rides[0].activity_id, include_streams=True)
    assert ride.activity.figures.ftp_w == FTP_W, "the season's thresholds were in force on its first day"
    assert ride.activity.figures.power_points and ride.activity.figures.heart_rate_zones
    assert ride.streams is not None and not math.isnan(ride.streams.power_w[60])


def test_a_readiness_day_the_person_changed_is_kept(sqlite_engines) -> None:
    engine = sqlite_engines("sessions")
    upgrade(engine, MIGRATIONS)
    module = build_endurance(engine)
    first_day = season_start(TODAY).isoformat()
    module.readiness.record(ACCOUNT, first_day, {"sleep_hours": 4.0})

    ensure_demo_endurance(module, ACCOUNT, TODAY)

    [entry] = module.readiness.list(ACCOUNT, first_day, first_day)
    assert entry.values == {"sleep_hours": 4.0}


def test_the_demo_planned_workouts_are_created_once_with_their_endurance_part(engines) -> None:
    app = prepare(engines("training"))
    created = [ensure_demo_workouts(app, ACCOUNT) for _ in range(2)]
    assert created == [len(DEMO_WORKOUTS), 0]
    page = app.library.workouts(ACCOUNT, workout_ids=[])
    by_name = {w.content.name: w for w in page.workouts}
    assert set(by_name) == {name for name, *_ in DEMO_WORKOUTS}
    assert by_name["Sweet-spot ride"].content.endurance is not None
    long_run = by_name["Long run"].content.endurance
    assert long_run is not None and long_run.sport == "run"
