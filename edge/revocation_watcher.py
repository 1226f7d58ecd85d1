"""Follows ``AuthService.WatchRevocations`` so the guard can check credentials without asking auth.

One background task per edge process (started by the app's lifespan). Its states:

- ``starting``: not connected yet. The guard asks auth per request (``CheckAccessToken``,
  ``VerifyApiKey``), as it did before the stream existed.
- ``local``: the stream has delivered its catch-up (``current``). The guard checks access tokens
  against the JWKS and the revoked set only, and serves API keys from the verified-key cache; an
  account's plan tier and status come from its credential, or from the standing pushed since
  (``edge.revocation_standings``, decision 0063).
- ``fallback``: the stream broke (auth restarted, network, no heartbeat for ``SILENCE_LIMIT_SECONDS``,
  or an auth without the RPC). The guard asks auth per request again: fail closed, never open; so
  does a gate on plan tiers (it reads the account). The
  watcher reconnects with capped backoff and resumes after the last sequence it applied.

Entering ``fallback`` (from ``local``, or the first failure while ``starting``) logs one WARNING;
reaching ``local`` logs one INFO. The gauge ``kinetic.edge.revocation_stream.connected`` is 1 while
``local`` and 0 otherwise; ``kinetic.edge.revocation_stream.fallbacks`` counts entries into
``fallback``. See docs/decisions/0030-revocation-push.md.

``kinetic.edge.revocation_stream.lag`` (seconds) is how old the edge's knowledge of auth's
revocation log is: the time since the last message that said the watcher was current (the end of
the catch-up, a live revocation, or a heartbeat, sent every second while idle). A revocation auth
committed is applied here at most this long after; healthy, it stays near the heartbeat interval,
and it keeps growing while the stream is down (docs/decisions/0042-metrics-traces-logs.md).
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field

import grpc
from opentelemetry import metrics

from edge.api_key_cache import ApiKeyCache
from edge.revocation_standings import AccountStandings
from edge.revoked_set import RevokedSet
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc

log = logging.getLogger(__name__)

STARTING = "starting"
LOCAL = "local"
FALLBACK = "fallback"

# Reconnect after 0.1 s, doubling up to 5 s: a restarted auth is followed again within seconds
# without a crash-looping one being hammered.
FIRST_RETRY_SECONDS = 0.1
MAX_RETRY_SECONDS = 5.0
# Auth sends a heartbeat every second while idle; three missed ones mean the connection is dead.
SILENCE_LIMIT_SECONDS = 3.0


class RevocationWatcher:
    """Keeps ``revoked``, ``standings`` and ``api_keys`` in step with auth's revocation log."""

    def __init__(
        self,
        auth: auth_pb2_grpc.AuthServiceStub,
        *,
        revoked: RevokedSet | None = None,
        api_keys: ApiKeyCache | None = None,
        standings: AccountStandings | None = None,
        meter: metrics.Meter | None = None,
        first_retry: float = FIRST_RETRY_SECONDS,
        max_retry: float = MAX_RETRY_SECONDS,
        silence_limit: float = SILENCE_LIMIT_SECONDS,
    ) -> None:
        self._auth = auth
        self.revoked = revoked or RevokedSet()
        self.api_keys = api_keys or ApiKeyCache()
        self.standings = standings or AccountStandings()
        self._first_retry = first_retry
        self._max_retry = max_retry
        self._silence_limit = silence_limit
        self.state = STARTING
        self.sequence = 0  # of the last message applied; the resume point
        # Bumped on every applied change; the guard caches a key only if nothing changed meanwhile.
        self.revision = 0
        # time.monotonic() of the last message saying the watcher was current; None: never yet.
        self.current_at: float | None = None
        self.running = False
        self._instruments = _instruments_on(meter) if meter is not None else _process_instruments()
        self._instruments.watchers.add(self)

    @property
    def local(self) -> bool:
        """Whether the guard may rely on the revoked set alone."""
        return self.state == LOCAL

    def lag(self) -> float | None:
        """Seconds since the stream last confirmed this copy current; None before it ever did."""
        if self.current_at is None:
            return None
        return time.monotonic() - self.current_at

    async def run(self) -> None:
        """Follow the stream until cancelled, reconnecting with capped backoff."""
        self.running = True
        try:
            await self._follow_forever()
        finally:
            # A stopped watcher vouches for nothing: the gauges leave it out rather than report a
            # lag that grows while nobody follows the stream.
            self.running = False
            self.current_at = None

    async def _follow_forever(self) -> None:
        delay = self._first_retry
        while True:
            try:
                reached_local = await self._follow()
                reason = "auth ended the stream"
            except grpc.aio.AioRpcError as error:
                reached_local = self.local
                reason = f"{error.code().name}: {error.details()}"
            except TimeoutError:
                reached_local = self.local
                reason = f"no message for {self._silence_limit:g} s"
            except Exception as error:
                reached_local = self.local
                reason = repr(error)
            self._fall_back(reason)
            if reached_local:
                delay = self._first_retry
            await asyncio.sleep(delay)
            delay = min(delay * 2, self._max_retry)

    async def _follow(self) -> bool:
        """Read one stream until it ends; True if it became current."""
        call = self._auth.WatchRevocations(auth_pb2.WatchRevocationsRequest(after_sequence=self.sequence))
        snapshot: list[auth_pb2.Revocation] | None = None
        became_local = False
        try:
            while True:
                async with asyncio.timeout(self._silence_limit):
                    message = await call.read()
                if message is grpc.aio.EOF:
                    return became_local
                assert isinstance(message, auth_pb2.WatchRevocationsResponse)
                if message.snapshot:
                    snapshot = []
                if snapshot is not None:
                    # Built aside and swapped in whole: a half-received snapshot never shrinks the set.
                    snapshot.extend(message.revocations)
                else:
                    self._apply(message.revocations)
                    self.sequence = message.sequence
                if message.current:
                    self.current_at = time.monotonic()
                    if snapshot is not None:
                        self._replace(snapshot, message.sequence)
                        snapshot = None
                    became_local = True
                    self._become_local()
        finally:
            call.cancel()

    def _apply(self, revocations: Iterable[auth_pb2.Revocation]) -> None:
        for revocation in revocations:
            self.revoked.add(revocation)
            self.standings.add(revocation)
            kind = revocation.WhichOneof("subject")
            if kind == "api_key_id":
                self.api_keys.forget_key(revocation.api_key_id)
            elif kind == "account_id":
                self.api_keys.forget_account(revocation.account_id)
            elif kind == "account_standing":
                # A cached key carries its owner's settings as verified (decision 0090): after a
                # change, the next request verifies it again and gets the new ones.
                self.api_keys.forget_account(revocation.account_standing.account_id)
            self.revision += 1

    def _replace(self, revocations: list[auth_pb2.Revocation], sequence: int) -> None:
        self.revoked.replace(revocations)
        self.standings.replace(revocations)
        self.api_keys.clear()
        self.sequence = sequence
        self.revision += 1

    def _become_local(self) -> None:
        if self.state == LOCAL:
            return
        self.state = LOCAL
        log.info(
            "revocation stream from auth is current (sequence %d, %d revoked): checking credentials locally",
            self.sequence,
            len(self.revoked),
        )

    def _fall_back(self, reason: str) -> None:
        self.api_keys.clear()  # trusted only while the stream is current
        self.revision += 1
        if self.state == FALLBACK:
            return
        self.state = FALLBACK
        self._instruments.fallbacks.add(1)
        log.warning("revocation stream from auth is down (%s): asking auth on every request", reason)


