"""The account page's upload in headless Chromium (issue 32): a signed-in person drops two FIT files
and a GPX on the drop zone, then picks a Strong CSV and a broken FIT with the file picker; each file
shows its own progress through upload and processing, then its outcome in words, read out by the
live region; the activities and workouts are then in Kinetic. Screenshots at 1280 px and 390 px go
to the test's temporary directory (``--basetemp`` keeps them)."""

from __future__ import annotations

import base64
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect

from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import endurance_pb2
from tests.browser.conftest import new_context
from tests.integration.edge.conftest import Stack, running_stack
from tests.integration.edge.workout_files_support import logged

FIXTURES = Path(__file__).parents[1] / "fixtures"
CORPUS = FIXTURES / "real_activities" / "corpus"
DROPPED = [
    CORPUS / "garmin-fr645m-run.fit",
    CORPUS / "garmin-edge500-ride-b.fit",
    CORPUS / "garmin-connect-run-typed.gpx",
]
PICKED = [
    FIXTURES / "workout_files" / "real" / "strong_2021_breinsp.csv",
    FIXTURES / "activity_files" / "broken_truncated.fit",
]
EMAIL = "ada@example.com"
PASSWORD = "correct horse battery"
# A cap on the wait for a batch's outcomes: each file is read and its figures computed on a shared,
# loaded machine (the uploads themselves take milliseconds).
IMPORTS_MS = 90_000

# Each file's data-state changes, recorded as they happen: a state shown for a millisecond is seen.
WATCH_STATES = """() => {
  window.uploadStates = {};
  new MutationObserver((records) => {
    for (const record of records) {
      const name = record.target.querySelector('.file-name').textContent;
      const seen = (window.uploadStates[name] = window.uploadStates[name] || []);
      const state = record.target.getAttribute('data-state');
      if (seen[seen.length - 1] !== state) seen.push(state);
    }
  }).observe(document.getElementById('upload-list'),
             {subtree: true, attributes: true, attributeFilter: ['data-state']});
}"""

DROP_FILES = """(files) => {
  const transfer = new DataTransfer();
  for (const file of files) {
    const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
    transfer.items.add(new File([bytes], file.name));
  }
  return transfer;
}"""


@pytest.fixture
async def full_stack(sqlite_engines, tmp_path) -> AsyncIterator[Stack]:
    """The four services and the edge, the account with its consent to log workouts."""
    async with running_stack(sqlite_engines, tmp_path) as running:
        await running.backends.auth.UpdateAccount(
            auth_pb2.UpdateAccountRequest(account_id=running.account_id, logging_consent=True)
        )
        yield running


async def sign_in(page: Page, stack: Stack) -> None:
    await page.goto(f"{stack.base_url}/account")
    await page.get_by_label("Email").fill(EMAIL)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Sign in").click()
    await expect(page.get_by_role("heading", name="Add your training")).to_be_visible()


async def drop(page: Page, paths: list[Path]) -> None:
    files = [{"name": p.name, "data": base64.b64encode(p.read_bytes()).decode()} for p in paths]
    transfer = await page.evaluate_handle(DROP_FILES, files)
    await page.locator("#upload-drop").dispatch_event("drop", {"dataTransfer": transfer})


