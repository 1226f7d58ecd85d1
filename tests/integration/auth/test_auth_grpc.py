"""AuthService over a real gRPC server on port 0, on SQLite and PostgreSQL."""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from kinetic.access_tokens import AccessTokenVerifier
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.errors import RemoteError
from kinetic.settings import ServiceSettings
from services.auth.bootstrap import SERVICE_NAME, start

ISSUER = "https://kinetic.test"
AUDIENCE = "https://kinetic.test/mcp"
PASSWORD = "correct horse battery"


@pytest.fixture
async def channel(engines, tmp_path) -> AsyncIterator[grpc.aio.Channel]:
    env = {"KINETIC_DATA_DIR": str(tmp_path), "KINETIC_PUBLIC_URL": ISSUER}
    running = await start(ServiceSettings.from_env("auth", env), port=0, engine=engines("auth"))
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{running.port}")
    try:
        yield channel
    finally:
        await channel.close()
        await running.stop(0)


@pytest.fixture
def stub(channel) -> auth_pb2_grpc.AuthServiceStub:
    return auth_pb2_grpc.AuthServiceStub(channel)


def _b64decode(segment: str) -> bytes:
    return base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4))


async def failure(call) -> RemoteError:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call
    return RemoteError.from_rpc(info.value)


async def create_account(stub, email: str = "Ada@Example.com", **fields) -> auth_pb2.Account:
    request = auth_pb2.CreateAccountRequest(
        email=email, password=PASSWORD, display_name="Ada Lovelace", **fields
    )
    return (await stub.CreateAccount(request)).account


async def test_create_and_get_account(stub):
    created = await create_account(stub, time_zone="Europe/Amsterdam")
    assert created.email == "ada@example.com"
    assert (created.time_zone, created.units) == ("Europe/Amsterdam", "metric")
    assert created.create_time.seconds > 0

    fetched = (await stub.GetAccount(auth_pb2.GetAccountRequest(account_id=created.account_id))).account
    assert fetched == created


async def test_duplicate_email_is_already_exists(stub):
    await create_account(stub, "ada@example.com")
    error = await failure(create_account(stub, "ADA@example.com"))
    assert error.code == grpc.StatusCode.ALREADY_EXISTS
    assert error.reason == "EMAIL_TAKEN"


async def test_unknown_account_is_not_found(stub):
    error = await failure(stub.GetAccount(auth_pb2.GetAccountRequest(account_id="no-such-account")))
    assert error.code == grpc.StatusCode.NOT_FOUND
    assert error.reason == "ACCOUNT_NOT_FOUND"


async def test_bad_time_zone_names_the_field(stub):
    error = await failure(create_account(stub, time_zone="Mars/Olympus_Mons"))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["time_zone"]


async def test_empty_required_field_names_the_field(stub):
    error = await failure(stub.GetAccount(auth_pb2.GetAccountRequest()))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["account_id"]
    error = await failure(stub.RevokeApiKey(auth_pb2.RevokeApiKeyRequest(account_id="a")))
    assert [v.field for v in error.violations] == ["key_id"]


async def test_verify_password_right_and_wrong(stub):
    account = await create_account(stub)
    ok = await stub.VerifyPassword(auth_pb2.VerifyPasswordRequest(email="ADA@example.com", password=PASSWORD))
    assert ok.account.account_id == account.account_id

    wrong_password = await failure(
        stub.VerifyPassword(auth_pb2.VerifyPasswordRequest(email="ada@example.com", password=PASSWORD + "!"))
    )
    unknown_email = await failure(
        stub.VerifyPassword(auth_pb2.VerifyPasswordRequest(email="eve@example.com", password=PASSWORD))
    )
    for error in (wrong_password, unknown_email):
        assert error.code == grpc.StatusCode.UNAUTHENTICATED
        assert error.reason == "INVALID_CREDENTIALS"
    assert wrong_password.message == unknown_email.message


async def test_api_key_create_verify_list_revoke(stub):
    account = await create_account(stub)
    request = auth_pb2.CreateApiKeyRequest(
        account_id=account.account_id, name="laptop", scopes=["training", "mcp:full"]
    )
    created = await stub.CreateApiKey(request)
    secret = created.secret
    assert secret.startswith("rf_") and len(secret) == 67
    assert created.api_key.prefix == secret[:8]

    verified = await stub.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=secret))
    assert verified.api_key.key_id == created.api_key.key_id
    assert verified.api_key.account_id == account.account_id
    assert list(verified.api_key.scopes) == ["training", "mcp:full"]

    listed = await stub.ListApiKeys(auth_pb2.ListApiKeysRequest(account_id=account.account_id))
    assert [key.key_id for key in listed.api_keys] == [created.api_key.key_id]
    assert secret.encode() not in listed.SerializeToString()
    assert secret[8:].encode() not in listed.SerializeToString()

    revoked = await stub.RevokeApiKey(
        auth_pb2.RevokeApiKeyRequest(account_id=account.account_id, key_id=created.api_key.key_id)
    )
    assert revoked.api_key.HasField("revoke_time")
    error = await failure(stub.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=secret)))
    assert error.code == grpc.StatusCode.UNAUTHENTICATED
    assert error.reason == "INVALID_API_KEY"

    listed = await stub.ListApiKeys(auth_pb2.ListApiKeysRequest(account_id=account.account_id))
    assert listed.api_keys[0].HasField("revoke_time")


