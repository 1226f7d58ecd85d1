"""``GET /training``: "Your training", the signed-in athlete's figures on one page (decision 0117).

Fitness, fatigue and form over 90 days or a year, weekly volume by sport, the last ten activities
with their stress and the method that gave it, strength records with e1RM, the power curve and the
active plan's next seven days. Signed in as on ``/account`` (the same session cookie; the page has
no form, so no CSRF token). After the session and the account (its time zone, week start and
distance unit), the five reads go out at once, each with the edge's read deadline (the guarded
stubs); a section whose read fails says so and the others still show. Charts are inline SVG from
``edge.svg_chart``, each with a table of its numbers.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import grpc
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from edge.account_zone import today_in_zone, zone_of
from edge.oauth.backend import BackendUnavailable, call
from edge.oauth.render import EMPTY, Safe, escape, join, page
from edge.oauth.security import apply_security_headers
from edge.oauth.session import PageBase, unavailable_page
from edge.svg_chart import Bars, Chart, Line, draw
from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc, endurance_pb2, endurance_pb2_grpc
from kinetic.auth.v1 import auth_pb2
from kinetic.errors import RemoteError
from kinetic.proto_enums import word_of
from kinetic.training.v1 import endurance_plans_pb2, endurance_plans_pb2_grpc

PATH = "/training"
RANGES = {"90d": 90, "year": 365}
DEFAULT_RANGE = "90d"
RANGE_WORDS = {"90d": "Last 90 days", "year": "Last year"}
LAST_ACTIVITIES = 10
PLAN_DAYS = 7
# The power curve and the activity list look back a year whatever the chart shows: a ride or a
# lift from four months ago is still the athlete's best or latest.
LOOKBACK_DAYS = 365
SPORTS = {"run": "Run", "ride": "Ride", "swim": "Swim", "strength": "Strength", "other": "Other"}
SPORT_COLOURS = {
    "run": "#d9480f",
    "ride": "#1a56db",
    "swim": "#0b7285",
    "strength": "#6741d9",
    "other": "#5c677d",
}
LOAD_COLOURS = {"ctl": "#1a56db", "atl": "#c2255c", "tsb": "#2b8a3e"}
# analytics' stress_method values in words: which score, from what (decisions 0051, 0052).
STRESS_METHODS = {
    "power": "Power: TSS from normalized power and FTP",
    "pace": "Pace: rTSS from threshold pace",
    "heart_rate": "Heart rate: hrTSS from TRIMP",
    "swim": "Swim: sTSS from critical swim speed",
    "rpe": "Estimated from perceived exertion (RPE)",
    "none": "None: no threshold or effort to compute it from",
}
UPLOAD_HINT = (
    "Upload your FIT, TCX or GPX files on your account page, send them to "
    "POST /api/endurance/activities/imports with a personal API key, or connect an assistant that "
    "records activities."
)
UNREADABLE = "This could not be read right now; reload the page shortly."
_M_PER_MILE = 1609.344
# A figure not known, in a table cell.
NONE = "\N{EN DASH}"


@dataclass(frozen=True)
class TrainingStubs:
    """The reads the page makes besides auth's: analytics (endurance figures, strength records)
    and training (the active plan)."""

    endurance_analytics: endurance_pb2_grpc.EnduranceAnalyticsServiceStub
    analytics: analytics_pb2_grpc.AnalyticsServiceStub
    endurance_plans: endurance_plans_pb2_grpc.EndurancePlanServiceStub


class _Unreadable:
    """A section's read that failed: the section says so."""


