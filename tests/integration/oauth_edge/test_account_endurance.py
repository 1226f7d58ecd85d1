"""The account page's sport and distances form, its plan form and its read-only status, through the
real edge and auth (decision 0048, "Endurance attributes"; the plan form: decision 0063)."""

from __future__ import annotations

import re

import httpx2

from kinetic.auth.v1 import auth_pb2
from tests.integration.oauth_edge.account_support import form_csrf, sign_in
from tests.integration.oauth_edge.stack import OAuthStack

ACTION = "/account/endurance"


def selected(page: str, select_name: str) -> str:
    """The value of the option selected in the ``<select>`` named ``select_name``."""
    select = re.search(rf'<select id="[^"]+" name="{select_name}">(.*?)</select>', page, re.S)
    assert select, f"no select {select_name}"
    chosen = re.findall(r'<option value="([^"]*)" selected>', select.group(1))
    assert len(chosen) == 1, chosen
    return chosen[0]


async def stored(stack: OAuthStack) -> auth_pb2.Account:
    read = await stack.backends.auth.GetAccount(auth_pb2.GetAccountRequest(account_id=stack.account_id))
    return read.account


async def save(http: httpx2.AsyncClient, token: str, **fields: str) -> httpx2.Response:
    return await http.post(ACTION, data={"csrf_token": token, **fields})


async def test_the_page_shows_the_defaults_the_plan_form_and_the_status_read_only(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    page = await sign_in(http)
    assert "Sport and distances" in page
    assert selected(page, "primary_sport") == "strength"
    assert selected(page, "distance_unit") == ""
    assert "Same as my units (km)" in page
    assert selected(page, "first_weekday") == "1"  # Monday
    assert "Weeks start on" in page and '<option value="7">Sunday</option>' in page
    assert '<strong id="plan-tier">Free</strong>' in page
    assert '<strong id="account-status">Active</strong>' in page
    # The plan has its own form (Kinetic has no billing: the person chooses); the status none.
    assert selected(page, "plan_tier") == "free"
    assert page.count('name="plan_tier"') == 1 and 'name="account_status"' not in page


async def test_changing_the_primary_sport_and_distance_unit(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    token = form_csrf(await sign_in(http), ACTION)

    saved = await save(http, token, primary_sport="triathlon", distance_unit="")
    assert saved.status_code == 303 and saved.headers["location"] == "/account#sport"
    account = await stored(stack)
    assert (account.primary_sport, account.distance_unit) == ("triathlon", "")
    page = (await http.get("/account")).text
    assert selected(page, "primary_sport") == "triathlon"

    assert (await save(http, token, primary_sport="triathlon", distance_unit="mi")).status_code == 303
    account = await stored(stack)
    assert (account.primary_sport, account.distance_unit) == ("triathlon", "mi")
    assert selected((await http.get("/account")).text, "distance_unit") == "mi"


async def test_choosing_the_day_weeks_start_on(stack: OAuthStack, http: httpx2.AsyncClient) -> None:
    """The whole form is posted: the weekday with the sport and unit as they are."""
    token = form_csrf(await sign_in(http), ACTION)

    saved = await save(http, token, primary_sport="running", distance_unit="km", first_weekday="7")
    assert saved.status_code == 303 and saved.headers["location"] == "/account#sport"
    account = await stored(stack)
    assert (account.first_weekday, account.primary_sport, account.distance_unit) == (7, "running", "km")
    page = (await http.get("/account")).text
    assert selected(page, "first_weekday") == "7"
    assert '<option value="7" selected>Sunday</option>' in page

    assert (
        await save(http, token, primary_sport="running", distance_unit="km", first_weekday="3")
    ).status_code == 303
    assert (await stored(stack)).first_weekday == 3
    # A form without the weekday (an older page) leaves it.
    assert (await save(http, token, primary_sport="cycling")).status_code == 303
    assert ((await stored(stack)).first_weekday, (await stored(stack)).primary_sport) == (3, "cycling")


async def test_a_weekday_that_is_not_one_to_seven_changes_nothing(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    token = form_csrf(await sign_in(http), ACTION)
    before = await stored(stack)
    for forged in ("8", "0", "Sunday", "", "99999999999"):
        refused = await save(http, token, primary_sport="running", distance_unit="km", first_weekday=forged)
        assert refused.status_code == 400 and "Nothing was changed" in refused.text
        assert "first_weekday: must be an ISO weekday from 1 to 7" in refused.text
        assert "7 (Sunday)" in refused.text
    assert (await stored(stack)) == before


async def test_the_form_cannot_change_plan_or_status(stack: OAuthStack, http: httpx2.AsyncClient) -> None:
    token = form_csrf(await sign_in(http), ACTION)
    forged = {"primary_sport": "running", "plan_tier": "coach", "account_status": "trial"}
    assert (await save(http, token, **forged)).status_code == 303
    account = await stored(stack)
    assert (account.primary_sport, account.plan_tier, account.account_status) == ("running", "free", "active")


async def test_a_suspended_account_sees_its_status_and_plan(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    await stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(
            account_id=stack.account_id, account_status="suspended", plan_tier="pro"
        )
    )
    page = await sign_in(http)  # a suspended account still signs in
    assert '<strong id="account-status">Suspended</strong>' in page
    assert '<strong id="plan-tier">Pro</strong>' in page
    assert "Assistants cannot use your account while it is suspended." in page


async def test_a_refused_form_changes_nothing(stack: OAuthStack, http: httpx2.AsyncClient) -> None:
    page = await sign_in(http)
    token = form_csrf(page, ACTION)
    before = await stored(stack)

    assert (await http.post(ACTION, data={"primary_sport": "running"})).status_code == 403
    other_form = form_csrf(page, "/account/delete")  # a token of another purpose does not fit
    assert (await save(http, other_form, primary_sport="running")).status_code == 403
    invalid = await save(http, token, primary_sport="rowing", distance_unit="km")
    assert invalid.status_code == 400 and "Nothing was changed" in invalid.text
    assert "running, cycling, swimming, triathlon, strength" in invalid.text
    empty = await save(http, token)
    assert empty.status_code == 400 and "Nothing was changed" in empty.text
    assert (await stored(stack)) == before


async def test_signed_out_the_form_leads_to_sign_in(stack: OAuthStack, http: httpx2.AsyncClient) -> None:
    refused = await http.post(ACTION, data={"primary_sport": "running"})
    assert refused.headers["location"] == "/signin?return_to=/account"
    assert (await stored(stack)).primary_sport == "strength"


async def test_choosing_a_plan_changes_the_plan_and_nothing_else(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    token = form_csrf(await sign_in(http), "/account/plan")
    forged = {"csrf_token": token, "plan_tier": "pro", "account_status": "trial", "primary_sport": "running"}
    chosen = await http.post("/account/plan", data=forged)
    assert chosen.status_code == 303 and chosen.headers["location"] == "/account#plan"
    account = await stored(stack)
    assert (account.plan_tier, account.account_status, account.primary_sport) == ("pro", "active", "strength")
    page = (await http.get("/account")).text
    assert '<strong id="plan-tier">Pro</strong>' in page and selected(page, "plan_tier") == "pro"

    refused = await http.post("/account/plan", data={"csrf_token": token, "plan_tier": "platinum"})
    assert refused.status_code == 400 and "must be one of free, pro, coach" in refused.text
    assert (await http.post("/account/plan", data={"csrf_token": token})).status_code == 400
    assert (await http.post("/account/plan", data={"plan_tier": "free"})).status_code == 403
    assert (await stored(stack)).plan_tier == "pro"
