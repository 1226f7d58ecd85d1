"""The plan page: the plan week by week, readable on a phone and printable (decision 0066).

Plain HTML and CSS on the edge's escaping helpers (``edge.oauth.render``): every value is escaped
unless built from escaped parts. One column on a phone, two from 48rem, two compact columns on
paper with the buttons hidden. The only script prints the page, under the response's CSP nonce.
Nothing on the page is personal: it shows what the link's inputs make.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import cache
from pathlib import Path
from string import Template

from starlette.responses import HTMLResponse

from edge.oauth.render import Safe, escape, join
from edge.oauth.security import apply_security_headers, new_nonce
from edge.profiles.runflow_public.chart import weekly_chart
from edge.profiles.runflow_public.plan_view import GeneratedPlan, PaceTarget, WeekSummary, Workout
from knowledge.endurance.pace import clock_text

TEMPLATE = Path(__file__).parent / "templates" / "plan.html"
PHASE_NAMES = {"base": "Base", "build": "Build", "peak": "Peak", "taper": "Taper"}


@cache
def _layout() -> Template:
    return Template(TEMPLATE.read_text(encoding="utf-8"))


def _html(template: str, /, **values: object) -> Safe:
    """``template`` (``str.format`` fields) with every value escaped unless ``Safe``."""
    return Safe(template.format(**{key: escape(value) for key, value in values.items()}))


def event_title(plan: GeneratedPlan) -> str:
    """The event's name as a heading starts ("half marathon" -> "Half marathon")."""
    name = plan.event.name
    return name[:1].upper() + name[1:]


