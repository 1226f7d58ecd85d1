"""Deleting an account: the password is checked again, then every credential goes with the account.

Removing the rows (rather than marking them revoked) is what deletion promises, and it is also
what makes each credential fail at once when auth is asked: an API key's digest, a session's
digest and an access token's ``jti`` are no longer found. Edges do not ask per request: the
deletion leaves one tombstone in the revocation log, naming only the account ID, which they receive
within a second and which is purged once no token of the account can verify (decision 0030).
The same transaction writes the erasure outbox: the other services erase the account afterwards,
retried until each confirms (``erasure_outbox``).
See docs/decisions/0016-account-deletion-and-purging.md and 0033-account-deletion-everywhere.md.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Engine

from kinetic.errors import Unauthenticated
from kinetic.storage import checkpoint_after_erasure
from services.auth.adapters import account_erasure, erasure_outbox
from services.auth.adapters.account_erasure import DeletedRows
from services.auth.domain.accounts import require
from services.auth.domain.erasure import SERVICES
from services.auth.domain.passwords import PasswordHasher
from services.auth.domain.revocations import Revocation
from services.auth.service_layer.revocations import RevocationLog

log = logging.getLogger(__name__)

# The same answer as sign-in: a wrong password for an existing account, or no such account.
_BAD_CREDENTIALS = "the password is incorrect"


class AccountDeletionService:
    """Deletes accounts of one auth store. Slow (argon2id): run it in a worker thread."""

    def __init__(
        self,
        engine: Engine,
        hasher: PasswordHasher,
        clock: Callable[[], datetime],
        revocations: RevocationLog,
    ) -> None:
        self._engine = engine
        self._hasher = hasher
        self._clock = clock
        self._revocations = revocations

    def delete_account(self, account_id: str, password: str) -> DeletedRows:
        """Delete the account, its API keys, browser sessions and OAuth grants, codes and tokens.

        UNAUTHENTICATED ``INVALID_CREDENTIALS`` when the password does not match (or the account
        is gone already); nothing is deleted then.
        """
        require("account_id", account_id)
        require("password", password)
        with self._engine.connect() as conn:
            stored = account_erasure.password_hash(conn, account_id)
        if stored is None:
            self._hasher.waste_time(password)
            raise Unauthenticated(_BAD_CREDENTIALS, reason="INVALID_CREDENTIALS")
        if not self._hasher.verify(stored, password):
            raise Unauthenticated(_BAD_CREDENTIALS, reason="INVALID_CREDENTIALS")
        now = self._clock()
        with self._engine.begin() as conn:
            deleted = account_erasure.delete_account_rows(conn, account_id)
            self._revocations.record(conn, [Revocation.of_account(account_id, now)], now)
            # In the same transaction: the account cannot sign in from the moment its erasure is
            # pending, and a crash after this commit leaves the outbox rows to resume from (0033).
            erasure_outbox.schedule(conn, account_id, SERVICES, now)
        self._revocations.announce()
        # The account's text out of SQLite's -wal file too (decision 0071). The deletion stands
        # either way; when the log is in use, the erasure outbox checkpoints again as services confirm.
        if not checkpoint_after_erasure(self._engine):
            log.warning("deleted account %s: the database log was in use, checkpoint postponed", account_id)
        return deleted
