"""Every HTML page the edge serves passes an accessibility check and a layout check in Chromium
(decision 0118): axe-core (pinned in tests/browser/axe, installed by scripts/ensure_chromium.sh)
finds no serious or critical violation, nothing scrolls sideways at 390 px, and no word is broken
inside at 1280 px.

The pages are found from the app's own routes: each route is either visited below (``PAGES`` names
the routes the visits reach) or listed in ``NOT_PAGES`` with the reason it serves no HTML, and
``test_every_route_is_visited_or_serves_no_html`` fails on any other, so a new page cannot be missed.

Findings per page are written to ``a11y-results.json`` in KINETIC_SCREENSHOTS (when set).
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.async_api import Browser, BrowserContext, Page, expect
from starlette.applications import Starlette
from starlette.routing import Mount, Route

from edge.app import create_app
from edge.backends import Backends
from kinetic.auth.v1 import auth_pb2
from kinetic.protected_resources import METRIC, RUNFLOW
from kinetic.settings import EdgeSettings
from tests.browser.conftest import CLIENT_ORIGIN, WAIT_MS
from tests.browser.training_data import full_stack, seed_training
from tests.integration.edge.conftest import Stack
from tests.integration.edge.plangen_calls import HALF, public_edge
from tests.integration.oauth_edge.stack import EMAIL, MUSE_CALLBACK, PASSWORD, pkce_pair

__all__ = ["full_stack"]

# A real device file sent through the account page's upload form.
UPLOADED = (
    Path(__file__).parents[1] / "fixtures" / "real_activities" / "corpus" / "garmin-connect-run-typed.gpx"
)

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
FAILING_IMPACTS = ("serious", "critical")
PHONE_WIDTH, DESKTOP_WIDTH = 390, 1280

# Routes that serve no HTML page, and why. Every other route must be reached by a visit below.
NOT_PAGES: dict[tuple[str, str], str] = {
    **{
        ("GET", path): "JSON for machines"
        for path in (
            "/healthz",
            "/readyz",
            "/openapi.json",
            "/.well-known/oauth-protected-resource",
            "/.well-known/jwks.json",
            "/.well-known/oauth-authorization-server",
            "/authorize/{authorization_id}/status",
            "/account/export.json",
        )
    },
    ("GET", "/account/export.csv"): "a CSV download",
    ("GET", "/account/upload.js"): "the upload card's script",
    ("GET", "/plans/{token}/plan.ics"): "an iCalendar download",
    **{
        ("POST", path): "OAuth endpoints answering JSON"
        for path in ("/token", "/mcp/oauth/token", "/register", "/mcp/oauth/register", "/revoke")
    },
    ("POST", "/signout"): "a redirect to /signin",
    ("POST", "/account/consents"): "a redirect to /account (a refusal is the message page visited)",
    ("POST", "/account/endurance"): "a redirect to /account (a refusal is the message page visited)",
    ("POST", "/account/plan"): "a redirect to /account (a refusal is the message page visited)",
    ("POST", "/account/connections/disconnect"): "a redirect to /account",
    ("POST", "/account/api-keys/{key_id}/revoke"): "a redirect to /account",
}
# The protected-resource documents, one per profile, and the MCP and REST endpoints answer JSON.
NOT_PAGE_PREFIXES = ("/.well-known/oauth-protected-resource/",)

# The routes each visit below reaches (its first page, and the pages its forms answer with).
PAGES: dict[tuple[str, str], str] = {
    ("GET", "/signin"): "Sign in",
    ("POST", "/signin"): "Sign in, wrong password",
    ("GET", "/account"): "Account",
    ("POST", "/account/api-keys"): "API key created",
    ("POST", "/account/imports"): "Your files (the upload form without its script)",
    ("GET", "/training"): "Training",
    ("GET", "/authorize"): "Authorize, bad request",
    ("GET", "/mcp/oauth/authorize"): "Authorize (RunFlow), paid plan needed",
    ("GET", "/authorize/{authorization_id}"): "Approve",
    ("POST", "/authorize/{authorization_id}"): "Approval already decided",
    ("POST", "/account/erase-training"): "Training library erased",
    ("POST", "/account/delete"): "Account deleted",
    ("GET", "/plans/{token}"): "Plan page",
}


def _routes() -> list[tuple[str, str]]:
    targets = dict.fromkeys(("auth", "training", "sessions", "analytics"), "127.0.0.1:1")
    app: Any = create_app(
        EdgeSettings(host="127.0.0.1", port=1, public_url="http://127.0.0.1:1", targets=targets),
        Backends.connect(targets),
    )
    while not isinstance(app, Starlette):
        app = app.app
    found: list[tuple[str, str]] = []
    for route in app.router.routes:
        if isinstance(route, Mount):
            continue  # /api/...: REST answering JSON
        assert isinstance(route, Route)
        if not route.methods:
            continue  # an ASGI endpoint: MCP (JSON or event streams)
        found.extend((method, route.path) for method in sorted(route.methods - {"HEAD"}))
    return found


async def test_every_route_is_visited_or_serves_no_html() -> None:
    # An async test: the edge opens its gRPC channels on the running event loop.
    unknown = [
        route
        for route in _routes()
        if route not in PAGES and route not in NOT_PAGES and not route[1].startswith(NOT_PAGE_PREFIXES)
    ]
    assert unknown == [], (
        f"{unknown}: visit each in tests/browser/test_every_page.py (and name it in PAGES), or list it "
        "in NOT_PAGES with the reason it serves no HTML"
    )


# Words broken inside: each word of each text node (split at spaces, hyphens and slashes, where a
# line may break) must lie on one line. Text styled to break anywhere (links, secrets) is left out.
WORDS_BROKEN_INSIDE = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('svg, script, style')) continue;
    if (getComputedStyle(parent).wordBreak === 'break-all') continue;
    const words = /[^\\s\\-\\u2010-\\u2015\\/]+/g;
    let match;
    while ((match = words.exec(node.data))) {
      if (match[0].length < 2) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) broken.push(`${match[0]} (in <${parent.tagName.toLowerCase()}>)`);
    }
  }
  return broken;
}"""


