"""Idempotent writes of the rooms (workout log, endurance records): the first answer to a key is
stored with the write and replayed.

The key is looked up and the answer stored inside the write's own transaction, under the account's
lock (``session_support.locked_write``), so of concurrent calls with one key exactly one writes and
the others find its answer; a failed write stores nothing and can be retried with the same key.
The request is compared by hash (computed by the entrypoint from the request without its key) and
RPC; another request under a used key is IDEMPOTENCY_CONFLICT. Answers are kept 7 days
(decision 0049). It is the session core's so that the rooms share it without importing each other
(decision 0099).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

from sqlalchemy import Connection, Engine

from services.sessions.adapters import idempotent_requests as requests_repo
from services.sessions.adapters.idempotent_requests import StoredRequest
from services.sessions.domain.session_errors import IdempotencyConflict
from services.sessions.domain.session_rules import require_idempotency_key
from services.sessions.service_layer.session_support import locked_write

T = TypeVar("T")
# A retry comes within minutes; a week covers a client that was offline for days.
ANSWER_RETENTION = timedelta(days=7)


@dataclass(frozen=True)
class Idempotency:
    """A write's key, the RPC it is for and the hash of its request without the key."""

    key: str
    rpc: str
    request_hash: str


@dataclass(frozen=True)
class Answer:
    """The serialized response, and whether it is the stored first answer to the key."""

    response: bytes
    replayed: bool


def idempotent_write(
    engine: Engine,
    account_id: str,
    now: datetime,
    request: Idempotency,
    work: Callable[[Connection], T],
    encode: Callable[[T], bytes],
) -> Answer:
    """Run ``work`` once per key under the account's lock; a repeat returns the stored answer."""
    key = require_idempotency_key(request.key)

    def write(conn: Connection) -> Answer:
        stored = requests_repo.find_request(conn, account_id, key)
        if stored is not None:
            if (stored.rpc, stored.request_hash) != (request.rpc, request.request_hash):
                raise IdempotencyConflict(
                    # The stored RPC stays in the metadata: a message names no RPC (decisions 0076, 0082).
                    f"idempotency key {key!r} was already used for a different write; "
                    "send a new key for a new write",
                    metadata={"rpc": stored.rpc},
                )
            return Answer(stored.response, replayed=True)
        response = encode(work(conn))
        requests_repo.prune_requests(conn, account_id, now - ANSWER_RETENTION)
        requests_repo.store_request(
            conn, account_id, key, StoredRequest(request.rpc, request.request_hash, response), now
        )
        return Answer(response, replayed=False)

    return locked_write(engine, account_id, now, write)
