"""The account page's two downloads, for the signed-in browser, through the real edge."""

from __future__ import annotations

import httpx2

from services.sessions.workout_log.files import parse_workout_csv
from tests.integration.edge.conftest import Stack
from tests.integration.edge.test_workout_files_rest import IMPORTS, ows_key
from tests.integration.edge.workout_files_support import FIXTURES
from tests.integration.oauth_edge.flow import csrf_of


async def signed_in(stack: Stack, http: httpx2.AsyncClient) -> str:
    """Sign the stack's account in through the form; the account page's HTML."""
    form = await http.get("/signin", params={"return_to": "/account"})
    credentials = {"email": "ada@example.com", "password": "correct horse battery"}
    answer = await http.post(
        "/signin", data={"csrf_token": csrf_of(form.text), "return_to": "/account", **credentials}
    )
    assert answer.headers["location"] == "/account"
    page = await http.get("/account")
    assert page.status_code == 200
    return page.text


async def test_the_account_page_links_both_downloads_and_they_hold_the_signed_in_persons_data(
    stack: Stack,
) -> None:
    async with httpx2.AsyncClient(base_url=stack.base_url, timeout=60) as api:
        uploaded = await api.post(
            IMPORTS,
            content=(FIXTURES / "hevy_kg.csv").read_bytes(),
            headers={**await ows_key(stack, stack.account_id), "Content-Type": "text/csv"},
        )
        assert uploaded.status_code == 200, uploaded.text

    async with httpx2.AsyncClient(base_url=stack.base_url, follow_redirects=False, timeout=60) as http:
        signed_out = await http.get("/account/export.json")
        page = await signed_in(stack, http)
        as_json = await http.get("/account/export.json")
        as_csv = await http.get("/account/export.csv")

    assert signed_out.status_code == 303
    assert signed_out.headers["location"] == "/signin?return_to=/account"
    assert 'href="/account/export.json"' in page and 'href="/account/export.csv"' in page
    # The import help names the page's upload, the REST path and the CLI (issue 32); long paths may
    # break after a dot or slash on a phone (<wbr>).
    help_text = page.replace("<wbr>", "")
    assert 'id="upload-form"' in page and 'href="#upload"' in page
    assert (
        "/api/workout-log/imports" in help_text
        and "python -m services.sessions.workout_log.files import" in help_text
    )
    assert as_json.status_code == 200
    assert as_json.headers["Content-Disposition"].startswith("attachment;")
    assert as_json.headers["Cache-Control"] == "no-store"
    assert as_json.json()["accountId"] == stack.account_id
    assert [w["title"] for w in as_json.json()["sessions"]["workouts"]] == ["Push A", "Cardio"]
    assert as_csv.status_code == 200 and as_csv.headers["Content-Type"].startswith("text/csv")
    assert [w.title for w in parse_workout_csv(as_csv.content, unit="kg").workouts] == ["Push A", "Cardio"]
