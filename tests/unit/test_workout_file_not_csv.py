"""A JSON document given to the CSV reader is refused by its format, for the REST upload, the
ImportWorkoutFile call and the CLI alike (decision 0107)."""

from __future__ import annotations

import json

import pytest

from services.sessions.workout_log.files import WorkoutFileError, parse_workout_csv
from services.sessions.workout_log.files.model import NotCsvFile


@pytest.mark.parametrize(
    "data",
    [
        json.dumps({"accountId": "a", "sessions": {"workouts": [{"title": "x" * 200_000}]}}).encode(),
        b"\xef\xbb\xbf\n  [1, 2]",
    ],
)
def test_json_is_refused_as_not_csv_naming_the_csv_export(data: bytes) -> None:
    with pytest.raises(NotCsvFile) as refused:
        parse_workout_csv(data, unit="kg")
    assert "JSON" in refused.value.reason and "export.csv" in refused.value.reason
    assert isinstance(refused.value, WorkoutFileError)