@dataclass
class Checked:
    """The findings of every page visited."""

    folder: Path | None
    pages: dict[str, dict[str, Any]] = field(default_factory=dict)

    async def page(self, name: str, page: Page) -> None:
        """Run the checks on what ``page`` shows now, at desktop then phone width."""
        assert name not in self.pages, f"{name} checked twice"
        await page.set_viewport_size({"width": DESKTOP_WIDTH, "height": 900})
        await page.add_script_tag(path=str(AXE))
        result = await page.evaluate("async () => await axe.run(document)")
        assert result["passes"], f"axe checked nothing on {name}"
        counts: dict[str, int] = {}
        failing = []
        for violation in result["violations"]:
            impact = violation["impact"] or "minor"
            counts[impact] = counts.get(impact, 0) + len(violation["nodes"])
            if impact in FAILING_IMPACTS:
                targets = [node["target"] for node in violation["nodes"]][:5]
                failing.append(f"{impact} {violation['id']}: {violation['help']} at {targets}")
        broken = await page.evaluate(WORDS_BROKEN_INSIDE)
        await page.set_viewport_size({"width": PHONE_WIDTH, "height": 844})
        overflow = await page.evaluate(
            "document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"
        )
        self.pages[name] = {
            "url": page.url,
            "axe": counts,
            "axe_rules_passed": len(result["passes"]),
            "failing": failing,
            "words_broken_at_1280": broken,
            "sideways_px_at_390": overflow,
        }
        await page.set_viewport_size({"width": DESKTOP_WIDTH, "height": 900})

    def problems(self) -> dict[str, Any]:
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
            with (self.folder / "a11y-results.json").open("a", encoding="utf-8") as out:
                out.write(json.dumps(self.pages, indent=1) + "\n")
        return {
            name: {
                k: v
                for k, v in found.items()
                if k in ("failing", "words_broken_at_1280", "sideways_px_at_390")
            }
            for name, found in self.pages.items()
            if found["failing"] or found["words_broken_at_1280"] or found["sideways_px_at_390"] > 0
        }


