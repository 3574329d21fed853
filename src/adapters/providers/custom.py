"""Search providers given to `webdistill.build(config, providers=...)`, consulted first.

A provider is anything with an async `search(query)` (or an async callable taking the
`SearchQuery`) that answers `Result[Sequence[row], WebError]`: rows as the kernel accepts
them (mappings with title, url, snippet...), re-validated like every backend row. They are
tried in the order given, before the configured chain (`WEB_SEARCH_PROVIDER`): a rate limit,
an outage, a timeout, a network failure or an unreadable answer hands over to the next (the
reason is recorded in the outcome's `skipped`); another error is the answer. A provider that
raises counts as unavailable.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol

import attrs
from returns.result import Failure, Result, Success

from webdistill.adapters.providers.selection import FALL_THROUGH
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import RowBatch, SearchQuery
from webdistill.kernel.own_text import OwnText, code, echo, own
from webdistill.kernel.own_text import name as own_name

log = logging.getLogger(__name__)

SearchFunction = Callable[[SearchQuery], Awaitable[Result[Sequence[object], WebError]]]


class RowSearcher(Protocol):
    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]: ...


def search_function(provider: object) -> SearchFunction:
    """The search coroutine of `provider` (its `search` method, or itself if callable)."""
    method = getattr(provider, "search", None)
    if callable(method):
        return method  # type: ignore[no-any-return]
    if callable(provider):
        return provider
    raise TypeError(
        f"a search provider needs an async search(query) method, not {type(provider).__name__}"
    )


async def _ask(name: str, search: SearchFunction, query: SearchQuery) -> Result[Any, WebError]:
    try:
        answer = await search(query)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - a caller's provider must not crash the search
        message = own(
            "The search provider '{}' failed ({}); try another.",
            echo(name),
            own_name(type(exc).__name__),
        )
        return Failure(WebError.of(ErrorCode.PROVIDER_UNAVAILABLE, message, provider=name))
    if isinstance(answer, Success | Failure):
        return answer
    message = own("The search provider '{}' answered something that is not a Result.", echo(name))
    return Failure(WebError.of(ErrorCode.INVALID_BACKEND_DATA, message, provider=name))


class ChainedSearcher:
    """The caller's providers first, then `fallback` (the configured providers)."""

    def __init__(self, providers: Mapping[str, object], fallback: RowSearcher) -> None:
        self._providers = [(name, search_function(p)) for name, p in providers.items()]
        self._fallback = fallback

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        skipped: list[OwnText] = []
        for name, search in self._providers:
            answer = await _ask(name, search, query)
            if isinstance(answer, Success):
                rows = answer.unwrap()
                if isinstance(rows, RowBatch):
                    return Success(attrs.evolve(rows, skipped=(*skipped, *rows.skipped)))
                if not isinstance(rows, list | tuple):
                    message = own(
                        "The search provider '{}' answered rows that are not a list.", echo(name)
                    )
                    error = WebError.of(ErrorCode.INVALID_BACKEND_DATA, message, provider=name)
                    answer = Failure(error)
                else:
                    batch = RowBatch(rows=tuple(rows), provider=name, skipped=tuple(skipped))
                    return Success(batch)
            error = answer.failure()
            if error.code not in FALL_THROUGH:
                return Failure(error)
            skipped.append(own("{}: {} — {}", echo(name), code(error.code), error.message))
            log.info("search provider %s failed with %s; trying the next", name, error.code)
        answered = await self._fallback.search(query)
        if skipped and isinstance(answered, Success) and isinstance(answered.unwrap(), RowBatch):
            batch = answered.unwrap()
            return Success(attrs.evolve(batch, skipped=(*skipped, *batch.skipped)))
        return answered
