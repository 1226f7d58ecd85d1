"""Deletes every session row of one account (Core, caller's transaction): sets, performances,
sessions, the change feed, the idempotent requests of every room and the account's lock row,
children first."""

from __future__ import annotations

from sqlalchemy import Connection, delete, select

from services.sessions.adapters.idempotent_requests import log_requests
from services.sessions.adapters.session_tables import (
    performance_sets,
    performances,
    session_accounts,
    sessions,
)
from services.sessions.adapters.tables import changes


def delete_session_rows(conn: Connection, account_id: str) -> int:
    """Remove the account's sessions, their records, its change feed and its idempotent requests;
    returns how many went."""
    own_performances = select(performances.c.performance_id).where(performances.c.account_id == account_id)
    deleted = conn.execute(
        delete(performance_sets).where(performance_sets.c.performance_id.in_(own_performances))
    ).rowcount
    for table in (performances, sessions, changes, log_requests, session_accounts):
        deleted += conn.execute(delete(table).where(table.c.account_id == account_id)).rowcount
    return deleted
