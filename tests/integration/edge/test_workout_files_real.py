"""Real Strong and Hevy exports, every layout the apps shipped, uploaded as a person does (decision 0088).

Each file goes through the edge's REST upload into an account of its own (time zone UTC, so the
file's wall times are the stored instants) and is read back from the log: workouts, sets, each
workout's length, one set's load as given, its unit, reps, distance and time. The expected values
are read off the files by hand (tests/fixtures/workout_files/real/SOURCES.md and layouts/SOURCES.md).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

import httpx2
import pytest

from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import workout_log_pb2
from tests.integration.edge.conftest import Stack
from tests.integration.edge.workout_files_support import FIXTURES, new_account

pytestmark = pytest.mark.asyncio(loop_scope="module")

IMPORTS = "/api/workout-log/imports"
ZONE = "UTC"


@dataclass(frozen=True)
class Expected:
    """What one file must give: counts, one workout's start and length, one of its sets."""

    path: str
    unit: str  # the upload's ?unit= ("" when the file names its unit)
    workouts: int
    sets: int
    dropped_durations: int
    start: str  # the workout checked, its start as stored (UTC)
    length_s: int | None  # its end minus its start; None when stored without a length
    entry: int  # the place in the workout of the exercise whose first set is checked
    first_set: tuple[float | None, str, float, float | None, float | None]  # load, unit, reps, m, s


FILES = [
    Expected("real/strong_2024_dakheera47.csv", "kg", 15, 250, 0, "2024-11-28T17:36:08Z", 35 * 60,
             0, (10.0, "kg", 13, None, None)),
    Expected("real/strong_2021_breinsp.csv", "kg", 2, 35, 0, "2021-02-17T18:18:29Z", 97 * 60,
             5, (None, "", 0, None, 90.0)),
    Expected("real/strong_2020_kyriakakis.csv", "kg", 3, 45, 1, "2021-03-03T14:45:52Z", None,
             1, (50.0, "kg", 4, None, None)),
    Expected("real/hevy_kg_2025_dakheera47.csv", "", 3, 51, 0, "2025-05-03T09:31:00Z", 49 * 60,
             0, (None, "", 0, None, 300.0)),
    Expected("layouts/strong_2016_kg_km.csv", "", 1, 5, 0, "2016-10-03T19:30:55Z", None,
             2, (None, "", 0, 2500.0, 900.0)),
    Expected("layouts/strong_2017_no_duration.csv", "lb", 1, 3, 0, "2017-05-12T19:00:00Z", None,
             1, (20.0, "lb", 8, None, None)),
    Expected("layouts/strong_2018_semicolon_weight_unit.csv", "", 1, 3, 0, "2018-12-10T10:33:55Z", None,
             1, (None, "", 0, 4988.966, 1200.0)),
    Expected("layouts/strong_2019_rpe_no_duration.csv", "kg", 1, 3, 0, "2019-12-02T16:45:22Z", None,
             0, (None, "", 0, 2000.0, 330.0)),
    Expected("layouts/strong_2020_workout_number.csv", "", 1, 5, 0, "2020-01-20T11:43:41Z", 3324,
             1, (None, "", 0, 1609.344, 600.0)),
    Expected("layouts/strong_2021_weight_unit_workout_duration.csv", "", 1, 3, 0, "2021-01-11T12:31:54Z",
             62 * 60, 0, (100.0, "kg", 5, None, None)),
    Expected("layouts/strong_2022_minutes_min.csv", "lb", 2, 3, 0, "2022-09-21T10:26:28Z", 38 * 60,
             0, (45.0, "lb", 10, None, None)),
    Expected("layouts/hevy_2024_month_first_12h.csv", "", 1, 3, 0, "2024-10-01T18:48:00Z", 63 * 60,
             1, (None, "", 0, 1600.0, 600.0)),
]  # fmt: skip


async def ows_client(stack: Stack, email: str) -> tuple[str, httpx2.AsyncClient]:
    """A new account (zone UTC) consenting to logging, and a client with its key of scope "ows"."""
    account = await new_account(stack, email, zone=ZONE)
    key = await stack.backends.auth.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=account, name="imports", scopes=["ows"])
    )
    await stack.backends.auth.UpdateAccount(
        auth_pb2.UpdateAccountRequest(account_id=account, logging_consent=True)
    )
    headers = {"Authorization": f"Bearer {key.secret}"}
    return account, httpx2.AsyncClient(base_url=stack.base_url, headers=headers, timeout=60)


