"""The account page's "Delete account" and "Erase Training library" through the real edge.

Seed 000: "Account deletion or Training library erasure also invalidates the connection." An access
token and an API key that worked must fail within a second of the deletion (the edge hears of it
from auth's revocation stream, decision 0030); a connection must fail after erasure.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx2
import pytest

from kinetic.training.v1 import training_pb2, training_pb2_grpc
from tests.eventually import status_becomes
from tests.integration.oauth_edge.account_support import bearer_status, connect_muse, create_key, form_csrf
from tests.integration.oauth_edge.flow import csrf_of
from tests.integration.oauth_edge.stack import EMAIL, PASSWORD, OAuthStack, running_stack
from tests.integration.training.library_support import edit_request, strength_a


async def test_deleting_the_account_ends_its_token_key_and_session_at_once(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    tokens = await connect_muse(stack, http)
    secret = await create_key(http)
    assert await bearer_status(stack, tokens["access_token"]) == 200
    assert await bearer_status(stack, secret) == 200
    page = await http.get("/account")
    assert "Delete account" in page.text
    token = form_csrf(page.text, "/account/delete")

    # No CSRF token, another form's token, or a wrong password: nothing is deleted.
    assert (await http.post("/account/delete", data={"password": PASSWORD})).status_code == 403
    other_form = form_csrf(page.text, "/account/api-keys")
    refused = await http.post("/account/delete", data={"csrf_token": other_form, "password": PASSWORD})
    assert refused.status_code == 403
    wrong = await http.post("/account/delete", data={"csrf_token": token, "password": "not my password"})
    assert wrong.status_code == 400 and "Nothing was deleted" in wrong.text
    assert await bearer_status(stack, tokens["access_token"]) == 200
    assert await bearer_status(stack, secret) == 200

    deleted = await http.post("/account/delete", data={"csrf_token": token, "password": PASSWORD})
    assert deleted.status_code == 200 and "Your account was deleted" in deleted.text
    assert 'kinetic_session=""' in deleted.headers["set-cookie"]

    # Edges learn of the deletion from auth's revocation stream: refused within a second (0030).
    await status_becomes(lambda: bearer_status(stack, tokens["access_token"]), 401, within=1.0)
    await status_becomes(lambda: bearer_status(stack, secret), 401, within=1.0)
    refreshed = await http.post(
        "/token",
        data={
            "grant_type": "refresh_token",
            "refresh_token": tokens["refresh_token"],
            "client_id": "metric-muse",
            "resource": stack.resource,
        },
    )
    assert refreshed.status_code == 400 and refreshed.json()["error"] == "invalid_grant"
    signin = await http.get("/signin")
    again = await http.post(
        "/signin",
        data={
            "csrf_token": csrf_of(signin.text),
            "return_to": "/account",
            "email": EMAIL,
            "password": PASSWORD,
        },
    )
    assert again.status_code == 401


async def test_a_stolen_session_cookie_stops_working_after_deletion(
    stack: OAuthStack, http: httpx2.AsyncClient
) -> None:
    await connect_muse(stack, http)
    cookie = http.cookies["kinetic_session"]
    page = await http.get("/account")
    await http.post(
        "/account/delete", data={"csrf_token": form_csrf(page.text, "/account/delete"), "password": PASSWORD}
    )
    async with httpx2.AsyncClient(base_url=stack.base_url, follow_redirects=False, timeout=30) as thief:
        thief.cookies.set("kinetic_session", cookie)
        assert (await thief.get("/account")).status_code == 303


@pytest.fixture
async def training_stack(sqlite_engines, tmp_path) -> AsyncIterator[OAuthStack]:
    async with running_stack(sqlite_engines("auth"), tmp_path, sqlite_engines("training")) as running:
        yield running


async def test_erasing_the_training_library_ends_every_connection(training_stack: OAuthStack) -> None:
    stack = training_stack
    training = training_pb2_grpc.TrainingServiceStub(stack.backends.channels["training"])
    async with httpx2.AsyncClient(base_url=stack.base_url, follow_redirects=False, timeout=30) as http:
        tokens = await connect_muse(stack, http)
        secret = await create_key(http)
        assert await bearer_status(stack, tokens["access_token"]) == 200
        before = await training.GetLibrary(training_pb2.GetLibraryRequest(account_id=stack.account_id))
        page = await http.get("/account")
        assert "Erase Training library" in page.text
        token = form_csrf(page.text, "/account/erase-training")

        assert (await http.post("/account/erase-training", data={"confirm": "erase"})).status_code == 403
        unconfirmed = await http.post("/account/erase-training", data={"csrf_token": token})
        assert unconfirmed.status_code == 400
        assert await bearer_status(stack, tokens["access_token"]) == 200

        erased = await http.post("/account/erase-training", data={"csrf_token": token, "confirm": "erase"})
        assert erased.status_code == 200, erased.text
        assert "Training library erased" in erased.text
        after = await training.GetLibrary(training_pb2.GetLibraryRequest(account_id=stack.account_id))
        assert after.library.epoch != before.library.epoch

        await status_becomes(lambda: bearer_status(stack, tokens["access_token"]), 401, within=1.0)
        refreshed = await http.post(
            "/token",
            data={
                "grant_type": "refresh_token",
                "refresh_token": tokens["refresh_token"],
                "client_id": "metric-muse",
                "resource": stack.resource,
            },
        )
        assert refreshed.json()["error"] == "invalid_grant"
        assert "No application is connected" in (await http.get("/account")).text
        # The person's own API key and sign-in are not connections: they keep working.
        assert await bearer_status(stack, secret) == 200


async def test_deleting_the_account_from_the_page_erases_its_training_library(
    training_stack: OAuthStack,
) -> None:
    """Auth erases the account in training after the deletion (decision 0033); the edge adds no
    erasure of its own, which would leave a fresh, empty library (and its feed) behind."""
    stack = training_stack
    training = training_pb2_grpc.TrainingServiceStub(stack.backends.channels["training"])
    library = await training.GetLibrary(training_pb2.GetLibraryRequest(account_id=stack.account_id))
    await training.EditTraining(
        edit_request(library.library.epoch, "delete-k1", strength_a(), account_id=stack.account_id)
    )

    async def feed_latest() -> int:
        page = await training.ListLibraryChanges(
            training_pb2.ListLibraryChangesRequest(account_id=stack.account_id)
        )
        return int(page.latest_sequence)

    assert await feed_latest() == 1
    async with httpx2.AsyncClient(base_url=stack.base_url, follow_redirects=False, timeout=30) as http:
        await connect_muse(stack, http)
        page = await http.get("/account")
        deleted = await http.post(
            "/account/delete",
            data={"csrf_token": form_csrf(page.text, "/account/delete"), "password": PASSWORD},
        )
        assert deleted.status_code == 200
    # No library row is left: the feed of an unknown account reads empty at 0.
    await status_becomes(feed_latest, 0, within=5.0)
