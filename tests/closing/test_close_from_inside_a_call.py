"""The toolkit's close waits for the calls under way (test_calls_returned_at_close.py), but
never for ever: a close made from inside one of the toolkit's own calls (a caller's search
provider closing the toolkit, say when its own service goes away) does not wait for the call
it runs in, and a call whose code ignores its cancellation holds the close for at most
`CALLS_CLOSE_WAIT_S` (and the deadline stage's `CLOSE_WAIT_S`). Before, both closes waited
for ever (found by review of the session-11 close work).

The providers are the caller-provider shape of `build(providers=...)`: an object with an
async `search(query)` answering `Result[rows, WebError]` (tests/test_hooks_and_modes.py).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from returns.result import Success

from webdistill import Config, build, compose
from webdistill.adapters.pipeline import deadline
from webdistill.kernel.model import SearchQuery

ROWS = [{"title": "Pool rota", "url": "https://wiki.tideguide.org/rota"}]


def _config() -> Config:
    return Config(cache="memory", search_provider="duckduckgo")


class ClosesItsToolkit:
    """A provider that closes the toolkit it answers for (the close then ends this very
    search, as it ends every search under way)."""

    def __init__(self) -> None:
        self.toolkit: Any = None

    async def search(self, query: SearchQuery) -> object:
        await self.toolkit.__aexit__(None, None, None)
        return Success(ROWS)


async def test_a_close_from_inside_a_call_does_not_wait_for_that_call() -> None:
    provider = ClosesItsToolkit()
    toolkit = build(_config(), providers={"intranet": provider})
    await toolkit.__aenter__()
    provider.toolkit = toolkit
    # (the guard against a hang: before, this never returned)
    await asyncio.wait_for(toolkit.search({"query": "rota"}), timeout=60)
    # the close has finished: a second close returns (it waits for the first to finish)
    await asyncio.wait_for(toolkit.__aexit__(None, None, None), timeout=60)
    again = (await toolkit.search({"query": "rota"})).failure()
    assert "closed" in again.message


class IgnoresCancellation:
    """A provider whose code swallows its cancellation and goes on waiting."""

    def __init__(self) -> None:
        self.came = asyncio.Event()
        self.release = asyncio.Event()

    async def search(self, query: SearchQuery) -> object:
        self.came.set()
        while not self.release.is_set():
            try:
                await self.release.wait()
            except asyncio.CancelledError:
                continue  # (bad manners: the close cannot end it)
        return Success(ROWS)


async def test_a_call_that_ignores_its_cancellation_holds_the_close_a_bounded_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(compose, "CALLS_CLOSE_WAIT_S", 0.5)
    monkeypatch.setattr(deadline, "CLOSE_WAIT_S", 0.5)
    provider = IgnoresCancellation()
    toolkit = build(_config(), providers={"intranet": provider})
    await toolkit.__aenter__()
    call = asyncio.create_task(toolkit.search({"query": "rota"}))
    await asyncio.wait_for(provider.came.wait(), timeout=30)
    await asyncio.wait_for(toolkit.__aexit__(None, None, None), timeout=60)  # before: for ever
    provider.release.set()
    await asyncio.wait_for(call, timeout=30)
