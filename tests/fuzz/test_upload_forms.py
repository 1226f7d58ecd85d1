"""Hostile multipart/form-data on every upload path (decision 0116): each documented operation whose
body may be a form (/openapi.json) and the account page's ``POST /account/imports``.

Drawn: the boundary (declared, used, missing, another), the parts (text fields, file parts, none,
more than allowed, headers missing or over-long, odd names and file names), the file's bytes (random,
a real file cut anywhere, gzip of either, gzip cut short) and the body cut anywhere. Every answer is
a 2xx or a 4xx with a problem saying what to fix, never a 5xx or a logged failure; a refused
request stores nothing.
"""

from __future__ import annotations

import asyncio
import gzip
import re
from collections import Counter
from pathlib import Path
from typing import Any

import httpx2
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from kinetic.auth.v1 import auth_pb2
from tests.fuzz.conftest import DERANDOMIZE, EXAMPLES, FuzzStack
from tests.fuzz.watch import RowCounts, broken_calls, changed
from tests.integration.edge.client_ai_gym import new_account
from tests.integration.oauth_edge.flow import csrf_of

RUN_TIMEOUT_SECONDS = 300
FIXTURES = Path(__file__).parents[1] / "fixtures"
REAL = [
    FIXTURES / "real_activities" / "corpus" / "garmin-fr645m-run.fit",
    FIXTURES / "real_activities" / "corpus" / "garmin-connect-run-typed.gpx",
    FIXTURES / "workout_files" / "strong_comma.csv",
]
PAGE_PATH = "/account/imports"
UPLOAD_TOKEN = re.compile(r'id="upload-form".*?name="csrf_token" value="([^"]+)"', re.S)
ANSWERED = frozenset({200, 201, 400, 403, 413, 415})


@st.composite
def file_bytes(draw: st.DrawFn) -> bytes:
    source = draw(st.sampled_from(["random", "real", "real_cut"]))
    if source == "random":
        data = draw(st.binary(max_size=2048))
    else:
        real = draw(st.sampled_from(REAL)).read_bytes()
        data = real if source == "real" else real[: draw(st.integers(0, len(real)))]
    packing = draw(st.sampled_from(["plain", "gzip", "gzip_cut"]))
    if packing == "plain":
        return data
    packed = gzip.compress(data)
    return packed if packing == "gzip" else packed[: draw(st.integers(0, len(packed) - 1))]


NAMES = st.sampled_from(["file", "csrf_token", "sport", "", 'fi"le', "x" * 300, "file\r\nX-Evil: 1"])
FILENAMES = st.one_of(
    st.none(),
    st.sampled_from(["run.fit", "log.csv", "ride.gpx.gz", "../../etc/passwd", "", "a" * 400, "n\x00l.fit"]),
    st.text(max_size=40),
)


@st.composite
def parts(draw: st.DrawFn, boundary: str) -> bytes:
    body = b""
    for _ in range(draw(st.integers(0, 4))):
        name = draw(NAMES)
        filename = draw(FILENAMES)
        disposition = f'form-data; name="{name}"' + ("" if filename is None else f'; filename="{filename}"')
        headers = [f"Content-Disposition: {disposition}"]
        if draw(st.booleans()):
            headers.append(
                f"Content-Type: {draw(st.sampled_from(['text/csv', 'application/octet-stream', '']))}"
            )
        if draw(st.integers(0, 9)) == 0:
            headers = [f"X-Long: {'h' * draw(st.integers(4000, 9000))}"]  # no disposition, over-long
        content = draw(file_bytes()) if filename is not None else draw(st.binary(max_size=64))
        head = "\r\n".join(headers).encode("utf-8", "surrogatepass")
        body += f"--{boundary}\r\n".encode() + head + b"\r\n\r\n" + content + b"\r\n"
    return body + f"--{boundary}--\r\n".encode()


