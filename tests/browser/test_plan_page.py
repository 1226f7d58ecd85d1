"""The exported plan's page in headless Chromium at phone and desktop widths: screenshots, no sideways
scrolling, one column on a phone and two on a desktop, the chart drawn with a bar per week, the print
layout without buttons, no CSP violation, and the calendar download parsed back (decision 0066)."""

from __future__ import annotations

import struct
from pathlib import Path

import icalendar
import pytest
from playwright.async_api import Browser, ConsoleMessage, Page

from tests.browser.conftest import WAIT_MS
from tests.integration.edge.plangen_calls import HALF, public_edge

VIEWPORTS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}


@pytest.fixture
async def exported():
    """A running edge and the link its export_plan_url answered, with the plan it stands for."""
    async with public_edge() as edge:
        link = await edge.call("export_plan_url", {**HALF, "daysPerWeek": 5})
        plan = await edge.call("generate_running_plan", {**HALF, "daysPerWeek": 5})
        yield link, plan


def png_size(shot: bytes) -> tuple[int, int]:
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", shot[16:24])
    return width, height


async def open_page(browser: Browser, url: str, device: str) -> tuple[Page, list[str]]:
    context = await browser.new_context(**VIEWPORTS[device], accept_downloads=True)  # type: ignore[arg-type]
    context.set_default_timeout(WAIT_MS)
    page = await context.new_page()
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            problems.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(str(error)))
    response = await page.goto(url)
    assert response is not None and response.status == 200
    return page, problems


@pytest.mark.parametrize("device", ["phone", "desktop"])
async def test_the_plan_page_at_phone_and_desktop_widths(browser: Browser, exported, device, tmp_path: Path):
    link, plan = exported
    page, problems = await open_page(browser, link["url"], device)
    width = VIEWPORTS[device]["viewport"]["width"]  # type: ignore[index]

    await page.get_by_role("heading", name="Half marathon plan", exact=False).wait_for()
    shot = await page.screenshot(full_page=True, path=str(tmp_path / f"plan-{device}.png"))
    shot_width, shot_height = png_size(shot)
    assert shot_width == width and shot_height > 2000  # the whole plan, not one screen of it
    assert len(shot) > 50_000  # drawn, not blank

    assert await page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
    assert await page.locator("svg.chart rect").count() == len(plan["weeks"])
    chart = await page.locator("svg.chart").bounding_box()
    main = await page.locator("main").bounding_box()
    assert chart is not None and main is not None
    assert chart["width"] > main["width"] * 0.85 and chart["height"] > 100  # as wide as the page lets it
    weeks = page.locator("section.week")
    assert await weeks.count() == len(plan["weeks"])
    columns = {round((await weeks.nth(n).bounding_box() or {"x": -1})["x"]) for n in range(4)}
    assert len(columns) == (1 if device == "phone" else 2)
    first_workout = plan["workouts"][0]["name"]
    assert await page.get_by_text(first_workout).first.is_visible()
    # Readable without zooming: the body text is at least 14 CSS pixels.
    assert await page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 14

    await page.emulate_media(media="print")
    assert not await page.locator(".actions").is_visible()
    assert await page.locator("svg.chart").is_visible()
    assert problems == []  # no CSP violation, no script error
    await page.context.close()


async def test_the_calendar_button_downloads_one_event_per_workout(
    browser: Browser, exported, tmp_path: Path
) -> None:
    link, plan = exported
    page, problems = await open_page(browser, link["url"], "desktop")

    async with page.expect_download() as downloading:
        await page.get_by_role("link", name="Add to calendar (.ics)").click()
    download = await downloading.value
    saved = tmp_path / download.suggested_filename
    await download.save_as(saved)

    assert saved.name == f"kinetic-half_marathon-{HALF['raceDate']}.ics"
    calendar = icalendar.Calendar.from_ical(saved.read_bytes())
    events = calendar.walk("VEVENT")
    assert [event.decoded("DTSTART").isoformat() for event in events] == [w["date"] for w in plan["workouts"]]
    assert [str(event["SUMMARY"]) for event in events] == [w["name"] for w in plan["workouts"]]
    assert problems == []
    await page.context.close()
