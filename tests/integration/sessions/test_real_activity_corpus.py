"""Every real public activity file of the corpus (tests/fixtures/real_activities/*/manifest.json),
imported as an athlete would (ImportActivityFile on a real sessions server), gives the device's
own figures: moving and elapsed time, distance (±1 %), heart rate (±1 bpm), power (±3 W), NP
(±1 % or ±3 W); and nothing an athlete could not have done (stress per hour ≤ 150, speed within
the sport's). A file the manifest marks with ``known_issue`` is expected to fail, strictly: when
the fix lands it passes, and the test fails until the marker is removed."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from tests.conftest import EngineFactory
from tests.fixtures.real_activities import corpus_check, extract_summaries
from tests.integration.sessions.endurance_support import EnduranceStack, endurance_stack

pytestmark = pytest.mark.asyncio(loop_scope="module")

ENTRIES = corpus_check.entries()


def _case(entry: corpus_check.Entry) -> object:
    marks = (
        [pytest.mark.xfail(strict=True, reason=f"known issue: {entry.known_issue}")]
        if entry.known_issue
        else []
    )
    return pytest.param(entry, id=entry.name, marks=marks)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def corpus_stack(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[EnduranceStack]:
    """One sessions server for the module; each file goes to its own account, so no import sees
    another file's activity (two files of one ride would otherwise be one activity)."""
    tmp_path = tmp_path_factory.mktemp("corpus")
    factory = EngineFactory("sqlite", tmp_path)
    try:
        async with endurance_stack(factory, tmp_path) as running:
            yield running
    finally:
        factory.close()


async def test_the_expected_figures_are_what_the_files_say() -> None:
    """Nobody edited an expected value by hand: the script gives the same from the files."""
    for manifest in extract_summaries.manifests():
        assert extract_summaries.refresh(manifest, check=True) == [], manifest


async def test_the_corpus_has_files_of_many_brands_sports_and_formats() -> None:
    assert len(ENTRIES) >= 30
    assert len({e.brand for e in ENTRIES}) >= 5
    assert {"run", "ride", "swim", "walk"} <= {e.sport for e in ENTRIES}
    assert {"fit", "tcx", "gpx"} <= {e.upload_name.rsplit(".", 1)[-1].lower() for e in ENTRIES}
    for entry in ENTRIES:
        assert entry.path.is_file(), entry.name
        assert set(entry.source) >= {"repo", "path", "commit", "licence"}, entry.name
        assert set(entry.expected) == set(corpus_check.COMPARED) | set(corpus_check.SHOWN_ONLY), entry.name


@pytest.mark.parametrize("entry", [_case(e) for e in ENTRIES])
async def test_a_real_file_gives_the_devices_figures(
    corpus_stack: EnduranceStack, entry: corpus_check.Entry
) -> None:
    account = str(uuid.uuid5(uuid.NAMESPACE_URL, entry.name))
    answer = await corpus_stack.import_file(
        entry.data(), account_id=account, filename=entry.upload_name, sport=entry.upload_sport
    )
    assert answer.created
    assert corpus_check.import_problems(entry, answer) == []
