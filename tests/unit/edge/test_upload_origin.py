"""Which posts the account page's upload endpoint takes as coming from Kinetic's own page."""

from __future__ import annotations

import pytest
from starlette.requests import Request

from edge.account_uploads import same_origin

PUBLIC = "https://kinetic.example"


def posted(**headers: str) -> Request:
    raw = [(name.replace("_", "-").encode(), value.encode()) for name, value in headers.items()]
    return Request({"type": "http", "method": "POST", "path": "/account/imports", "headers": raw})


@pytest.mark.parametrize(
    ("headers", "taken"),
    [
        ({"origin": PUBLIC, "sec_fetch_site": "same-origin"}, True),
        ({"origin": "https://evil.example", "sec_fetch_site": "cross-site"}, False),
        ({"origin": "https://evil.example"}, False),
        # The form posted without its script from a no-referrer page: Chromium says "null".
        ({"origin": "null", "sec_fetch_site": "same-origin"}, True),
        ({"origin": "null", "sec_fetch_site": "cross-site"}, False),
        ({"origin": "null"}, False),
        ({"sec_fetch_site": "same-site"}, False),
    ],
)
def test_a_post_is_taken_only_from_kinetics_own_page(headers: dict[str, str], taken: bool) -> None:
    assert same_origin(posted(**headers), PUBLIC) is taken