def _km(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0") + " km"


def _pace(target: PaceTarget) -> str:
    return f"{clock_text(target.low_s_per_km)}-{clock_text(target.high_s_per_km)} /km"


def _facts(plan: GeneratedPlan) -> Safe:
    race = plan.race
    source = "a recent race" if plan.vdot_source == "recent_race" else "an estimate from weekly volume"
    facts = [
        ("Race day", f"{plan.race_day:%a %d %b %Y}"),
        ("Plan starts", f"{plan.first_day:%a %d %b %Y}"),
        ("Weeks", str(len(plan.weeks))),
        ("Runs a week", str(plan.request.days_per_week)),
        ("Expected race", f"{clock_text(race.duration_s)} for {_km(race.distance_m / 1000)}"),
        ("VDOT", f"{plan.vdot:.1f} ({source})"),
    ]
    items = [_html("<div><dt>{name}</dt><dd>{value}</dd></div>", name=n, value=v) for n, v in facts]
    return Safe(f'<dl class="facts">{join(items)}</dl>')


def _paces(plan: GeneratedPlan) -> Safe:
    paces = plan.paces
    rows = [
        ("Easy (E)", paces.easy),
        ("Marathon (M)", paces.marathon),
        ("Threshold (T)", paces.threshold),
        ("Interval (I)", paces.interval),
        ("Repetition (R)", paces.repetition),
    ]
    body = join([_html("<tr><th>{zone}</th><td>{pace}</td></tr>", zone=z, pace=_pace(t)) for z, t in rows])
    return Safe(f'<section class="card"><h2>Paces</h2><table class="paces">{body}</table></section>')


def _workout(workout: Workout) -> Safe:
    figures = _km(workout.distance_m / 1000)
    if workout.duration_s is not None:
        figures += f" · about {clock_text(workout.duration_s)}"
    figures += f" · TSS {workout.planned_tss:g}"
    return _html(
        '<li class="type-{kind}"><span class="day">{day}</span><span class="workout-name">{name}</span>'
        '<span class="workout-detail">{figures}</span><span class="workout-detail">{description}</span></li>',
        kind=workout.workout_type,
        day=f"{workout.day:%a %d}",
        name=workout.name,
        figures=figures,
        description=workout.description,
    )


def _week(number: int, week: WeekSummary, workouts: list[Workout]) -> Safe:
    heading = _html(
        "<h2>Week {number} · {monday}</h2>"
        '<p class="summary muted"><span class="phase">{phase}</span> '
        "{km} · long run {long} · TSS {tss}{cut}</p>",
        number=number,
        monday=f"{week.week_start:%d %b}",
        phase=PHASE_NAMES.get(week.phase, week.phase),
        km=_km(week.planned_km),
        long=_km(week.long_run_km),
        tss=f"{week.planned_tss:g}",
        cut=" · recovery week" if week.cutback else "",
    )
    days = join([_workout(workout) for workout in workouts])
    return Safe(f'<section class="card week">{heading}<ol class="days">{days}</ol></section>')


def _weeks(plan: GeneratedPlan) -> Safe:
    by_week: dict[date, list[Workout]] = {week.week_start: [] for week in plan.weeks}
    mondays = sorted(by_week)
    for workout in plan.workouts:
        monday = max(m for m in mondays if m <= workout.day)
        by_week[monday].append(workout)
    sections = [_week(n, week, by_week[week.week_start]) for n, week in enumerate(plan.weeks, start=1)]
    return Safe(f'<div class="weeks">{join(sections)}</div>')


def _legend() -> Safe:
    phases = "".join(
        f'<li><span class="swatch {key}"></span>{name}</li>' for key, name in PHASE_NAMES.items()
    )
    return Safe(f'<ul class="legend">{phases}<li><span class="swatch long"></span>Long run</li></ul>')


def plan_page(plan: GeneratedPlan, calendar_href: str, expires_at: datetime) -> HTMLResponse:
    """The page for ``plan``; ``calendar_href`` is the iCalendar file's path."""
    nonce = new_nonce()
    return page_response(plan_page_html(plan, calendar_href, expires_at, nonce), nonce)


def page_response(html: str | bytes, nonce: str) -> HTMLResponse:
    """``html`` (rendered with ``nonce``) as the page's response, with the CSP that names the nonce."""
    response = HTMLResponse(html)
    apply_security_headers(response, nonce)
    return response


def plan_page_html(plan: GeneratedPlan, calendar_href: str, expires_at: datetime, nonce: str) -> str:
    """The page's HTML, its inline script and style under ``nonce`` (the plan page cache renders it
    once with a stand-in and puts each response's own nonce in; decision 0068)."""
    title = f"{event_title(plan)} plan"
    header = _html(
        '<header class="card"><p class="muted">Kinetic RunFlow · training plan</p>'
        "<h1>{title} · race {race}</h1>",
        title=title,
        race=f"{plan.race_day:%d %b %Y}",
    )
    actions = _html(
        '<div class="actions"><a class="button" href="{ics}" download="plan.ics">Add to calendar (.ics)</a>'
        '<button class="button secondary" type="button" id="print">Print</button></div>'
        '<p class="muted no-print">This link works until {expires} UTC. It holds only the plan\'s inputs.</p>'
        "</header>",
        ics=calendar_href,
        expires=f"{expires_at:%d %b %Y %H:%M}",
    )
    chart = Safe(
        '<section class="card chart-card"><h2>Weekly volume and long run</h2>'
        '<p class="muted">Kilometres per week, week 1 on the left; the line is the week\'s long run.</p>'
        f"{weekly_chart(plan.weeks)}{_legend()}</section>"
    )
    phases = join(
        [
            _html(
                "<li><strong>{name}</strong> {start} to {end}: {focus}</li>",
                name=PHASE_NAMES.get(p.name, p.name),
                start=f"{p.start:%d %b}",
                end=f"{p.end:%d %b}",
                focus=p.focus,
            )
            for p in plan.phases
        ]
    )
    footer = Safe(
        '<footer class="muted">General training guidance, not medical advice: for pain, injury or '
        "illness, see a medical professional.</footer>"
    )
    content = join(
        [
            header,
            _facts(plan),
            actions,
            chart,
            Safe(f'<section class="card"><h2>Phases</h2><ul>{phases}</ul></section>'),
            _paces(plan),
            _weeks(plan),
            footer,
        ]
    )
    script = Safe(
        f'<script nonce="{escape(nonce)}">document.getElementById("print")'
        '.addEventListener("click", function () { window.print(); });</script>'
    )
    return _layout().substitute(title=escape(title), nonce=escape(nonce), content=content, script=script)
