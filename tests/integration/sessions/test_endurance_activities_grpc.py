"""RecordActivity, GetActivity, ListActivities and DeleteActivity on a real sessions server over
SQLite and PostgreSQL: validation, idempotency, the external-provider rule in every answer and on
the feed, paging, deletion and tenant isolation (decision 0054)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import grpc
import pytest
from sqlalchemy import select

from kinetic.sessions.v1 import endurance_pb2 as en
from services.sessions.endurance.adapters.tables import activities
from tests.integration.sessions.endurance_support import endurance_stack, fixture, stamp, summary
from tests.integration.sessions.session_support import ACCOUNT, OTHER_ACCOUNT, failure, fields

MAY_FIRST = datetime(2026, 5, 1, 6, 0, tzinfo=UTC)


@pytest.fixture
async def stack(engines, tmp_path):
    async with endurance_stack(engines, tmp_path) as running:
        yield running


def record(activity: en.ActivityInput, key: str = "", account_id: str = ACCOUNT) -> en.RecordActivityRequest:
    return en.RecordActivityRequest(account_id=account_id, activity=activity, idempotency_key=key)


async def test_a_summary_is_stored_without_streams_and_written_to_the_feed(stack):
    given = summary(
        distance_m=10_000,
        avg_hr=152,
        max_hr=171,
        normalized_power_w=245,
        name="Tempo run",
        description="Felt good",
        rpe=7,
        source_app="Kinetic",
    )
    answer = await stack.endurance.RecordActivity(record(given))
    activity = answer.activity
    assert not answer.replayed
    assert (activity.sport, activity.source, activity.has_streams) == ("run", "manual", False)
    assert (activity.duration_s, activity.moving_time_s) == (2700, 2700)  # moving time defaults
    assert (activity.distance_m, activity.normalized_power_w, activity.rpe) == (10_000, 245, 7)
    assert not activity.HasField("avg_power_w")
    assert (activity.name, activity.description) == ("Tempo run", "Felt good")
    assert activity.figures == en.ActivityFigures()
    got = await stack.endurance.GetActivity(
        en.GetActivityRequest(account_id=ACCOUNT, activity_id=activity.activity_id, include_streams=True)
    )
    assert got.activity.summary == activity
    assert list(got.activity.laps) == [] and list(got.activity.streams.power_w) == []
    (change,) = await stack.feed()
    assert (change.kind, change.record_id, change.WhichOneof("payload")) == (
        "activity.recorded",
        activity.activity_id,
        "activity",
    )
    assert change.activity == activity


async def test_bad_values_are_refused_naming_each_field(stack):
    given = summary(
        sport="rowing",
        duration_s=0,
        moving_time_s=-1,
        avg_hr=300,
        max_power_w=float("nan"),
        rpe=11,
        source="file",
    )
    error = await failure(stack.endurance.RecordActivity(record(given)))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert sorted(fields(error)) == sorted(
        [
            "activity.sport",
            "activity.duration_s",
            "activity.moving_time_s",
            "activity.avg_hr",
            "activity.max_power_w",
            "activity.rpe",
            "activity.source",
        ]
    )
    assert "must be one of run, ride, swim, strength, other" in error.message
    longer = await failure(stack.endurance.RecordActivity(record(summary(duration_s=600, moving_time_s=601))))
    assert fields(longer) == ["activity.moving_time_s"]
    too_long = await failure(stack.endurance.RecordActivity(record(summary(duration_s=259_201))))
    assert fields(too_long) == ["activity.duration_s"]
    no_start = en.ActivityInput(sport="run", duration_s=60)
    assert fields(await failure(stack.endurance.RecordActivity(record(no_start)))) == ["activity.start_time"]
    future = summary(start_time=stamp(datetime.now(UTC) + timedelta(days=3)))
    assert fields(await failure(stack.endurance.RecordActivity(record(future)))) == ["activity.start_time"]
    assert stack.rows()["activities"] == 0
    assert await stack.feed() == []


async def test_a_retry_with_the_same_key_replays_and_another_request_conflicts(stack):
    first = await stack.endurance.RecordActivity(record(summary(), key="run-1"))
    again = await stack.endurance.RecordActivity(record(summary(), key="run-1"))
    assert again.replayed and not first.replayed
    assert again.activity == first.activity
    conflict = await failure(stack.endurance.RecordActivity(record(summary(distance_m=5000), key="run-1")))
    assert (conflict.code, conflict.reason) == (grpc.StatusCode.ALREADY_EXISTS, "IDEMPOTENCY_CONFLICT")
    assert stack.rows()["activities"] == 1
    assert len(await stack.feed()) == 1
    # Without a key every call stores one more.
    await stack.endurance.RecordActivity(record(summary()))
    await stack.endurance.RecordActivity(record(summary()))
    assert stack.rows()["activities"] == 3


async def test_an_external_providers_name_and_description_are_kept_but_never_passed_on(stack):
    given = summary(
        sport="ride",
        name="Secret ride",
        description="Route notes",
        external_provider=True,
        source_app="Provider app",
    )
    answer = (await stack.endurance.RecordActivity(record(given))).activity
    assert (answer.source, answer.external_provider, answer.source_app) == ("sync", True, "Provider app")
    assert (answer.name, answer.description) == ("", "")
    got = await stack.endurance.GetActivity(
        en.GetActivityRequest(account_id=ACCOUNT, activity_id=answer.activity_id, include_streams=True)
    )
    assert (got.activity.summary.name, got.activity.summary.description) == ("", "")
    assert not got.activity.HasField("streams") and list(got.activity.laps) == []
    listed = await stack.endurance.ListActivities(en.ListActivitiesRequest(account_id=ACCOUNT))
    assert [(a.name, a.description) for a in listed.activities] == [("", "")]
    (change,) = await stack.feed()
    assert (change.activity.name, change.activity.description) == ("", "")
    assert b"Secret" not in change.SerializeToString() and b"Route" not in change.SerializeToString()
    # Stored, so that a later change of the provider's terms needs no new sync.
    with stack.engine.connect() as conn:
        stored = conn.execute(select(activities.c.name, activities.c.description)).one()
    assert tuple(stored) == ("Secret ride", "Route notes")
    manual = await failure(
        stack.endurance.RecordActivity(record(summary(external_provider=True, source="manual")))
    )
    assert fields(manual) == ["activity.source"]


async def test_activities_list_newest_first_in_a_window_by_sport_and_page(stack):
    sports = ["run", "ride", "swim", "run", "ride"]
    ids = []
    for day, sport in enumerate(sports):
        start = stamp(MAY_FIRST + timedelta(days=day))
        ids.append(
            (
                await stack.endurance.RecordActivity(record(summary(sport=sport, start_time=start)))
            ).activity.activity_id
        )

    async def listed(**extra) -> en.ListActivitiesResponse:
        return await stack.endurance.ListActivities(en.ListActivitiesRequest(account_id=ACCOUNT, **extra))

    assert [a.activity_id for a in (await listed()).activities] == ids[::-1]
    window = await listed(
        from_time=stamp(MAY_FIRST + timedelta(days=1)), to_time=stamp(MAY_FIRST + timedelta(days=4))
    )
    assert [a.activity_id for a in window.activities] == [ids[3], ids[2], ids[1]]
    rides_and_swims = await listed(sports=["ride", "swim"])
    assert [a.sport for a in rides_and_swims.activities] == ["ride", "swim", "ride"]

    pages, token = [], ""
    while True:
        page = await listed(page_size=2, page_token=token)
        pages.append([a.activity_id for a in page.activities])
        token = page.next_page_token
        if not token:
            break
    assert pages == [ids[4:2:-1], ids[2:0:-1], ids[:1]]
    other_query = await failure(
        listed(page_size=2, page_token=(await listed(page_size=2)).next_page_token, sports=["run"])
    )
    assert fields(other_query) == ["page_token"]
    assert fields(await failure(listed(page_size=501))) == ["page_size"]
    assert fields(await failure(listed(sports=["rowing"]))) == ["sports[0]"]


async def test_a_deleted_activity_goes_with_its_streams_and_the_feed_says_so(stack):
    imported = (await stack.import_file(fixture("ride.fit"))).activity
    request = en.DeleteActivityRequest(account_id=ACCOUNT, activity_id=imported.activity_id)
    await stack.endurance.DeleteActivity(request)
    assert stack.rows()["activities"] == stack.rows()["activity_streams"] == 0
    missing = await failure(stack.endurance.DeleteActivity(request))
    assert (missing.code, missing.reason) == (grpc.StatusCode.NOT_FOUND, "ACTIVITY_NOT_FOUND")
    get = en.GetActivityRequest(account_id=ACCOUNT, activity_id=imported.activity_id)
    assert (await failure(stack.endurance.GetActivity(get))).code == grpc.StatusCode.NOT_FOUND
    kinds = [(c.kind, c.record_id) for c in await stack.feed()]
    assert kinds == [("activity.recorded", imported.activity_id), ("activity.deleted", imported.activity_id)]
    deleted = (await stack.feed())[1].activity_deleted
    assert (deleted.activity_id, deleted.sport, deleted.start_time) == (
        imported.activity_id,
        "ride",
        imported.start_time,
    )
    # Imported again after the deletion, the file is a new activity.
    assert (await stack.import_file(fixture("ride.fit"))).created


async def test_another_account_sees_none_of_the_activities(stack):
    mine = (await stack.import_file(fixture("run.tcx"))).activity
    get = en.GetActivityRequest(account_id=OTHER_ACCOUNT, activity_id=mine.activity_id, include_streams=True)
    assert (await failure(stack.endurance.GetActivity(get))).code == grpc.StatusCode.NOT_FOUND
    delete = en.DeleteActivityRequest(account_id=OTHER_ACCOUNT, activity_id=mine.activity_id)
    assert (await failure(stack.endurance.DeleteActivity(delete))).code == grpc.StatusCode.NOT_FOUND
    listed = await stack.endurance.ListActivities(en.ListActivitiesRequest(account_id=OTHER_ACCOUNT))
    assert list(listed.activities) == []
    # The same file is the other account's own import, not a re-import of this one's.
    theirs = await stack.import_file(fixture("run.tcx"), account_id=OTHER_ACCOUNT)
    assert theirs.created and theirs.activity.activity_id != mine.activity_id
    assert await stack.feed(OTHER_ACCOUNT) != [] and len(await stack.feed()) == 1
    assert stack.rows()["activities"] == 1