async def test_unknown_and_malformed_api_keys_fail_alike(stub):
    unknown = await failure(stub.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret="rf_" + "0" * 64)))
    malformed = await failure(stub.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret="let-me-in")))
    for error in (unknown, malformed):
        assert error.code == grpc.StatusCode.UNAUTHENTICATED
        assert error.reason == "INVALID_API_KEY"
    assert unknown.message == malformed.message


async def test_another_accounts_key_cannot_be_revoked(stub):
    owner = await create_account(stub, "ada@example.com")
    other = await create_account(stub, "eve@example.com")
    created = await stub.CreateApiKey(
        auth_pb2.CreateApiKeyRequest(account_id=owner.account_id, name="laptop", scopes=["training"])
    )
    request = auth_pb2.RevokeApiKeyRequest(account_id=other.account_id, key_id=created.api_key.key_id)
    error = await failure(stub.RevokeApiKey(request))
    assert error.code == grpc.StatusCode.NOT_FOUND
    assert (await stub.VerifyApiKey(auth_pb2.VerifyApiKeyRequest(secret=created.secret))).api_key.key_id


async def test_unknown_scope_names_the_field(stub):
    account = await create_account(stub)
    request = auth_pb2.CreateApiKeyRequest(account_id=account.account_id, name="x", scopes=["root"])
    error = await failure(stub.CreateApiKey(request))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["scopes"]


async def test_issued_token_verifies_against_the_published_key_set(stub):
    account = await create_account(stub)
    issued = await stub.IssueAccessToken(
        auth_pb2.IssueAccessTokenRequest(
            account_id=account.account_id, audience=AUDIENCE, scopes=["mcp:full"], client_id="claude"
        )
    )
    jwks = await stub.GetJwks(auth_pb2.GetJwksRequest())
    assert jwks.issuer == ISSUER
    kids = [key["kid"] for key in json.loads(jwks.jwks_json)["keys"]]
    header_kid = json.loads(_b64decode(issued.access_token.split(".")[0]))["kid"]
    assert header_kid in kids

    async def fetch_jwks() -> str:
        return (await stub.GetJwks(auth_pb2.GetJwksRequest())).jwks_json

    claims = await AccessTokenVerifier(ISSUER, fetch_jwks).verify(issued.access_token, audience=AUDIENCE)
    assert claims.subject == account.account_id
    assert claims.scopes == ("mcp:full",)
    assert claims.token_id == issued.token_id
    assert claims.client_id == "claude"
    assert claims.expires_at == issued.expire_time.seconds


async def test_token_lifetime_is_capped(stub):
    account = await create_account(stub)
    error = await failure(
        stub.IssueAccessToken(
            auth_pb2.IssueAccessTokenRequest(
                account_id=account.account_id, audience=AUDIENCE, scopes=["training"], ttl_seconds=3601
            )
        )
    )
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in error.violations] == ["ttl_seconds"]


async def test_token_for_unknown_account_is_not_found(stub):
    error = await failure(
        stub.IssueAccessToken(
            auth_pb2.IssueAccessTokenRequest(account_id="nobody", audience=AUDIENCE, scopes=["training"])
        )
    )
    assert error.reason == "ACCOUNT_NOT_FOUND"


async def test_health_check_reports_serving(channel):
    health = health_pb2_grpc.HealthStub(channel)
    for service in ("", SERVICE_NAME):
        response = await health.Check(health_pb2.HealthCheckRequest(service=service))
        assert response.status == health_pb2.HealthCheckResponse.SERVING


async def test_reflection_lists_the_service(channel):
    reflection = reflection_pb2_grpc.ServerReflectionStub(channel)
    call = reflection.ServerReflectionInfo()
    await call.write(reflection_pb2.ServerReflectionRequest(list_services=""))
    response = await call.read()
    await call.done_writing()
    names = [service.name for service in response.list_services_response.service]
    assert SERVICE_NAME in names
