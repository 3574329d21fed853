"""A page read runs under one timer: its total deadline (adapters/pipeline/deadline.py).

Inside that deadline the guarded client arms no total timer of its own and no per-read
timer (WEB_FETCH_TIMEOUT_MS is the one budget); outside it (the client alone) it arms its
own, one watch timer for all its fetches (watch.py). Counted by wrapping the running loop's
`call_at` (every asyncio timer goes through it) during fetches.
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


async def test_composed_fetches_arm_only_their_deadline() -> None:
    async with serve(_app()) as base, build(CONFIG, resolver=FakeResolver({})) as toolkit:
        # A warm connection, and the deadlines' timer from this first read left to fire.
        (await toolkit.fetch({"url": f"{base}/warm", "timeout_ms": 200})).unwrap()
        await asyncio.sleep(0.3)

        async def five() -> None:
            for n in range(5):
                (await toolkit.fetch({"url": f"{base}/{n}"})).unwrap()

        timers = await _long_timers(five)
    # The first read arms the deadlines' one timer (deadline.py) for its 15 s; the next four
    # are covered by it, and the client arms none inside them (the code before the shared
    # timer armed one per read: five; before that, four per read).
    assert timers == [15]


async def test_the_client_alone_keeps_one_total_timer_for_all_its_fetches() -> None:
    async with serve(_app()) as base, GuardedClient(http_settings(CONFIG)) as client:
        # A warm connection (no connect timers below), and the watch's timer from this first
        # fetch left to fire (it is then armed again by the next fetch only).
        (await client.get(f"{base}/warm", timeout_s=0.2)).unwrap()
        await asyncio.sleep(0.3)

        async def five() -> None:
            for n in range(5):
                (await client.get(f"{base}/{n}")).unwrap()

        timers = await _long_timers(five)
    # The first of the five arms the client's watch (watch.py) for its 15 s total; the next
    # four are covered by it (the old code armed one timer per fetch: five).
    assert timers == [15]
