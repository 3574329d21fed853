"""A page read runs under one timer: its total deadline (adapters/deadline.py).

Inside that deadline the guarded client arms no total timer of its own and no per-read
timer (WEB_FETCH_TIMEOUT_MS is the one budget); outside it (the client alone) it arms its
own. Counted by wrapping the running loop's `call_at` (every asyncio timer goes through it)
during a fetch on a warm connection, so no connect timers are involved.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import Config, build
from webdistill.adapters.http.client import GuardedClient
from webdistill.compose import http_settings


def _app() -> web.Application:
    async def page(request: web.Request) -> web.Response:
        return web.Response(text="Plain words, a tiny page.", content_type="text/plain")

    app = web.Application()
    app.router.add_get("/{n}", page)
    return app


async def _long_timers(work: Callable[[], Awaitable[Any]]) -> list[float]:
    """Delays (s) of the timers of a second or more armed while `work` runs."""
    loop = asyncio.get_running_loop()
    real = loop.call_at
    armed: list[float] = []

    def call_at(when: float, *args: Any, **kwargs: Any) -> asyncio.TimerHandle:
        armed.append(when - loop.time())
        return real(when, *args, **kwargs)

    loop.call_at = call_at  # type: ignore[method-assign]
    try:
        await work()
    finally:
        loop.call_at = real  # type: ignore[method-assign]
    return [round(delay) for delay in armed if delay >= 1]


CONFIG = Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="off",
                max_stored_results=0, fetch_timeout_ms=15_000)  # fmt: skip


async def test_a_composed_fetch_arms_only_its_deadline() -> None:
    async with serve(_app()) as base, build(CONFIG, resolver=FakeResolver({})) as toolkit:
        (await toolkit.fetch({"url": f"{base}/warm"})).unwrap()
        timers = await _long_timers(lambda: toolkit.fetch({"url": f"{base}/page"}))
    assert timers == [15]


async def test_the_client_alone_keeps_its_own_total_timeout() -> None:
    async with serve(_app()) as base, GuardedClient(http_settings(CONFIG)) as client:
        (await client.get(f"{base}/warm")).unwrap()
        timers = await _long_timers(lambda: client.get(f"{base}/page"))
    assert timers == [15]