@st.composite
def forms(draw: st.DrawFn) -> tuple[str, bytes]:
    """(Content-Type, body): a form as a browser would send it, bent somewhere."""
    used = draw(st.sampled_from(["kinetic-b", "x", "----WebKitFormBoundary7MA4YWxkTrZu0gW"]))
    declared = draw(st.sampled_from([used, used, used, "other", "", "a" * 300]))
    content_type = "multipart/form-data" + (f"; boundary={declared}" if declared else "")
    body = draw(parts(used))
    if draw(st.integers(0, 4)) == 0:
        body = body[: draw(st.integers(0, len(body)))]
    return content_type, body


def send_forms(
    base_url: str,
    targets: list[tuple[str, dict[str, str]]],
    cookies: dict[str, str],
    rows: RowCounts,
    sent: Counter[str],
) -> None:
    with httpx2.Client(base_url=base_url, timeout=60, cookies=cookies) as http:
        for path, headers in targets:
            forms_on(http, path, headers, rows, sent)


def forms_on(
    http: httpx2.Client, path: str, headers: dict[str, str], rows: RowCounts, sent: Counter[str]
) -> None:
    @settings(
        max_examples=max(EXAMPLES, 10),
        deadline=None,
        database=None,
        derandomize=DERANDOMIZE,
        phases=[Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(form=forms())
    def example(form: tuple[str, bytes]) -> None:
        content_type, body = form
        before = rows()
        answer = http.post(
            path,
            content=body,
            headers={**headers, "Content-Type": content_type, "Accept": "application/json"},
        )
        sent[path] += 1
        assert answer.status_code in ANSWERED, (path, answer.status_code, answer.text[:300])
        document: Any = answer.json()
        if answer.status_code >= 400:
            assert document["error_description"], (path, document)
            assert not changed(before, rows()), (path, "stored while refusing", answer.text[:300])
        elif path == PAGE_PATH and all(one["outcome"] == "refused" for one in document["files"]):
            assert not changed(before, rows()), (path, "stored while refusing every file")

    example()


async def test_hostile_forms_on_every_upload_path_are_answered_and_refused_ones_store_nothing(
    fuzz_stack: FuzzStack,
) -> None:
    stack = fuzz_stack.stack
    account_id = await new_account(stack.backends, "upload-forms@example.com")
    auth = stack.backends.auth
    await auth.UpdateAccount(auth_pb2.UpdateAccountRequest(account_id=account_id, logging_consent=True))
    key = await auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account_id, name="forms", scopes=["ows"])
    )
    async with httpx2.AsyncClient(base_url=stack.base_url, timeout=60) as http:
        document = (await http.get("/openapi.json")).json()
        form = await http.get("/signin", params={"return_to": "/account"})
        await http.post(
            "/signin",
            data={
                "csrf_token": csrf_of(form.text),
                "return_to": "/account",
                "email": "upload-forms@example.com",
                "password": "correct horse battery",
            },
        )
        token = UPLOAD_TOKEN.search((await http.get("/account")).text)
        assert token, "signed in, the account page shows the upload form"
        cookies = dict(http.cookies.items())
    rest = [
        path
        for path, item in document["paths"].items()
        if "multipart/form-data" in item.get("post", {}).get("requestBody", {}).get("content", {})
    ]
    assert sorted(rest) == ["/api/endurance/activities/imports", "/api/workout-log/imports"]
    targets = [(path, {"Authorization": f"Bearer {key.secret}"}) for path in rest]
    targets.append((PAGE_PATH, {"X-CSRF-Token": token.group(1), "Origin": stack.base_url}))
    rows = RowCounts(fuzz_stack.engines)
    sent: Counter[str] = Counter()
    with broken_calls() as log:
        await asyncio.wait_for(
            asyncio.to_thread(send_forms, stack.base_url, targets, cookies, rows, sent), RUN_TIMEOUT_SECONDS
        )
    assert not log.report()
    assert set(sent) == {path for path, _ in targets}
