"""Reading an account's library change feed (ListLibraryChanges), for services that derive data from
the library without reading its tables (docs/decisions/0023-training-change-feed.md)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine

from kinetic.errors import InvalidArgument
from services.training.adapters import library_change_log as change_log
from services.training.adapters.library_change_log import StoredChange
from services.training.service_layer.training_library import require_account

DEFAULT_PAGE_SIZE = 500
MAX_PAGE_SIZE = 1000


@dataclass(frozen=True)
class LibraryChangePage:
    """Changes after a cursor and the feed's current end (each record as stored: the entrypoint
    reads it)."""

    changes: list[StoredChange]
    latest_sequence: int


class LibraryChangeFeed:
    """The account-ordered record of every change to the Training library."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def list_changes(self, account_id: str, after_sequence: int, page_size: int = 0) -> LibraryChangePage:
        """Changes with sequence > ``after_sequence``, ascending, at most ``page_size`` (0 means 500).

        Reading never creates a library: an unknown account has an empty feed at sequence 0.
        """
        require_account(account_id)
        if after_sequence < 0:
            raise InvalidArgument.for_field("after_sequence", "must be 0 or more")
        if not 0 <= page_size <= MAX_PAGE_SIZE:
            raise InvalidArgument.for_field(
                "page_size", f"must be between 1 and {MAX_PAGE_SIZE} (0 means 500)"
            )
        with self._engine.connect() as conn:
            changes, latest = change_log.read_after(
                conn, account_id, after_sequence, page_size or DEFAULT_PAGE_SIZE
            )
        return LibraryChangePage(changes, latest)
