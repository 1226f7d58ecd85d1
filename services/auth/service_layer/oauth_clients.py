"""OAuth client use cases: resolve a client ID, dynamic registration (RFC 7591), static registration."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError

from kinetic.errors import AlreadyExists, InvalidArgument, NotFound
from services.auth.adapters import oauth_repository as repo
from services.auth.adapters.cimd import MetadataDocumentFetcher
from services.auth.domain.accounts import require
from services.auth.domain.oauth_clients import (
    BUILT_IN_CLIENTS,
    KIND_REGISTERED,
    KIND_STATIC,
    MAX_CLIENT_NAME_CHARS,
    OAuthClient,
    parse_json_object,
    registration_response,
    validate_client_metadata,
    validate_redirect_uri,
)
from services.auth.domain.oauth_errors import RateLimited

REGISTRATIONS_PER_WINDOW = 20
REGISTRATION_WINDOW = timedelta(hours=1)
MAX_METADATA_BYTES = 16 * 1024
UNKNOWN_ADDRESS = "unknown"
# Static IDs are chosen by an operator; a URL-like or odd ID would be confused with other kinds.
_STATIC_CLIENT_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


class ClientService:
    """Every client the authorization server knows, wherever it is defined."""

    def __init__(
        self, engine: Engine, clock: Callable[[], datetime], fetcher: MetadataDocumentFetcher
    ) -> None:
        self._engine = engine
        self._clock = clock
        self._fetcher = fetcher

    def get_client(self, client_id: str) -> OAuthClient:
        """A built-in, stored or metadata-document client; NOT_FOUND ``invalid_client`` otherwise.

        An ``https://`` client ID is fetched over the network (seconds at worst): call it off the
        event loop.
        """
        require("client_id", client_id)
        built_in = BUILT_IN_CLIENTS.get(client_id)
        if built_in is not None:
            return built_in
        if client_id.startswith("https://"):
            return self._fetcher.fetch(client_id)
        with self._engine.connect() as conn:
            client = repo.get_client(conn, client_id)
        if client is None:
            raise NotFound(f"no client {client_id!r}; register it first", reason="invalid_client")
        return client

    def register_client(self, metadata_json: str, remote_address: str) -> tuple[OAuthClient, str]:
        """Register a public client; returns it and the RFC 7591 response body.

        At most 20 registrations per caller address per hour (RESOURCE_EXHAUSTED ``rate_limited``):
        registration is unauthenticated, and each one is a stored row.
        """
        if len(metadata_json.encode("utf-8")) > MAX_METADATA_BYTES:
            raise InvalidArgument(
                f"the registration request exceeds {MAX_METADATA_BYTES} bytes",
                reason="invalid_client_metadata",
            )
        name, uris, grant_types = validate_client_metadata(
            parse_json_object(metadata_json, "invalid_client_metadata")
        )
        now = self._clock()
        client = OAuthClient(
            client_id=str(uuid.uuid4()),
            client_name=name or "Unnamed application",
            redirect_uris=uris,
            kind=KIND_REGISTERED,
            grant_types=grant_types,
        )
        address = remote_address.strip()[:64] or UNKNOWN_ADDRESS
        with self._engine.begin() as conn:
            recent = repo.count_registrations_since(conn, address, now - REGISTRATION_WINDOW)
            if recent >= REGISTRATIONS_PER_WINDOW:
                raise RateLimited(
                    f"at most {REGISTRATIONS_PER_WINDOW} client registrations per hour from one address; "
                    "try again later",
                    metadata={"retry_after_seconds": str(int(REGISTRATION_WINDOW.total_seconds()))},
                )
            repo.add_client(conn, client, address, now)
        return client, registration_response(client, int(now.timestamp()))

    def register_static_client(self, client_id: str, name: str, redirect_uris: Sequence[str]) -> OAuthClient:
        """Store an operator-defined public client (the CLI's ``register-client``)."""
        if not _STATIC_CLIENT_ID.fullmatch(client_id):
            raise InvalidArgument.for_field(
                "client_id",
                "must be 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit",
            )
        if client_id in BUILT_IN_CLIENTS:
            raise AlreadyExists(f"{client_id!r} is a built-in client", reason="CLIENT_EXISTS")
        name = require("name", name.strip())
        if len(name) > MAX_CLIENT_NAME_CHARS:
            raise InvalidArgument.for_field("name", f"must be at most {MAX_CLIENT_NAME_CHARS} characters")
        if not redirect_uris:
            raise InvalidArgument.for_field("redirect_uri", "name at least one redirect URI")
        try:
            uris = tuple(dict.fromkeys(validate_redirect_uri(uri) for uri in redirect_uris))
        except InvalidArgument as exc:
            raise InvalidArgument.for_field("redirect_uri", exc.message) from exc
        client = OAuthClient(client_id=client_id, client_name=name, redirect_uris=uris, kind=KIND_STATIC)
        try:
            with self._engine.begin() as conn:
                repo.add_client(conn, client, None, self._clock())
        except IntegrityError as exc:
            raise AlreadyExists(f"a client {client_id!r} exists already", reason="CLIENT_EXISTS") from exc
        return client
