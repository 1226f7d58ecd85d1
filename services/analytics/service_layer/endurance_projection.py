"""Applies the sessions feed's endurance changes (inside the cursor's transaction).

An activity, threshold or readiness change replaces the stored row (or removes it); nothing is
computed here. Training stress is worked out when read, with the thresholds in force on each
activity's local day in the reader's time zone, so a threshold set later with an earlier effective
day changes the stress of every activity after it at once. The only cached figures, the
training-load seeds, are deleted from the first day a change can touch on. Decision 0055.
"""

from __future__ import annotations

import dataclasses
import logging
from datetime import date, datetime, timedelta
from typing import Final

from sqlalchemy import Connection

from kinetic.record_ranges import storable_moment
from services.analytics.adapters import endurance_store as store
from services.analytics.adapters.aggregates import utc
from services.analytics.domain.endurance_changes import (
    ActivityFacts,
    ActivityRemoved,
    ReadinessEntry,
    ThresholdRemoved,
    ThresholdValue,
)

_log = logging.getLogger(__name__)
KINDS: Final = frozenset(
    {"activity.recorded", "activity.deleted", "threshold.set", "threshold.deleted", "readiness.recorded"}
)


def apply(
    conn: Connection,
    account_id: str,
    kind: str,
    record_id: str,
    *,
    activity: ActivityFacts | None = None,
    activity_deleted: ActivityRemoved | None = None,
    threshold: ThresholdValue | None = None,
    threshold_deleted: ThresholdRemoved | None = None,
    readiness: ReadinessEntry | None = None,
) -> None:
    """Apply one endurance change; one without the payload its kind needs is skipped."""
    if kind == "activity.recorded" and activity is not None:
        if not storable_moment(activity.start_time):
            # Stored before the ingest checks (decision 0070): keeping it would break every read of
            # the account (its local days overflow); skipped, so the account's other records count.
            _log.warning(
                "skipped activity %s of account %s: its start %r is outside the range analytics reads",
                activity.activity_id or record_id,
                account_id,
                activity.start_time,
            )
            return
        if not activity.activity_id:
            activity = dataclasses.replace(activity, activity_id=record_id)
        before = store.activity_start(conn, account_id, activity.activity_id)
        store.put_activity(conn, account_id, activity)
        _activity_moved(conn, account_id, before, activity.start_time)
    elif kind == "activity.deleted":
        activity_id = (activity_deleted.activity_id if activity_deleted else "") or record_id
        before = store.activity_start(conn, account_id, activity_id)
        store.delete_activity(conn, account_id, activity_id)
        _activity_moved(conn, account_id, before, activity_deleted.start_time if activity_deleted else None)
    elif kind == "threshold.set" and threshold is not None:
        if not threshold.threshold_id:
            threshold = dataclasses.replace(threshold, threshold_id=record_id)
        replaced = store.put_threshold(conn, account_id, threshold)
        store.invalidate_seeds(conn, account_id, min([threshold.effective_day, *replaced]))
    elif kind == "threshold.deleted":
        threshold_id = (threshold_deleted.threshold_id if threshold_deleted else "") or record_id
        days = [store.delete_threshold(conn, account_id, threshold_id)]
        if threshold_deleted is not None:
            days.append(threshold_deleted.effective_day)
        known = [day for day in days if day is not None]
        if known:
            store.invalidate_seeds(conn, account_id, min(known))
    elif kind == "readiness.recorded" and readiness is not None:
        # Readiness feeds W/kg and the history, never training stress: no seed changes.
        store.put_readiness(conn, account_id, readiness)


def earliest_local_day(moment: datetime) -> date:
    """The earliest local day ``moment`` falls on in any time zone: the UTC day before its own
    (offsets run from -12 to +14 hours), so invalidating from there covers every reader's zone."""
    return utc(moment).date() - timedelta(days=1)


def _activity_moved(conn: Connection, account_id: str, *moments: datetime | None) -> None:
    # A deleted activity's start outside the range (one skipped when recorded) moves no seeds.
    days = [
        earliest_local_day(moment) for moment in moments if moment is not None and storable_moment(moment)
    ]
    if days:
        store.invalidate_seeds(conn, account_id, min(days))
