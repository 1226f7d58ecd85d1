"""``/openapi.json`` is built and serialised once per app, not per request (issue 27).

The document is ~90 KB of JSON, about 3 ms of the event loop's CPU to build and serialise: four
anonymous clients looping it took a signed-in call to 22x its p50. It depends only on the public URL.
"""

from __future__ import annotations

import httpx2
import pytest

import edge.app
from edge.backends import Backends
from edge.openapi import openapi_document
from kinetic.settings import EdgeSettings

TARGETS = {name: "127.0.0.1:9" for name in ("auth", "training", "sessions", "analytics")}


async def test_the_document_is_built_once_for_every_request(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []

    def counted(public_url: str) -> dict[str, object]:
        built.append(public_url)
        return openapi_document(public_url)

    monkeypatch.setattr(edge.app, "openapi_document", counted)
    settings = EdgeSettings(host="127.0.0.1", port=8000, public_url="http://kinetic.test", targets=TARGETS)
    backends = Backends.connect(TARGETS)
    try:
        app = edge.app.create_app(settings, backends)
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url="http://kinetic.test") as http:
            answers = [await http.get("/openapi.json") for _ in range(5)]
    finally:
        await backends.close()

    assert [answer.status_code for answer in answers] == [200] * 5
    assert answers[0].json() == openapi_document("http://kinetic.test")
    assert answers[0].headers["content-type"] == "application/json"
    assert len(built) == 1
