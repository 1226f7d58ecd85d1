"""AuthService over gRPC: protobuf in, one use case, protobuf out."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, TypeVar

import grpc

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from services.auth.domain.accounts import Account
from services.auth.domain.api_keys import ApiKey
from services.auth.domain.revocations import (
    ACCOUNT,
    API_KEY,
    GRANT,
    STANDING,
    TOKEN,
    Revocation,
    RevocationBatch,
)
from services.auth.entrypoints.timestamps import to_timestamp

if TYPE_CHECKING:
    from services.auth.bootstrap import AuthApp

T = TypeVar("T")

# argon2id takes ~0.2 s and 64 MiB per call. It runs in worker threads so the event loop keeps
# serving, and at most this many at once so a burst of sign-ins cannot exhaust memory.
MAX_CONCURRENT_PASSWORD_HASHES = 4


def account_to_pb(account: Account) -> auth_pb2.Account:
    """Domain account to its protobuf message."""
    return auth_pb2.Account(
        account_id=account.account_id,
        email=account.email,
        display_name=account.display_name,
        time_zone=account.time_zone,
        units=account.units,
        create_time=to_timestamp(account.created_at),
        logging_consent=account.logging_consent,
        health_data_consent=account.health_data_consent,
        primary_sport=account.primary_sport,
        account_status=account.account_status,
        plan_tier=account.plan_tier,
        distance_unit=account.distance_unit,
        first_weekday=account.first_weekday,
    )


def api_key_to_pb(key: ApiKey) -> auth_pb2.ApiKey:
    """Domain API key to its protobuf message (there is no secret to leak: the domain has none)."""
    message = auth_pb2.ApiKey(
        key_id=key.key_id,
        account_id=key.account_id,
        name=key.name,
        scopes=list(key.scopes),
        prefix=key.prefix,
        create_time=to_timestamp(key.created_at),
    )
    if key.revoked_at is not None:
        message.revoke_time.CopyFrom(to_timestamp(key.revoked_at))
    return message


def revocation_to_pb(revocation: Revocation) -> auth_pb2.Revocation:
    """Domain revocation to its protobuf message (the kind picks the ``subject`` field)."""
    message = auth_pb2.Revocation(
        sequence=revocation.sequence, expire_time=to_timestamp(revocation.expires_at)
    )
    if revocation.kind == STANDING:
        plan_tier, account_status = revocation.standing()
        message.account_standing.CopyFrom(
            auth_pb2.AccountStanding(
                account_id=revocation.account_id, plan_tier=plan_tier, account_status=account_status
            )
        )
        return message
    field = {TOKEN: "token_id", GRANT: "grant_id", ACCOUNT: "account_id", API_KEY: "api_key_id"}
    setattr(message, field[revocation.kind], revocation.subject)
    return message


def batch_to_pb(batch: RevocationBatch) -> auth_pb2.WatchRevocationsResponse:
    """One message of the revocation stream."""
    return auth_pb2.WatchRevocationsResponse(
        revocations=[revocation_to_pb(revocation) for revocation in batch.revocations],
        snapshot=batch.snapshot,
        current=batch.current,
        sequence=batch.sequence,
    )


class AuthServicer(auth_pb2_grpc.AuthServiceServicer):
    """Thin adapter from gRPC to the auth use cases."""

    def __init__(self, app: AuthApp) -> None:
        self._app = app
        self._hash_slots = asyncio.Semaphore(MAX_CONCURRENT_PASSWORD_HASHES)

    async def _hashing(self, call: Callable[[], T]) -> T:
        async with self._hash_slots:
            return await asyncio.to_thread(call)

    async def CreateAccount(
        self, request: auth_pb2.CreateAccountRequest, context: grpc.aio.ServicerContext
    ) -> auth_pb2.CreateAccountResponse:
        """Register an account (the password is hashed in a worker thread)."""
        account = await self._hashing(
            lambda: self._app.accounts.create_account(
                request.email, request.password, request.display_name, request.time_zone, request.units
            )
        )
        return auth_pb2.CreateAccountResponse(account=account_to_pb(account))

    async def GetAccount(
        self, request: auth_pb2.GetAccountRequest, context: grpc.aio.ServicerContext
    ) -> auth_pb2.GetAccountResponse:
        """Read one account."""
        account = self._app.accounts.get_account(request.account_id)
        return auth_pb2.GetAccountResponse(account=account_to_pb(account))

    async def UpdateAccount(
        self, request: auth_pb2.UpdateAccountRequest, context: grpc.aio.ServicerContext
    ) -> auth_pb2.UpdateAccountResponse:
        """Change the fields present in the request (proto3 ``optional``: presence is the signal)."""

        present = request.HasField
        account = self._app.accounts.update_account(
            request.account_id,
            display_name=request.display_name if present("display_name") else None,
            time_zone=request.time_zone if present("time_zone") else None,
            units=request.units if present("units") else None,
            logging_consent=request.logging_consent if present("logging_consent") else None,
            health_data_consent=request.health_data_consent if present("health_data_consent") else None,
            primary_sport=request.primary_sport if present("primary_sport") else None,
            account_status=request.account_status if present("account_status") else None,
            plan_tier=request.plan_tier if present("plan_tier") else None,
            distance_unit=request.distance_unit if present("distance_unit") else None,
            first_weekday=request.first_weekday if present("first_weekday") else None,
        )
        return auth_pb2.UpdateAccountResponse(account=account_to_pb(account))

    async def VerifyPassword(
        self, request: auth_pb2.VerifyPasswordRequest, context: grpc.aio.ServicerContext
    ) -> auth_pb2.VerifyPasswordResponse:
        """Check sign-in credentials (the hash check runs in a worker thread)."""
        account = await self._hashing(
            lambda: self._app.accounts.verify_password(request.email, request.password)
        )
        return auth_pb2.VerifyPasswordResponse(account=account_to_pb(account))

    async def IssueAccessToken(
        self, request: auth_pb2.IssueAccessTokenRequest, context: grpc.aio.ServicerContext
    ) -> auth_pb2.IssueAccessTokenResponse:
        """Sign an access token for an account and audience."""
        issued = self._app.tokens.issue_access_token(
            request.account_id,
            request.audience,
            list(request.scopes),
            ttl_seconds=request.ttl_seconds,
            client_id=request.client_id,
        )
        return auth_pb2.IssueAccessTokenResponse(
            access_token=issued.access_token,
            expire_time=to_timestamp(issued.expires_at),
            token_id=issued.token_id,
        )

    async def GetJwks(
        self, request: auth_pb2.GetJwksRequest, context: grpc.aio.ServicerContext
    ) -> auth_pb2.GetJwksResponse:
        """Publish the public signing keys."""
        return auth_pb2.GetJwksResponse(jwks_json=self._app.tokens.get_jwks(), issuer=self._app.issuer)

    async def CreateApiKey(
        self, request: auth_pb2.CreateApiKeyRequest, context: grpc.aio.ServicerContext
    ) -> auth_pb2.CreateApiKeyResponse:
        """Make an API key; the only response that carries its secret."""
        created = self._app.api_keys.create_api_key(request.account_id, request.name, list(request.scopes))
        return auth_pb2.CreateApiKeyResponse(api_key=api_key_to_pb(created.api_key), secret=created.secret)

    async def ListApiKeys(
        self, request: auth_pb2.ListApiKeysRequest, context: grpc.aio.ServicerContext
    ) -> auth_pb2.ListApiKeysResponse:
        """List an account's keys without secrets."""
        keys = self._app.api_keys.list_api_keys(request.account_id)
        return auth_pb2.ListApiKeysResponse(api_keys=[api_key_to_pb(key) for key in keys])

    async def RevokeApiKey(
        self, request: auth_pb2.RevokeApiKeyRequest, context: grpc.aio.ServicerContext
    ) -> auth_pb2.RevokeApiKeyResponse:
        """Revoke one of an account's keys."""
        key = self._app.api_keys.revoke_api_key(request.account_id, request.key_id)
        return auth_pb2.RevokeApiKeyResponse(api_key=api_key_to_pb(key))

    async def VerifyApiKey(
        self, request: auth_pb2.VerifyApiKeyRequest, context: grpc.aio.ServicerContext
    ) -> auth_pb2.VerifyApiKeyResponse:
        """Say whose key a presented secret is, and the owner's plan tier and status now."""
        key, owner = self._app.api_keys.verify_api_key_and_owner(request.secret)
        return auth_pb2.VerifyApiKeyResponse(
            api_key=api_key_to_pb(key),
            plan_tier=owner.plan_tier,
            account_status=owner.account_status,
            time_zone=owner.time_zone,
            first_weekday=owner.first_weekday,
        )

    async def DeleteAccount(
        self, request: auth_pb2.DeleteAccountRequest, context: grpc.aio.ServicerContext
    ) -> auth_pb2.DeleteAccountResponse:
        """Delete an account and every credential of it, after checking its password again."""
        deleted = await self._hashing(
            lambda: self._app.deletion.delete_account(request.account_id, request.password)
        )
        self._app.erasure.wake()  # the other services erase it now, retried until done
        return auth_pb2.DeleteAccountResponse(
            deleted_api_keys=deleted.api_keys,
            deleted_grants=deleted.grants,
            deleted_browser_sessions=deleted.browser_sessions,
        )

    async def WatchRevocations(
        self, request: auth_pb2.WatchRevocationsRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[auth_pb2.WatchRevocationsResponse]:
        """Stream the revocation log: catch-up first, then each revocation as it is committed."""
        async for batch in self._app.revocations.watch(request.after_sequence):
            yield batch_to_pb(batch)