def checked() -> Checked:
    folder = os.environ.get("KINETIC_SCREENSHOTS")
    return Checked(Path(folder) if folder else None)


async def _context(browser: Browser) -> BrowserContext:
    # axe is injected as a script: the pages' CSP (nonces only) would refuse it.
    context = await browser.new_context(bypass_csp=True, viewport={"width": DESKTOP_WIDTH, "height": 900})
    context.set_default_timeout(WAIT_MS)

    async def callback(route: Any) -> None:
        await route.fulfill(
            status=200, content_type="text/html", body="<!doctype html><p>client callback</p>"
        )

    await context.route(f"{CLIENT_ORIGIN}/**", callback)
    return context


async def _sign_in(page: Page, password: str = PASSWORD) -> None:
    await page.get_by_label("Email").fill(EMAIL)
    await page.get_by_label("Password").fill(password)
    await page.get_by_role("button", name="Sign in").click()


def _authorize(stack: Stack, path: str = "/authorize", **overrides: str) -> str:
    params = {
        "response_type": "code",
        "client_id": "metric-muse",
        "redirect_uri": MUSE_CALLBACK,
        "scope": "training",
        "resource": stack.base_url + METRIC.path,
        "state": "s",
        "code_challenge": pkce_pair()[1],
        "code_challenge_method": "S256",
        **overrides,
    }
    return f"{stack.base_url}{path}?{urlencode(params)}"


async def test_every_signed_in_and_oauth_page(full_stack: Stack, browser: Browser) -> None:
    stack, results = full_stack, checked()
    context = await _context(browser)
    page = await context.new_page()

    async def visit(name: str, action: Callable[[], Awaitable[Any]], heading: str) -> None:
        await action()
        await expect(page.get_by_role("heading", name=heading).first).to_be_visible()
        await results.page(name, page)

    # Signed out, an authorization link asks to sign in and offers its link to a phone.
    await visit("Sign in to approve, with the phone link", lambda: page.goto(_authorize(stack)), "Sign in")
    await expect(page.locator("#approval-link")).to_be_visible()
    await visit("Sign in", lambda: page.goto(stack.base_url + "/signin"), "Sign in")
    await visit("Sign in, wrong password", lambda: _sign_in(page, "not my password"), "Sign in")
    await expect(page.get_by_text("The email or password is not right.")).to_be_visible()
    await _sign_in(page)
    await visit("Training, nothing yet", lambda: page.goto(stack.base_url + "/training"), "Your training")
    await seed_training(stack, stack.account_id)
    await visit("Training, 90 days", lambda: page.goto(stack.base_url + "/training"), "Your training")
    await visit(
        "Training, a year", lambda: page.goto(stack.base_url + "/training?range=year"), "Your training"
    )

    # An approval page, then the same link once decided.
    await visit("Approve", lambda: page.goto(_authorize(stack)), "Muse wants to connect")
    approval = page.url
    await page.get_by_role("button", name="Approve Muse").click()
    await page.wait_for_url(f"{MUSE_CALLBACK}?**")
    await visit("Approval already decided", lambda: page.goto(approval), "already decided")

    await visit("Authorize, bad request", lambda: page.goto(_authorize(stack, client_id="")), "")
    await visit(
        "Authorize (RunFlow), paid plan needed",
        lambda: page.goto(
            _authorize(
                stack, "/mcp/oauth/authorize", scope="mcp:full", resource=stack.base_url + RUNFLOW.path
            )
        ),
        "Kinetic RunFlow needs a paid plan",
    )

    # The account page with a connection (the approval above) and an API key, and the key's page.
    await page.goto(stack.base_url + "/account")
    await page.get_by_role("textbox", name="Name").fill("laptop")
    await page.get_by_role("checkbox", name="Metric (training)").check()
    await visit("API key created", lambda: page.get_by_role("button", name="Create key").click(), "")
    await visit("Account", lambda: page.goto(stack.base_url + "/account"), "Your Kinetic account")
    # Each consent's text in one type size (the issue saw two mixed in one consent).
    sizes = await page.evaluate(
        "[...document.querySelectorAll('#consents li')]"
        ".map(li => [li, ...li.querySelectorAll('span, strong')].map(e => getComputedStyle(e).fontSize))"
    )
    assert sizes and all(len(set(one)) == 1 for one in sizes), sizes

    async def upload_without_script() -> None:
        # The form as a browser without the card's script sends it: form.submit() fires no submit
        # event, so the script's own upload does not take it over.
        await page.evaluate("document.getElementById('upload-form').submit()")

    await stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=stack.account_id, logging_consent=True)
    )
    await page.goto(stack.base_url + "/account")
    await page.locator("#upload-files").set_input_files(UPLOADED)
    await visit("Your files (the upload form without its script)", upload_without_script, "Your files")

    async def erase() -> None:
        await page.goto(stack.base_url + "/account")
        form = page.locator("#erase-training")
        await form.get_by_role("checkbox").check()
        await form.get_by_role("button", name="Erase Training library").click()

    await visit("Training library erased", erase, "Training library erased")

    async def delete() -> None:
        await page.goto(stack.base_url + "/account")
        form = page.locator("#delete-account")
        await form.get_by_label("Password").fill(PASSWORD)
        await form.get_by_role("button", name="Delete account").click()

    await visit("Account deleted", delete, "Your account was deleted")
    await context.close()
    assert results.problems() == {}


