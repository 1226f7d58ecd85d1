"""Files sent as a browser sends them (issue 32, decision 0116), through the real edge and services:

- the REST imports take ``multipart/form-data`` as well as raw bodies, gzipped files too, and send a
  file of the other kind to its own path with a problem saying so;
- the account page's ``POST /account/imports`` imports each file with the importer its content says
  and answers each in words; it takes files only from Kinetic's own origin with the session's
  upload token, so a cross-origin or token-less upload stores nothing.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import httpx2
import pytest

from edge.upload_bodies import MAX_FILES_AT_ONCE
from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import endurance_pb2
from tests.integration.edge.conftest import Stack
from tests.integration.edge.test_workout_files_rest import IMPORTS, client, ows_key
from tests.integration.edge.workout_files_support import logged, new_account
from tests.integration.oauth_edge.flow import csrf_of

pytestmark = pytest.mark.asyncio(loop_scope="module")

FIXTURES = Path(__file__).parents[2] / "fixtures"
CORPUS = FIXTURES / "real_activities" / "corpus"
RUN_FIT = CORPUS / "garmin-fr645m-run.fit"
RIDE_FIT = CORPUS / "garmin-edge500-ride-b.fit"
RUN_GPX = CORPUS / "garmin-connect-run-typed.gpx"
STRONG = FIXTURES / "workout_files" / "real" / "strong_2021_breinsp.csv"
BROKEN_FIT = FIXTURES / "activity_files" / "broken_truncated.fit"
ACTIVITY_IMPORTS = "/api/endurance/activities/imports"
PASSWORD = "correct horse battery"
UPLOAD_TOKEN = re.compile(r'id="upload-form".*?name="csrf_token" value="([^"]+)"', re.S)


async def activities(stack: Stack, account_id: str) -> list[endurance_pb2.ActivitySummary]:
    answer = await stack.backends.endurance.ListActivities(
        endurance_pb2.ListActivitiesRequest(account_id=account_id, page_size=500)
    )
    return list(answer.activities)


async def test_both_rest_imports_take_a_form_and_gzip_as_well_as_raw_bodies(account_stack: Stack) -> None:
    account = await new_account(account_stack, "forms@example.com")
    async with client(account_stack, await ows_key(account_stack, account)) as http:
        csv_form = await http.post(f"{IMPORTS}?unit=kg", files={"file": ("strong.csv", STRONG.read_bytes())})
        csv_gzipped = await http.post(
            f"{IMPORTS}?unit=kg",
            content=gzip.compress(STRONG.read_bytes()),
            headers={"Content-Type": "text/csv"},
        )
        fit_form = await http.post(ACTIVITY_IMPORTS, files={"file": ("run.fit", RUN_FIT.read_bytes())})
        gpx_gzipped = await http.post(
            ACTIVITY_IMPORTS, files={"file": ("run.gpx.gz", gzip.compress(RUN_GPX.read_bytes()))}
        )
        fit_again = await http.post(
            ACTIVITY_IMPORTS,
            content=RUN_FIT.read_bytes(),
            headers={"Content-Type": "application/octet-stream"},
        )

    assert csv_form.status_code == 200, csv_form.text
    assert csv_form.json()["imported"] > 0 and csv_form.json()["sets"] > 0
    assert csv_gzipped.status_code == 200 and csv_gzipped.json()["imported"] == 0
    assert csv_gzipped.json()["alreadyImported"] == csv_form.json()["imported"]
    assert fit_form.status_code == 201, fit_form.text
    assert fit_form.json()["activity"]["sport"] == "run"
    assert gpx_gzipped.status_code == 201, gpx_gzipped.text
    assert fit_again.status_code == 200 and fit_again.json()["activities"][0]["outcome"] == "already_imported"
    assert len(await activities(account_stack, account)) == 2


async def test_rest_forms_are_refused_saying_what_to_fix_and_store_nothing(account_stack: Stack) -> None:
    account = await new_account(account_stack, "refused-forms@example.com")
    async with client(account_stack, await ows_key(account_stack, account)) as http:
        fit_as_log = await http.post(f"{IMPORTS}?unit=kg", files={"file": ("run.fit", RUN_FIT.read_bytes())})
        csv_as_activity = await http.post(ACTIVITY_IMPORTS, files={"file": ("log.csv", STRONG.read_bytes())})
        no_file = await http.post(ACTIVITY_IMPORTS, data={"sport": "run"}, files={"other": (None, "x")})
        two_files = await http.post(
            ACTIVITY_IMPORTS,
            files=[("file", ("a.fit", RUN_FIT.read_bytes())), ("file", ("b.fit", RIDE_FIT.read_bytes()))],
        )
        malformed = await http.post(
            ACTIVITY_IMPORTS,
            content=b"--b\r\nContent-Disposition: form-data; name=file; filename=x.fit\r\n",
            headers={"Content-Type": "multipart/form-data; boundary=b"},
        )
        too_large = await http.post(
            f"{IMPORTS}?unit=kg", files={"file": ("huge.csv", b"x" * (20 * 1024 * 1024 + 1))}
        )
        bomb = await http.post(
            f"{IMPORTS}?unit=kg", files={"file": ("bomb.csv.gz", gzip.compress(b"a" * (21 * 1024 * 1024)))}
        )

    assert fit_as_log.status_code == 415
    assert "POST /api/endurance/activities/imports" in fit_as_log.json()["error_description"]
    assert csv_as_activity.status_code == 415
    assert "POST /api/workout-log/imports" in csv_as_activity.json()["error_description"]
    assert no_file.status_code == 400 and "carries no file" in no_file.json()["error_description"]
    assert (
        two_files.status_code == 400 and "send at most 1 per request" in two_files.json()["error_description"]
    )
    assert malformed.status_code == 400 and "malformed" in malformed.json()["error_description"]
    assert too_large.status_code == 413 and "20 MiB" in too_large.json()["error_description"]
    assert bomb.status_code == 413 and "once decompressed" in bomb.json()["error_description"]
    assert await activities(account_stack, account) == []
    assert await logged(account_stack, account) == []


async def signed_in(stack: Stack, http: httpx2.AsyncClient, email: str) -> str:
    """Sign ``email`` in through the form; the upload token of its account page."""
    form = await http.get("/signin", params={"return_to": "/account"})
    answer = await http.post(
        "/signin",
        data={
            "csrf_token": csrf_of(form.text),
            "return_to": "/account",
            "email": email,
            "password": PASSWORD,
        },
    )
    assert answer.headers["location"] == "/account"
    page = await http.get("/account")
    match = UPLOAD_TOKEN.search(page.text)
    assert match, "the account page has no upload form"
    return match.group(1)


async def consenting_account(stack: Stack, email: str, *, consent: bool = True) -> str:
    account = await new_account(stack, email, zone="Europe/Amsterdam")
    await stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account, logging_consent=consent)
    )
    return account


async def test_the_account_page_states_the_limits_and_the_three_ways_in(account_stack: Stack) -> None:
    await consenting_account(account_stack, "page@example.com")
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=60) as http:
        await signed_in(account_stack, http, "page@example.com")
        # Long paths may break after a dot or slash on a phone (<wbr>), never inside a word.
        page = (await http.get("/account")).text.replace("<wbr>", "")
        script = await http.get("/account/upload.js")

    assert f"Up to {MAX_FILES_AT_ONCE} files at once" in page
    assert 'type="file" multiple' in page and 'enctype="multipart/form-data"' in page
    assert '<script nonce="' in page and 'src="/account/upload.js"' in page
    for way in (
        "POST /api/endurance/activities/imports",
        "POST /api/workout-log/imports",
        "python -m services.sessions.endurance.activity_files import",
        "python -m services.sessions.workout_log.files import",
    ):
        assert way in page
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert "X-CSRF-Token" in script.text


async def test_each_file_from_the_page_is_imported_by_its_kind_and_answered_in_words(
    account_stack: Stack,
) -> None:
    account = await consenting_account(account_stack, "batch@example.com")
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=60) as http:
        token = await signed_in(account_stack, http, "batch@example.com")
        headers = {"X-CSRF-Token": token, "Accept": "application/json", "Origin": account_stack.base_url}
        answers = {}
        for path in (RUN_FIT, RIDE_FIT, STRONG, BROKEN_FIT):
            answers[path.name] = await http.post(
                "/account/imports", files={"file": (path.name, path.read_bytes())}, headers=headers
            )
        again = await http.post(
            "/account/imports",
            files={"file": ("run.fit.gz", gzip.compress(RUN_FIT.read_bytes()))},
            headers=headers,
        )

    outcomes = {name: answer.json()["files"][0] for name, answer in answers.items()}
    assert all(answer.status_code == 200 for answer in answers.values())
    run = outcomes[RUN_FIT.name]
    assert run["outcome"] == "imported" and run["kind"] == "activity"
    assert re.fullmatch(
        r"Imported: run on \w{3} \d{1,2} \w{3} \d{4} at \d\d:\d\d, \d+\u00a0min \d\d\u00a0s\.", run["text"]
    )
    assert outcomes[RIDE_FIT.name]["text"].startswith("Imported: ride on ")
    strong = outcomes[STRONG.name]
    assert strong["outcome"] == "imported" and strong["kind"] == "workout_log"
    assert re.match(r"Imported \d+ strength workouts \(\d+ sets\)", strong["text"])
    broken = outcomes[BROKEN_FIT.name]
    assert broken["outcome"] == "refused" and broken["text"].startswith("Refused: ")
    assert broken["text"].endswith("Nothing was stored.")
    repeat = again.json()["files"][0]
    assert repeat["outcome"] == "already" and repeat["text"].startswith("Already there: run on ")
    assert repeat["text"].endswith(". This file was imported before.")
    assert sorted(a.sport for a in await activities(account_stack, account)) == ["ride", "run"]
    assert len(await logged(account_stack, account)) > 0


async def test_the_plain_form_sends_every_file_at_once_with_its_field_token(account_stack: Stack) -> None:
    account = await consenting_account(account_stack, "noscript@example.com")
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=60) as http:
        token = await signed_in(account_stack, http, "noscript@example.com")
        page = await http.post(
            "/account/imports",
            data={"csrf_token": token},
            files=[("file", (p.name, p.read_bytes())) for p in (RUN_GPX, BROKEN_FIT)],
            headers={"Origin": account_stack.base_url},
        )

    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "Imported: run on " in page.text and "Refused: " in page.text
    assert len(await activities(account_stack, account)) == 1


async def test_a_cross_origin_tokenless_or_foreign_token_upload_stores_nothing(account_stack: Stack) -> None:
    account = await consenting_account(account_stack, "csrf@example.com")
    fit = {"file": ("run.fit", RUN_FIT.read_bytes())}
    as_json = {"Accept": "application/json"}
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=60) as http:
        token = await signed_in(account_stack, http, "csrf@example.com")
        page = (await http.get("/account")).text
        other_form_token = csrf_of(page)  # the sign-out form's: another purpose
        cross_origin = await http.post(
            "/account/imports",
            files=fit,
            headers={**as_json, "X-CSRF-Token": token, "Origin": "https://evil.example"},
        )
        cross_site = await http.post(
            "/account/imports",
            files=fit,
            headers={**as_json, "X-CSRF-Token": token, "Sec-Fetch-Site": "cross-site"},
        )
        tokenless = await http.post("/account/imports", files=fit, headers=as_json)
        foreign = await http.post(
            "/account/imports", files=fit, headers={**as_json, "X-CSRF-Token": other_form_token}
        )
        forged_form = await http.post(
            "/account/imports",
            data={"csrf_token": "0" * 64},
            files=fit,
            headers={"Origin": account_stack.base_url},
        )
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=60) as stranger:
        signed_out = await stranger.post(
            "/account/imports", files=fit, headers={**as_json, "X-CSRF-Token": token}
        )

    assert other_form_token != token
    for refused in (cross_origin, cross_site, tokenless, foreign):
        assert refused.status_code == 403, refused.text
    assert cross_origin.json()["error"] == "forbidden"
    assert (
        tokenless.json()["error"] == "csrf_refused"
        and "reload /account" in tokenless.json()["error_description"]
    )
    assert forged_form.status_code == 403 and "Nothing was imported" in forged_form.text
    assert signed_out.status_code == 401 and signed_out.json()["error"] == "sign_in_required"
    assert await activities(account_stack, account) == []


async def test_without_the_logging_consent_the_page_says_so_and_nothing_is_stored(
    account_stack: Stack,
) -> None:
    account = await consenting_account(account_stack, "noconsent@example.com", consent=False)
    async with httpx2.AsyncClient(base_url=account_stack.base_url, timeout=60) as http:
        token = await signed_in(account_stack, http, "noconsent@example.com")
        page = (await http.get("/account")).text
        refused = await http.post(
            "/account/imports",
            files={"file": ("run.fit", RUN_FIT.read_bytes())},
            headers={"X-CSRF-Token": token, "Accept": "application/json"},
        )

    assert "needs your consent to log workouts" in page
    assert refused.status_code == 403 and refused.json()["error"] == "consent_required"
    assert await activities(account_stack, account) == []
