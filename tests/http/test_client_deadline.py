"""The client's own total timeout is a plain timer (client.py `_Expiry`): it must keep the
contract of `asyncio.timeout` it replaced.

Its expiry, and only its expiry, becomes TIMEOUT; a caller's cancellation or a caller's
shorter `asyncio.timeout` still reaches the caller; after a TIMEOUT the calling task is left
uncancelled (it can await again, and the client fetches again); the timer is disarmed when
a fetch ends before it, and it also ends a retry's back-off sleep.
"""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import web

from tests.http.fakes_http import settings
from tests.http.rawserver import raw_server, read_request
from tests.servers import serve
from webdistill.adapters.http.client import GuardedClient
from webdistill.kernel.errors import ErrorCode


async def _silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    await read_request(reader)
    await asyncio.sleep(30)  # never answers


def _app() -> web.Application:
    async def page(request: web.Request) -> web.Response:
        return web.Response(text="fine", content_type="text/plain")

    async def busy(request: web.Request) -> web.Response:
        return web.Response(status=429, headers={"Retry-After": "4"})

    app = web.Application()
    app.router.add_get("/", page)
    app.router.add_get("/busy", busy)
    return app


async def test_its_own_expiry_is_timeout_and_leaves_the_task_uncancelled() -> None:
    client = GuardedClient(settings(timeout_s=0.3, read_timeout_s=5.0))
    async with raw_server(_silent) as silent, serve(_app()) as base, client:
        result = await client.get(silent + "/slow")
        assert result.failure().code == ErrorCode.TIMEOUT
        assert result.failure().detail["limit_s"] == "0.3"
        task = asyncio.current_task()
        assert task is not None and task.cancelling() == 0
        await asyncio.sleep(0.01)  # not cancelled: it simply sleeps
        assert (await client.get(base + "/")).unwrap().body == b"fine"


async def test_a_callers_cancellation_reaches_the_caller() -> None:
    async with raw_server(_silent) as silent, GuardedClient(settings(timeout_s=5.0)) as client:
        task = asyncio.create_task(client.get(silent + "/slow"))
        await asyncio.sleep(0.2)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task


async def test_a_callers_shorter_timeout_is_the_callers_timeout_error() -> None:
    async with raw_server(_silent) as silent, GuardedClient(settings(timeout_s=5.0)) as client:
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.2):
                await client.get(silent + "/slow")
        task = asyncio.current_task()
        assert task is not None and task.cancelling() == 0


async def test_a_finished_fetch_leaves_no_live_timer() -> None:
    async with serve(_app()) as base, GuardedClient(settings(timeout_s=0.2)) as client:
        assert (await client.get(base + "/")).unwrap().body == b"fine"
        await asyncio.sleep(0.4)  # past the first fetch's deadline: nothing fires at us
        assert (await client.get(base + "/")).unwrap().body == b"fine"


async def test_the_timeout_ends_a_retry_back_off() -> None:
    async with serve(_app()) as base:
        changes = {"timeout_s": 0.5, "max_retry_after_s": 10.0, "retries": 2}
        async with GuardedClient(settings(**changes)) as client:
            started = asyncio.get_running_loop().time()
            result = await client.get(base + "/busy")
            waited = asyncio.get_running_loop().time() - started
    assert result.failure().code == ErrorCode.TIMEOUT
    assert waited < 3  # not the 4 s Retry-After
