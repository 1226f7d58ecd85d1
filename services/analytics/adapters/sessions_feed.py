"""Reads the sessions service's change feed over gRPC (never its tables).

Each ``Change`` is decoded here from its typed payload into the facts analytics keeps
(domain/session_changes.py; the endurance kinds through adapters/endurance_decoding.py into
domain/endurance_changes.py), so nothing past this module sees protobuf
(docs/decisions/0029-gyms-hexagon-and-typed-feed.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import grpc

from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from kinetic.timestamps import moment_of
from services.analytics.adapters import endurance_decoding
from services.analytics.adapters.feed_pages import CALL_TIMEOUT_SECONDS, read_feed_page
from services.analytics.domain.lifting import SetFact
from services.analytics.domain.session_changes import LoggedPerformance, SessionState
from services.analytics.service_layer.catch_up import FeedPage
from services.analytics.service_layer.projection import Change

FEED_NAME = "sessions"


class SessionsFeed:
    """``UpstreamFeed`` backed by ``SessionsService.ListChanges``."""

    name = FEED_NAME

    def __init__(self, channel: grpc.aio.Channel) -> None:
        self._stub = sessions_pb2_grpc.SessionsServiceStub(channel)

    async def read_after(self, account_id: str, after_sequence: int, page_size: int) -> FeedPage:
        """One page of changes after ``after_sequence``, payloads decoded."""
        # Superseded performance.logged changes come without their payload: page_from_pb drops
        # them anyway (decision 0121). A sessions replica that predates the flag sends them whole.
        request = sessions_pb2.ListChangesRequest(
            account_id=account_id,
            after_sequence=after_sequence,
            page_size=page_size,
            omit_superseded_payloads=True,
        )
        return await read_feed_page(
            self._stub.ListChanges(request, timeout=CALL_TIMEOUT_SECONDS), page_from_pb
        )


def page_from_pb(changes: Sequence[sessions_pb2.Change]) -> list[Change]:
    """A page of changes as analytics applies it, each payload decoded once at most.

    A performance.logged that a later one of the same performance in the page replaces keeps its
    sequence, kind and ID but not its sets: catch-up applies only the last of them
    (``catch_up._superseded_dropped``), and a performance logged set by set sends its whole list
    every time, so decoding only the last skipped most of a cold catch-up's sets (decision 0121).
    """
    last = {c.record_id: c.sequence for c in changes if c.kind == "performance.logged"}
    return [
        change_from_pb(c)
        if c.kind != "performance.logged" or last[c.record_id] == c.sequence
        else Change(c.sequence, c.kind, c.record_id, moment_of(c.create_time))
        for c in changes
    ]


def change_from_pb(change: sessions_pb2.Change) -> Change:
    """One sessions change as analytics applies it."""
    created = moment_of(change.create_time)
    which = change.WhichOneof("payload")
    return Change(
        sequence=change.sequence,
        kind=change.kind,
        record_id=change.record_id,
        created_at=created,
        session=session_state(change.session, created) if which == "session" else None,
        performance=logged_performance(change.performance_logged) if which == "performance_logged" else None,
        activity=endurance_decoding.activity_facts(change.activity) if which == "activity" else None,
        activity_deleted=(
            endurance_decoding.activity_removed(change.activity_deleted)
            if which == "activity_deleted"
            else None
        ),
        threshold=endurance_decoding.threshold_value(change.threshold) if which == "threshold" else None,
        threshold_deleted=(
            endurance_decoding.threshold_removed(change.threshold_deleted)
            if which == "threshold_deleted"
            else None
        ),
        readiness=endurance_decoding.readiness_entry(change.readiness) if which == "readiness" else None,
    )


def session_state(session: sessions_pb2.Session, created_at: datetime) -> SessionState:
    """The session facts of a session change (its start defaults to the change's own time)."""
    return SessionState(
        session_id=session.session_id,
        status=session.status or "in_progress",
        started_at=moment_of(session.start_time) if session.HasField("start_time") else created_at,
        ended_at=moment_of(session.end_time) if session.HasField("end_time") else None,
        source=session.source,
        workout_id=session.workout_id,
        original_day=session.original_scheduled_day,
    )


def logged_performance(logged: sessions_pb2.PerformanceLogged) -> LoggedPerformance:
    """A performance.logged payload with its sets as analytics stores them."""
    performance = logged.performance
    return LoggedPerformance(
        performance_id=performance.performance_id,
        session_id=logged.session_id,
        exercise_id=performance.exercise_id,
        catalog_exercise_id=logged.catalog_exercise_id,
        exercise_name=performance.exercise_name,
        updated_at=moment_of(performance.update_time) if performance.HasField("update_time") else None,
        sets=tuple(set_fact(performance.performance_id, entry) for entry in performance.sets),
    )


def set_fact(performance_id: str, entry: sessions_pb2.PerformanceSet) -> SetFact:
    """One set; reps given as text ("AMRAP") say nothing countable and are stored as unknown.

    The optional numbers are doubles already; read with one bound ``HasField`` each, positionally:
    a cold catch-up decodes every kept set, and the keyword call and helper per field cost a third
    of decoding (decision 0121).
    """
    has = entry.HasField
    return SetFact(
        performance_id,
        entry.set_number,
        entry.set_type or "N",
        entry.weight_kg if has("weight_kg") else None,
        entry.reps_number if entry.WhichOneof("reps") == "reps_number" else None,
        entry.completed,
        entry.estimated,
        entry.time_seconds if has("time_seconds") else None,
        entry.distance_meters if has("distance_meters") else None,
    )