async def visit_plan_link_not_valid(page: Page, url: str) -> None:
    response = await page.goto(url.rsplit("/", 1)[0] + "/v1.not-a-plan")
    assert response is not None and response.status == 404
    await expect(page.get_by_role("heading", name="Plan link not valid")).to_be_visible()


async def test_the_plan_page(browser: Browser) -> None:
    results = checked()
    async with public_edge() as edge:
        link = await edge.call("export_plan_url", {**HALF, "daysPerWeek": 5})
        context = await _context(browser)
        page = await context.new_page()
        await page.goto(link["url"])
        await expect(page.get_by_role("heading", name="Half marathon plan", exact=False)).to_be_visible()
        await results.page("Plan page", page)
        await visit_plan_link_not_valid(page, link["url"])
        await results.page("Plan link not valid", page)
        await context.close()
    assert results.problems() == {}


# What each check must catch: an image without a text alternative and a field without a label
# (critical), a scope name broken inside as the account page once broke it (a flex label whose text
# may break anywhere), and a box wider than a phone.
FLAWED_PAGE = """<!doctype html><html lang="en"><head><title>Flawed</title></head><body><main>
<h1>Flawed</h1><img src="data:,"><input type="text">
<div style="width: 12rem; overflow-wrap: anywhere"><label style="display: flex; gap: .5rem">
<input type="checkbox"> <strong>Metric</strong> (training): read your Training data</label></div>
<div style="width: 600px">wide</div></main></body></html>"""


async def test_the_checks_find_what_they_look_for(browser: Browser) -> None:
    results = checked()
    context = await _context(browser)
    page = await context.new_page()
    await page.set_content(FLAWED_PAGE)
    await results.page("Flawed page", page)
    await context.close()
    found = results.pages["Flawed page"]
    assert {"critical"} <= set(found["axe"])
    assert any("image-alt" in line for line in found["failing"])
    assert any(word.startswith("Metric") for word in found["words_broken_at_1280"])
    assert found["sideways_px_at_390"] > 0


@pytest.fixture(autouse=True)
def _axe_installed() -> None:
    assert AXE.is_file(), f"{AXE} is missing: run scripts/ensure_chromium.sh (npm ci in tests/browser/axe)"
