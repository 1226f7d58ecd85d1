"""The athlete's dated thresholds: one value per kind and day, in force until the next one.

A second value of a kind on the same day replaces the first and keeps its ID (the record is "the
kind's value from that day"); every set and delete appends its change to the feed. Figures of
activities already stored are not recomputed when a threshold changes (decision 0054, Figures),
except the zone times an activity lacks, filled in when a zone threshold is set (decision 0088).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, Engine

from services.sessions.adapters import change_feed
from services.sessions.adapters.read_engine import read_engine
from services.sessions.domain.session_rules import Violations, require_account
from services.sessions.endurance.adapters import endurance_repository as repo
from services.sessions.endurance.adapters.record_codec import threshold_deleted_payload, threshold_payload
from services.sessions.endurance.domain.endurance_errors import ThresholdNotFound
from services.sessions.endurance.domain.endurance_model import Threshold, ThresholdValue
from services.sessions.endurance.domain.ids import THRESHOLD_PREFIX, new_id
from services.sessions.endurance.domain.threshold_rules import (
    check_day,
    check_threshold,
    history_order,
    in_force,
)
from services.sessions.endurance.service_layer.zone_times import ZONE_KINDS, fill_zone_times
from services.sessions.service_layer.session_support import Clock, locked_write

SET = "threshold.set"
DELETED = "threshold.deleted"


@dataclass(frozen=True)
class ThresholdList:
    """Every value by kind then day, and those in force on the day asked for (by kind)."""

    history: list[Threshold]
    in_force: list[Threshold]


class Thresholds:
    """SetThreshold, DeleteThreshold and ListThresholds."""

    def __init__(self, engine: Engine, clock: Clock) -> None:
        self._engine = engine
        self._reads = read_engine(engine)
        self._clock = clock

    def set(self, account_id: str, given: ThresholdValue) -> Threshold:
        require_account(account_id)
        value = check_threshold(given)
        now = self._clock()

        def write(conn: Connection) -> Threshold:
            same_day = repo.threshold_on_day(conn, account_id, value.kind, value.effective_day)
            threshold_id = same_day.threshold_id if same_day else new_id(THRESHOLD_PREFIX, now)
            threshold = Threshold(threshold_id, value)
            repo.save_threshold(conn, account_id, threshold, now, new=same_day is None)
            change_feed.append(conn, account_id, SET, threshold_id, threshold_payload(threshold), now)
            return threshold

        threshold = locked_write(self._engine, account_id, now, write)
        if value.kind in ZONE_KINDS:
            # Activities imported before the thresholds get the zone times they lack (decision 0088).
            fill_zone_times(self._engine, account_id, value.effective_day, now)
        return threshold

    def delete(self, account_id: str, threshold_id: str) -> None:
        require_account(account_id)
        now = self._clock()

        def missing() -> ThresholdNotFound:
            return ThresholdNotFound(f"no threshold value {threshold_id!r} in this account")

        def write(conn: Connection) -> None:
            threshold = repo.get_threshold(conn, account_id, threshold_id)
            if threshold is None:
                raise missing()
            repo.delete_threshold(conn, account_id, threshold_id)
            change_feed.append(
                conn, account_id, DELETED, threshold_id, threshold_deleted_payload(threshold), now
            )

        def nothing_stored() -> None:
            raise missing()

        locked_write(self._engine, account_id, now, write, no_account=nothing_stored)

    def list(self, account_id: str, as_of_day: str) -> ThresholdList:
        require_account(account_id)
        out = Violations()
        check_day(out, "as_of_day", as_of_day, required=False)
        out.raise_if_any()
        with self._reads.connect() as conn:
            history = history_order(repo.list_thresholds(conn, account_id))
        current = list(in_force(history, as_of_day).values()) if as_of_day else []
        return ThresholdList(history, history_order(current))
