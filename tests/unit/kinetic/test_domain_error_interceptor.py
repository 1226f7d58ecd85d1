"""The domain-error interceptor wraps each method's handler once, not on every call."""

from __future__ import annotations

from typing import Any

import grpc

from kinetic.errors import DomainErrorInterceptor


class Details(grpc.HandlerCallDetails):
    def __init__(self, method: str) -> None:
        self.method = method
        self.invocation_metadata = ()


async def echo(request: Any, context: Any) -> Any:
    return request


def handler() -> grpc.RpcMethodHandler:
    return grpc.unary_unary_rpc_method_handler(echo)


async def test_the_same_handler_is_wrapped_once_and_a_new_one_again() -> None:
    interceptor = DomainErrorInterceptor()
    served = handler()

    async def continuation(details: grpc.HandlerCallDetails) -> grpc.RpcMethodHandler:
        return served

    first = await interceptor.intercept_service(continuation, Details("/a.v1.A/Get"))
    second = await interceptor.intercept_service(continuation, Details("/a.v1.A/Get"))
    assert first is second
    assert first.unary_unary is not echo  # wrapped, not passed through
    assert await first.unary_unary("ping", None) == "ping"

    served = handler()  # e.g. an interceptor before this one builds a new handler per call
    third = await interceptor.intercept_service(continuation, Details("/a.v1.A/Get"))
    assert third is not first
