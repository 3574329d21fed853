"""When the toolkit's close returns, the calls that were in flight have returned (issue 33,
finding 2 of the session-11 attack on the toolkit's close).

Before, the close waited for the page reads to leave the deadline stage, not for the layers
above it (the fallback, the cache's flight and its store lock on a disk store, the kernel):
the caller's `fetch` took ~480 more event-loop turns to return its (correct) closed error
after the close had returned. The turns are counted here, not timed.
"""

from __future__ import annotations

import asyncio

import attrs
from aiohttp import web

from tests.closing.common import held_page_app
from tests.servers import serve
from webdistill import Config, build

#: What "within a few loop turns" allows: the caller's own task is woken one turn later.
FEW_TURNS = 2


def holding_site(came: asyncio.Event, release: asyncio.Event) -> web.Application:
    app = held_page_app(came, release)
    return app


async def turns_until_done(task: asyncio.Task[object], most: int = 100_000) -> int:
    turns = 0
    while not task.done() and turns < most:
        await asyncio.sleep(0)
        turns += 1
    return turns


async def test_a_fetch_in_flight_has_returned_when_the_close_returns(tmp_path) -> None:
    came, release = asyncio.Event(), asyncio.Event()
    async with serve(holding_site(came, release)) as base:
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk"),
            cache_dir=str(tmp_path / "store"),  # a shared store: its lock is dropped after
            fetch_timeout_ms=60_000,
        )
        toolkit = build(settings)
        await toolkit.__aenter__()
        reads = [
            asyncio.create_task(toolkit.fetch({"url": f"{base}/p"})),
            asyncio.create_task(toolkit.fetch({"urls": [f"{base}/a", f"{base}/b"]})),
        ]
        try:
            await asyncio.wait_for(came.wait(), 30)
            for _ in range(20):
                await asyncio.sleep(0)
        finally:
            await asyncio.wait_for(toolkit.__aexit__(None, None, None), 30)  # a hang guard
        turns = [await turns_until_done(read) for read in reads]
        release.set()
        assert all(t <= FEW_TURNS for t in turns), f"loop turns after the close: {turns}"
        for read in reads:
            for outcome in read.result().unwrap():
                assert outcome.error is not None, outcome
                assert "toolkit was closed" in str(outcome.error.message), outcome.error


async def test_a_second_close_returns_after_the_calls_too(tmp_path) -> None:
    """Two closes at once: neither returns before the call in flight has returned."""
    came, release = asyncio.Event(), asyncio.Event()
    async with serve(holding_site(came, release)) as base:
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk"),
            cache_dir=str(tmp_path / "store"),
            fetch_timeout_ms=60_000,
        )
        toolkit = build(settings)
        await toolkit.__aenter__()
        read = asyncio.create_task(toolkit.fetch({"url": f"{base}/p"}))
        await asyncio.wait_for(came.wait(), 30)
        first = asyncio.create_task(toolkit.__aexit__(None, None, None))
        second = asyncio.create_task(toolkit.__aexit__(None, None, None))
        await asyncio.wait_for(second, 30)  # a hang guard
        after_second = await turns_until_done(read)
        await asyncio.wait_for(first, 30)
        release.set()
        assert after_second <= FEW_TURNS, after_second
