"""The SSRF guard of Client ID Metadata Document fetching, offline: DNS and HTTP are injected."""

from __future__ import annotations

import json

import pytest

from kinetic.errors import InvalidArgument
from services.auth.adapters.cimd import (
    MAX_DOCUMENT_BYTES,
    FetchTarget,
    HttpReply,
    MetadataDocumentFetcher,
    address_allowed,
)

CLIENT_ID = "https://muse.ai/oauth/client.json"
PUBLIC = "93.184.216.34"


def document(**fields: object) -> bytes:
    body: dict[str, object] = {
        "client_id": CLIENT_ID,
        "client_name": "Muse",
        "redirect_uris": ["https://muse.ai/cb"],
    }
    body.update(fields)
    return json.dumps(body).encode()


class Fake:
    """Canned DNS and HTTP that count their calls."""

    def __init__(self, reply: HttpReply | None = None, addresses: tuple[str, ...] = (PUBLIC,)) -> None:
        self.reply = reply or HttpReply(200, document())
        self.addresses = addresses
        self.targets: list[FetchTarget] = []
        self.now = 0.0

    def fetcher(self, hosts: tuple[str, ...] = ("muse.ai",)) -> MetadataDocumentFetcher:
        return MetadataDocumentFetcher(
            hosts,
            resolver=lambda host, port: list(self.addresses),
            transport=self.transport,
            monotonic=lambda: self.now,
        )

    def transport(self, target: FetchTarget) -> HttpReply:
        self.targets.append(target)
        return self.reply


def refused(fetcher: MetadataDocumentFetcher, client_id: str = CLIENT_ID) -> InvalidArgument:
    with pytest.raises(InvalidArgument) as info:
        fetcher.fetch(client_id)
    assert info.value.reason == "invalid_client"
    return info.value


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",  # cloud metadata endpoint
        "100.64.0.1",  # carrier-grade NAT
        "0.0.0.0",
        "224.0.0.1",
        "240.0.0.1",
        "255.255.255.255",
        "::1",
        "fe80::1",
        "fc00::1",
        "ff02::1",
        "::",
        "::ffff:127.0.0.1",  # IPv4-mapped loopback
        "::ffff:10.0.0.1",
        "not-an-address",
    ],
)
def test_private_and_special_addresses_are_refused(address):
    assert not address_allowed(address)


@pytest.mark.parametrize("address", [PUBLIC, "8.8.8.8", "2606:4700:4700::1111"])
def test_public_addresses_are_allowed(address):
    assert address_allowed(address)


def test_a_good_document_becomes_a_client_and_is_fetched_from_the_vetted_address():
    fake = Fake()
    client = fake.fetcher().fetch(CLIENT_ID)
    assert (client.client_id, client.client_name, client.kind) == (CLIENT_ID, "Muse", "metadata_document")
    assert client.redirect_uris == ("https://muse.ai/cb",)
    [target] = fake.targets
    assert (target.address, target.host, target.port, target.path) == (
        PUBLIC,
        "muse.ai",
        443,
        "/oauth/client.json",
    )
    assert target.timeout == 5.0 and target.max_bytes == MAX_DOCUMENT_BYTES


def test_a_host_resolving_to_any_private_address_is_refused_without_a_request():
    fake = Fake(addresses=(PUBLIC, "10.0.0.5"))
    assert "refused address" in refused(fake.fetcher()).message
    assert fake.targets == []


@pytest.mark.parametrize(
    "client_id",
    [
        "http://muse.ai/oauth/client.json",  # not https
        "https://evil.example/client.json",  # host not allowed
        "https://muse.ai.evil.example/client.json",
        "https://muse.ai",  # no path
        "https://user:pw@muse.ai/client.json",
        "https://muse.ai/client.json#frag",
        "https://muse.ai:99999/client.json",
    ],
)
def test_client_id_urls_outside_the_rules_are_refused_without_a_request(client_id):
    fake = Fake()
    refused(fake.fetcher(), client_id)
    assert fake.targets == []


def test_redirects_are_not_followed():
    fake = Fake(HttpReply(302, b""))
    assert "redirect" in refused(fake.fetcher()).message
    assert len(fake.targets) == 1


def test_http_errors_are_refused():
    assert "HTTP 404" in refused(Fake(HttpReply(404, b"")).fetcher()).message


def test_documents_over_64_kib_are_refused():
    padded = document(padding="x" * MAX_DOCUMENT_BYTES)
    assert "exceeds" in refused(Fake(HttpReply(200, padded)).fetcher()).message


def test_the_documents_client_id_must_equal_its_url():
    fake = Fake(HttpReply(200, document(client_id="https://muse.ai/other.json")))
    assert "client_id" in refused(fake.fetcher()).message


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[1, 2]",
        document(redirect_uris=[]),
        document(redirect_uris=None),
        document(redirect_uris=["http://evil.example/cb"]),
        document(token_endpoint_auth_method="client_secret_basic"),
    ],
)
def test_malformed_documents_are_refused(body):
    refused(Fake(HttpReply(200, body)).fetcher())


@pytest.mark.parametrize(
    ("failure", "message"),
    [
        (ConnectionRefusedError("refused"), "the client metadata document could not be fetched"),
        (TimeoutError("too slow"), "the client metadata document did not arrive within 5 seconds"),
    ],
)
def test_transport_failures_and_timeouts_are_refused(failure, message):
    def failing(target: FetchTarget) -> HttpReply:
        raise failure

    fetcher = MetadataDocumentFetcher(["muse.ai"], resolver=lambda h, p: [PUBLIC], transport=failing)
    assert refused(fetcher).message == message


def test_time_spent_resolving_counts_against_the_deadline():
    fake = Fake()

    def slow_resolver(host: str, port: int) -> list[str]:
        fake.now += 4.0
        return [PUBLIC]

    fetcher = MetadataDocumentFetcher(
        ["muse.ai"], resolver=slow_resolver, transport=fake.transport, monotonic=lambda: fake.now
    )
    fetcher.fetch(CLIENT_ID)
    assert [target.timeout for target in fake.targets] == [1.0]

    fake.targets.clear()
    fake.now += 1000.0  # past the cache

    def hung_resolver(host: str, port: int) -> list[str]:
        fake.now += 5.0
        return [PUBLIC]

    fetcher = MetadataDocumentFetcher(
        ["muse.ai"], resolver=hung_resolver, transport=fake.transport, monotonic=lambda: fake.now
    )
    assert refused(fetcher).message == "the client metadata document did not arrive within 5 seconds"
    assert fake.targets == []


def test_good_documents_are_cached_briefly():
    fake = Fake()
    fetcher = fake.fetcher()
    fetcher.fetch(CLIENT_ID)
    fetcher.fetch(CLIENT_ID)
    assert len(fake.targets) == 1
    fake.now += 301
    fetcher.fetch(CLIENT_ID)
    assert len(fake.targets) == 2
