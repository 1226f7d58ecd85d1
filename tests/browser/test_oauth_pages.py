"""The OAuth pages in headless Chromium: approve, decline, cross-device, expired and replayed links."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.async_api import Browser, Page, expect

from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import RUNFLOW
from tests.browser.conftest import WAIT_MS, new_context
from tests.integration.oauth_edge.flow import query_of
from tests.integration.oauth_edge.stack import EMAIL, MUSE_CALLBACK, PASSWORD, OAuthStack, pkce_pair


def authorize_url(stack: OAuthStack) -> tuple[str, dict[str, str]]:
    params = stack.authorize_params(pkce_pair()[1])
    return f"{stack.base_url}/authorize?{urlencode(params)}", params


async def sign_in(page: Page) -> None:
    await page.get_by_label("Email").fill(EMAIL)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Sign in").click()


async def test_approve_lands_on_the_callback_with_code_state_and_iss(
    stack: OAuthStack, browser: Browser
) -> None:
    context = await new_context(browser)
    page = await context.new_page()
    url, params = authorize_url(stack)
    await page.goto(url)
    approval_path = page.url.removeprefix(stack.base_url)
    await sign_in(page)
    await expect(page.get_by_role("heading", name="Muse wants to connect")).to_be_visible()
    await page.get_by_role("button", name="Approve Muse").click()
    await page.wait_for_url(f"{MUSE_CALLBACK}?**")
    query = query_of(page.url)
    assert query["code"] and query["state"] == params["state"] and query["iss"] == stack.base_url

    # The link cannot be used again.
    replay = await page.goto(stack.base_url + approval_path)
    assert replay is not None and replay.status == 409
    await expect(page.get_by_text("already decided")).to_be_visible()
    assert await page.get_by_role("button", name="Approve Muse").count() == 0
    await context.close()


async def test_decline_returns_access_denied_with_iss(stack: OAuthStack, browser: Browser) -> None:
    context = await new_context(browser)
    page = await context.new_page()
    url, params = authorize_url(stack)
    await page.goto(url)
    await sign_in(page)
    decline = page.get_by_role("button", name="Decline")
    await expect(decline).to_have_text("✕")
    await decline.click()
    await page.wait_for_url(f"{MUSE_CALLBACK}?**")
    query = query_of(page.url)
    assert query["error"] == "access_denied" and query["iss"] == stack.base_url
    assert query["state"] == params["state"] and "code" not in query
    await context.close()


async def test_cross_device_decision_returns_through_the_first_browser(
    stack: OAuthStack, browser: Browser
) -> None:
    computer = await new_context(browser)
    waiting = await computer.new_page()
    url, params = authorize_url(stack)
    await waiting.goto(url)
    link = await waiting.locator("#approval-link").get_attribute("href")
    assert link is not None and link == waiting.url
    await expect(waiting.get_by_role("img", name="QR code of the approval link")).to_be_visible()

    phone = await new_context(browser, phone=True)
    mobile = await phone.new_page()
    await mobile.goto(link)
    await sign_in(mobile)
    approve = mobile.get_by_role("button", name="Approve Muse")
    await expect(approve).to_be_visible()
    box = await approve.bounding_box()
    assert box is not None and box["height"] >= 44  # a thumb-sized target
    assert await mobile.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling
    await approve.click()
    await expect(mobile.get_by_text("Go back to the browser where you started")).to_be_visible()

    # The waiting page polls and continues to the client by itself.
    await waiting.wait_for_url(f"{MUSE_CALLBACK}?**", timeout=WAIT_MS)
    query = query_of(waiting.url)
    assert query["code"] and query["state"] == params["state"] and query["iss"] == stack.base_url
    assert not mobile.url.startswith(MUSE_CALLBACK)  # the code went to one browser only
    await phone.close()
    await computer.close()


async def test_expired_approval_link_shows_a_clear_page(stack: OAuthStack, browser: Browser) -> None:
    if not stack.clock_injected:
        pytest.fail("the auth service's clock cannot be moved: services.auth.bootstrap.start needs clock=")
    context = await new_context(browser)
    page = await context.new_page()
    url, _ = authorize_url(stack)
    await page.goto(url)
    await sign_in(page)
    await expect(page.get_by_role("button", name="Approve Muse")).to_be_visible()
    stack.clock.advance(60 * 60)
    response = await page.reload()
    assert response is not None and response.status == 410
    await expect(page.get_by_role("heading", name="This approval link has expired")).to_be_visible()
    assert await page.get_by_role("button", name="Approve Muse").count() == 0
    await context.close()


@pytest.mark.parametrize("plan_tier", ["free", "pro"])
async def test_runflow_asks_a_free_account_for_a_paid_plan(
    stack: OAuthStack, browser: Browser, plan_tier: str
) -> None:
    await stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=stack.account_id, plan_tier=plan_tier)
    )
    context = await new_context(browser)
    page = await context.new_page()
    resource = stack.base_url + RUNFLOW.path
    params = stack.authorize_params(pkce_pair()[1], scope="mcp:full", resource=resource)
    await page.goto(f"{stack.base_url}/authorize?{urlencode(params)}")
    await sign_in(page)
    banner = page.get_by_role("heading", name="Kinetic RunFlow needs a paid plan")
    approve = page.get_by_role("button", name="Approve Muse")
    if plan_tier == "free":
        await expect(banner).to_be_visible()
        await expect(page.get_by_role("link", name="account page")).to_have_attribute("href", "/account#plan")
        assert await approve.count() == 0
        await page.get_by_role("button", name="Decline Muse").click()
        await page.wait_for_url(f"{MUSE_CALLBACK}?**")
        assert query_of(page.url)["error"] == "access_denied"
    else:
        await expect(approve).to_be_visible()
        assert await banner.count() == 0
    await context.close()
