"""Two tasks close the same toolkit at once (an `async with` exit racing a shutdown hook) while
a page read is on the wire (found by the session-10 attack on the toolkit's close).

Both closes return once everything is closed (the second waits for the first); the disk
store is closed afterwards; the read ends with the closed error. Before the fix the second
close ran the rest of the exit stack under the first and returned while the first still
waited for the read, and the store's sqlite files stayed open after both had returned.
"""

from __future__ import annotations

import asyncio

import attrs

from tests.closing.common import held_page_app, store_fds
from tests.servers import serve
from webdistill import Config, build


async def test_two_concurrent_closes_close_the_store(tmp_path) -> None:
    came, release = asyncio.Event(), asyncio.Event()

    app = held_page_app(came, release)
    async with serve(app) as base:
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk"),
            cache_dir=str(tmp_path / "store"),
            fetch_timeout_ms=60_000,
            respect_robots=False,
        )
        toolkit = build(settings)
        await toolkit.__aenter__()
        read = asyncio.create_task(toolkit.fetch({"url": f"{base}/p"}))
        await asyncio.wait_for(came.wait(), 10)
        assert store_fds(tmp_path), "the store is not open?"
        first = asyncio.create_task(toolkit.__aexit__(None, None, None))
        second = asyncio.create_task(toolkit.__aexit__(None, None, None))
        _done, pending = await asyncio.wait([first, second, read], timeout=15)
        release.set()
        assert not pending, pending
        assert first.exception() is None and second.exception() is None
        error = read.result().unwrap()[0].error
        assert error is not None and "toolkit was closed" in str(error.message), error
        await asyncio.sleep(0.5)
        assert not store_fds(tmp_path), f"store still open after both closes: {store_fds(tmp_path)}"


async def test_one_close_closes_the_store(tmp_path) -> None:
    """Control: a single close with the same read closes the store."""
    came, release = asyncio.Event(), asyncio.Event()
    async with serve(held_page_app(came, release)) as base:
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk"),
            cache_dir=str(tmp_path / "store"),
            fetch_timeout_ms=60_000,
            respect_robots=False,
        )
        toolkit = build(settings)
        await toolkit.__aenter__()
        read = asyncio.create_task(toolkit.fetch({"url": f"{base}/p"}))
        await asyncio.wait_for(came.wait(), 10)
        await asyncio.wait_for(toolkit.__aexit__(None, None, None), 15)
        await asyncio.wait([read], timeout=15)
        release.set()
        await asyncio.sleep(0.5)
        assert not store_fds(tmp_path), store_fds(tmp_path)
