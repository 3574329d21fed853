"""An MCP client leaving with a `web_fetch` in flight does not leave the page's shared
download lock behind (attack b33c, issue 33). The official `mcp` SDK's stdio client cancels
the call (`notifications/cancelled`), closes stdin, waits 2 s and SIGTERMs the server, as the
MCP spec says. Before: the cancelled call's clean-up was cancelled too (anyio's cancel scope
cancels every await of it), and SIGTERM killed the process without closing its toolkit, so the
lock in the shared disk store stayed until its TTL (fetch timeout + 5 s) and the next process
reading the page (a CLI run, the client's next server) waited it out: 31 s here. Now the lock
is dropped in a task of its own (store/flight.py) and SIGTERM closes the toolkit first
(doors/mcp/server.py).

Everything is on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time

import attrs
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.closing.common import held_page_app
from tests.servers import serve
from webdistill import Config, build

FETCH_TIMEOUT_MS = 30_000  # the lock's TTL: 35 s


async def test_a_client_leaving_mid_fetch_leaves_no_download_lock(tmp_path) -> None:
    came, release = asyncio.Event(), asyncio.Event()
    async with serve(held_page_app(came, release)) as base:
        url = f"{base}/page"
        env = dict(os.environ)
        env.update(
            WEB_ALLOW_HTTP="true",
            WEB_TRUSTED_ADDRESSES="127.0.0.1",
            WEB_CACHE="disk",
            WEB_CACHE_DIR=str(tmp_path / "store"),
            WEB_FETCH_TIMEOUT_MS=str(FETCH_TIMEOUT_MS),
            WEB_RESPECT_ROBOTS="false",
        )
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "webdistill", "mcp"], env=env
        )
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            call = asyncio.create_task(session.call_tool("web_fetch", {"url": url}))
            await asyncio.wait_for(came.wait(), 30)
            # the client leaves with the call in flight (closes stdin, SIGTERM after 2 s)
            call.cancel()
        release.set()  # the site now answers at once

        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk"),
            cache_dir=str(tmp_path / "store"),
            fetch_timeout_ms=FETCH_TIMEOUT_MS,
            respect_robots=False,
        )
        started = time.monotonic()
        async with build(settings) as toolkit:
            result = await asyncio.wait_for(toolkit.fetch({"url": url}), 60)
        took = time.monotonic() - started
        (outcome,) = result.unwrap()
        assert outcome.error is None, outcome.error
        assert took < 5, f"the next process waited {took:.1f} s for the left server's lock"
