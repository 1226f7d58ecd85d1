"""The account page's Delete account form in headless Chromium: a wrong password changes nothing,
the right one deletes the account and signs the browser out."""

from __future__ import annotations

from playwright.async_api import Browser, expect

from tests.browser.conftest import new_context
from tests.eventually import status_becomes
from tests.integration.oauth_edge.account_support import bearer_status
from tests.integration.oauth_edge.stack import EMAIL, PASSWORD, OAuthStack


async def test_delete_account_from_the_account_page(stack: OAuthStack, browser: Browser) -> None:
    context = await new_context(browser)
    page = await context.new_page()
    await page.goto(f"{stack.base_url}/account")
    await page.get_by_label("Email").fill(EMAIL)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Sign in").click()
    await expect(page.get_by_role("heading", name="Delete account")).to_be_visible()
    await page.get_by_role("textbox", name="Name").fill("laptop")
    await page.get_by_role("checkbox", name="Metric (training)").check()
    await page.get_by_role("button", name="Create key").click()
    secret = (await page.locator("#api-key-secret").inner_text()).strip()
    assert await bearer_status(stack, secret) == 200

    await page.goto(f"{stack.base_url}/account")
    delete_form = page.locator("#delete-account")
    await delete_form.get_by_label("Password").fill("not my password")
    await delete_form.get_by_role("button", name="Delete account").click()
    await expect(page.get_by_text("The password is not right. Nothing was deleted.")).to_be_visible()
    assert await bearer_status(stack, secret) == 200

    await page.goto(f"{stack.base_url}/account")
    delete_form = page.locator("#delete-account")
    await delete_form.get_by_label("Password").fill(PASSWORD)
    await delete_form.get_by_role("button", name="Delete account").click()
    await expect(page.get_by_role("heading", name="Your account was deleted")).to_be_visible()
    # The edge hears of the deletion from auth's revocation stream within a second (decision 0030).
    await status_becomes(lambda: bearer_status(stack, secret), 401, within=1.0)
    assert not [c for c in await context.cookies() if c["name"] == "kinetic_session"]
    await page.goto(f"{stack.base_url}/account")
    await expect(page.get_by_role("button", name="Sign in")).to_be_visible()
    await context.close()