@dataclass
class _StreamInstruments:
    """The revocation stream's instruments on one meter, made once: a meter keeps the first
    instrument of a name and ignores the callbacks of any later one, so each watcher registers
    itself here instead of creating gauges of its own."""

    fallbacks: metrics.Counter
    watchers: weakref.WeakSet[RevocationWatcher] = field(default_factory=weakref.WeakSet)

    def running(self) -> list[RevocationWatcher]:
        return [watcher for watcher in list(self.watchers) if watcher.running]

    def connected(self, _options: metrics.CallbackOptions) -> Iterable[metrics.Observation]:
        running = self.running()
        return [metrics.Observation(1 if all(w.local for w in running) else 0)] if running else []

    def lag(self, _options: metrics.CallbackOptions) -> Iterable[metrics.Observation]:
        lags = [lag for watcher in self.running() if (lag := watcher.lag()) is not None]
        return [metrics.Observation(max(lags))] if lags else []


_INSTRUMENTS: dict[int, tuple[metrics.Meter, _StreamInstruments]] = {}
_PROCESS_INSTRUMENTS: list[_StreamInstruments] = []


def _process_instruments() -> _StreamInstruments:
    """The instruments on the process's meter: made once, whether or not a meter provider is set
    yet (the API's meter forwards to the provider set later), so every watcher shares them."""
    if not _PROCESS_INSTRUMENTS:
        _PROCESS_INSTRUMENTS.append(_instruments_on(metrics.get_meter("kinetic.edge")))
    return _PROCESS_INSTRUMENTS[0]


def _instruments_on(meter: metrics.Meter) -> _StreamInstruments:
    """The stream's instruments on ``meter``, created on first use."""
    known = _INSTRUMENTS.get(id(meter))
    if known is not None and known[0] is meter:
        return known[1]
    instruments = _StreamInstruments(
        fallbacks=meter.create_counter(
            "kinetic.edge.revocation_stream.fallbacks",
            description="times the edge fell back to asking auth per request",
        )
    )
    meter.create_observable_gauge(
        "kinetic.edge.revocation_stream.connected",
        callbacks=[instruments.connected],
        description="1 while the edge checks credentials locally, 0 while it asks auth per request",
    )
    meter.create_observable_gauge(
        "kinetic.edge.revocation_stream.lag",
        unit="s",
        callbacks=[instruments.lag],
        description="seconds since auth's revocation stream last confirmed the edge was current",
    )
    _INSTRUMENTS[id(meter)] = (meter, instruments)
    return instruments
