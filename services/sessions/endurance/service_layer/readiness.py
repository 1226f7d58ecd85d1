"""The daily health and readiness entries: an upsert that merges, and a range of days.

Each RecordReadiness appends ``readiness.recorded`` with the whole entry after the merge, so a
reader of the feed never has to merge partial entries itself (decision 0054, Readiness).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC

from sqlalchemy import Connection, Engine

from services.sessions.adapters import change_feed
from services.sessions.adapters.read_engine import read_engine
from services.sessions.domain.session_rules import require_account
from services.sessions.endurance.adapters import endurance_repository as repo
from services.sessions.endurance.adapters.record_codec import readiness_payload
from services.sessions.endurance.domain.endurance_model import Readiness
from services.sessions.endurance.domain.readiness_rules import check_readiness, merged
from services.sessions.endurance.domain.threshold_rules import check_day_range
from services.sessions.service_layer.idempotency import Answer, Idempotency, idempotent_write
from services.sessions.service_layer.session_support import Clock, locked_write

RECORDED = "readiness.recorded"


class ReadinessLog:
    """RecordReadiness and ListReadiness."""

    def __init__(self, engine: Engine, clock: Clock) -> None:
        self._engine = engine
        self._reads = read_engine(engine)
        self._clock = clock

    def record(
        self,
        account_id: str,
        day: str,
        given: Mapping[str, float],
        idempotency: Idempotency | None = None,
        encode: Callable[[Readiness], bytes] | None = None,
    ) -> Answer | Readiness:
        """Set the given fields of the day's entry; the others keep their stored values. With a key
        (and ``encode``), a retry replays the first answer and another request under the key is
        IDEMPOTENCY_CONFLICT, as RecordActivity (decision 0078); without, the entry."""
        require_account(account_id)
        now = self._clock()
        fields = check_readiness(day, given, now.astimezone(UTC).date())

        def write(conn: Connection) -> Readiness:
            stored = repo.get_readiness(conn, account_id, day)
            entry = Readiness(day, merged(stored.values if stored else {}, fields), now)
            repo.save_readiness(conn, account_id, entry, new=stored is None)
            change_feed.append(conn, account_id, RECORDED, day, readiness_payload(entry), now)
            return entry

        if idempotency is not None and idempotency.key and encode is not None:
            return idempotent_write(self._engine, account_id, now, idempotency, write, encode)
        return locked_write(self._engine, account_id, now, write)

    def list(self, account_id: str, from_day: str, to_day: str) -> list[Readiness]:
        """The entries of the days from ``from_day`` to ``to_day``, both included, oldest first."""
        require_account(account_id)
        days = check_day_range(from_day, to_day)
        with self._reads.connect() as conn:
            return repo.list_readiness(conn, account_id, days.first, days.last)
