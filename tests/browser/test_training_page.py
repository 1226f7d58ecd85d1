"""``/training`` in headless Chromium: signed in from the account page's link, an account with
activities, strength sets and an active plan sees the fitness chart, weekly volume, its latest
activities with how their stress was computed, records, power curve and the plan's next seven days,
at phone and desktop widths; switching to a year redraws the chart over 365 days (decision 0117).

Screenshots go to the test's temporary directory, or to KINETIC_SCREENSHOTS when it is set (to look
at them)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect

from tests.browser.conftest import WAIT_MS
from tests.browser.training_data import PLAN_NAME, full_stack, seed_training
from tests.integration.edge.conftest import Stack
from tests.integration.oauth_edge.stack import EMAIL, PASSWORD

__all__ = ["full_stack"]

VIEWPORTS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}


async def signed_in_page(browser: Browser, stack: Stack, device: str) -> Page:
    context = await browser.new_context(**VIEWPORTS[device])  # type: ignore[arg-type]
    context.set_default_timeout(WAIT_MS)
    page = await context.new_page()
    await page.goto(stack.base_url + "/account")
    await page.get_by_label("Email").fill(EMAIL)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Sign in").click()
    await expect(page.get_by_role("heading", name="Your Kinetic account")).to_be_visible()
    return page


def shots_dir(tmp_path: Path) -> Path:
    chosen = os.environ.get("KINETIC_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("device", ["phone", "desktop"])
async def test_your_training_shows_the_chart_and_tables(
    full_stack: Stack, browser: Browser, device: str, tmp_path: Path
) -> None:
    seeded = await seed_training(full_stack, full_stack.account_id)
    page = await signed_in_page(browser, full_stack, device)
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)

    await page.get_by_role("link", name="Your training").click()
    await expect(page.get_by_role("heading", name="Your training", level=1)).to_be_visible()
    assert page.url == full_stack.base_url + "/training"

    # The fitness chart: three lines over 90 days, named for screen readers, as wide as the card.
    load = page.get_by_role("img", name="Fitness, fatigue and form, last 90 days")
    await expect(load).to_be_visible()
    assert await page.locator("#load-chart polyline").count() == 3
    box, card = await load.bounding_box(), await page.locator("#load").bounding_box()
    assert box is not None and card is not None and box["width"] > card["width"] * 0.8
    load_rows = page.locator("#load table tbody tr")
    assert await load_rows.count() == 13  # every 7th day of 90, today's included
    fitness = await load_rows.last.locator("td").first.inner_text()
    assert float(fitness) > 0  # today's fitness, after six weeks of training

    # Weekly volume: stacked bars of runs and rides.
    await expect(page.get_by_role("img", name="Weekly volume by sport, last 90 days")).to_be_visible()
    assert await page.locator("#volume-chart rect").count() >= 2 * 6
    await expect(page.locator("#volume thead")).to_contain_text("Run")
    await expect(page.locator("#volume thead")).to_contain_text("Ride")

    # The last ten activities, newest first, each saying how its stress was computed.
    activity_rows = page.locator("#activities tbody tr")
    assert await activity_rows.count() == 10
    methods = await page.locator("#activities tbody td:last-child").all_inner_texts()
    assert any(text.startswith("Power: TSS") for text in methods)
    assert any(text.startswith("Heart rate: hrTSS") for text in methods), methods
    assert any(text.startswith("Estimated from perceived exertion") for text in methods)
    newest = max(seeded.recorded_days)
    await expect(activity_rows.first.locator("th")).to_have_text(f"{newest:%a %d %b}")

    # Strength records with e1RM, the power curve from the ride file, the plan's next seven days.
    assert await page.locator("#records tbody tr").count() == 2, await page.locator("#records").inner_text()
    await expect(page.locator("#records thead")).to_contain_text("e1RM")
    await expect(page.get_by_role("img", name="Power curve, last year")).to_be_visible()
    assert await page.locator("#power tbody tr").count() >= 5
    plan = page.locator("#plan")
    await expect(plan).to_contain_text(PLAN_NAME)
    assert await plan.locator("ol.days li").count() == 7
    for name in seeded.plan_workouts:
        await expect(plan.get_by_text(name)).to_be_visible()
    await expect(plan.get_by_text("Beyond the week")).to_have_count(0)

    width = VIEWPORTS[device]["viewport"]["width"]  # type: ignore[index]
    assert await page.evaluate("document.scrollingElement.scrollWidth") <= width
    folder = shots_dir(tmp_path)
    await page.screenshot(full_page=True, path=str(folder / f"training-{device}.png"))
    for section in ("load", "volume", "activities", "power", "plan"):
        await page.locator(f"#{section}").screenshot(path=str(folder / f"training-{device}-{section}.png"))

    # A year: the same chart over 365 days, the link says which range is shown.
    await page.get_by_role("link", name="Last year").click()
    await expect(page.get_by_role("img", name="Fitness, fatigue and form, last year")).to_be_visible()
    await expect(page.get_by_role("link", name="Last year")).to_have_attribute("aria-current", "page")
    assert await page.locator("#load table tbody tr").count() == 53
    await page.screenshot(full_page=True, path=str(folder / f"training-year-{device}.png"))

    # Printable: the range switch and links are left out, the charts stay.
    await page.emulate_media(media="print")
    assert not await page.get_by_role("link", name="Last 90 days").is_visible()
    await expect(page.locator("#load-chart")).to_be_visible()
    assert problems == []  # no CSP violation, no script error
    await page.context.close()


async def test_an_account_without_training_is_told_what_to_do(full_stack: Stack, browser: Browser) -> None:
    page = await signed_in_page(browser, full_stack, "phone")
    await page.goto(full_stack.base_url + "/training")
    await expect(page.locator("#load")).to_contain_text(
        "No activities yet. Upload your FIT, TCX or GPX files"
    )
    await expect(page.locator("#activities")).to_contain_text("No activity in the last year")
    await expect(page.locator("#records")).to_contain_text("No strength sets logged yet")
    await expect(page.locator("#power")).to_contain_text("No ride with power")
    await expect(page.locator("#plan")).to_contain_text("No active plan")
    assert await page.locator("svg.chart").count() == 0
    await page.context.close()


async def test_signed_out_training_asks_to_sign_in_and_comes_back(
    full_stack: Stack, browser: Browser
) -> None:
    context = await browser.new_context()
    context.set_default_timeout(WAIT_MS)
    page = await context.new_page()
    await page.goto(full_stack.base_url + "/training?range=year")
    await expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    await page.get_by_label("Email").fill(EMAIL)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Sign in").click()
    await expect(page.get_by_role("img", name="Fitness, fatigue and form, last year")).to_have_count(0)
    await expect(page.get_by_role("heading", name="Your training", level=1)).to_be_visible()
    assert page.url == full_stack.base_url + "/training?range=year"
    await context.close()
