"""A server interceptor that wraps each method's handler once, for the interceptors that need one.

Wrapping a handler on every call costs a closure, a handler and a coroutine check per RPC. The
wrapper is built the first time a method is called and reused while the server hands out the same
handler for it (decision 0031). Subclasses say which handlers they wrap and how.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import grpc


class HandlerWrappingInterceptor(grpc.aio.ServerInterceptor):
    """Wraps the handlers ``wraps`` accepts with ``wrap``, each method's once."""

    def __init__(self) -> None:
        self._wrapped: dict[str, tuple[grpc.RpcMethodHandler, grpc.RpcMethodHandler]] = {}

    def wraps(self, method: str, handler: grpc.RpcMethodHandler) -> bool:
        """Whether ``handler`` of ``method`` is wrapped; by default only single request/response."""
        return handler.unary_unary is not None

    def wrap(self, handler: grpc.RpcMethodHandler, method: str) -> grpc.RpcMethodHandler:
        """The handler that replaces ``handler`` for ``method``."""
        raise NotImplementedError

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        handler = await continuation(handler_call_details)
        method = handler_call_details.method
        if handler is None or not self.wraps(method, handler):
            return handler
        cached = self._wrapped.get(method)
        if cached is not None and cached[0] is handler:
            return cached[1]
        wrapped = self.wrap(handler, method)
        self._wrapped[method] = (handler, wrapped)
        return wrapped