@dataclass
class TrainingPage(PageBase):
    """The handler of ``GET /training``."""

    figures: Callable[[], TrainingStubs] | None = field(default=None)

    async def training(self, request: Request) -> Response:
        """The signed-in athlete's training; the sign-in page (back here after) when signed out."""
        chosen = request.query_params.get("range", DEFAULT_RANGE)
        chosen = chosen if chosen in RANGES else DEFAULT_RANGE
        try:
            session = await self.session(request)
            if session is None:
                back = PATH if chosen == DEFAULT_RANGE else f"{PATH}?range={chosen}"
                response = RedirectResponse(f"/signin?return_to={back}", status_code=303)
                apply_security_headers(response)
                return response
            account = (
                await call(
                    self.backend().auth.GetAccount, auth_pb2.GetAccountRequest(account_id=session.account_id)
                )
            ).account
        except (BackendUnavailable, RemoteError):
            return unavailable_page()
        reads = await self._read(account, chosen)
        return page("Your training", _content(account, chosen, reads), extra_style=STYLE, wide=True)

    async def _read(self, account: auth_pb2.Account, chosen: str) -> Reads:
        zone = zone_of(account)
        today = today_in_zone(zone)
        days = RANGES[chosen]
        first, year_ago = today - timedelta(days=days - 1), today - timedelta(days=LOOKBACK_DAYS - 1)
        if self.figures is None:
            unread = _Unreadable()
            return Reads(today, zone, unread, unread, unread, unread, unread)
        stubs = self.figures()
        account_id = account.account_id
        answers = await asyncio.gather(
            _read(
                stubs.endurance_analytics.GetTrainingLoad,
                endurance_pb2.GetTrainingLoadRequest(
                    account_id=account_id, from_day=str(first), to_day=str(today), time_zone=zone
                ),
            ),
            _read(
                stubs.endurance_analytics.ListActivityStress,
                endurance_pb2.ListActivityStressRequest(
                    account_id=account_id, from_day=str(year_ago), to_day=str(today), time_zone=zone
                ),
            ),
            _read(
                stubs.endurance_analytics.GetPowerCurve,
                endurance_pb2.GetPowerCurveRequest(
                    account_id=account_id, from_day=str(year_ago), to_day=str(today), time_zone=zone
                ),
            ),
            _read(
                stubs.analytics.GetPersonalRecords,
                analytics_pb2.GetPersonalRecordsRequest(account_id=account_id, time_zone=zone),
            ),
            _read(
                stubs.endurance_plans.GetPlan,
                endurance_plans_pb2.GetPlanRequest(
                    account_id=account_id,
                    from_day=str(today),
                    to_day=str(today + timedelta(days=PLAN_DAYS - 1)),
                ),
                none_when=grpc.StatusCode.NOT_FOUND,  # no active plan
            ),
        )
        return Reads(today, zone, *answers)


async def _read(method: Callable[..., Any], request: Any, none_when: grpc.StatusCode | None = None) -> Any:
    """One read's answer, None when the service says there is nothing (``none_when``), or
    ``_Unreadable`` when it fails: one section down does not take the page with it."""
    try:
        return await call(method, request)
    except RemoteError as remote:
        return None if remote.code == none_when else _Unreadable()
    except BackendUnavailable:
        return _Unreadable()


@dataclass(frozen=True)
class Reads:
    """What the page shows, as the services answered (``_Unreadable`` where a read failed)."""

    today: date
    zone: str
    load: Any
    activities: Any
    power: Any
    records: Any
    plan: Any


def _html(template: str, /, **values: object) -> Safe:
    """``template`` (``str.format`` fields) with every value escaped unless ``Safe``."""
    return Safe(template.format(**{key: escape(value) for key, value in values.items()}))


def _card(section_id: str, heading: str, body: Safe, intro: str = "") -> Safe:
    lead = _html('<p class="muted">{intro}</p>', intro=intro) if intro else EMPTY
    return _html(
        '<section class="card" id="{id}" aria-labelledby="{id}-h"><h2 id="{id}-h">{heading}</h2>{lead}{body}'
        "</section>",
        id=section_id,
        heading=heading,
        lead=lead,
        body=body,
    )


def _empty(text: str, link: tuple[str, str] | None = None) -> Safe:
    action = _html(' <a href="{href}">{label}</a>', href=link[0], label=link[1]) if link else EMPTY
    return _html('<p class="empty">{text}{action}</p>', text=text, action=action)


