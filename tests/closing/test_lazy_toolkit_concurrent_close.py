"""Two tasks close the MCP door's `LazyToolkit` at once (a session ending while the server
shuts down) while a page read is on the wire (issue 33, finding 4 of the session-11 attack).

The second close returns only once the first has closed everything: the composed toolkit's
disk store is closed and the read has returned its closed error. Before, the second close
found the exit stack emptied by the first (still waiting inside it) and returned at once,
with the store's sqlite files open and the read still on the wire.
"""

from __future__ import annotations

import asyncio

import attrs

from tests.closing.common import held_page_app, store_fds
from tests.servers import serve
from webdistill import Config
from webdistill.doors.lazy_toolkit import LazyToolkit


async def test_a_second_close_waits_for_the_first(tmp_path) -> None:
    came, release = asyncio.Event(), asyncio.Event()

    app = held_page_app(came, release)
    async with serve(app) as base:
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk"),
            cache_dir=str(tmp_path / "store"),
            fetch_timeout_ms=60_000,
        )
        lazy = await LazyToolkit(settings).__aenter__()
        read = asyncio.create_task(lazy.fetch({"url": f"{base}/p"}))
        await asyncio.wait_for(came.wait(), 30)
        assert store_fds(tmp_path), "the store is not open?"
        first = asyncio.create_task(lazy.__aexit__(None, None, None))
        second = asyncio.create_task(lazy.__aexit__(None, None, None))
        try:
            await asyncio.wait_for(second, 30)  # a hang guard
            open_after_second = store_fds(tmp_path)
            read_done = read.done()
            await asyncio.wait_for(first, 30)
        finally:
            release.set()
            await asyncio.wait([read], timeout=30)
        assert not open_after_second, f"store open after the second close: {open_after_second}"
        assert read_done, "the read was still under way when the second close returned"
        assert first.exception() is None and second.exception() is None
        error = read.result().unwrap()[0].error
        assert error is not None and "toolkit was closed" in str(error.message), error
        after = await lazy.fetch({"url": f"{base}/p"})
        assert "toolkit was closed" in str(after.failure().message)
