"""A fetch waiting for another process's download of the same page ends with the close
(issue 33, finding 2 of the session-11 attack: the close returns once the calls in flight
have returned, so what a call waits for must end with the close).

On a shared store (disk, Redis) a page one process is downloading is waited for by the
others: they poll the store until the answer or the end of the lock's TTL (the fetch
timeout + 5 s). Before, a close left that wait to run out; now the wait stops when the
toolkit closes and the fetch answers the closed error before the close returns.

"Another process" is a second store opened on the same folder, holding the page's lock;
the site (127.0.0.1) is never asked.
"""

from __future__ import annotations

import asyncio

import attrs
from aiohttp import web

from tests.servers import serve
from webdistill import Config, build
from webdistill.adapters.store import codec
from webdistill.adapters.store.choice import open_store


async def test_a_wait_for_another_process_download_ends_with_the_close(tmp_path) -> None:
    asked: list[str] = []

    async def page(request: web.Request) -> web.Response:
        asked.append(request.path)
        return web.Response(
            body=b"<html><body><p>hello</p></body></html>", content_type="text/html"
        )

    app = web.Application()
    app.router.add_get("/{n}", page)
    async with serve(app) as base:
        url = f"{base}/p"
        folder = str(tmp_path / "store")
        other = open_store("disk", folder, None)  # the other process, downloading the page
        held = await other.add(codec.key("page", url) + ":lock", b"other-process", 120)
        assert held.unwrap()
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk"),
            cache_dir=folder,
            fetch_timeout_ms=60_000,  # the lock's TTL: 65 s, far beyond the hang guards
        )
        toolkit = build(settings)
        await toolkit.__aenter__()
        read = asyncio.create_task(toolkit.fetch({"url": url}))
        try:
            for _ in range(200):  # let it find the lock taken and start waiting
                await asyncio.sleep(0.005)
            assert not read.done(), read
        finally:
            closer = asyncio.create_task(toolkit.__aexit__(None, None, None))
            _done, pending = await asyncio.wait([closer], timeout=20)  # a hang guard
            await other.close()
        if pending:
            await asyncio.wait([closer, read], timeout=60)
            raise AssertionError("the close waited for another process's download")
        assert read.done(), "the fetch had not returned when the close returned"
        error = read.result().unwrap()[0].error
        assert error is not None and "toolkit was closed" in str(error.message), error
        assert not asked