def _table(
    caption: str,
    head: Sequence[str],
    rows: Sequence[Sequence[object]],
    numeric_from: int = 1,
    numeric_to: int | None = None,
    stacked: bool = False,
) -> Safe:
    """A table of the numbers beside a chart, in a labelled region that scrolls sideways on a narrow
    screen instead of the page (and can be focused to scroll it with the keyboard)."""
    heads = join(
        [
            _html('<th scope="col"{cls}>{h}</th>', h=h, cls=_numeric(i, numeric_from, numeric_to))
            for i, h in enumerate(head)
        ]
    )
    body = join(
        [
            Safe(
                "<tr>"
                + "".join(
                    str(_html('<th scope="row">{v}</th>', v=v))
                    if i == 0
                    else str(
                        _html(
                            '<td{cls} data-label="{label}">{v}</td>',
                            v=v,
                            cls=_numeric(i, numeric_from, numeric_to),
                            label=head[i],
                        )
                    )
                    for i, v in enumerate(row)
                )
                + "</tr>"
            )
            for row in rows
        ]
    )
    return _html(
        '<div class="table-scroll" role="region" tabindex="0" aria-label="{caption}"><table{stack}>'
        "<caption>{caption}</caption><thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table></div>",
        stack=Safe(' class="stack"') if stacked else EMPTY,
        caption=caption,
        heads=heads,
        body=body,
    )


def _numeric(index: int, numeric_from: int, numeric_to: int | None) -> Safe:
    """Figures align right: the columns from ``numeric_from`` up to ``numeric_to`` (excluded)."""
    numeric = index >= numeric_from and (numeric_to is None or index < numeric_to)
    return Safe(' class="num"') if numeric else EMPTY


def _legend(items: Sequence[tuple[str, str]], dashed: Sequence[str] = ()) -> Safe:
    """(name, colour key) pairs; a key names a ``.swatch.c-<key>`` rule of STYLE (the CSP allows no
    style attribute)."""
    return Safe(
        '<ul class="legend">'
        + "".join(
            str(
                _html(
                    '<li><span class="swatch c-{key}{dash}"></span>{name}</li>',
                    name=name,
                    key=key,
                    dash=" dashed" if name in dashed else "",
                )
            )
            for name, key in items
        )
        + "</ul>"
    )


def _day(day: str) -> str:
    """``YYYY-MM-DD`` as "Mon 07 Dec"."""
    try:
        return f"{date.fromisoformat(day):%a %d %b}"
    except ValueError:
        return day