async def test_a_mixed_batch_shows_each_files_progress_and_outcome(
    full_stack: Stack, browser: Browser, tmp_path: Path
) -> None:
    context = await new_context(browser)
    page = await context.new_page()
    await page.set_viewport_size({"width": 1280, "height": 900})
    await sign_in(page, full_stack)
    limits = page.locator("#upload-limits")
    await expect(limits).to_contain_text("Up to 20 files at once")
    await expect(limits).to_contain_text("64 MiB each")
    await expect(
        page.get_by_role("button", name="Upload", exact=True)
    ).to_be_hidden()  # the script sends on choice
    await page.evaluate(WATCH_STATES)

    await drop(page, DROPPED)
    await page.get_by_label("Choose files to upload").set_input_files(PICKED)

    files = page.locator("#upload-list li")
    await expect(files).to_have_count(5)
    await expect(page.locator("#upload-list li[data-state=done]")).to_have_count(5, timeout=IMPORTS_MS)
    outcomes = {
        (await item.locator(".file-name").inner_text()): (
            await item.get_attribute("data-outcome"),
            await item.locator(".outcome").inner_text(),
        )
        for item in await files.all()
    }
    assert outcomes["garmin-fr645m-run.fit"][1].startswith("Imported: run on ")
    assert outcomes["garmin-edge500-ride-b.fit"][1].startswith("Imported: ride on ")
    assert outcomes["garmin-connect-run-typed.gpx"][1].startswith("Imported: run on ")
    assert outcomes["strong_2021_breinsp.csv"][0] == "imported"
    assert outcomes["strong_2021_breinsp.csv"][1].startswith("Imported ")
    assert "strength workouts" in outcomes["strong_2021_breinsp.csv"][1]
    assert outcomes["broken_truncated.fit"][0] == "refused"
    assert outcomes["broken_truncated.fit"][1].startswith("Refused: ")
    # Each went through its own upload and processing, in that order, before its outcome.
    states = await page.evaluate("window.uploadStates")
    assert {name: seen for name, seen in states.items()} == {
        name: ["uploading", "processing", "done"] for name in outcomes
    }
    bars = page.get_by_role("progressbar")
    await expect(bars).to_have_count(5)
    for bar in await bars.all():
        assert await bar.get_attribute("value") == "100"
        assert await bar.get_attribute("aria-labelledby")
    log = page.locator("#upload-log p")
    await expect(log).to_have_count(5)
    await expect(page.locator("#upload-log")).to_have_attribute("aria-live", "polite")

    stored = await full_stack.backends.endurance.ListActivities(
        endurance_pb2.ListActivitiesRequest(account_id=full_stack.account_id)
    )
    assert sorted(a.sport for a in stored.activities) == ["ride", "run", "run"]
    assert len(await logged(full_stack, full_stack.account_id)) > 0
    await page.locator("#upload").screenshot(path=str(tmp_path / "upload-1280.png"))
    await page.screenshot(path=str(tmp_path / "account-1280.png"), full_page=True)
    await page.locator("#delete-account").screenshot(path=str(tmp_path / "delete-1280.png"))

    # On a phone: the same files again are each "already there"; nothing is stored twice.
    phone = await new_context(browser, phone=True)
    small = await phone.new_page()
    await sign_in(small, full_stack)
    await small.get_by_label("Choose files to upload").set_input_files([*DROPPED[:1], PICKED[0]])
    await expect(small.locator("#upload-list li[data-state=done]")).to_have_count(2, timeout=IMPORTS_MS)
    await expect(small.locator("#upload-list li[data-outcome=already]")).to_have_count(2)
    await expect(small.locator("#upload-list li .outcome").first).to_have_text(
        re.compile(r"^Already there: run on .*\. This file was imported before\.$")
    )
    await expect(small.locator("#upload-list li .outcome").last).to_have_text(
        re.compile(r"^Already there: the file's \d+ strength workouts were imported before\.$")
    )
    width = await small.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone: {width} px"
    await small.locator("#upload").screenshot(path=str(tmp_path / "upload-390.png"))
    again = await full_stack.backends.endurance.ListActivities(
        endurance_pb2.ListActivitiesRequest(account_id=full_stack.account_id)
    )
    assert len(again.activities) == 3
    await phone.close()
    await context.close()


async def test_a_file_uploaded_on_the_page_shows_on_your_training(
    full_stack: Stack, browser: Browser, tmp_path: Path
) -> None:
    """The issue's round: upload on /account, then see the activity on /training's chart and list.
    The device's GPX is moved to three days ago (its points' times keep their spacing), so it falls
    inside the page's 90 days."""
    recorded = DROPPED[2]
    assert recorded.name == "garmin-connect-run-typed.gpx"
    day = datetime.now(UTC).date() - timedelta(days=3)
    moved = tmp_path / "morning-run.gpx"
    text = recorded.read_text(encoding="utf-8")
    moved.write_text(text.replace("2019-11-16", day.isoformat()).replace("2019-12-16", day.isoformat()))

    # A threshold pace from before the run, so its stress is computed (rTSS) and the chart moves.
    threshold = endurance_pb2.Threshold(
        kind="threshold_pace", effective_day=(day - timedelta(days=30)).isoformat(), seconds_per_km=300
    )
    await full_stack.backends.endurance.SetThreshold(
        endurance_pb2.SetThresholdRequest(account_id=full_stack.account_id, threshold=threshold)
    )
    context = await new_context(browser)
    page = await context.new_page()
    await sign_in(page, full_stack)
    await page.get_by_label("Choose files to upload").set_input_files([moved])
    await expect(page.locator("#upload-list li[data-outcome=imported]")).to_have_count(1, timeout=IMPORTS_MS)

    await page.get_by_role("link", name="Your training", exact=True).click()
    await expect(page.get_by_role("heading", name="Your training", level=1)).to_be_visible()
    load = page.locator("#load")
    await expect(load.locator("svg").first).to_be_visible()
    await expect(load).not_to_contain_text("No activities yet")
    activities = page.locator("#activities")
    await expect(activities).to_contain_text(f"{day:%a %d %b}")
    await expect(activities).to_contain_text("Run · Mannheim Running")  # the name the device gave it
    await expect(activities).to_contain_text("rTSS")
    # The run moved the chart: today's fatigue (ATL), named above it, is above zero.
    fatigue = await load.locator(".now strong").nth(1).inner_text()
    assert float(fatigue.replace("\u2212", "-")) > 0, fatigue
    await context.close()