async def upload(http: httpx2.AsyncClient, data: bytes, unit: str) -> dict[str, Any]:
    query = f"?unit={unit}" if unit else ""
    answer = await http.post(f"{IMPORTS}{query}", content=data, headers={"Content-Type": "text/csv"})
    assert answer.status_code == 200, answer.text
    report: dict[str, Any] = answer.json()
    return report


async def stored(stack: Stack, account: str) -> list[Any]:
    """The account's workouts of 2016 to 2025 (the log lists at most ten years at a time)."""
    response = await stack.backends.workout_log.ListLoggedWorkouts(
        workout_log_pb2.ListLoggedWorkoutsRequest(
            account_id=account, from_day="2016-01-01", to_day="2025-12-31", time_zone=ZONE, limit=1000
        )
    )
    return list(response.workouts)


def length_s(workout: Any) -> int | None:
    seconds = workout.end_time.seconds - workout.start_time.seconds
    return seconds or None  # the log stores a workout without an end as ending at its start


def first_set(workout: Any, entry: int) -> tuple[float | None, str, float, float | None, float | None]:
    one = workout.performances[entry].sets[0]
    given = one.load_value if one.HasField("load_value") else None  # kept when not in kilograms
    return (
        one.weight_kg if given is None and one.HasField("weight_kg") else given,
        one.load_unit,
        one.reps_number,
        one.distance_meters if one.HasField("distance_meters") else None,
        one.time_seconds if one.HasField("time_seconds") else None,
    )


@pytest.mark.parametrize("expected", FILES, ids=[one.path for one in FILES])
async def test_each_layout_imports_with_its_sets_loads_distances_durations_and_dates(
    module_stack: Stack, expected: Expected
) -> None:
    email = expected.path.replace("/", "-").replace(".csv", "") + "@example.com"
    account, http = await ows_client(module_stack, email)
    async with http:
        report = await upload(http, (FIXTURES / expected.path).read_bytes(), expected.unit)

    assert (report["imported"], report["sets"], report["skippedRows"], report["refused"]) == (
        expected.workouts,
        expected.sets,
        [],
        [],
    )
    assert len(report["droppedDurations"]) == expected.dropped_durations
    workouts = await stored(module_stack, account)
    assert len(workouts) == expected.workouts
    (workout,) = [w for w in workouts if w.start_time.ToJsonString() == expected.start]
    assert length_s(workout) == expected.length_s
    assert first_set(workout, expected.entry) == pytest.approx(expected.first_set)


async def test_a_duration_in_min_is_exported_as_the_importer_reads_it_back(module_stack: Stack) -> None:
    """38min goes in, 38m comes out, and the second account stores the same 38 minutes."""
    data = (FIXTURES / "layouts/strong_2022_minutes_min.csv").read_bytes()
    leaving, http = await ows_client(module_stack, "leaving-min@example.com")
    async with http:
        await upload(http, data, "lb")
        exported = (await http.get("/api/workout-log/export.csv")).text
    durations = {(row["Date"], row["Duration"]) for row in csv.DictReader(io.StringIO(exported))}
    assert durations == {("2022-09-21 10:26:28", "38m"), ("2022-09-23 09:02:10", "1h 5m")}

    arriving, http = await ows_client(module_stack, "arriving-min@example.com")
    async with http:
        again = await upload(http, exported.encode(), "lb")
    assert (again["imported"], again["skippedRows"]) == (2, [])
    lengths = {w.start_time.ToJsonString(): length_s(w) for w in await stored(module_stack, arriving)}
    assert lengths == {w.start_time.ToJsonString(): length_s(w) for w in await stored(module_stack, leaving)}
    assert sorted(lengths.values(), key=lambda seconds: seconds or 0) == [38 * 60, 65 * 60]


async def test_a_workout_without_a_length_is_exported_without_a_duration(module_stack: Stack) -> None:
    """Stored without an end (no duration in the file), exported with an empty Duration, not 0m."""
    _, http = await ows_client(module_stack, "no-length@example.com")
    async with http:
        await upload(http, (FIXTURES / "layouts/strong_2016_kg_km.csv").read_bytes(), "")
        exported = (await http.get("/api/workout-log/export.csv")).text
    rows = list(csv.DictReader(io.StringIO(exported)))
    assert len(rows) == 5 and {row["Duration"] for row in rows} == {""}