def _duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def _number(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


def _distance_unit(account: auth_pb2.Account) -> str:
    if account.distance_unit in ("km", "mi"):
        return account.distance_unit
    return "mi" if account.units == "imperial" else "km"


def _distance(metres: float, unit: str) -> str:
    return f"{metres / (_M_PER_MILE if unit == 'mi' else 1000):.1f} {unit}"


def _content(account: auth_pb2.Account, chosen: str, reads: Reads) -> Safe:
    unit = _distance_unit(account)
    has_activities = not isinstance(reads.activities, _Unreadable) and bool(reads.activities.activities)
    return join(
        [
            _header(account, chosen, reads),
            _load_card(chosen, reads, has_activities),
            _volume_card(account, chosen, reads, unit),
            _activities_card(reads, unit),
            _records_card(reads),
            _power_card(reads),
            _plan_card(reads, unit),
        ]
    )


def _header(account: auth_pb2.Account, chosen: str, reads: Reads) -> Safe:
    switches = join(
        [
            _html(
                '<a class="switch" href="{href}" aria-current="page">{label}</a>',
                href=_href(key),
                label=label,
            )
            if key == chosen
            else _html('<a class="switch" href="{href}">{label}</a>', href=_href(key), label=label)
            for key, label in RANGE_WORDS.items()
        ]
    )
    return _html(
        '<header class="card"><h1>Your training</h1>'
        '<p class="muted">{who} · days in {zone} · today is {today}</p>'
        '<nav class="no-print" aria-label="Range and pages"><span class="switches">{switches}</span> '
        '<a href="/account">Your account</a></nav></header>',
        who=account.email or account.account_id,
        zone=reads.zone,
        today=f"{reads.today:%a %d %b %Y}",
        switches=switches,
    )


def _href(key: str) -> str:
    return PATH if key == DEFAULT_RANGE else f"{PATH}?range={key}"


def _load_card(chosen: str, reads: Reads, has_activities: bool) -> Safe:
    heading = "Fitness, fatigue and form"
    intro = (
        "Fitness (CTL) is your 42-day training load, fatigue (ATL) your 7-day load, form (TSB) "
        "fitness minus fatigue going into the day: TSS points per day."
    )
    if isinstance(reads.load, _Unreadable):
        return _card("load", heading, _empty(UNREADABLE))
    days = list(reads.load.combined)
    if not has_activities and not any(day.ctl or day.atl for day in days):
        return _card(
            "load", heading, _empty("No activities yet. " + UPLOAD_HINT, ("/account", "Your account"))
        )
    labels = [f"{date.fromisoformat(day.day):%d %b}" for day in days]
    chart = draw(
        Chart(
            chart_id="load-chart",
            title=f"{heading}, {RANGE_WORDS[chosen].lower()}",
            description=f"{len(days)} days from {days[0].day} to {days[-1].day}; lines: fitness (CTL), "
            "fatigue (ATL) and form (TSB) in TSS per day. The table below gives them week by week.",
            labels=labels,
            unit="TSS/day",
            lines=[
                Line("Fitness (CTL)", [day.ctl for day in days], LOAD_COLOURS["ctl"]),
                Line("Fatigue (ATL)", [day.atl for day in days], LOAD_COLOURS["atl"]),
                Line("Form (TSB)", [day.tsb for day in days], LOAD_COLOURS["tsb"], dashed=True),
            ],
            label_every=max(1, len(days) // 4),
        )
    )
    last = days[-1]
    now = _html(
        '<p class="now"><span>Fitness <strong>{ctl}</strong></span> '
        "<span>Fatigue <strong>{atl}</strong></span> <span>Form <strong>{tsb}</strong></span></p>",
        ctl=_number(last.ctl),
        atl=_number(last.atl),
        tsb=_number(last.tsb),
    )
    legend = _legend(
        [("Fitness (CTL)", "ctl"), ("Fatigue (ATL)", "atl"), ("Form (TSB)", "tsb")],
        dashed=["Form (TSB)"],
    )
    # Every 7th day ending today: a screen reader reads a week per row, not 365 rows.
    weekly = list(reversed(days[::-7]))
    table = _table(
        "Fitness, fatigue and form, every 7th day up to today",
        ("Day", "Fitness (CTL)", "Fatigue (ATL)", "Form (TSB)", "Stress that day"),
        [(_day(d.day), _number(d.ctl), _number(d.atl), _number(d.tsb), _number(d.stress)) for d in weekly],
    )
    return _card("load", heading, join([now, chart, legend, table]), intro)


def _week_start(day: date, first_weekday: int) -> date:
    """The first day of ``day``'s week, weeks starting on ISO weekday ``first_weekday`` (1 = Monday)."""
    return day - timedelta(days=(day.isoweekday() - (first_weekday or 1)) % 7)


def _volume_card(account: auth_pb2.Account, chosen: str, reads: Reads, unit: str) -> Safe:
    heading = "Weekly volume by sport"
    if isinstance(reads.activities, _Unreadable):
        return _card("volume", heading, _empty(UNREADABLE))
    first = reads.today - timedelta(days=RANGES[chosen] - 1)
    starts: list[date] = []
    week = _week_start(first, account.first_weekday)
    while week <= reads.today:
        starts.append(week)
        week += timedelta(days=7)
    hours: dict[str, list[float]] = {sport: [0.0] * len(starts) for sport in SPORTS}
    distance = [0.0] * len(starts)
    for activity in reads.activities.activities:
        day = date.fromisoformat(activity.day)
        if day < starts[0]:
            continue
        index = (day - starts[0]).days // 7
        sport = activity.sport if activity.sport in SPORTS else "other"
        hours[sport][index] += activity.duration_s / 3600
        distance[index] += activity.distance_m if activity.HasField("distance_m") else 0.0
    present = [sport for sport in SPORTS if any(hours[sport])]
    if not present:
        return _card(
            "volume", heading, _empty(f"No activities in the {RANGE_WORDS[chosen].lower()}. " + UPLOAD_HINT)
        )
    labels = [f"{start:%d %b}" for start in starts]
    chart = draw(
        Chart(
            chart_id="volume-chart",
            title=f"{heading}, {RANGE_WORDS[chosen].lower()}",
            description=f"{len(starts)} weeks from {starts[0]}; stacked bars: hours per week of "
            + ", ".join(SPORTS[s].lower() for s in present)
            + ". The table below gives the hours.",
            labels=labels,
            unit="hours",
            bars=[
                Bars(
                    SPORTS[sport],
                    hours[sport],
                    SPORT_COLOURS[sport],
                    titles=[
                        f"Week of {label}: {SPORTS[sport]} {_number(h)} h"
                        for label, h in zip(labels, hours[sport], strict=True)
                    ],
                )
                for sport in present
            ],
        )
    )
    rows = [
        (
            f"{start:%d %b %Y}",
            *(_number(hours[sport][i]) for sport in present),
            _number(sum(hours[sport][i] for sport in present)),
            _distance(distance[i], unit),
        )
        for i, start in enumerate(starts)
    ]
    table = _table(
        "Hours per week by sport",
        ("Week of", *(SPORTS[s] for s in present), "Total hours", "Distance"),
        list(reversed(rows)),
    )
    legend = _legend([(SPORTS[s], s) for s in present])
    return _card(
        "volume", heading, join([chart, legend, table]), "Hours of training per week, stacked by sport."
    )


def _activities_card(reads: Reads, unit: str) -> Safe:
    heading = "Last 10 activities"
    if isinstance(reads.activities, _Unreadable):
        return _card("activities", heading, _empty(UNREADABLE))
    latest = list(reversed(reads.activities.activities))[:LAST_ACTIVITIES]
    if not latest:
        return _card("activities", heading, _empty("No activity in the last year. " + UPLOAD_HINT))
    rows = []
    for activity in latest:
        name = activity.name or ("(name withheld by the provider)" if activity.external_provider else "")
        method = STRESS_METHODS.get(activity.stress_method, activity.stress_method or "not given")
        if activity.implausible_figures:
            method += " · " + " ".join(figure.reason for figure in activity.implausible_figures)
        stress = _number(activity.tss) if activity.tss else NONE
        if activity.HasField("intensity_factor"):
            stress += f" (IF {activity.intensity_factor:.2f})"
        rows.append(
            (
                _day(activity.day),
                f"{SPORTS.get(activity.sport, activity.sport)}{' · ' + name if name else ''}",
                _duration(activity.duration_s),
                _distance(activity.distance_m, unit) if activity.HasField("distance_m") else NONE,
                stress,
                method,
            )
        )
    table = _table(
        "Your latest activities, newest first",
        ("Day", "Activity", "Time", "Distance", "Stress", "How"),
        rows,
        2,
        5,
        stacked=True,
    )
    return _card(
        "activities", heading, table, "Training stress (TSS points) of each, and the method that computed it."
    )


def _records_card(reads: Reads) -> Safe:
    heading = "Strength records"
    if isinstance(reads.records, _Unreadable):
        return _card("records", heading, _empty(UNREADABLE))
    exercises = [e for e in reads.records.exercises if e.HasField("estimated_one_rep_max")]
    if not exercises:
        return _card(
            "records",
            heading,
            _empty(
                "No strength sets logged yet. Log workouts with a connected assistant, or import a Strong or "
                "Hevy CSV export on your account page.",
                ("/account", "Your account"),
            ),
        )
    exercises.sort(key=lambda e: -e.estimated_one_rep_max.value)
    formula = reads.records.formula.capitalize() or "Epley"
    rows = [
        (
            e.exercise_name or e.exercise_id,
            f"{_number(e.estimated_one_rep_max.value)} kg",
            _set_text(e.estimated_one_rep_max.set),
            f"{_number(e.heaviest_load.value)} kg" if e.HasField("heaviest_load") else NONE,
            _day(e.estimated_one_rep_max.set.day),
        )
        for e in exercises
    ]
    table = _table(
        f"Estimated one-rep max ({formula}) per exercise",
        ("Exercise", "e1RM", "From the set", "Heaviest load", "On"),
        rows,
        stacked=True,
    )
    return _card(
        "records", heading, table, f"e1RM: the one-rep max a set's load and reps give ({formula}'s formula)."
    )


def _set_text(logged: analytics_pb2.SetReference) -> str:
    return f"{_number(logged.weight_kg)} kg × {_number(logged.reps)}"


def _duration_label(seconds: int) -> str:
    return f"{seconds} s" if seconds < 60 else f"{seconds // 60} min"


def _power_card(reads: Reads) -> Safe:
    heading = "Power curve"
    if isinstance(reads.power, _Unreadable):
        return _card("power", heading, _empty(UNREADABLE))
    points = list(reads.power.points)
    if not points:
        return _card(
            "power",
            heading,
            _empty("No ride with power in the last year. Upload a FIT file from a power meter."),
        )
    labels = [_duration_label(p.duration_s) for p in points]
    chart = draw(
        Chart(
            chart_id="power-chart",
            title="Power curve, last year",
            description=f"Best average power for {len(points)} durations from {labels[0]} to {labels[-1]}; "
            "solid line: the last year, dashed line: all time. The table below gives the watts.",
            labels=labels,
            unit="W",
            lines=[
                Line("Last year", [p.watts for p in points], SPORT_COLOURS["ride"], dots=True),
                Line("All time", [p.all_time_peak_watts for p in points], "#5c677d", dashed=True),
            ],
        )
    )
    eftp = (
        _html(
            '<p class="now"><span>eFTP <strong>{w} W</strong> (from the {d} power)</span></p>',
            w=_number(reads.power.eftp_w),
            d=_duration_label(reads.power.eftp_from_duration_s),
        )
        if reads.power.HasField("eftp_w")
        else EMPTY
    )
    table = _table(
        "Best average power by duration",
        ("Duration", "Last year", "W/kg", "All time"),
        [
            (
                label,
                f"{_number(p.watts)} W",
                f"{p.watts_per_kg:.2f}" if p.HasField("watts_per_kg") else NONE,
                f"{_number(p.all_time_peak_watts)} W",
            )
            for label, p in zip(labels, points, strict=True)
        ],
    )
    legend = _legend([("Last year", "ride"), ("All time", "other")], dashed=["All time"])
    return _card(
        "power", heading, join([eftp, chart, legend, table]), "Your best average power over each duration."
    )


def _plan_card(reads: Reads, unit: str) -> Safe:
    heading = "Your plan: the next 7 days"
    if isinstance(reads.plan, _Unreadable):
        return _card("plan", heading, _empty(UNREADABLE))
    if reads.plan is None:
        return _card(
            "plan",
            heading,
            _empty(
                "No active plan. Ask a connected assistant (RunFlow) to build one for your race, "
                "and its next seven days show here."
            ),
        )
    goal = reads.plan.goal
    by_day: dict[str, list[Any]] = {}
    for workout in reads.plan.workouts:
        by_day.setdefault(workout.scheduled_date, []).append(workout)
    items = []
    for offset in range(PLAN_DAYS):
        day = str(reads.today + timedelta(days=offset))
        workouts = by_day.get(day, [])
        what = (
            join([_plan_workout(w, unit) for w in workouts])
            if workouts
            else Safe('<span class="rest">Rest</span>')
        )
        items.append(
            _html(
                '<li><span class="day">{day}</span><span class="what">{what}</span></li>',
                day="Today" if offset == 0 else _day(day),
                what=what,
            )
        )
    race = f" · race {_day(goal.race_date)}" if goal.race_date else ""
    return _card(
        "plan",
        heading,
        _html('<ol class="days">{items}</ol>', items=join(items)),
        f"{goal.name}{race}",
    )


def _plan_workout(workout: Any, unit: str) -> Safe:
    target = workout.endurance
    sport = word_of(target, "sport")  # the twin, else the string (decision 0129)
    figures = [SPORTS.get(sport, sport or "Other")]
    if target.HasField("planned_duration_seconds"):
        figures.append(_duration(target.planned_duration_seconds))
    if target.HasField("planned_distance_meters"):
        figures.append(_distance(target.planned_distance_meters, unit))
    if target.HasField("planned_tss"):
        figures.append(f"TSS {_number(target.planned_tss)}")
    if workout.completed:
        figures.append("done")
    return _html(
        '<span class="workout"><strong>{name}</strong> <span class="muted">{figures}</span></span>',
        name=workout.name,
        figures=" · ".join(figures),
    )


_SWATCHES = "".join(
    f"  .swatch.c-{key} {{ background: {colour}; }}\n"
    f"  .swatch.c-{key}.dashed {{ background: "
    f"repeating-linear-gradient(90deg, {colour} 0 6px, transparent 6px 9px); }}\n"
    for key, colour in {**SPORT_COLOURS, **LOAD_COLOURS}.items()
)
STYLE = Safe(
    _SWATCHES
    + """
  main.wide { max-width: 60rem; }
  .chart { display: block; width: 100%; height: auto; margin: .5rem 0; }
  .chart .grid { stroke: #e6e8eb; stroke-width: 1; }
  .chart .zero { stroke: #9aa3ad; stroke-width: 1; }
  .chart .axis { font-size: 16px; fill: #58616b; }
  /* A 640-unit chart on a phone is drawn at about half size: larger figures stay readable. */
  @media (max-width: 40rem) { .chart .axis { font-size: 24px; } }
  .legend { display: flex; flex-wrap: wrap; gap: .25rem 1rem; font-size: .9rem; color: #3d4650;
            list-style: none; padding: 0; margin: .25rem 0 .75rem; }
  .swatch { display: inline-block; width: 1rem; height: .3rem; border-radius: 2px; margin-right: .35rem;
            vertical-align: 3px; }
  .now { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; margin: .25rem 0; }
  .switches { display: inline-flex; gap: .5rem; margin-right: 1rem; }
  .switch { display: inline-block; padding: .45rem .8rem; border-radius: 10px; background: #e6e8eb;
            color: #1b1f24; text-decoration: none; font-weight: 600; min-height: 44px; line-height: 1.9; }
  .switch[aria-current] { background: #1a56db; color: #fff; }
  nav { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; }
  .table-scroll { overflow-x: auto; margin-top: .5rem; }
  .table-scroll table { border-collapse: collapse; width: 100%; font-size: .92rem; }
  caption { text-align: left; font-weight: 600; padding: .25rem 0; }
  th, td { text-align: left; padding: .35rem .5rem .35rem 0; border-top: 1px solid #e6e8eb;
           vertical-align: top; }
  th[scope=row] { font-weight: 400; white-space: nowrap; }
  .num { text-align: right; white-space: nowrap; }
  /* On a phone a wide table of words (activities, records) becomes one block per row, each figure
     after its column's name; the tables of figures scroll sideways in their region instead. */
  @media (max-width: 40rem) {
    table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    table.stack tr { display: block; border-top: 1px solid #e6e8eb; padding: .4rem 0; }
    table.stack th[scope=row], table.stack td { display: block; border: 0; padding: .1rem 0;
                                                text-align: left; white-space: normal; }
    table.stack th[scope=row] { font-weight: 600; }
    table.stack td::before { content: attr(data-label) ": "; color: #58616b; }
  }
  .empty { background: #f4f5f7; border-radius: 10px; padding: .75rem; margin: 0; }
  ol.days { list-style: none; padding: 0; margin: 0; }
  ol.days li { border-top: 1px solid #e6e8eb; padding: .5rem 0; display: grid;
               grid-template-columns: 7.5rem 1fr; gap: .5rem; }
  ol.days .day { font-weight: 600; }
  .workout { display: block; }
  .rest { color: #58616b; }
  @media print {
    body { background: #fff; font-size: 10.5pt; }
    main.wide { max-width: none; padding: 0; }
    .card { box-shadow: none; border: 1px solid #ccc; border-radius: 6px; break-inside: avoid; }
    .no-print { display: none !important; }
    .table-scroll { overflow: visible; }
    a { color: inherit; text-decoration: none; }
  }
"""
)
