"""Giving and withdrawing the two consents on the account page, through the real edge and auth
(docs/decisions/0048-account-consents-and-attributes.md)."""

from __future__ import annotations

import httpx2

from kinetic.auth.v1 import auth_pb2
from tests.integration.oauth_edge.account_support import form_csrf, sign_in
from tests.integration.oauth_edge.stack import OAuthStack

NOT_GIVEN = "You have not given this consent."
GIVEN = "You have given this consent."


async def consents(stack: OAuthStack) -> tuple[bool, bool]:
    """(logging, health data) as auth stores them."""
    read = await stack.backends.auth.GetAccount(auth_pb2.GetAccountRequest(account_id=stack.account_id))
    return read.account.logging_consent, read.account.health_data_consent


async def decide(http: httpx2.AsyncClient, token: str, consent: str, given: str) -> httpx2.Response:
    form = {"csrf_token": token, "consent": consent, "given": given}
    return await http.post("/account/consents", data=form)


async def test_the_page_explains_both_consents_and_shows_neither_given(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    page = await sign_in(http)
    assert "Workout logging by assistants" in page and "Health data through assistants" in page
    assert "assistants can no longer log workouts for you" in page
    assert "can no longer be changed through assistants" in page
    assert page.count(NOT_GIVEN) == 2 and GIVEN not in page
    assert page.count("Give consent") == 2


async def test_giving_and_withdrawing_each_consent(stack: OAuthStack, http: httpx2.AsyncClient) -> None:
    token = form_csrf(await sign_in(http), "/account/consents")

    gave = await decide(http, token, "logging", "yes")
    assert gave.status_code == 303 and gave.headers["location"] == "/account#consent-logging"
    assert await consents(stack) == (True, False)
    page = (await http.get("/account")).text
    assert page.count(GIVEN) == 1 and page.count(NOT_GIVEN) == 1 and "Withdraw consent" in page

    assert (await decide(http, token, "health-data", "yes")).status_code == 303
    assert await consents(stack) == (True, True)

    assert (await decide(http, token, "logging", "no")).status_code == 303
    assert await consents(stack) == (False, True)
    assert (await decide(http, token, "health-data", "no")).status_code == 303
    assert await consents(stack) == (False, False)


async def test_a_refused_form_changes_nothing(stack: OAuthStack, http: httpx2.AsyncClient) -> None:
    page = await sign_in(http)
    token = form_csrf(page, "/account/consents")

    no_token = await http.post("/account/consents", data={"consent": "logging", "given": "yes"})
    assert no_token.status_code == 403
    other_form = form_csrf(page, "/account/delete")  # a token of another purpose does not fit
    assert (await decide(http, other_form, "logging", "yes")).status_code == 403
    unknown = await decide(http, token, "marketing", "yes")
    assert unknown.status_code == 400 and "Nothing was changed" in unknown.text
    assert (await decide(http, token, "logging", "maybe")).status_code == 400
    assert await consents(stack) == (False, False)


async def test_signed_out_the_form_leads_to_sign_in(stack: OAuthStack, http: httpx2.AsyncClient) -> None:
    refused = await http.post("/account/consents", data={"consent": "logging", "given": "yes"})
    assert refused.headers["location"] == "/signin?return_to=/account"
    assert await consents(stack) == (False, False)
