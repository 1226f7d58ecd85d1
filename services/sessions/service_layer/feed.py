"""Reading the per-account change feed."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine

from kinetic.errors import InvalidArgument
from services.sessions.adapters import change_feed
from services.sessions.adapters.change_feed import ChangeRecord
from services.sessions.adapters.read_engine import read_engine

DEFAULT_PAGE_SIZE = 500
MAX_PAGE_SIZE = 1000


@dataclass(frozen=True)
class ChangePage:
    """Changes after a cursor and the feed's current end."""

    changes: list[ChangeRecord]
    latest_sequence: int


class ChangeFeed:
    """The account-ordered record of every change the sessions service makes."""

    def __init__(self, engine: Engine) -> None:
        self._engine = read_engine(engine)  # reads only

    def list_changes(
        self, account_id: str, after_sequence: int, page_size: int = 0, omit_superseded: bool = False
    ) -> ChangePage:
        """Changes with sequence > ``after_sequence``, in order, at most ``page_size``; with
        ``omit_superseded`` a performance.logged a later one of the page replaces has no payload."""
        if not account_id:
            raise InvalidArgument.for_field("account_id", "is required")
        if after_sequence < 0:
            raise InvalidArgument.for_field("after_sequence", "must be 0 or more")
        if page_size < 0 or page_size > MAX_PAGE_SIZE:
            raise InvalidArgument.for_field("page_size", f"must be between 1 and {MAX_PAGE_SIZE}")
        with self._engine.connect() as conn:
            latest = change_feed.latest_sequence(conn, account_id)
            if latest <= after_sequence:
                # Nothing after the reader's cursor as of ``latest``: a reader already caught up (a
                # plan write's catch-up, every sweep) is answered with one statement (decision 0123).
                # A change committed after ``latest`` was read comes with the next call, as it would
                # have had it committed a moment later.
                return ChangePage([], latest)
            rows = change_feed.read_after(
                conn, account_id, after_sequence, page_size or DEFAULT_PAGE_SIZE, omit_superseded
            )
        return ChangePage(rows, latest)
