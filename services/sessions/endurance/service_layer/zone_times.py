"""Zone times filled in when thresholds arrive after the activities (decision 0088).

An activity's zone times need its streams and a threshold in force on its day (an FTP for power
zones, a threshold or resting and maximum heart rate for heart-rate zones). An athlete who imports
their history first and sets thresholds later used to keep activities without zone times for
good: figures were computed once, at import (decision 0054). Now each threshold set fills them in.

Bounded, and never a rewrite of what is there:
- only activities with streams starting on or after the threshold's effective day (the days it is
  in force from), newest first, at most ``FILL_LIMIT`` per threshold set;
- only activities missing a zone list they could have: heart-rate zones when there is heart rate,
  power zones for a ride with power. Zone times already there are kept as they are (a threshold set
  later does not rewrite them; that stays decision 0054's rule);
- ``FILL_BATCH`` activities per transaction under the account's lock, each filled one appending
  ``activity.recorded`` with its new figures, so analytics' copy follows.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Final

from sqlalchemy import Connection, Engine

from services.sessions.adapters import change_feed
from services.sessions.endurance.adapters import endurance_repository as repo
from services.sessions.endurance.adapters.record_codec import activity_payload
from services.sessions.endurance.domain.endurance_model import Activity, Figures, ThresholdKind
from services.sessions.endurance.domain.figures import activity_figures
from services.sessions.endurance.domain.threshold_rules import in_force
from services.sessions.endurance.service_layer.activity_writes import RECORDED
from services.sessions.service_layer.session_support import locked_write

# The kinds zone times rest on (domain/figures.py); setting another kind fills nothing.
ZONE_KINDS: Final[frozenset[ThresholdKind]] = frozenset({"ftp", "threshold_hr", "resting_hr", "max_hr"})
# At most this many activities are filled per threshold set (about three years of daily training);
# the rest, older, are filled by the next set of a zone threshold.
FILL_LIMIT: Final = 1000
# Activities filled per transaction: the account's lock is held for one batch at a time.
FILL_BATCH: Final = 50
# Activities read per page while looking for those missing zone times.
_PAGE: Final = 500


def missing_zone_times(activity: Activity) -> bool:
    """True when the activity could have a zone list it lacks."""
    values, figures = activity.values, activity.figures
    needs_heart_rate = values.avg_hr is not None and not figures.heart_rate_zones
    needs_power = values.sport == "ride" and values.avg_power_w is not None and not figures.power_zones
    return activity.has_streams and (needs_heart_rate or needs_power)


def filled(old: Figures, new: Figures) -> Figures:
    """``old`` with the zone lists it lacked taken from ``new``; those it had are kept."""
    figures = old
    if not old.heart_rate_zones and new.heart_rate_zones:
        figures = dataclasses.replace(
            figures, heart_rate_zones=new.heart_rate_zones, threshold_hr=new.threshold_hr
        )
    if not old.power_zones and new.power_zones:
        figures = dataclasses.replace(figures, power_zones=new.power_zones, ftp_w=new.ftp_w)
    return figures


def _candidates(conn: Connection, account_id: str, from_day: str) -> list[str]:
    """IDs of the activities from ``from_day`` on missing zone times, newest first, bounded."""
    start_from = datetime.fromisoformat(from_day).replace(tzinfo=UTC)
    found: list[str] = []
    offset = 0
    while len(found) < FILL_LIMIT:
        page = repo.list_activities(conn, account_id, start_from, None, (), offset, _PAGE)
        found.extend(activity.activity_id for activity in page if missing_zone_times(activity))
        if len(page) < _PAGE:
            break
        offset += _PAGE
    return found[:FILL_LIMIT]


def _stream(values: Sequence[float]) -> list[float | None]:
    return [None if math.isnan(value) else value for value in values]


def _fill_one(conn: Connection, account_id: str, activity_id: str, now: datetime) -> bool:
    """Fill one activity's missing zone times; False when there was nothing to fill."""
    activity = repo.get_activity(conn, account_id, activity_id)
    if activity is None or not missing_zone_times(activity):
        return False  # deleted, or filled, since the candidates were read
    streams = repo.read_streams(conn, account_id, activity_id)
    if streams is None:
        return False
    start = activity.values.start
    day = (start.astimezone(UTC) if start.tzinfo else start).date().isoformat()  # SQLite: naive UTC
    thresholds = in_force(repo.thresholds_through(conn, account_id, day), day)
    computed = activity_figures(
        activity.values.sport, _stream(streams.power_w), _stream(streams.heart_rate), thresholds
    )
    figures = filled(activity.figures, computed)
    if figures == activity.figures:
        return False
    updated = dataclasses.replace(activity, figures=figures, updated_at=now)
    repo.save_activity_figures(conn, account_id, updated)
    change_feed.append(conn, account_id, RECORDED, activity_id, activity_payload(updated), now)
    return True


def fill_zone_times(engine: Engine, account_id: str, from_day: str, now: datetime) -> int:
    """Fill the zone times the account's activities lack from ``from_day`` on; how many were."""
    with engine.connect() as conn:
        candidates = _candidates(conn, account_id, from_day)
    count = 0
    for first in range(0, len(candidates), FILL_BATCH):
        batch = candidates[first : first + FILL_BATCH]

        def write(conn: Connection, batch: list[str] = batch) -> int:
            return sum(_fill_one(conn, account_id, activity_id, now) for activity_id in batch)

        count += locked_write(engine, account_id, now, write)
    return count
