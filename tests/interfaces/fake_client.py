"""A hand-written stand-in for the guarded HTTP client: answers URLs from a table, records calls."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import attrs
from returns.result import Failure, Result, Success

from webdistill.kernel.errors import ErrorCode, WebError


@attrs.frozen
class FakeResponse:
    """The fields of `HttpResponse` the callers read."""

    url: str
    status: int
    body: bytes
    content_type: str = "text/plain"
    truncated: bool = False
    hops: tuple[str, ...] = ()


class FakeClient:
    """`get(url)` answers from `routes`: bytes -> 200, int -> that status, WebError -> Failure.

    An unknown URL is a NETWORK_ERROR (as a refused connection would be). `delay` makes every
    answer wait, so concurrent callers overlap.
    """

    def __init__(self, routes: Mapping[str, bytes | int | WebError], delay: float = 0.0) -> None:
        self.routes = dict(routes)
        self.delay = delay
        self.calls: list[tuple[str, dict[str, str]]] = []

    async def get(
        self, url: str, *, headers: Mapping[str, str] | None = None
    ) -> Result[FakeResponse, WebError]:
        self.calls.append((url, dict(headers or {})))
        if self.delay:
            await asyncio.sleep(self.delay)
        answer = self.routes.get(url)
        if answer is None:
            return Failure(WebError.of(ErrorCode.NETWORK_ERROR, f"fake: cannot connect to {url}"))
        if isinstance(answer, WebError):
            return Failure(answer)
        if isinstance(answer, int):
            return Failure(WebError.of(ErrorCode.HTTP_ERROR, f"fake: HTTP {answer}", status=answer))
        return Success(FakeResponse(url=url, status=200, body=answer))
