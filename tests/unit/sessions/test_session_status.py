"""Which status changes a session allows, and what an occurrence shows once a session of it goes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from services.sessions.domain.session_errors import InvalidStatusTransition
from services.sessions.domain.session_model import STATUSES
from services.sessions.domain.session_status import ALLOWED_FROM, is_replay, occurrence_status_after

SESSION = "64b64c0f2f5f4c0012349999"
ALLOWED = {
    ("in_progress", "paused"),
    ("paused", "in_progress"),
    ("in_progress", "stopped"),
    ("paused", "stopped"),
    ("in_progress", "cancelled"),
    ("paused", "cancelled"),
    ("planned", "cancelled"),
}


@pytest.mark.parametrize("target", list(ALLOWED_FROM))
@pytest.mark.parametrize("current", STATUSES)
def test_every_pair_of_statuses_is_allowed_replayed_or_refused(current, target):
    if current == target:
        assert is_replay(SESSION, current, target) is True
    elif (current, target) in ALLOWED:
        assert is_replay(SESSION, current, target) is False
    else:
        with pytest.raises(InvalidStatusTransition) as info:
            is_replay(SESSION, current, target)
        assert info.value.reason == "INVALID_STATUS_TRANSITION"
        assert info.value.metadata == {"status": current, "requestedStatus": target}
        assert f"session {SESSION} is {current}" in info.value.message


def test_completion_is_not_a_status_change_of_its_own():
    assert "completed" not in ALLOWED_FROM  # CompleteSession awards points; this path never does


def test_an_occurrence_shows_what_its_remaining_sessions_say():
    early = datetime(2026, 9, 21, 8, tzinfo=UTC)
    late = datetime(2026, 9, 21, 18, tzinfo=UTC)
    assert occurrence_status_after([]) == ("scheduled", None)
    assert occurrence_status_after([("cancelled", early)]) == ("scheduled", None)
    assert occurrence_status_after([("stopped", early), ("cancelled", late)]) == ("active", None)
    assert occurrence_status_after([("completed", early), ("stopped", late), ("completed", late)]) == (
        "completed",
        late,
    )
